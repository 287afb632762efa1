"""PDF: page texts joined by PAGE_SEPARATOR, every failure turned into a named reason.

pypdfium2 reads every PDF it can open: it is about six times faster than pypdf and
repairs most damage (bad xref offsets, a wrong `startxref`, a missing xref table) by
itself. What PDFium refuses outright (a trailer whose `/Root` points at no catalog,
some damaged object streams) is handed to pypdf, which searches the file for the catalog
instead. A password PDFium reports is final: an encrypted file is reported as encrypted,
never passed to the second reader.
"""

from __future__ import annotations

import io
import logging
import re
from typing import Literal

import pypdf
import pypdfium2 as pdfium
import pypdfium2.raw as pdfium_c
from pypdf.errors import DependencyError, PyPdfError

from vectordb.formats.base import DocumentFormat, DocumentText, FormatError

ProblemKind = Literal["corrupt", "encrypted", "no text layer", "empty"]

logger = logging.getLogger(__name__)

# Characters PDFium emits that are layout artefacts, not text (soft-hyphen marks, NUL).
_ARTEFACTS = str.maketrans({"\x00": None, "\x02": None, "\ufffe": None, "\ufeff": None})

# What pypdf raises on a malformed file: its own errors, and builtins from parsers that
# assert or index into damaged structures (seen when fuzzing damaged PDFs).
_PYPDF_FAILURES = (
    PyPdfError,
    DependencyError,
    NotImplementedError,
    AssertionError,
    AttributeError,
    IndexError,
    KeyError,
    TypeError,
    ValueError,
    RecursionError,
)

# pypdf writes the word spacing of justified lines as extra spaces ("the  total  was");
# PDFium writes one. Collapsing such runs between words makes both readers agree.
_JUSTIFICATION_GAPS = re.compile(r"(?<=\S) {2,}(?=\S)")

_ENCRYPTED_DETAIL = "password-protected; decrypt it first"


class PdfProblem(FormatError):
    """A PDF that yields no usable text, with the kind of problem and a human detail."""

    def __init__(self, kind: ProblemKind, detail: str) -> None:
        super().__init__(kind, detail)


def normalise_page_text(raw: str) -> str:
    """Page text with Windows newlines unified and layout artefacts removed (either reader)."""
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
    """Return the normalised text of every page; raise PdfProblem when there is none to use.

    pypdfium2 first; pypdf only for a file PDFium cannot open and that is not encrypted.
    """
    reason = _not_a_pdf_reason(data)
    if reason:
        raise PdfProblem("corrupt", reason)
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        message = str(exc)
        if "password" in message.lower():
            raise PdfProblem("encrypted", _ENCRYPTED_DETAIL) from exc
        truncated = b"%%EOF" not in data[-2048:]
        detail = "truncated (no %%EOF marker)" if truncated else "damaged structure"
        return _pypdf_page_texts(data, f"{detail}: {message}")
    try:
        return _pdfium_page_texts(document)
    finally:
        document.close()


def _pdfium_page_texts(document: pdfium.PdfDocument) -> list[str]:
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
    return _usable(texts, image_pages)


def pypdf_pages(data: bytes) -> list[str]:
    """Every page's normalised text read by pypdf alone (the fallback reader; also what
    `bench/bench_extraction.py` compares pypdfium2 with); PdfProblem when none is usable."""
    try:
        reader = pypdf.PdfReader(io.BytesIO(data))
        if reader.is_encrypted:
            raise PdfProblem("encrypted", _ENCRYPTED_DETAIL)
        texts: list[str] = []
        image_pages = 0
        for page in reader.pages:
            text = _JUSTIFICATION_GAPS.sub(" ", page.extract_text())
            texts.append(normalise_page_text(text))
            if not texts[-1].strip() and len(page.images):
                image_pages += 1
    except _PYPDF_FAILURES as exc:
        raise PdfProblem("corrupt", f"pypdf: {str(exc) or type(exc).__name__}") from exc
    return _usable(texts, image_pages)


def pdfium_pages(data: bytes) -> list[str]:
    """Every page's normalised text read by pypdfium2 alone; PdfProblem when it cannot."""
    try:
        document = pdfium.PdfDocument(data)
    except pdfium.PdfiumError as exc:
        raise PdfProblem("corrupt", f"pypdfium2: {exc}") from exc
    try:
        return _pdfium_page_texts(document)
    finally:
        document.close()


def _pypdf_page_texts(data: bytes, pdfium_failure: str) -> list[str]:
    """Read a file PDFium refused with pypdf; `pdfium_failure` says why PDFium refused it."""
    try:
        pages = pypdf_pages(data)
    except PdfProblem as exc:
        if exc.kind != "corrupt":
            raise
        raise PdfProblem("corrupt", f"{pdfium_failure}; {exc.detail}") from exc
    logger.warning(
        "pypdfium2 could not open a PDF (%s); its text was read with pypdf", pdfium_failure
    )
    return pages


def _usable(texts: list[str], image_pages: int) -> list[str]:
    """The page texts, or the PdfProblem that says why none of them holds any text."""
    if not texts:
        raise PdfProblem("empty", "the PDF has no pages")
    if not any(text.strip() for text in texts):
        if image_pages:
            raise PdfProblem(
                "no text layer", f"{image_pages} page(s) are images only; OCR the file first"
            )
        raise PdfProblem("empty", f"all {len(texts)} page(s) are blank")
    return texts


def load_pdf(data: bytes) -> DocumentText:
    """The PDF's page texts joined by PAGE_SEPARATOR; PdfProblem when none holds text."""
    return DocumentText.from_pages(extract_pdf_pages(data))


FORMAT = DocumentFormat(name="pdf", suffixes=(".pdf",), load=load_pdf)
