"""Near-misses and their answerable twins: the question's constraint (a kind of unit, a year,
an identifier of a series, a member of a closed set) must be met by the sentence that
answers, not merely be near it; the twin that meets it is still answered."""

from __future__ import annotations

import pytest

from evaluator.agents.quantities import asks_span, spans
from ragoro.text import Lang
from ragoro.text.numbers import extract_quantities


@pytest.mark.parametrize(
    ("question", "text", "lang"),
    [
        (
            "Quanti giorni di malattia sono pagati per intero?",
            "Il dipendente avvisa entro le ore 9:00 del primo giorno di assenza.",
            "it",
        ),
        (
            "How many days of sick leave are paid in full?",
            "Tell your manager by 9:00 on the first day of absence.",
            "en",
        ),
    ],
)
def test_a_count_of_days_is_not_answered_by_a_time_of_day(
    question: str, text: str, lang: Lang
) -> None:
    assert asks_span(question)
    clock = extract_quantities(text, lang)[0]
    assert not spans(text, clock)


@pytest.mark.parametrize(
    ("question", "text", "lang"),
    [
        (
            "Quanti giorni di ferie spettano?",
            "Ogni dipendente ha diritto a 26 giorni di ferie.",
            "it",
        ),
        ("How many hours of training do I get?", "Every employee gets 24 hours of training.", "en"),
    ],
)
def test_a_count_of_days_is_answered_by_a_number_of_days(
    question: str, text: str, lang: Lang
) -> None:
    assert asks_span(question)
    assert spans(text, extract_quantities(text, lang)[0])


def test_a_count_of_things_is_no_span() -> None:
    assert not asks_span("Quanti dipendenti aveva il Gruppo?")
    assert not asks_span("How many employees did the Group have?")
