"""A table laid out one row per line is read under its column names, and a name its header
states is named by the row (issue 15, session a5). Invented tables, IT and EN."""

from __future__ import annotations

import pytest

from evaluator.agents.rows import column_headers, counted_column, other_period
from evaluator.agents.support import CorpusStats
from evaluator.agents.vocabulary import unmet_entities
from ragoro.text import Lang
from ragoro.text.numbers import extract_quantities
from tests.evaluator.table_corpus import row_sentence, table_corpus_stats


@pytest.fixture(scope="module")
def stats(tmp_path_factory: pytest.TempPathFactory) -> CorpusStats:
    return table_corpus_stats(tmp_path_factory.mktemp("columns"))


@pytest.mark.parametrize(
    ("lines", "lang", "header"),
    [
        (
            [
                "Le spese sono rimborsate dietro ricevuta.",
                "Voce di spesa Italia Estero",
                "Pasto 30,00 EUR 50,00 EUR",
                "Taxi 45,00 EUR 70,00 EUR",
            ],
            "it",
            "Voce di spesa Italia Estero",
        ),
        (
            [
                "Depots report their water use.",
                "Zone Water use",
                "(m3)",
                "Recycled share of",
                "water",
                "North Zone 6,310 18%",
                "South Zone 8,140 12%",
            ],
            "en",
            "Zone Water use (m3) Recycled share of water",
        ),
    ],
)
def test_rows_one_per_line_are_read_under_the_column_names_above_them(
    lines: list[str], lang: Lang, header: str
) -> None:
    headers = column_headers(lines, lang)
    rows = [i for i, line in enumerate(lines) if line[-1].isdigit() or line.endswith(("EUR", "%"))]
    assert [headers[i] for i in rows] == [header] * len(rows)
    assert all(headers[i] == "" for i in range(len(lines)) if i not in rows)


@pytest.mark.parametrize(
    ("lines", "lang"),
    [
        (["Region Revenue 2025 Share\nNorth Zone 371.2 21.8%", "South Zone 249.6 14.7%"], "en"),
        (["Regione Ricavi 2025 Quota\nZona Nord 371,2 21,8%", "Zona Sud 249,6 14,7%"], "it"),
    ],
)
def test_a_first_row_joined_to_its_header_takes_the_leading_lines(
    lines: list[str], lang: Lang
) -> None:
    header = lines[0].split("\n")[0]
    assert column_headers(lines, lang) == [header, header]


@pytest.mark.parametrize(
    ("lines", "lang"),
    [
        (["Voce di spesa Italia Estero", "Le spese sono rimborsate.", "Taxi 45,00 EUR"], "it"),
        (["Zone Water use", "Figures are estimated.", "North Zone 6,310 18%"], "en"),
        # A label wrapped over two lines is no header of its own second line.
        (["Temperatura dell'olio\nsuperiore a 65 °C"], "it"),
        (["Oil temperature\nabove 65 °C"], "en"),
    ],
)
def test_prose_ends_a_table_and_a_wrapped_label_is_no_header(lines: list[str], lang: Lang) -> None:
    assert column_headers(lines, lang) == [""] * len(lines)


@pytest.mark.parametrize(
    ("path", "row", "question", "lang"),
    [
        ("spese.md", "Corsa in taxi", "Qual è il limite per una corsa in taxi a Madrid?", "it"),
        ("zones.md", "Diesel used", "How much diesel did the York depot use?", "en"),
    ],
)
def test_a_row_names_what_its_header_names(
    stats: CorpusStats, path: str, row: str, question: str, lang: Lang
) -> None:
    sentence = row_sentence(stats, path, row)
    assert sentence.header
    assert unmet_entities(question, [sentence], stats, lang) == []


@pytest.mark.parametrize(
    ("row", "header", "counted", "lang", "value"),
    [
        (
            "Utensileria 596,3 71,8 12,0% 2.418",
            "Divisione Ricavi EBITDA Margine Dipendenti",
            {"dipendent"},
            "it",
            2418.0,
        ),
        (
            "Loaders 596.3 71.8 12.0% 2,418",
            "Unit Revenue EBITDA Margin Employees",
            {"employe"},
            "en",
            2418.0,
        ),
    ],
)
def test_a_how_many_question_reads_the_last_column_its_noun_names(
    row: str, header: str, counted: set[str], lang: Lang, value: float
) -> None:
    quantity = counted_column(row, header, extract_quantities(row, lang), counted, lang)
    assert quantity is not None and quantity.number * quantity.scale == value
    # What the last column does not name is not counted there.
    assert counted_column(row, header, extract_quantities(row, lang), {"press"}, lang) is None


@pytest.mark.parametrize(
    ("header", "asked", "other"),
    [
        ("Indicatore stabilimento nord Valore 2025", {"2024"}, True),
        ("Indicatore stabilimento nord Valore 2025", {"2025", "12"}, False),
        ("Indicator 2025 2024 Change", {"2023"}, True),
        ("Indicator 2025 2024 Change", {"2024"}, False),
        ("Region Energy consumption (MWh)", {"2024"}, False),  # no year named: no period read
        ("Indicator 2025 2024 Change", {"12"}, False),  # no year asked
    ],
)
def test_a_row_of_a_table_for_another_year_is_of_another_period(
    header: str, asked: set[str], other: bool
) -> None:
    assert other_period(header, asked) is other
