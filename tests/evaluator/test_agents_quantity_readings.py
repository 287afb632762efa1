"""`Sentence.readings`: the question-independent part of choosing a sentence's quantity,
read once per sentence. Choosing from it is choosing from the sentence's quantities."""

from __future__ import annotations

import itertools

import pytest

from evaluator.agents.quantities import pick_quantity, readings
from evaluator.agents.support import Sentence
from ragoro.text import Lang

SENTENCES: list[tuple[str, Lang]] = [
    ("Nel 2024 il fatturato è stato di 1.702,5 milioni di EUR, +7,8% sul 2023.", "it"),
    ("La pratica AB100-2021-0001 prevede un rimborso fino a 1.500 EUR in 30 giorni.", "it"),
    ("Gli uffici aprono alle ore 9:00 e i dipendenti sono 6.842.", "it"),
    ("In 2024 the plant used 4,250 MWh and employed 227 people, up 12% on 2023.", "en"),
    ("Serial FR-200-10 presses apply 250 tons for 12 seconds, twice a day.", "en"),
]
ASKS = [
    (frozenset(), frozenset(), frozenset(), False),
    (frozenset({"EUR_M"}), frozenset({"2024"}), frozenset({"fatturat"}), False),
    (frozenset({"%"}), frozenset({"2023"}), frozenset(), False),
    (frozenset(), frozenset({"227"}), frozenset({"dipendent", "employ", "people"}), False),
    (frozenset(), frozenset(), frozenset({"second", "giorn"}), True),
]


@pytest.mark.parametrize(("text", "lang"), SENTENCES)
def test_choosing_from_the_readings_is_choosing_from_the_quantities(text: str, lang: Lang) -> None:
    sentence = Sentence("doc.pdf", 0, len(text), text, lang)
    for (wanted, numbers, stems, span), counted in itertools.product(
        ASKS, [frozenset(), frozenset({"people", "dipendent"})]
    ):
        quantities, read = sentence.quantities, sentence.readings
        plain = pick_quantity(quantities, text, wanted, numbers, stems, counted=counted, span=span)
        kept = pick_quantity(
            quantities, text, wanted, numbers, stems, counted=counted, span=span, read=read
        )
        assert kept == plain


@pytest.mark.parametrize(
    ("text", "lang", "left_out"),
    [
        ("Nel 2024 i dipendenti erano 6.842 (pratica AB100-2021-0001).", "it", {"2024", "2021"}),
        ("In 2023 serial FR-200-10 presses applied 250 tons.", "en", {"2023", "200"}),
    ],
)
def test_readings_leave_out_bare_years_and_code_parts(
    text: str, lang: Lang, left_out: set[str]
) -> None:
    sentence = Sentence("doc.pdf", 0, len(text), text, lang)
    kept = {r.raw for r in readings(sentence.quantities, text)}
    assert kept
    assert not kept & left_out
    positions = [r.position for r in sentence.readings]
    assert positions == sorted(positions)
