"""Word, PowerPoint and Excel files load with exact offsets and a locator for every block;
a bad office file is named with its reason while the others load."""

from __future__ import annotations

import io
import json
import random
import zipfile
from pathlib import Path

import docx
import pptx
import pytest

from tests.office_factory import (
    DOCX_CLOSING,
    DOCX_PARAGRAPHS,
    SLIDE_TITLE,
    sample_docx,
    sample_pptx,
    sample_xlsx,
    write_samples,
)
from tests.pdf_factory import text_pdf
from vectordb import PAGE_SEPARATOR, load_documents, split_document
from vectordb.documents import Document, DocumentLoadError, load_document
from vectordb.formats import FormatError, format_for


def _by_locator(document: Document) -> dict[str, str]:
    return {b.locator: document.text[b.start : b.end] for b in document.blocks}


def test_docx_paragraphs_and_cells_have_locators_and_exact_offsets(tmp_path: Path) -> None:
    document = load_document(sample_docx(tmp_path / "r.docx"), tmp_path)
    blocks = _by_locator(document)
    assert blocks["paragraph=1"] == DOCX_PARAGRAPHS[0]
    assert blocks["paragraph=5"] == DOCX_CLOSING
    assert "paragraph=4" not in blocks  # the blank paragraph writes nothing
    assert blocks["table=1,row=1,col=2"] == "Consumo (MWh)"
    assert blocks["table=1,row=2,col=2"] == "4.250"
    assert "Sito | Consumo (MWh) | Quota\nTorino | 4.250 | 42,5%" in document.text
    cell = next(b for b in document.blocks if b.locator == "table=1,row=3,col=1")
    assert (cell.table, cell.row, cell.col) == ("table=1", 3, 1)
    assert document.pages == [(0, len(document.text))]


def test_pptx_slides_are_pages_and_table_cells_are_located(tmp_path: Path) -> None:
    document = load_document(sample_pptx(tmp_path / "s.pptx"), tmp_path)
    assert len(document.pages) == 2
    first, second = (document.text[s:e] for s, e in document.pages)
    assert first.startswith(SLIDE_TITLE)
    assert document.text.count(PAGE_SEPARATOR) == 1
    blocks = _by_locator(document)
    assert blocks["slide=1,shape=1"] == SLIDE_TITLE
    assert blocks["slide=2,table=1,row=2,col=3"] == "412.3"
    assert second.splitlines()[0] == "Indicatore | Q1 | Q2"
    start = document.text.index("412.3")
    assert document.locator_at(start) == "slide=2,table=1,row=2,col=3"
    assert document.page_of(start) == 2


def test_xlsx_cells_are_sheet_references_one_page_per_sheet(tmp_path: Path) -> None:
    document = load_document(sample_xlsx(tmp_path / "p.xlsx"), tmp_path)
    blocks = _by_locator(document)
    assert blocks["Impianti!B1"] == "Potenza (kW)"
    assert blocks["Impianti!B3"] == "180.5"
    assert blocks["'Note 2025'!B2"] == "Valori misurati a fine anno."
    assert len(document.pages) == 2
    assert document.text.splitlines()[1] == "Pressa A | 250 | 1820"


def test_every_block_points_at_its_own_text_in_order(tmp_path: Path) -> None:
    write_samples(tmp_path)
    result = load_documents(tmp_path)
    assert not result.failures
    assert len(result.documents) == 3
    for document in result.documents:
        starts = [b.start for b in document.blocks]
        assert starts == sorted(starts)
        for block in document.blocks:
            piece = document.text[block.start : block.end]
            assert piece and piece == piece.strip()


def test_chunks_of_office_files_carry_the_locator_of_their_first_block(tmp_path: Path) -> None:
    document = load_document(sample_pptx(tmp_path / "s.pptx"), tmp_path)
    chunks = split_document(document, chunk_size=40, chunk_overlap=0)
    assert all(c.locator for c in chunks)
    table_chunk = next(c for c in chunks if c.text.startswith("Indicatore"))
    assert table_chunk.locator == "slide=2,table=1,row=1,col=1"
    assert table_chunk.where == table_chunk.locator
    assert json.loads(table_chunk.model_dump_json())["locator"] == table_chunk.locator


def test_pdf_documents_and_chunks_serialise_as_before_locators(tmp_path: Path) -> None:
    text_pdf(tmp_path / "a.pdf", ["Prima pagina del manuale.", "Seconda pagina."])
    document = load_document(tmp_path / "a.pdf", tmp_path)
    assert document.blocks == []
    assert sorted(json.loads(document.model_dump_json())) == ["pages", "path", "sha256", "text"]
    chunk = split_document(document)[0]
    assert "locator" not in json.loads(chunk.model_dump_json())
    assert chunk.where == "page=1"
    assert document.locator_at(document.pages[1][0]) == "page=2"
    again = Document.model_validate_json(document.model_dump_json())
    assert again == document


def test_office_document_round_trips_through_json_with_its_blocks(tmp_path: Path) -> None:
    document = load_document(sample_docx(tmp_path / "r.docx"), tmp_path)
    again = Document.model_validate_json(document.model_dump_json())
    assert again.blocks == document.blocks


def _zip_bytes(members: dict[str, bytes]) -> bytes:
    buffer = io.BytesIO()
    with zipfile.ZipFile(buffer, "w") as archive:
        for name, data in members.items():
            archive.writestr(name, data)
    return buffer.getvalue()


def _empty_docx() -> bytes:
    buffer = io.BytesIO()
    docx.Document().save(buffer)
    return buffer.getvalue()


def _no_slides() -> bytes:
    buffer = io.BytesIO()
    pptx.Presentation().save(buffer)
    return buffer.getvalue()


@pytest.mark.parametrize(
    ("name", "data", "kind", "detail"),
    [
        ("plain.docx", b"just some text", "corrupt", "not a Word document: no ZIP signature"),
        (
            "legacy.xlsx",
            b"\xd0\xcf\x11\xe0\xa1\xb1\x1a\xe1" + b"\0" * 600,
            "encrypted",
            "password-protected",
        ),
        (
            "other.pptx",
            _zip_bytes({"hello.txt": b"hi"}),
            "corrupt",
            "not a readable PowerPoint presentation",
        ),
        (
            "noparts.xlsx",
            _zip_bytes({"[Content_Types].xml": b"<Types/>"}),
            "corrupt",
            "not a readable Excel workbook",
        ),
        ("blank.docx", _empty_docx(), "empty", "the document body holds no text"),
        ("noslides.pptx", _no_slides(), "empty", "the presentation has no slides"),
    ],
)
def test_a_bad_office_file_is_named_with_its_reason(
    tmp_path: Path, name: str, data: bytes, kind: str, detail: str
) -> None:
    (tmp_path / name).write_bytes(data)
    with pytest.raises(DocumentLoadError) as error:
        load_document(tmp_path / name, tmp_path)
    assert error.value.failure.path == name
    assert error.value.failure.kind == kind
    assert detail in error.value.failure.detail


def test_a_truncated_office_file_fails_while_the_others_load(tmp_path: Path) -> None:
    write_samples(tmp_path)
    whole = (tmp_path / "report.docx").read_bytes()
    (tmp_path / "cut.docx").write_bytes(whole[: len(whole) // 2])
    (tmp_path / "renamed.docx").write_bytes((tmp_path / "plants.xlsx").read_bytes())
    result = load_documents(tmp_path)
    assert sorted(d.path for d in result.documents) == ["plants.xlsx", "report.docx", "slides.pptx"]
    failures = {f.path: (f.kind, f.detail) for f in result.failures}
    assert failures["cut.docx"][0] == "corrupt"
    assert "ZIP" in failures["cut.docx"][1]
    assert failures["renamed.docx"][0] == "corrupt"
    assert "not a readable Word document" in failures["renamed.docx"][1]


def _damaged(members: dict[str, bytes], rng: random.Random) -> bytes:
    damaged = dict(members)
    name = rng.choice(sorted(n for n in damaged if n.endswith((".xml", ".rels"))))
    part = bytearray(damaged[name])
    choice = rng.random()
    if choice < 0.35:
        part = part[: rng.randrange(len(part))]
    elif choice < 0.7:
        for _ in range(5):
            part[rng.randrange(len(part))] = rng.randrange(256)
    else:
        del damaged[name]
    if name in damaged:
        damaged[name] = bytes(part)
    return _zip_bytes(damaged)


def test_damaged_office_packages_only_ever_raise_format_errors(tmp_path: Path) -> None:
    rng = random.Random(14)
    for path in write_samples(tmp_path):
        loader = format_for(path)
        assert loader is not None
        with zipfile.ZipFile(path) as archive:
            members = {name: archive.read(name) for name in archive.namelist()}
        for _ in range(40):
            try:
                loader.load(_damaged(members, rng))
            except FormatError as error:
                assert error.kind in ("corrupt", "empty")


def test_an_index_of_office_files_keeps_blocks_and_chunk_locators(tmp_path: Path) -> None:
    from vectordb import VectorIndex, build_index

    docs = tmp_path / "docs"
    write_samples(docs)
    (docs / "broken.pptx").write_bytes(b"not a presentation")
    result = build_index(docs, tmp_path / "index", chunk_size=60, chunk_overlap=0)
    assert result.documents == 3
    index = VectorIndex.open(tmp_path / "index")
    assert [s.path for s in index.manifest.skipped] == ["broken.pptx"]
    slides = index.documents["slides.pptx"]
    assert slides.locator_at(slides.text.index("412.3")) == "slide=2,table=1,row=2,col=3"
    located = {c.locator for c in index.chunks if c.document_path == "plants.xlsx"}
    assert "Impianti!A1" in located
    hits = index.search("potenza della pressa in kW", k=3)
    assert all(hit.chunk.locator for hit in hits)
