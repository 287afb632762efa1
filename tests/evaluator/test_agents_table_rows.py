"""Table rows a PDF runs together are read row by row, under their table's header: a question
naming a row's label is answered from that row, and a last row does not take the years of the
prose it ran into."""

from __future__ import annotations

import pytest

from evaluator.agents.rows import column_value, row_pieces, table_rows, year_headers
from evaluator.agents.short_answer import names_someone
from evaluator.agents.support import CorpusStats
from ragoro.text import Lang
from ragoro.text.numbers import extract_quantities
from vectordb import Chunk, Document


def _pieces(text: str, lang: Lang) -> list[str]:
    return [text[a:b] for a, b in row_pieces(text, lang)]


@pytest.mark.parametrize(
    ("text", "lang", "rows"),
    [
        (
            "Viti del coperchio del filtro M8, classe 8.8 25 Nm\n"
            "Viti degli stampi alla slitta M16, classe 10.9 250 Nm\n"
            "Dadi dei tiranti M48, classe 10.9 1.850 Nm",
            "it",
            3,
        ),
        (
            "Rest of Europe 9,420 2,950 31%\nNorth America 6,310 2,180 18%\n"
            "Asia-Pacific 8,140 3,920 12%",
            "en",
            3,
        ),
        # A last row ran into the prose after the table: the prose is its own piece.
        (
            "Quota di energia rinnovabile 29% 24% +5 punti percentuali\n"
            "L'obiettivo è ridurre le emissioni del 42% entro il 2030.",
            "it",
            2,
        ),
        (
            "Renewable share of electricity 29% 24% +5 points\n"
            "The Group aims to cut emissions by 42% by 2030.",
            "en",
            2,
        ),
    ],
)
def test_a_run_of_rows_is_cut_at_each_row(text: str, lang: Lang, rows: int) -> None:
    assert len(_pieces(text, lang)) == rows


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        # A number's unit wrapped to the next line, a city after its postal code, a wrap
        # going on in lower case: one sentence each.
        ("Il consumo dello stabilimento è stato di 4.250\nMWh.", "it"),
        ("La sede si trova in Via delle Fonderie 18, 25136\nBrescia.", "it"),
        ("The Board approved a bonus pool of EUR 4.8\nmillion for the year.", "en"),
        ("Revenue was EUR 1,702.5 million, up 6.1% from EUR\n1,604.8 million in 2024.", "en"),
    ],
)
def test_a_prose_wrap_after_a_number_is_no_row_end(text: str, lang: Lang) -> None:
    assert _pieces(text, lang) == [text]


@pytest.mark.parametrize(
    ("before", "text", "lang", "header_word"),
    [
        (
            ["Componente Filettatura e classe Coppia di serraggio"],
            "Viti del blocco valvole M10, classe 8.8 45 Nm\nViti del coperchio M8, classe 8.8 25 Nm",
            "it",
            "Coppia",
        ),
        (
            ["Part Description Replacement interval"],
            "FR-10 Return filter cartridge every 500 hours\nFA-25 Suction filter every 4,000 hours",
            "en",
            "Replacement",
        ),
    ],
)
def test_each_row_is_read_under_its_header(
    before: list[str], text: str, lang: Lang, header_word: str
) -> None:
    rows = table_rows(text, before, lang)
    assert len(rows) == 2
    assert all(header_word in header for _, header in rows)


def _stats(text: str) -> CorpusStats:
    doc = Document(path="d.pdf", text=text, pages=[(0, len(text))], sha256="0")
    chunk = Chunk(
        id="c", document_path="d.pdf", start_char=0, end_char=len(text), text=text, page=1
    )
    return CorpusStats([chunk], {"d.pdf": doc})


@pytest.mark.parametrize(
    ("text", "row_start", "header_token", "prose_start"),
    [
        (
            "Le coppie di serraggio indicate nella tabella seguente si riferiscono a viti non lubrificate.\n"
            "Componente Filettatura e classe Coppia di serraggio\n"
            "Viti di fissaggio del blocco valvole idraulico M10, classe 8.8 45 Nm\n"
            "Viti del coperchio del filtro di ritorno della pompa M8, classe 8.8 25 Nm\n"
            "Le viti del blocco valvole devono essere serrate a 45 Nm.",
            "Viti del coperchio",
            "copp",
            "Le viti",
        ),
        (
            "The tightening torques given in the following table apply to screws with dry, clean threads.\n"
            "Component Thread and class Tightening torque\n"
            "Fixing screws of the hydraulic valve block M10, class 8.8 45 Nm\n"
            "Filter cover screws of the return filter housing M8, class 8.8 25 Nm\n"
            "The valve block screws must be tightened to 45 Nm.",
            "Filter cover",
            "torqu",
            "The valve",
        ),
    ],
)
def test_the_agent_reads_a_row_as_its_own_sentence_with_its_header(
    text: str, row_start: str, header_token: str, prose_start: str
) -> None:
    stats = _stats(text)
    sentences = stats.sentences_in(stats.chunks[0])
    row = next(s for s in sentences if s.text.startswith(row_start))
    assert "25" in row.text and "45" not in row.text
    assert any(t.startswith(header_token) for t in row.tokens)
    assert not any(t.startswith(header_token) for t in row.own_tokens)
    prose = next(s for s in sentences if s.text.startswith(prose_start))
    assert prose.header == ""


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        (
            "Chi è il responsabile dello stabilimento in Romania?",
            "Il Gruppo ha stabilimenti a Brescia, Timișoara (Romania) e Charlotte, "
            "North Carolina (Stati Uniti).",
        ),
        (
            "Who is in charge of the plant in Romania?",
            "The Group has plants in Brescia, Timișoara (Romania) and Charlotte, "
            "North Carolina (United States).",
        ),
    ],
)
def test_a_place_with_its_country_in_brackets_names_no_one(question: str, sentence: str) -> None:
    assert not names_someone(question, sentence)
    assert names_someone(question, sentence.replace("North Carolina", "Ing. Marco Rossi"))


@pytest.mark.parametrize(
    ("question", "sentence"),
    [
        (
            "Chi dirige la divisione Machine Tools?",
            "Il Gruppo opera con tre divisioni: Hydraulic Presses, Machine Tools e "
            "Service & Spare Parts.",
        ),
        (
            "Who is the head of the Machine Tools business unit?",
            "The Group operates through three business units: Hydraulic Presses, "
            "Machine Tools, and Service & Spare Parts.",
        ),
    ],
)
def test_a_name_listed_beside_the_asked_one_is_its_sibling(question: str, sentence: str) -> None:
    assert not names_someone(question, sentence)
    # The twin: the sentence does name who heads it.
    assert names_someone(question, sentence + " Machine Tools is led by Ing. Mario Rossi.")


@pytest.mark.parametrize(
    ("lines", "lang", "asked", "value"),
    [
        (
            [
                "Indicator 2025 2024 Change",
                "Revenue 1,702.5 1,604.8 +6.1%",
                "Order intake 1,781.4 1,652.0 +7.8%",
            ],
            "en",
            "2024",
            1652.0,
        ),
        (
            ["Indicatore 2025 2024 Variazione", "Emissioni Scope 1 (t CO2) 5.110 5.480 -6,8%"],
            "it",
            "2025",
            5110.0,
        ),
    ],
)
def test_a_row_under_year_columns_gives_the_asked_years_value(
    lines: list[str], lang: Lang, asked: str, value: float
) -> None:
    headers = year_headers(lines, lang)
    assert headers[0] == "" and all(h == lines[0] for h in headers[1:])
    row = lines[-1]
    quantity = column_value(row, headers[-1], extract_quantities(row, lang), {asked}, lang)
    assert quantity is not None and quantity.number * quantity.scale == value
    # No year asked, or one the header lacks: no column is chosen.
    assert column_value(row, headers[-1], extract_quantities(row, lang), {"2023"}, lang) is None


@pytest.mark.parametrize(
    ("lines", "lang"),
    [
        (
            ["Indicator 2025 2024 Change", "Revenue grew in 2025.", "Net profit 118.6 99.2 +19.6%"],
            "en",
        ),
        (
            [
                "Indicatore 2025 2024 Variazione",
                "I dati sono stimati.",
                "Rifiuti 9.870 9.990 -1,2%",
            ],
            "it",
        ),
    ],
)
def test_prose_ends_a_year_columned_table(lines: list[str], lang: Lang) -> None:
    assert year_headers(lines, lang) == ["", "", ""]


@pytest.mark.parametrize(
    "text",
    [
        "Key figures of the year, in EUR million unless otherwise stated.\n"
        "Indicator 2025 2024 Change\nRevenue 1,702.5 1,604.8 +6.1%\n",
        "Dati principali dell'anno, in milioni di euro salvo diversa indicazione.\n"
        "Indicatore 2025 2024 Variazione\nRicavi 1.702,5 1.604,8 +6,1%\n",
    ],
)
def test_the_agent_reads_a_row_under_its_year_columns(text: str) -> None:
    stats = _stats(text)
    row = stats.sentences_in(stats.chunks[0])[-1]
    assert row.header.endswith(("Change", "Variazione"))
    assert {"2025", "2024"} <= row.tokens
