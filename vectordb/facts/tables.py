"""Table cells, each with its span, its position and its header path.

Three sources, by what the document knows:

- **located cells** (docx, pptx, xlsx): the format's cell blocks, exact by construction;
- **pipe tables** in text (Markdown): `| a | b |` lines, the `|---|` row skipped;
- **flattened rows** in layout text (PDF): a run of two or more lines that each hold a
  label followed by the same number of numeric cells ("Revenue 1,702.5 1,604.8 +6.1%").
  The line just above the run is its header row when it splits into as many cells;
  otherwise the header row is unknown and only the rows are reported. Tables of words
  only are not recognised in layout text: their cells are counted as missing.

Row 1 is the header row. A cell's header path is [its column's header, its row's label],
leaving out whichever is the cell itself or empty.
"""

from __future__ import annotations

import re
from collections import defaultdict
from collections.abc import Sequence
from dataclasses import dataclass, field

from vectordb.facts.numbers import UNITS
from vectordb.facts.sentences import Span, line_spans

_PIPE_ROW = re.compile(r"^[ \t]*\|.*\|[ \t]*$")
_SEPARATOR_CELL = re.compile(r"^:?-{2,}:?$")
_NUMERIC = re.compile(r"^[-+\u2212]?(?:€|\$)?\d(?:[\d.,]*\d)?%?$")
# Running text, not a row label: a clause break inside it.
_PROSE = re.compile(r"[,;:.] ")


@dataclass(frozen=True)
class Cell:
    """One table cell: where its text is, and where it is in its table."""

    start: int
    end: int
    table: str
    row: int
    col: int
    locator: str


@dataclass
class Table:
    """The cells of one table and the lines it covers (left out of the text channel)."""

    name: str
    cells: list[Cell] = field(default_factory=list)
    lines: list[Span] = field(default_factory=list)
    headless: bool = False
    """True when the header row could not be read (flattened rows under a header line that
    does not split into as many cells)."""


def header_paths(
    text: str, cells: Sequence[Cell], headless: frozenset[str] = frozenset()
) -> dict[Cell, list[str]]:
    """Each cell's header path (see the module docstring); the tables named in `headless`
    have no header row that was read, so their cells have only a row label."""
    by_table: dict[str, list[Cell]] = defaultdict(list)
    for cell in cells:
        by_table[cell.table].append(cell)
    paths: dict[Cell, list[str]] = {}
    for table_cells in by_table.values():
        first_row = 1 if table_cells[0].table in headless else min(c.row for c in table_cells)
        first_col = min(c.col for c in table_cells)
        grid = {(c.row, c.col): " ".join(text[c.start : c.end].split()) for c in table_cells}
        for cell in table_cells:
            path = []
            if cell.row != first_row and grid.get((first_row, cell.col)):
                path.append(grid[(first_row, cell.col)])
            if cell.col != first_col and cell.row != first_row and grid.get((cell.row, first_col)):
                path.append(grid[(cell.row, first_col)])
            paths[cell] = path
    return paths


def pipe_tables(text: str, start: int, end: int, prefix: str) -> list[Table]:
    """Markdown pipe tables in text[start:end]; tables are numbered from 1 with `prefix`."""
    tables: list[Table] = []
    current: Table | None = None
    row = 0
    for line_start, line_end in line_spans(text, start, end):
        line = text[line_start:line_end]
        if not _PIPE_ROW.match(line):
            current = None
            continue
        if current is None:
            current = Table(f"{prefix}table={len(tables) + 1}")
            tables.append(current)
            row = 0
        current.lines.append((line_start, line_end))
        cells = _pipe_cells(text, line_start, line_end)
        if all(_SEPARATOR_CELL.match(text[s:e]) for s, e in cells):
            continue
        row += 1
        for col, (s, e) in enumerate(cells, start=1):
            if s < e:
                current.cells.append(
                    Cell(s, e, current.name, row, col, f"{current.name},row={row},col={col}")
                )
    return tables


def _pipe_cells(text: str, start: int, end: int) -> list[Span]:
    first = text.index("|", start, end)
    last = text.rindex("|", start, end)
    spans = []
    cursor = first + 1
    while cursor <= last:
        bar = text.index("|", cursor, end)
        s, e = cursor, bar
        while s < e and text[s].isspace():
            s += 1
        while e > s and text[e - 1].isspace():
            e -= 1
        spans.append((s, e))
        cursor = bar + 1
    return spans


def _tokens(text: str, start: int, end: int) -> list[Span]:
    return [(start + m.start(), start + m.end()) for m in re.finditer(r"\S+", text[start:end])]


def _row_cells(text: str, line: Span) -> tuple[Span, list[Span]] | None:
    """A flattened row: (label span, numeric cell spans), or None for any other line."""
    tokens = _tokens(text, *line)
    values: list[Span] = []
    index = len(tokens) - 1
    while index >= 0:
        word = text[tokens[index][0] : tokens[index][1]]
        if _NUMERIC.match(word):
            values.insert(0, tokens[index])
        elif word in UNITS and index > 0 and _NUMERIC.match(text[slice(*tokens[index - 1])]):
            # "+0.6 pp": the unit belongs to the number before it.
            values.insert(0, (tokens[index - 1][0], tokens[index][1]))
            index -= 1
        else:
            break
        index -= 1
    if not values or index < 0:
        return None
    label = (tokens[0][0], tokens[index][1])
    if text[label[1] - 1] in ".:;," or _PROSE.search(text[label[0] : label[1]]):
        return None
    return label, values


def _header_cells(text: str, line: Span, width: int) -> list[Span] | None:
    tokens = _tokens(text, *line)
    return tokens if len(tokens) == width else None


def flattened_tables(text: str, lines: Sequence[Span], prefix: str, first: int) -> list[Table]:
    """Tables recognised in layout lines (see the module docstring), numbered from `first`."""
    tables: list[Table] = []
    index = 0
    while index < len(lines):
        parsed = _row_cells(text, lines[index])
        run_end = index
        if parsed is not None:
            width = len(parsed[1])
            while run_end + 1 < len(lines):
                following = _row_cells(text, lines[run_end + 1])
                if following is None or len(following[1]) != width:
                    break
                run_end += 1
        if parsed is None or run_end == index:
            index += 1
            continue
        table = Table(f"{prefix}table={first + len(tables)}")
        header = _header_cells(text, lines[index - 1], width + 1) if index else None
        table.headless = header is None
        if header is not None:
            table.lines.append(lines[index - 1])
            for col, (s, e) in enumerate(header, start=1):
                table.cells.append(Cell(s, e, table.name, 1, col, f"{table.name},row=1,col={col}"))
        for row, line in enumerate(lines[index : run_end + 1], start=2):
            table.lines.append(line)
            label, values = _row_cells(text, line) or ((0, 0), [])
            for col, (s, e) in enumerate([label, *values], start=1):
                table.cells.append(
                    Cell(s, e, table.name, row, col, f"{table.name},row={row},col={col}")
                )
        tables.append(table)
        index = run_end + 1
    return tables
