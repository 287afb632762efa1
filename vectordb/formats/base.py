"""The contract of a document format: the suffixes it claims, and bytes -> canonical text.

A format's `load` turns a file's bytes into a `DocumentText` (the canonical text, the
`[start, end)` span of each page in it and, for formats that know their structure, a
`Block` with a locator for every paragraph, shape or table cell) or raises `FormatError` with a failure kind and a
detail that tells the user what to do. It must not raise anything else for a bad file:
`load_documents` reports a `FormatError` and carries on with the next file.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from dataclasses import dataclass
from typing import Literal

from vectordb.errors import VectorDBError

# Joins page texts into one canonical text; the newlines let splitters cut at page ends.
PAGE_SEPARATOR = "\n\f\n"

FailureKind = Literal[
    "empty",
    "corrupt",
    "encrypted",
    "no text layer",
    "not UTF-8",
    "unreadable",
    "unsupported",
    "outside the corpus",
]


class FormatError(VectorDBError):
    """A file its format cannot turn into text: the kind of failure and a human detail."""

    def __init__(self, kind: FailureKind, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind: FailureKind = kind
        self.detail = detail


def join_pages(page_texts: Iterable[str]) -> tuple[str, list[tuple[int, int]]]:
    """Join page texts with PAGE_SEPARATOR; return the text and each page's span in it."""
    parts: list[str] = []
    spans: list[tuple[int, int]] = []
    cursor = 0
    for index, page in enumerate(page_texts):
        if index:
            parts.append(PAGE_SEPARATOR)
            cursor += len(PAGE_SEPARATOR)
        parts.append(page)
        spans.append((cursor, cursor + len(page)))
        cursor += len(page)
    return "".join(parts), spans


@dataclass(frozen=True)
class Block:
    """One structural piece of a document's text (a paragraph, a shape, a table cell).

    Locators are comma-separated `key=value` pairs, outermost first, 1-based:
    `paragraph=4`, `table=1,row=2,col=3`, `slide=5,shape=2`, `slide=5,table=1,row=2,col=3`;
    a spreadsheet cell is `Sheet!B3`. A cell block also carries its table position so that
    table readers need not parse the locator.
    """

    start: int
    """Inclusive start offset of the block's text in the canonical text."""
    end: int
    """Exclusive end offset."""
    locator: str
    """Where the block is in the file, in the file's own terms."""
    table: str | None = None
    """For a table cell: the locator of its table (`slide=5,table=1`, `Sheet`); else None."""
    row: int = 0
    """For a table cell: its 1-based row in the table (row 1 is the header row); else 0."""
    col: int = 0
    """For a table cell: its 1-based column; else 0."""


@dataclass(frozen=True)
class DocumentText:
    """What a format makes of one file: the canonical text and each page's span in it."""

    text: str
    """The canonical text; every offset in ragoro points into it."""
    pages: tuple[tuple[int, int], ...]
    """[start, end) of each page in `text`, in order and not overlapping."""
    blocks: tuple[Block, ...] = ()
    """Structural pieces with locators, in text order; empty for formats without structure."""

    def __post_init__(self) -> None:
        if not self.pages:
            raise ValueError("a document has at least one page span")
        cursor = 0
        for start, end in self.pages:
            if not cursor <= start <= end <= len(self.text):
                raise ValueError(
                    f"page span [{start}, {end}) is out of order or outside the text "
                    f"(length {len(self.text)})"
                )
            cursor = end
        for block in self.blocks:
            if not 0 <= block.start <= block.end <= len(self.text):
                raise ValueError(
                    f"block {block.locator!r} [{block.start}, {block.end}) is outside the text"
                )

    @classmethod
    def from_pages(cls, page_texts: Iterable[str]) -> DocumentText:
        """Page texts joined by PAGE_SEPARATOR, one span per page."""
        text, spans = join_pages(page_texts)
        return cls(text, tuple(spans))

    @classmethod
    def single_page(cls, text: str) -> DocumentText:
        """A text that is one page as it is (plain text, Markdown)."""
        return cls(text, ((0, len(text)),))


Loader = Callable[[bytes], DocumentText]
"""Reads a file's bytes; raises FormatError for a file it cannot turn into text."""


@dataclass(frozen=True)
class DocumentFormat:
    """A document format: its name, the file suffixes it claims and its loader."""

    name: str
    """Short name used in messages ("pdf", "text")."""
    suffixes: tuple[str, ...]
    """Lower-case file suffixes with their dot (".pdf"); matched case-insensitively."""
    load: Loader
    """bytes -> DocumentText, or FormatError naming the failure."""

    def __post_init__(self) -> None:
        if not self.suffixes:
            raise ValueError(f"format {self.name!r} claims no suffix")
        for suffix in self.suffixes:
            if not (suffix.startswith(".") and suffix.count(".") == 1 and suffix == suffix.lower()):
                raise ValueError(
                    f"format {self.name!r}: suffix {suffix!r} must be one lower-case "
                    "extension with its dot, e.g. '.docx'"
                )
