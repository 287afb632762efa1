"""PDF text extraction with pypdfium2, turning every failure into a named reason."""

from __future__ import annotations

from typing import Literal

import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c

from vectordb.errors import VectorDBError

ProblemKind = Literal["corrupt", "encrypted", "no text layer", "empty"]

# Characters PDFium emits that are layout artefacts, not text (soft-hyphen marks, NUL).
_ARTEFACTS = str.maketrans({"\x00": None, "\x02": None, "\ufffe": None, "\ufeff": None})


class PdfProblem(VectorDBError):
    """A PDF that yields no usable text, with the kind of problem and a human detail."""

    def __init__(self, kind: ProblemKind, detail: str) -> None:
        super().__init__(f"{kind}: {detail}")
        self.kind: ProblemKind = kind
        self.detail = detail


def normalise_page_text(raw: str) -> str:
    """PDFium text with Windows newlines unified and layout artefacts removed."""
    return raw.replace("\r\n", "\n").replace("\r", "\n").translate(_ARTEFACTS)


def _not_a_pdf_reason(data: bytes) -> str | None:
    head = data[:1024]
    if b"%PDF-" in head:
        return None
    lowered = head.lstrip().lower()
    if lowered.startswith((b"<!doctype html", b"<html")) or b"<html" in lowered:
        return "not a PDF: the file is an HTML page"
    return "not a PDF: no %PDF- header"


def extract_pdf_pages(data: bytes) -> list[str]:
    """Return the normalised text of every page; raise PdfProblem when there is none to use."""
    reason = _not_a_pdf_reason(data)
    if reason:
        raise PdfProblem("corrupt", reason)
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        message = str(exc)
        if "password" in message.lower():
            raise PdfProblem("encrypted", "password-protected; decrypt it first") from exc
        truncated = b"%%EOF" not in data[-2048:]
        detail = "truncated (no %%EOF marker)" if truncated else "damaged structure"
        raise PdfProblem("corrupt", f"{detail}: {message}") from exc
    try:
        return _page_texts(document)
    finally:
        document.close()


def _page_texts(document: pdfium.PdfDocument) -> list[str]:
    if len(document) == 0:
        raise PdfProblem("empty", "the PDF has no pages")
    texts: list[str] = []
    image_pages = 0
    for index in range(len(document)):
        page = document[index]
        try:
            textpage = page.get_textpage()
            try:
                texts.append(normalise_page_text(textpage.get_text_range()))
            finally:
                textpage.close()
            if not texts[-1].strip() and any(
                True for _ in page.get_objects(filter=[pdfium_c.FPDF_PAGEOBJ_IMAGE], max_depth=2)
            ):
                image_pages += 1
        finally:
            page.close()
    if not any(text.strip() for text in texts):
        if image_pages:
            raise PdfProblem(
                "no text layer", f"{image_pages} page(s) are images only; OCR the file first"
            )
        raise PdfProblem("empty", f"all {len(texts)} page(s) are blank")
    return texts
