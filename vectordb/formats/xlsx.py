"""Excel (.xlsx): one page per worksheet, each non-empty cell located as `Sheet!B3`.

A worksheet is read as one table: one line per non-empty row, its cells joined by " | ",
each a block `Sheet!B3` (the sheet name is quoted, `'Q1 2025'!B3`, when it is not one word).
Values are what the file stores: a formula gives the value the spreadsheet application
last computed, and a formula never computed (a file written by a script) has none, so it
is skipped. Percent formats are shown as percent ("15.0%"); dates in ISO form. Chart
sheets hold no cells and are not read.
"""

from __future__ import annotations

import datetime as dt
import io
import re
import zipfile
from typing import Any
from xml.etree.ElementTree import ParseError

import openpyxl
from lxml import etree
from openpyxl.utils import get_column_letter
from openpyxl.utils.exceptions import InvalidFileException

from vectordb.formats.assembly import (
    BLOCK_SEPARATOR,
    CELL_SEPARATOR,
    LINE_SEPARATOR,
    TextAssembler,
    check_package,
    clean_cell,
)
from vectordb.formats.base import DocumentFormat, DocumentText, FormatError

_XLSX_FAILURES = (
    InvalidFileException,
    OSError,
    ParseError,
    KeyError,
    ValueError,
    TypeError,
    IndexError,
    zipfile.BadZipFile,
    etree.XMLSyntaxError,
)
_ONE_WORD = re.compile(r"^\w+$")
_PERCENT_DECIMALS = re.compile(r"0(?:\.(0+))?%")


def sheet_reference(sheet: str) -> str:
    """How a cell locator names a sheet: bare when one word, else quoted ('Q1 2025')."""
    return sheet if _ONE_WORD.match(sheet) else "'" + sheet.replace("'", "''") + "'"


def cell_text(value: Any, number_format: str) -> str:
    """A stored cell value as a reader sees it (percent formats applied)."""
    if value is None:
        return ""
    if isinstance(value, bool):
        return "TRUE" if value else "FALSE"
    if isinstance(value, int | float):
        percent = _PERCENT_DECIMALS.search(number_format or "")
        if percent:
            decimals = len(percent.group(1) or "")
            return f"{value * 100:.{decimals}f}%"
        if isinstance(value, float) and value.is_integer():
            return str(int(value))
        return str(value)
    if isinstance(value, dt.datetime):
        return value.date().isoformat() if value.time() == dt.time() else value.isoformat()
    if isinstance(value, dt.date | dt.time):
        return value.isoformat()
    return str(value)


def _read(data: bytes) -> tuple[DocumentText, int]:
    workbook = openpyxl.load_workbook(io.BytesIO(data), data_only=True)
    assembler = TextAssembler()
    sheets = workbook.worksheets
    for number, sheet in enumerate(sheets):
        if number:
            assembler.end_page()
        name = sheet_reference(sheet.title)
        grid: dict[tuple[int, int], str] = {}
        for row in sheet.iter_rows():
            for cell in row:
                text = cell_text(cell.value, cell.number_format)
                if text.strip():
                    grid[(cell.row, cell.column)] = text
        if not grid:
            continue
        _add_sheet(assembler, grid, name)
    workbook.close()
    return assembler.result(), len(sheets)


def _add_sheet(assembler: TextAssembler, grid: dict[tuple[int, int], str], name: str) -> None:
    """Write one sheet's cells row by row; each block is named by its own cell reference."""
    first_on_page = True
    for r in sorted({r for r, _ in grid}):
        first_in_row = True
        for c in sorted(col for row, col in grid if row == r):
            if first_on_page:
                before = BLOCK_SEPARATOR
            else:
                before = LINE_SEPARATOR if first_in_row else CELL_SEPARATOR
            written = assembler.add(
                clean_cell(grid[(r, c)]),
                f"{name}!{get_column_letter(c)}{r}",
                before=before,
                table=name,
                row=r,
                col=c,
            )
            if written is not None:
                first_on_page = first_in_row = False


def load_xlsx(data: bytes) -> DocumentText:
    """The worksheets as pages of canonical text with a located block per non-empty cell."""
    check_package(data, "Excel workbook", ".xlsx")
    try:
        loaded, sheets = _read(data)
    except _XLSX_FAILURES as exc:
        raise FormatError("corrupt", f"not a readable Excel workbook ({exc})") from exc
    if not loaded.text.strip():
        raise FormatError("empty", f"none of the {sheets} worksheet(s) holds a value")
    return loaded


FORMAT = DocumentFormat(name="xlsx", suffixes=(".xlsx",), load=load_xlsx)
