"""Build a canonical text piece by piece, recording a located `Block` for every piece.

The office formats read a structure (paragraphs, shapes, table cells, sheets) rather than a
stream of text. `TextAssembler` lays that structure out as text with one fixed set of
separators, so offsets are exact by construction: a block's span is where its text was
written. Pages (slides, sheets) are joined by PAGE_SEPARATOR, as for PDF.
"""

from __future__ import annotations

import io
import re
import zipfile

from vectordb.formats.base import PAGE_SEPARATOR, Block, DocumentText, FormatError

BLOCK_SEPARATOR = "\n\n"
"""Between paragraphs, shapes and tables: splitters cut here before they cut a line."""
LINE_SEPARATOR = "\n"
"""Between table rows and between the paragraphs of one shape."""
CELL_SEPARATOR = " | "
"""Between the cells of one table row."""

# Office files mark a line break inside a paragraph with a vertical tab (pptx) or keep
# Windows newlines; tabs separate fields. One space keeps a cell on its row's line.
_CELL_BREAKS = re.compile(r"[\r\n\x0b\t]+")
_LINE_BREAKS = re.compile(r"\r\n?|\x0b")

# An OLE compound file: what Office writes for a password-protected document, and what a
# legacy .doc/.xls/.ppt is.
OLE_MAGIC = b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1"


def clean_paragraph(text: str) -> str:
    """Paragraph text with Windows newlines and vertical tabs turned into one newline."""
    return _LINE_BREAKS.sub("\n", text).strip()


def clean_cell(text: str) -> str:
    """Cell text on one line: any run of line breaks or tabs becomes one space."""
    return _CELL_BREAKS.sub(" ", text).strip()


def check_package(data: bytes, kind: str, suffix: str) -> None:
    """Raise FormatError unless `data` looks like an OOXML (ZIP) package.

    `kind` names the format for messages ("Word document"), `suffix` the extension to save
    the file as.
    """
    if data.startswith(OLE_MAGIC):
        raise FormatError(
            "encrypted",
            f"an OLE compound file, not a {kind} package: password-protected (decrypt it "
            f"first) or a legacy binary file (save it as {suffix})",
        )
    if not data.startswith(b"PK"):
        raise FormatError("corrupt", f"not a {kind}: no ZIP signature")
    try:
        with zipfile.ZipFile(io.BytesIO(data)) as archive:
            damaged = archive.testzip()
    except (zipfile.BadZipFile, EOFError, ValueError) as exc:
        raise FormatError("corrupt", f"damaged ZIP package ({exc})") from exc
    if damaged is not None:
        raise FormatError("corrupt", f"damaged ZIP package (bad CRC in {damaged})")


class TextAssembler:
    """Accumulates pages of text and the located blocks written into them."""

    def __init__(self) -> None:
        self._parts: list[str] = []
        self._cursor = 0
        self._pages: list[tuple[int, int]] = []
        self._page_start = 0
        self._page_empty = True
        self._blocks: list[Block] = []

    def _write(self, text: str) -> None:
        self._parts.append(text)
        self._cursor += len(text)

    def add(
        self,
        text: str,
        locator: str,
        *,
        before: str = BLOCK_SEPARATOR,
        table: str | None = None,
        row: int = 0,
        col: int = 0,
    ) -> Block | None:
        """Write one piece; `before` separates it from what the page already holds.

        Blank pieces write nothing and return None: no block points at empty text.
        """
        if not text.strip():
            return None
        if not self._page_empty:
            self._write(before)
        start = self._cursor
        self._write(text)
        self._page_empty = False
        block = Block(start, self._cursor, locator, table=table, row=row, col=col)
        self._blocks.append(block)
        return block

    def end_page(self) -> None:
        """Close the current page (a slide, a sheet); the next piece starts a new one."""
        self._pages.append((self._page_start, self._cursor))
        self._write(PAGE_SEPARATOR)
        self._page_start = self._cursor
        self._page_empty = True

    def result(self) -> DocumentText:
        """The canonical text, its page spans and its blocks (the open page is closed)."""
        if not self._page_empty or not self._pages:
            self._pages.append((self._page_start, self._cursor))
        else:
            # end_page wrote a separator after the last page: take it back.
            self._parts.pop()
            self._cursor -= len(PAGE_SEPARATOR)
        return DocumentText("".join(self._parts), tuple(self._pages), tuple(self._blocks))


def add_table(
    assembler: TextAssembler, rows: list[list[str]], table_locator: str, cell_prefix: str
) -> None:
    """Lay out a table: one line per row, cells joined by CELL_SEPARATOR, a block per cell.

    `table_locator` names the table (`table=2`, `slide=3,table=1`); each cell's locator is
    `<cell_prefix>row=R,col=C` (the prefix ends with a comma or is empty).
    """
    first_row = True
    for r, cells in enumerate(rows, start=1):
        first_cell = True
        for c, cell in enumerate(cells, start=1):
            text = clean_cell(cell)
            if not text:
                continue
            if first_row and first_cell:
                before = BLOCK_SEPARATOR
            elif first_cell:
                before = LINE_SEPARATOR
            else:
                before = CELL_SEPARATOR
            written = assembler.add(
                text,
                f"{cell_prefix}row={r},col={c}",
                before=before,
                table=table_locator,
                row=r,
                col=c,
            )
            if written is not None:
                first_row = first_cell = False
