"""Typed facts extracted from a document, on three channels, each with its locator.

- `text`: the sentences of running text (table cells left out);
- `tables`: every table cell with its position and header path;
- `numbers`: every number with its unit and the label it belongs to (a cell's header
  path, or the words before it in a sentence).

Facts come from the `Document` alone (its canonical text and, for office formats, its
located blocks), so they can be extracted again from an index without reading a file.
`python -m evaluator extraction` scores them against ground truth per channel.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Iterable

from pydantic import BaseModel, Field

from vectordb.documents import Document
from vectordb.facts import tables as table_readers
from vectordb.facts.numbers import find_numbers, parse_number, unit_in
from vectordb.facts.sentences import (
    Span,
    line_spans,
    normalise,
    paragraphs,
    split_sentences,
)

__all__ = [
    "CHANNELS",
    "CellFact",
    "DocumentFacts",
    "NumberFact",
    "TextFact",
    "extract_facts",
    "find_numbers",
    "normalise",
    "numbers_of",
    "parse_number",
    "split_sentences",
]

CHANNELS = ("text", "tables", "numbers")
"""The extraction channels, in report order."""


class TextFact(BaseModel):
    """One sentence of running text."""

    locator: str = Field(description="page=3,sentence=2 / paragraph=4,sentence=1 / ...")
    text: str = Field(description="The sentence, white space collapsed.")
    start: int | None = Field(default=None, description="Start offset in the document text.")
    end: int | None = Field(default=None, description="End offset in the document text.")


class CellFact(BaseModel):
    """One table cell."""

    locator: str = Field(description="table=1,row=2,col=3 / slide=5,table=1,... / Sheet!B3.")
    table: str = Field(description="The table's locator (table=1, slide=5,table=1, Sheet).")
    row: int = Field(description="1-based row; row 1 is the header row.")
    col: int = Field(description="1-based column.")
    text: str = Field(description="The cell text, white space collapsed.")
    header: list[str] = Field(default_factory=list, description="[column header, row label].")
    start: int | None = Field(default=None, description="Start offset in the document text.")
    end: int | None = Field(default=None, description="End offset in the document text.")


class NumberFact(BaseModel):
    """One number: value, unit, label, and the sentence or cell it was read from."""

    locator: str = Field(description="The source's locator plus ',number=K'.")
    source: str = Field(description="Locator of the sentence or cell holding the number.")
    index: int = Field(description="1-based position of the number in its source.")
    value: float
    unit: str = Field(default="", description="'%', 'MWh', 'EUR million'...; '' for none.")
    label: str = Field(default="", description="Header path (cells) or words before (text).")


class DocumentFacts(BaseModel):
    """Every fact of one document, by channel."""

    path: str = Field(description="Document path relative to the corpus root.")
    text: list[TextFact] = Field(default_factory=list)
    tables: list[CellFact] = Field(default_factory=list)
    numbers: list[NumberFact] = Field(default_factory=list)


def numbers_of(source: str, text: str, header: list[str] | None = None) -> list[NumberFact]:
    """The numbers of one sentence (labelled by the words before each) or, with `header`,
    of one cell (labelled by its header path; a unit-less number takes the unit the
    header states in parentheses)."""
    label = None if header is None else " / ".join(header)
    stated = next((u for u in map(unit_in, header or []) if u), "")
    return [
        NumberFact(
            locator=f"{source},number={k}",
            source=source,
            index=k,
            value=found.value,
            unit=found.unit or stated,
            label=found.label,
        )
        for k, found in enumerate(find_numbers(text, label=label), start=1)
    ]


def _cells(
    document: Document,
) -> tuple[list[table_readers.Cell], list[Span], frozenset[str]]:
    """The document's table cells, the lines they cover in layout text, and the tables
    whose header row could not be read."""
    located = [
        table_readers.Cell(b.start, b.end, b.table, b.row, b.col, b.locator)
        for b in document.blocks
        if b.table is not None
    ]
    if document.blocks:
        return located, [], frozenset()
    found: list[table_readers.Table] = []
    for start, end in document.pages:
        # Tables are numbered per document, so a page break never renumbers them.
        piped = table_readers.pipe_tables(document.text, start, end, "")
        for table in piped:
            table.name = f"table={len(found) + 1}"
            table.cells = [
                table_readers.Cell(
                    c.start,
                    c.end,
                    table.name,
                    c.row,
                    c.col,
                    f"{table.name},row={c.row},col={c.col}",
                )
                for c in table.cells
            ]
            found.append(table)
        taken = {line for table in piped for line in table.lines}
        lines = [line for line in line_spans(document.text, start, end) if line not in taken]
        found += table_readers.flattened_tables(document.text, lines, "", len(found) + 1)
    cells = [cell for table in found for cell in table.cells]
    headless = frozenset(table.name for table in found if table.headless)
    return cells, [line for table in found for line in table.lines], headless


def _furniture(document: Document) -> set[str]:
    """Running headers and footers: a first or last page line that recurs, digits aside,
    on at least two pages and half of them."""
    if len(document.pages) < 2:
        return set()
    seen: Counter[str] = Counter()
    for start, end in document.pages:
        lines = line_spans(document.text, start, end)
        edges = {lines[0], lines[-1]} if lines else set()
        seen.update({_shape(document.text[s:e]) for s, e in edges})
    need = max(2, (len(document.pages) + 1) // 2)
    return {shape for shape, count in seen.items() if count >= need}


def _shape(line: str) -> str:
    return "".join("0" if ch.isdigit() else ch for ch in normalise(line))


def _layout_sentences(document: Document, skip: set[Span]) -> list[TextFact]:
    furniture = _furniture(document)
    kept: list[Span] = []
    for start, end in document.pages:
        for s, e in line_spans(document.text, start, end):
            if (s, e) not in skip and _shape(document.text[s:e]) not in furniture:
                kept.append((s, e))
    facts: list[TextFact] = []
    counts: Counter[int] = Counter()
    for group in paragraphs(document.text, kept):
        for s, e in split_sentences(document.text, group[0][0], group[-1][1]):
            page = document.page_of(s)
            counts[page] += 1
            locator = f"page={page},sentence={counts[page]}"
            facts.append(
                TextFact(locator=locator, text=normalise(document.text[s:e]), start=s, end=e)
            )
    return facts


def _block_sentences(document: Document) -> list[TextFact]:
    facts: list[TextFact] = []
    for block in document.blocks:
        if block.table is not None:
            continue
        for k, (s, e) in enumerate(split_sentences(document.text, block.start, block.end), 1):
            locator = f"{block.locator},sentence={k}"
            facts.append(
                TextFact(locator=locator, text=normalise(document.text[s:e]), start=s, end=e)
            )
    return facts


def extract_facts(document: Document) -> DocumentFacts:
    """The document's facts on every channel (see the module docstring)."""
    cells, table_lines, headless = _cells(document)
    headers = table_readers.header_paths(document.text, cells, headless)
    facts = DocumentFacts(path=document.path)
    for cell in cells:
        text = normalise(document.text[cell.start : cell.end])
        facts.tables.append(
            CellFact(
                locator=cell.locator,
                table=cell.table,
                row=cell.row,
                col=cell.col,
                text=text,
                header=headers[cell],
                start=cell.start,
                end=cell.end,
            )
        )
    if document.blocks:
        facts.text = _block_sentences(document)
    else:
        facts.text = _layout_sentences(document, set(table_lines))
    for sentence in facts.text:
        facts.numbers += numbers_of(sentence.locator, sentence.text)
    for cell_fact in facts.tables:
        facts.numbers += numbers_of(cell_fact.locator, cell_fact.text, cell_fact.header)
    return facts


def extract_all(documents: Iterable[Document]) -> list[DocumentFacts]:
    """Facts of many documents, in their order."""
    return [extract_facts(document) for document in documents]
