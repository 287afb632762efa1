"""Document titles: the file's metadata title when it is a real one, else the first heading
(at most 80 characters), else the file name. Real files of every format, read through the
generator's corpus loader over a real index."""

from __future__ import annotations

from pathlib import Path

import docx
import openpyxl
import pptx
import pytest

from builder.generate.corpus import load_corpus
from tests.pdf_factory import text_pdf
from vectordb.formats.titles import metadata_title, usable_title

BODY = (
    "Il lavoro da remoto è consentito al solo personale impiegatizio con almeno sei mesi "
    "di anzianità aziendale, previa firma di un accordo individuale."
)


def _docx(path: Path, title: str | None, heading: str | None) -> Path:
    document = docx.Document()
    if title is not None:
        document.core_properties.title = title
    if heading is not None:
        document.add_heading(heading, level=1)
    document.add_paragraph(BODY)
    document.save(str(path))
    return path


def _pptx(path: Path, title: str) -> Path:
    deck = pptx.Presentation()
    deck.core_properties.title = title
    slide = deck.slides.add_slide(deck.slide_layouts[1])
    slide.shapes.title.text = "Agenda"
    slide.placeholders[1].text = BODY
    deck.save(str(path))
    return path


def _xlsx(path: Path, title: str) -> Path:
    book = openpyxl.Workbook()
    book.properties.title = title
    sheet = book.active
    assert sheet is not None
    sheet.append(["Stabilimento", "Addetti"])
    sheet.append(["Torino", 120])
    book.save(str(path))
    return path


@pytest.fixture(scope="module")
def titled_corpus(tmp_path_factory: pytest.TempPathFactory) -> dict[str, str]:
    docs = tmp_path_factory.mktemp("titled") / "docs"
    docs.mkdir()
    text_pdf(docs / "report_q3.pdf", [f"Sintesi\n{BODY}"], title="Risultati del terzo trimestre")
    text_pdf(
        docs / "scan_0001.pdf",
        [f"Regolamento della mensa\n{BODY}"],
        title="Microsoft Word - doc1.docx",
    )
    text_pdf(docs / "verbale_riunione.pdf", [BODY], title="untitled")
    _docx(docs / "ferie.docx", "Piano ferie 2026", None)
    _docx(docs / "policy.docx", "", "Politica dei viaggi aziendali")
    _pptx(docs / "kickoff.pptx", "Kick-off del progetto Alfa")
    _xlsx(docs / "plants.xlsx", "Organico per stabilimento")
    (docs / "note.md").write_text(f"---\nlang: it\n---\n# Note di rilascio\n\n{BODY}\n")
    (docs / "orari.txt").write_text(f"Orari di apertura\n\n{BODY}\n")
    (docs / "regole_lavoro-agile.txt").write_text(f"{BODY}\n")
    corpus = load_corpus(docs, docs.parent / "index", 900, progress=False)
    return corpus.titles


@pytest.mark.parametrize(
    ("path", "title"),
    [
        ("report_q3.pdf", "Risultati del terzo trimestre"),  # PDF /Title
        ("scan_0001.pdf", "Regolamento della mensa"),  # junk /Title: the first line
        ("verbale_riunione.pdf", "Verbale riunione"),  # junk /Title, no heading: file name
        ("ferie.docx", "Piano ferie 2026"),  # Word core properties
        ("policy.docx", "Politica dei viaggi aziendali"),  # empty property: first heading
        ("kickoff.pptx", "Kick-off del progetto Alfa"),
        ("plants.xlsx", "Organico per stabilimento"),
        ("note.md", "Note di rilascio"),  # first # heading, after the front matter
        ("orari.txt", "Orari di apertura"),  # a heading-like first line
        ("regole_lavoro-agile.txt", "Regole lavoro agile"),  # a paragraph: the file name
    ],
)
def test_each_format_gets_its_title(titled_corpus: dict[str, str], path: str, title: str) -> None:
    assert titled_corpus[path] == title


def test_an_html_title_is_read_with_its_entities(tmp_path: Path) -> None:
    page = tmp_path / "faq.html"
    page.write_text("<html><head><title>\n  Domande &amp; risposte </title></head></html>")
    assert metadata_title(page) == "Domande & risposte"


@pytest.mark.parametrize(
    "raw",
    [
        None,
        "",
        "   ",
        "Microsoft Word - doc1.docx",
        "Microsoft PowerPoint - Presentazione1",
        "Untitled",
        "Document1",
        "Presentazione standard",
        "bilancio_2025.pdf",
        "relazione finale",  # the file name again
        "x" * 81,
        "----",
    ],
)
def test_junk_metadata_titles_fall_back(raw: str | None) -> None:
    assert usable_title(raw, "relazione_finale.pdf") is None


def test_a_damaged_file_has_no_metadata_title_and_no_error(tmp_path: Path) -> None:
    broken = tmp_path / "broken.docx"
    broken.write_bytes(b"not a zip at all")
    assert metadata_title(broken) is None
    pdf = tmp_path / "broken.pdf"
    pdf.write_bytes(b"%PDF-1.4\n garbage")
    assert metadata_title(pdf) is None
