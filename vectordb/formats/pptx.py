"""PowerPoint (.pptx): one page per slide, each shape and table cell located.

Shapes are read in the slide's z-order (the order PowerPoint's selection pane lists them,
bottom first), grouped shapes in place. A text shape is `slide=S,shape=K` (K counts the
slide's text-bearing shapes and tables), its paragraphs one per line; a table is
`slide=S,table=T`, one line per row with cells joined by " | ", each cell
`slide=S,table=T,row=R,col=C` (row 1 is the header row). Speaker notes are not read.
"""

from __future__ import annotations

import io
import zipfile
from collections.abc import Iterator

import pptx
from lxml import etree
from pptx.exc import PackageNotFoundError
from pptx.shapes.base import BaseShape
from pptx.shapes.graphfrm import GraphicFrame
from pptx.shapes.group import GroupShape
from pptx.slide import Slide
from pptx.table import Table

from vectordb.formats.assembly import TextAssembler, add_table, check_package, clean_paragraph
from vectordb.formats.base import DocumentFormat, DocumentText, FormatError

_PPTX_FAILURES = (
    PackageNotFoundError,
    KeyError,
    ValueError,
    AttributeError,
    zipfile.BadZipFile,
    etree.XMLSyntaxError,
)


def _shapes(shapes: Iterator[BaseShape]) -> Iterator[BaseShape]:
    """Every leaf shape, groups opened in place."""
    for shape in shapes:
        if isinstance(shape, GroupShape):
            yield from _shapes(iter(shape.shapes))
        else:
            yield shape


def table_rows(table: Table) -> list[list[str]]:
    """The grid of a table's cell texts; a merged cell's text only at its origin."""
    rows: list[list[str]] = []
    for row in table.rows:
        rows.append(["" if cell.is_spanned else cell.text for cell in row.cells])
    return rows


def _read_slide(assembler: TextAssembler, slide: Slide, number: int) -> None:
    shape_count = table_count = 0
    for shape in _shapes(iter(slide.shapes)):
        if isinstance(shape, GraphicFrame) and shape.has_table:
            shape_count += 1
            table_count += 1
            where = f"slide={number},table={table_count}"
            add_table(assembler, table_rows(shape.table), where, f"{where},")
        elif shape.has_text_frame:
            text = "\n".join(
                clean_paragraph(p.text)
                for p in shape.text_frame.paragraphs  # type: ignore[attr-defined]
                if p.text.strip()
            )
            if text:
                shape_count += 1
                assembler.add(text, f"slide={number},shape={shape_count}")


def load_pptx(data: bytes) -> DocumentText:
    """The slides as pages of canonical text with a located block per shape and cell."""
    check_package(data, "PowerPoint presentation", ".pptx")
    try:
        presentation = pptx.Presentation(io.BytesIO(data))
        assembler = TextAssembler()
        slides = list(presentation.slides)
        for number, slide in enumerate(slides, start=1):
            if number > 1:
                assembler.end_page()
            _read_slide(assembler, slide, number)
        loaded = assembler.result()
    except _PPTX_FAILURES as exc:
        raise FormatError("corrupt", f"not a readable PowerPoint presentation ({exc})") from exc
    if not slides:
        raise FormatError("empty", "the presentation has no slides")
    if not loaded.text.strip():
        raise FormatError("empty", f"none of the {len(slides)} slide(s) holds text")
    return loaded


FORMAT = DocumentFormat(name="pptx", suffixes=(".pptx",), load=load_pptx)
