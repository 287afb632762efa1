"""Facts per channel: sentences, table cells with header paths, numbers with unit and label."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.pdf_factory import text_pdf
from vectordb.documents import load_document
from vectordb.facts import extract_facts, find_numbers, parse_number


@pytest.mark.parametrize(
    ("written", "value"),
    [
        ("1.702,5", 1702.5),
        ("1,702.5", 1702.5),
        ("4.250", 4250),
        ("6,842", 6842),
        ("28,5", 28.5),
        ("0.125", 0.125),
        ("12.000.000", 12_000_000),
        ("2.5", 2.5),
    ],
)
def test_numbers_read_in_either_notation(written: str, value: float) -> None:
    assert parse_number(written) == value


def test_units_and_labels_of_numbers_in_running_text() -> None:
    found = find_numbers("Il fatturato è stato di 1.702,5 milioni di euro, +6,1% sul 2024.")
    assert found[0].label == "è stato di"
    assert [(n.value, n.unit) for n in found] == [(1702.5, "EUR million"), (6.1, "%"), (2024, "")]
    assert find_numbers("Revenue was EUR 255.4 million.")[0].unit == "EUR million"


def test_times_dates_and_codes_are_not_numbers() -> None:
    assert find_numbers("Dalle 8:30 del 31/12/2025, modello AB-200, norma ISO-9001.") == []


def test_a_number_split_from_its_unit_by_a_line_break_keeps_it(tmp_path: Path) -> None:
    text_pdf(
        tmp_path / "a.pdf",
        [
            "Nel 2025 il consumo complessivo dello stabilimento di "
            "Torino e stato pari a 4.250\nMWh, in calo rispetto al 2024."
        ],
    )
    facts = extract_facts(load_document(tmp_path / "a.pdf", tmp_path))
    assert [(n.value, n.unit) for n in facts.numbers if n.value == 4250] == [(4250, "MWh")]
    assert facts.text[0].locator == "page=1,sentence=1"


def test_flattened_pdf_rows_become_cells_under_their_header(tmp_path: Path) -> None:
    page = (
        "Risultati per area.\n"
        "Area Ricavi Quota\n"
        "Italia 442,6 26,0%\n"
        "Europa 639,1 37,5%\n"
        "Il resto del testo segue la tabella."
    )
    text_pdf(tmp_path / "t.pdf", [page])
    facts = extract_facts(load_document(tmp_path / "t.pdf", tmp_path))
    cells = {c.locator: (c.text, c.header) for c in facts.tables}
    assert cells["table=1,row=1,col=2"] == ("Ricavi", [])
    assert cells["table=1,row=3,col=3"] == ("37,5%", ["Quota", "Europa"])
    assert [t.text for t in facts.text] == [
        "Risultati per area.",
        "Il resto del testo segue la tabella.",
    ]
    number = next(n for n in facts.numbers if n.source == "table=1,row=2,col=2")
    assert (number.value, number.label) == (442.6, "Ricavi / Italia")


def test_markdown_pipe_tables_and_a_unit_stated_in_the_header(tmp_path: Path) -> None:
    (tmp_path / "a.md").write_text(
        "# Consumi\n\n| Sito | Energia (MWh) |\n|---|---|\n| Torino | 4.250 |\n\nFine.\n",
        encoding="utf-8",
    )
    facts = extract_facts(load_document(tmp_path / "a.md", tmp_path))
    assert [t.text for t in facts.text] == ["Consumi", "Fine."]
    cell = next(c for c in facts.tables if c.locator == "table=1,row=2,col=2")
    assert (cell.text, cell.header) == ("4.250", ["Energia (MWh)", "Torino"])
    number = next(n for n in facts.numbers if n.source == cell.locator)
    assert (number.value, number.unit) == (4250, "MWh")


def test_sentence_offsets_point_into_the_document_text(tmp_path: Path) -> None:
    (tmp_path / "a.txt").write_text("Prima frase.  Seconda\nfrase, S.p.A. inclusa.", "utf-8")
    document = load_document(tmp_path / "a.txt", tmp_path)
    facts = extract_facts(document)
    assert [t.text for t in facts.text] == ["Prima frase.", "Seconda frase, S.p.A. inclusa."]
    for fact in facts.text:
        assert fact.start is not None and fact.end is not None
        assert " ".join(document.text[fact.start : fact.end].split()) == fact.text
