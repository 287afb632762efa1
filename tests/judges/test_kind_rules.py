"""answer_relevancy and the readers under it: the answer gives the kind of thing asked.

Each case pairs an answer of the asked kind with one of another kind (a duration for an
amount, a measure for a person), so a rule that passed or failed everything would fail."""

from __future__ import annotations

import pytest

from judges.reading import reading_language
from judges.relevancy import answer_relevancy
from ragoro.text.behaviour import is_refusal
from ragoro.text.numwords import spell_numbers


def relevant(question: str, answer: str, *subject: str, refusal: bool = False) -> bool:
    score = answer_relevancy(question, answer, expects_refusal=refusal, subject=list(subject))
    return score.value == 1.0


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        ("Qual è il canone mensile del parcheggio?", "Almeno 10 giorni di preavviso.", False),
        ("Qual è il canone mensile del parcheggio?", "45 euro al mese.", True),
        ("What was the dividend for 2024?", "Within 30 days of the request.", False),
        ("What was the dividend for 2024?", "EUR 0.35 per share.", True),
    ],
)
def test_a_sum_of_money_is_not_answered_by_a_duration(
    question: str, answer: str, expected: bool
) -> None:
    assert relevant(question, answer) is expected


def test_a_bare_number_beside_a_duration_shares_its_unit() -> None:
    question = "How big was the parts inventory at year end?"
    # "(minimo 30)" is 30 minutes by ellipsis: the whole answer is a duration.
    assert not relevant(question, "Al massimo 90 minuti (minimo 30).")
    # A bare number that counts its own noun is no duration.
    assert relevant(question, "About 4,200 items, worth 3 days of production.")


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("At least 15 days in advance, through the Portalino portal.", False),
        ("Entro 48 ore, tramite il sistema Ticketa.", False),
        ("Ms Ada Ferri, since 2019.", True),
        ("La dottoressa Ferri, da 3 anni in carica.", True),
    ],
)
def test_who_is_not_answered_by_a_measure(answer: str, expected: bool) -> None:
    assert relevant("Who chairs the audit committee?", answer) is expected


def test_an_address_is_not_read_as_words_of_a_language() -> None:
    italian = "Alla segreteria didattica, Dott.ssa Anna Ferri, scrivendo a info@scuola.it."
    assert reading_language(italian, "Who is the head of the school?") == "it"
    # So the dative rule sees the Italian "Alla": a copular who takes no dative.
    assert not relevant("Who is the head of the school?", italian)
    assert reading_language("Write to the office at info@school.example.", None) == "en"


@pytest.mark.parametrize(
    ("answer", "expected"),
    [
        ("The documents do not give a figure per site.", True),
        ("I documenti non danno il numero di addetti per sede.", True),
        ("The manual does not list a price.", True),
        ("The warranty does not cover wear parts.", False),
        ("The document gives the warranty as 24 months.", False),
    ],
)
def test_a_source_that_does_not_give_it_is_a_refusal(answer: str, expected: bool) -> None:
    assert is_refusal(answer) is expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Ha sei piani e una terrazza.", "Ha 6 piani e una terrazza."),
        ("Dopo sei settimane di prova.", "Dopo 6 settimane di prova."),
        ("Uno dei sei soci fondatori.", "Uno dei 6 soci fondatori."),
        ("Se sei un cliente, rispondi.", "Se sei un cliente, rispondi."),
        ("Sei sicuro di voler uscire?", "Sei sicuro di voler uscire?"),
        ("Tu sei qui da poco.", "Tu sei qui da poco."),
    ],
)
def test_italian_sei_is_six_only_where_a_numeral_is_grammatical(text: str, expected: str) -> None:
    assert spell_numbers(text, "it") == expected


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("Rinnovabile una sola volta.", "it", "Rinnovabile 1 volta."),
        ("May be renewed twice online.", "en", "May be renewed 2 times online."),
        ("Only a single day off.", "en", "Only 1 day off."),
        ("Once you sign, it starts.", "en", "Once you sign, it starts."),
    ],
)
def test_counts_of_times_in_words_are_read(text: str, lang: str, expected: str) -> None:
    assert spell_numbers(text, lang) == expected  # type: ignore[arg-type]


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        ("When must the safety course be completed?", "Before their first shift.", True),
        ("Quando va consegnato il modulo?", "Entro la fine del turno di lavoro.", True),
        (
            "Entro quando va pagata la seconda rata?",
            "La seconda rata va pagata entro la scadenza prevista per la seconda rata.",
            False,
        ),
        ("When must the safety course be completed?", "It covers fire exits and alarms.", False),
    ],
)
def test_when_is_answered_by_a_time_fixed_by_an_event(
    question: str, answer: str, expected: bool
) -> None:
    assert relevant(question, answer) is expected
