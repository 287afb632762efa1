"""The document-format registry: a format registered at run time is read like a built-in."""

from __future__ import annotations

import hashlib
from pathlib import Path

import pytest

from vectordb import PAGE_SEPARATOR, formats, load_documents
from vectordb.documents import DocumentLoadError, iter_corpus_files, load_document
from vectordb.formats import DocumentFormat, DocumentText, FormatError


def _load_csvx(data: bytes) -> DocumentText:
    """A toy format: every non-blank line is one page; a line starting with '!' is corrupt."""
    rows = [row for row in data.decode("utf-8").splitlines() if row.strip()]
    if any(row.startswith("!") for row in rows):
        raise FormatError("corrupt", "a row starts with '!'")
    return DocumentText.from_pages(rows)


CSVX = DocumentFormat(name="csvx", suffixes=(".csvx",), load=_load_csvx)


@pytest.fixture
def registry(monkeypatch: pytest.MonkeyPatch) -> None:
    """A private copy of the registry, so a test's formats never leak into other tests."""
    monkeypatch.setattr(formats, "FORMATS", dict(formats.FORMATS))


def test_the_built_in_formats_read_pdf_text_markdown_and_office_files() -> None:
    assert formats.supported_suffixes() == (".pdf", ".txt", ".md", ".docx", ".pptx", ".xlsx")
    assert formats.format_for("Manuale.PDF") is formats.FORMATS[".pdf"]
    assert formats.format_for("notes.rst") is None


@pytest.mark.usefixtures("registry")
def test_a_format_registered_at_run_time_is_loaded_by_load_documents(tmp_path: Path) -> None:
    (tmp_path / "prices.csvx").write_bytes(b"pressa;PX-200;1200\n\nolio;ISO 46;28,5\n")
    (tmp_path / "broken.csvx").write_bytes(b"ok;1\n!bad\n")
    (tmp_path / "faq.md").write_text("Una FAQ.", encoding="utf-8")
    assert [p.name for p in iter_corpus_files(tmp_path)] == ["faq.md"]

    formats.register(CSVX)

    result = load_documents(tmp_path)
    by_path = {document.path: document for document in result.documents}
    assert sorted(by_path) == ["faq.md", "prices.csvx"]
    prices = by_path["prices.csvx"]
    assert prices.text == f"pressa;PX-200;1200{PAGE_SEPARATOR}olio;ISO 46;28,5"
    assert [prices.text[start:end] for start, end in prices.pages] == [
        "pressa;PX-200;1200",
        "olio;ISO 46;28,5",
    ]
    expected_digest = hashlib.sha256((tmp_path / "prices.csvx").read_bytes()).hexdigest()
    assert prices.sha256 == expected_digest
    assert [(f.path, f.kind, f.detail) for f in result.failures] == [
        ("broken.csvx", "corrupt", "a row starts with '!'")
    ]


@pytest.mark.usefixtures("registry")
def test_a_suffix_is_read_by_one_format_only() -> None:
    with pytest.raises(ValueError, match=r"'\.md' is already read by format 'text'"):
        formats.register(DocumentFormat(name="markdown", suffixes=(".md",), load=_load_csvx))
    assert formats.format_for("faq.md") is formats.FORMATS[".txt"]


def test_a_file_no_format_reads_is_reported_unsupported(tmp_path: Path) -> None:
    (tmp_path / "notes.rst").write_text("Titolo\n======\n", encoding="utf-8")
    with pytest.raises(DocumentLoadError) as error:
        load_document(tmp_path / "notes.rst", tmp_path)
    assert error.value.failure.kind == "unsupported"
    assert ".pdf, .txt, .md, .docx, .pptx, .xlsx" in error.value.failure.detail


@pytest.mark.parametrize("suffix", ["docx", ".DOCX", ".tar.gz"])
def test_a_format_must_claim_plain_lower_case_suffixes(suffix: str) -> None:
    with pytest.raises(ValueError, match="one lower-case extension"):
        DocumentFormat(name="bad", suffixes=(suffix,), load=_load_csvx)


def test_page_spans_must_lie_in_the_text_in_order() -> None:
    with pytest.raises(ValueError, match="outside the text"):
        DocumentText("abc", ((0, 2), (1, 3)))
    with pytest.raises(ValueError, match="outside the text"):
        DocumentText("abc", ((0, 4),))


def test_each_deferred_built_in_format_matches_its_module() -> None:
    """The registry lists built-ins by name and suffixes without importing them; each
    entry must say what its module's FORMAT says, and load through it."""
    for module, name, suffixes in formats._BUILT_IN:
        real = formats.built_in_format(module)
        assert (real.name, real.suffixes) == (name, suffixes)
        for suffix in suffixes:
            assert formats.FORMATS[suffix].name == name
    loaded = formats.FORMATS[".txt"].load(b"Ciao.\n")
    assert "Ciao." in loaded.text
