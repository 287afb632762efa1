"""A day the question asks about must be a day the answer's sentence states: the value at 31
December is no answer about 30 June (`contrasts.sibling_dates`), and its twin that asks the
stated day is answered. So must a size the question gives the asked thing ("a 5-litre can",
`contrasts.sibling_sizes`)."""

from __future__ import annotations

import pytest

from evaluator.agents.contrasts import sibling_dates, sibling_sizes
from evaluator.agents.lexicon import QueryTerm
from evaluator.agents.wording import refusal
from ragoro.text import Lang


@pytest.mark.parametrize(
    ("question", "sentence", "missed"),
    [
        (
            "What was the order backlog at 30 June 2025?",
            "The order backlog at 31 December 2025 was EUR 968.0 million.",
            ["30 June 2025"],
        ),
        (
            "A quanto ammontava il debito al 30 giugno 2025?",
            "Il debito al 31 dicembre 2025 era pari a 184,3 milioni di euro.",
            ["30 giugno 2025"],
        ),
        # The twins: the asked day is stated, alone or beside another.
        (
            "What was the order backlog at 31 December 2025?",
            "The order backlog at 31 December 2025 was EUR 968.0 million.",
            [],
        ),
        (
            "Quanto era il debito al 31 dicembre 2024?",
            "Il debito al 31 dicembre 2025 era di 184,3 milioni, in calo dai 231,7 milioni"
            " al 31 dicembre 2024.",
            [],
        ),
        # A sentence that states no day (a year, a month) is left to the year checks.
        (
            "What was the order backlog at 30 June 2025?",
            "The order backlog grew in 2025.",
            [],
        ),
    ],
)
def test_a_value_at_another_day_does_not_answer(
    question: str, sentence: str, missed: list[str]
) -> None:
    assert sibling_dates(question, [sentence]) == missed


def test_the_refusal_says_the_value_is_for_another_date() -> None:
    day = [QueryTerm("30 June 2025", "30 June 2025")]
    assert "another date" in refusal("en", day, "date")
    assert "un'altra data" in refusal("it", [QueryTerm("30 giugno", "30 giugno")], "date")


_ROW = "OL-HLP46-20 Olio idraulico HLP 46, tanica da 20 litri ogni 4.000 ore"
_EN_ROW = "Hydraulic oil HLP 46 in a 20-litre drum, part OL-20: replace every 4,000 hours."


@pytest.mark.parametrize(
    ("question", "lang", "sentence", "sentence_lang", "missed"),
    [
        ("What is the code of the oil in a 5-litre can?", "en", _ROW, "it", ["5-litre"]),
        ("Qual è il codice dell'olio in tanica da 5 litri?", "it", _EN_ROW, "en", ["5 litri"]),
        # The twins: the asked size is the stated one.
        ("What is the code of the oil in a 20-litre can?", "en", _ROW, "it", []),
        ("Qual è il codice dell'olio in tanica da 20 litri?", "it", _EN_ROW, "en", []),
        # Money is a threshold or a price, not a size: "una nota spese da 3.000 euro".
        (
            "Chi approva una nota spese da 3.000 euro?",
            "it",
            "Le note spese di importo superiore a 1.500 EUR richiedono il CFO.",
            "it",
            [],
        ),
    ],
)
def test_a_thing_in_another_size_does_not_answer(
    question: str, lang: Lang, sentence: str, sentence_lang: Lang, missed: list[str]
) -> None:
    assert sibling_sizes(question, lang, [(sentence, sentence_lang)]) == missed
