"""Word (.docx): the body's paragraphs and tables in reading order, each block located.

Paragraphs are `paragraph=N` (N counts every body paragraph, blank ones too, as Word
numbers them) and are separated by a blank line; a table is `table=T`, one line per row
with cells joined by " | ", each cell `table=T,row=R,col=C` (row 1 is the header row). A
merged cell is written once, at its first grid position. Headers, footers, comments and
text boxes are not read: they repeat or sit outside the body's reading order.
"""

from __future__ import annotations

import io
import zipfile

import docx
from docx.document import Document as WordDocument
from docx.opc.exceptions import PackageNotFoundError
from docx.table import Table
from docx.text.paragraph import Paragraph
from lxml import etree

from vectordb.formats.assembly import TextAssembler, add_table, check_package, clean_paragraph
from vectordb.formats.base import DocumentFormat, DocumentText, FormatError

# What python-docx raises on a package that is a ZIP but not a sound Word document.
_DOCX_FAILURES = (
    PackageNotFoundError,
    KeyError,
    ValueError,
    zipfile.BadZipFile,
    etree.XMLSyntaxError,
)


def table_rows(table: Table) -> list[list[str]]:
    """The grid of a table's cell texts; a merged cell's text only at its first position."""
    rows: list[list[str]] = []
    above: list[object] = []
    for row in table.rows:
        texts: list[str] = []
        seen: list[object] = []
        for col, cell in enumerate(row.cells):
            element = cell._tc
            repeated = (seen and seen[-1] is element) or (
                col < len(above) and above[col] is element
            )
            seen.append(element)
            texts.append("" if repeated else cell.text)
        rows.append(texts)
        above = seen
    return rows


def _read(document: WordDocument) -> DocumentText:
    assembler = TextAssembler()
    paragraphs = tables = 0
    for item in document.iter_inner_content():
        if isinstance(item, Paragraph):
            paragraphs += 1
            assembler.add(clean_paragraph(item.text), f"paragraph={paragraphs}")
        elif isinstance(item, Table):
            tables += 1
            add_table(assembler, table_rows(item), f"table={tables}", f"table={tables},")
    return assembler.result()


def load_docx(data: bytes) -> DocumentText:
    """The document body as canonical text with a located block per paragraph and cell."""
    check_package(data, "Word document", ".docx")
    try:
        document = docx.Document(io.BytesIO(data))
        loaded = _read(document)
    except _DOCX_FAILURES as exc:
        raise FormatError("corrupt", f"not a readable Word document ({exc})") from exc
    if not loaded.text.strip():
        raise FormatError("empty", "the document body holds no text")
    return loaded


FORMAT = DocumentFormat(name="docx", suffixes=(".docx",), load=load_docx)
