"""PDF reading: pypdfium2 first, pypdf for the files PDFium refuses, every failure named."""

from __future__ import annotations

import logging
from pathlib import Path

import pypdfium2 as pdfium
import pytest

from tests.conftest import PAGE_ONE, PAGE_TWO
from tests.pdf_factory import break_root, encrypted_pdf, image_only_pdf, text_pdf
from vectordb import PAGE_SEPARATOR, load_documents
from vectordb.formats.pdf import PdfProblem, extract_pdf_pages


def _pdfium_refuses(path: Path) -> None:
    with pytest.raises(pdfium.PdfiumError):
        pdfium.PdfDocument(path.read_bytes())


def test_a_pdf_pdfium_refuses_is_read_by_pypdf_with_the_same_page_texts(tmp_path: Path) -> None:
    intact = text_pdf(tmp_path / "intact.pdf", [PAGE_ONE, PAGE_TWO])
    expected = extract_pdf_pages(intact.read_bytes())
    damaged = break_root(text_pdf(tmp_path / "damaged.pdf", [PAGE_ONE, PAGE_TWO]))
    _pdfium_refuses(damaged)
    assert extract_pdf_pages(damaged.read_bytes()) == expected


def test_a_damaged_pdf_becomes_a_document_with_page_spans(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    break_root(text_pdf(docs / "manuale.pdf", [PAGE_ONE, PAGE_TWO]))
    result = load_documents(docs)
    assert result.failures == []
    (document,) = result.documents
    (s1, e1), (s2, e2) = document.pages
    assert document.text[e1:s2] == PAGE_SEPARATOR and e2 == len(document.text)
    assert "capacità del serbatoio" in document.text[s1:e1]  # accents survive pypdf too
    assert "65 °C" in document.text[s2:e2]
    assert "\r" not in document.text


def test_the_fallback_is_logged(tmp_path: Path, caplog: pytest.LogCaptureFixture) -> None:
    damaged = break_root(text_pdf(tmp_path / "damaged.pdf", [PAGE_ONE]))
    with caplog.at_level(logging.WARNING, logger="vectordb.formats.pdf"):
        extract_pdf_pages(damaged.read_bytes())
    assert "read with pypdf" in caplog.text


def test_an_encrypted_pdf_is_reported_encrypted_even_when_pdfium_cannot_open_it(
    tmp_path: Path,
) -> None:
    locked = break_root(encrypted_pdf(tmp_path / "locked.pdf"))
    _pdfium_refuses(locked)
    with pytest.raises(PdfProblem) as problem:
        extract_pdf_pages(locked.read_bytes())
    assert problem.value.kind == "encrypted"


def test_a_damaged_scan_is_still_reported_without_a_text_layer(tmp_path: Path) -> None:
    scan = break_root(image_only_pdf(tmp_path / "scan.pdf"))
    _pdfium_refuses(scan)
    with pytest.raises(PdfProblem) as problem:
        extract_pdf_pages(scan.read_bytes())
    assert problem.value.kind == "no text layer"


def test_a_pdf_neither_reader_opens_is_corrupt_with_both_reasons(tmp_path: Path) -> None:
    full = text_pdf(tmp_path / "full.pdf", [PAGE_ONE]).read_bytes()
    with pytest.raises(PdfProblem) as problem:
        extract_pdf_pages(full[: len(full) // 2])
    assert problem.value.kind == "corrupt"
    assert "truncated" in problem.value.detail and "pypdf:" in problem.value.detail
