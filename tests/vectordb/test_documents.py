"""Loading: canonical texts with exact page spans, and every bad file named with its reason."""

from __future__ import annotations

import os
from pathlib import Path

import pytest

from tests.conftest import MARKDOWN, PAGE_ONE
from tests.pdf_factory import blank_pdf, encrypted_pdf, image_only_pdf, text_pdf
from vectordb import PAGE_SEPARATOR, load_documents
from vectordb.documents import iter_corpus_files


def test_pdf_pages_are_spans_of_the_canonical_text(small_corpus: Path) -> None:
    result = load_documents(small_corpus)
    pdf = next(d for d in result.documents if d.path.endswith(".pdf"))
    assert len(pdf.pages) == 2
    (s1, e1), (s2, e2) = pdf.pages
    assert s1 == 0 and pdf.text[e1:s2] == PAGE_SEPARATOR and e2 == len(pdf.text)
    assert "28,5 litri" in pdf.text[s1:e1]
    assert "65 °C" in pdf.text[s2:e2]
    assert "capacità" in pdf.text  # accents survive extraction
    assert "\r" not in pdf.text


def test_text_and_markdown_are_kept_exactly(small_corpus: Path) -> None:
    result = load_documents(small_corpus)
    markdown = next(d for d in result.documents if d.path == "faq.md")
    assert markdown.text == MARKDOWN  # CRLF included: offsets point into the file as it is
    nested = next(d for d in result.documents if d.path.endswith("note.txt"))
    assert nested.path == "sotto cartella/note.txt"


def test_names_with_spaces_and_accents_load(small_corpus: Path) -> None:
    paths = {d.path for d in load_documents(small_corpus).documents}
    assert "manuale pressa è.pdf" in paths


def test_hidden_and_unsupported_files_are_ignored(tmp_path: Path) -> None:
    (tmp_path / ".hidden.md").write_text("secret", encoding="utf-8")
    (tmp_path / "image.png").write_bytes(b"\x89PNG")
    (tmp_path / "ok.md").write_text("ok", encoding="utf-8")
    assert [p.name for p in iter_corpus_files(tmp_path)] == ["ok.md"]


def _bad_files(folder: Path) -> dict[str, str]:
    """Write one file of each bad class; return file name -> expected failure kind."""
    (folder / "zero.pdf").write_bytes(b"")
    full = text_pdf(folder / "full.pdf", [PAGE_ONE]).read_bytes()
    (folder / "truncated.pdf").write_bytes(full[: len(full) // 2])
    (folder / "random.pdf").write_bytes(os.urandom(2048))
    (folder / "page.pdf").write_text(
        "<!DOCTYPE html><html><body><h1>Not found</h1></body></html>", encoding="utf-8"
    )
    encrypted_pdf(folder / "locked.pdf")
    image_only_pdf(folder / "scan.pdf")
    blank_pdf(folder / "blank.pdf")
    (folder / "latin1.txt").write_bytes("perché è così".encode("latin-1"))
    (folder / "spaces.md").write_text("  \n\n ", encoding="utf-8")
    return {
        "zero.pdf": "empty",
        "truncated.pdf": "corrupt",
        "random.pdf": "corrupt",
        "page.pdf": "corrupt",
        "locked.pdf": "encrypted",
        "scan.pdf": "no text layer",
        "blank.pdf": "empty",
        "latin1.txt": "not UTF-8",
        "spaces.md": "empty",
    }


def test_each_bad_file_is_named_with_its_reason_and_good_files_still_load(tmp_path: Path) -> None:
    expected = _bad_files(tmp_path)
    (tmp_path / "full.pdf").unlink()
    (tmp_path / "good.md").write_text("Un documento valido.", encoding="utf-8")
    result = load_documents(tmp_path)
    assert [d.path for d in result.documents] == ["good.md"]
    assert {f.path: f.kind for f in result.failures} == expected


@pytest.mark.parametrize(
    ("name", "needle"),
    [
        ("truncated.pdf", "truncated"),
        ("page.pdf", "HTML"),
        ("random.pdf", "no %PDF- header"),
        ("latin1.txt", "byte 0xe9 at offset 5"),
        ("scan.pdf", "OCR"),
    ],
)
def test_failure_details_tell_what_happened(tmp_path: Path, name: str, needle: str) -> None:
    _bad_files(tmp_path)
    failure = next(f for f in load_documents(tmp_path).failures if f.path == name)
    assert needle in failure.detail
