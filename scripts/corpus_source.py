"""The corpus sources' format: front matter, headings, paragraphs, bullets and pipe tables.

`render_corpus.py` renders what this reads (its docstring describes the format);
`make_fixtures.py` and `bench/scaling.py` reach the same blocks through it.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, field
from pathlib import Path

_SEPARATOR_CELL = re.compile(r"^:?-{2,}:?$")


@dataclass(frozen=True)
class Heading:
    """A heading of level 1-3."""

    level: int
    text: str


@dataclass(frozen=True)
class Paragraph:
    """A paragraph of running text."""

    text: str


@dataclass(frozen=True)
class Bullet:
    """A single bullet-list item."""

    text: str


@dataclass(frozen=True)
class Table:
    """A pipe table; ``rows[0]`` is the header row."""

    rows: tuple[tuple[str, ...], ...]


Block = Heading | Paragraph | Bullet | Table


@dataclass
class Document:
    """A parsed source document: metadata plus a list of blocks."""

    stem: str
    meta: dict[str, str] = field(default_factory=dict)
    blocks: list[Block] = field(default_factory=list)

    @property
    def lang(self) -> str:
        """Language code from the front matter (``it`` if absent)."""
        return self.meta.get("lang", "it")

    @property
    def title(self) -> str:
        """Title from the front matter, else the first heading, else the stem."""
        if "title" in self.meta:
            return self.meta["title"]
        for block in self.blocks:
            if isinstance(block, Heading):
                return block.text
        return self.stem


def _split_front_matter(lines: list[str]) -> tuple[dict[str, str], list[str]]:
    """Return the ``key: value`` front matter and the remaining lines."""
    if not lines or lines[0].strip() != "---":
        return {}, lines
    meta: dict[str, str] = {}
    for index in range(1, len(lines)):
        line = lines[index].strip()
        if line == "---":
            return meta, lines[index + 1 :]
        key, sep, value = line.partition(":")
        if not sep:
            raise ValueError(f"front matter line without ':' -> {line!r}")
        meta[key.strip().lower()] = value.strip()
    raise ValueError("front matter opened with '---' but never closed")


def _table_row(line: str) -> tuple[str, ...] | None:
    """Split a pipe-table line into cells; ``None`` for a separator row."""
    cells = tuple(cell.strip() for cell in line.strip().strip("|").split("|"))
    if all(_SEPARATOR_CELL.match(cell) for cell in cells):
        return None
    return cells


def parse_document(path: Path) -> Document:
    """Parse one Markdown-ish source file into a :class:`Document`."""
    raw_lines = path.read_text(encoding="utf-8").splitlines()
    meta, lines = _split_front_matter(raw_lines)
    doc = Document(stem=path.stem, meta=meta)
    paragraph: list[str] = []
    table: list[tuple[str, ...]] = []

    def flush() -> None:
        if paragraph:
            doc.blocks.append(Paragraph(" ".join(paragraph)))
            paragraph.clear()
        if table:
            widths = {len(row) for row in table}
            if len(widths) != 1:
                raise ValueError(f"{path.name}: table rows have different cell counts {widths}")
            doc.blocks.append(Table(tuple(table)))
            table.clear()

    for raw in lines:
        line = raw.strip()
        if not line:
            flush()
        elif line.startswith("|"):
            if paragraph:
                flush()
            row = _table_row(line)
            if row is not None:
                table.append(row)
        elif match := re.match(r"^(#{1,3}) (.+)$", line):
            flush()
            doc.blocks.append(Heading(len(match.group(1)), match.group(2).strip()))
        elif line.startswith("- "):
            flush()
            doc.blocks.append(Bullet(line[2:].strip()))
        else:
            if table:
                flush()
            paragraph.append(line)
    flush()
    return doc
