"""Relevancy reads what a quantity counts, what distance and clock questions ask, and
what an answer's own words are about: each rule pairs an answer that gives what was asked
with one that only looks like it."""

from __future__ import annotations

import pytest

from judges.question_type import asked_units
from judges.relevancy import answer_relevancy


def _relevant(question: str, answer: str, subject: tuple[str, ...] = ()) -> bool:
    return answer_relevancy(question, answer, subject=subject).passed is True


@pytest.mark.parametrize(
    ("question", "answer", "relevant"),
    [
        # A count of things is a bare number; a unit after an adjective makes it a measure.
        ("Quanti dipendenti aveva il Gruppo alla fine del 2023?", "26 working days.", False),
        ("Quanti dipendenti aveva il Gruppo alla fine del 2023?", "1.240 persone.", True),
        ("How many plants does the Group run?", "Four.", True),
        # what follows a rate word divides: these still count things
        ("How many times a year is the filter changed?", "3 times a year.", True),
        ("How many inspections per month?", "4 inspections per month.", True),
        ("Quanti corsi si tengono ogni anno?", "12 corsi l'anno.", True),
    ],
)
def test_a_count_is_not_answered_by_a_measure(question: str, answer: str, relevant: bool) -> None:
    assert _relevant(question, answer) is relevant


def test_how_far_asks_a_length_and_how_far_in_advance_how_long() -> None:
    assert asked_units("How far away from head office are the backups kept?") == {"m"}
    assert asked_units("Quanto dista il magazzino dalla sede?") == {"m"}
    assert asked_units("How far in advance can I book a meeting room?") != {"m"}
    question = "How far away from head office are the backup copies kept?"
    assert _relevant(question, "At least 30 km.") is True
    assert _relevant(question, "15 °C.") is False
    assert _relevant("How far in advance can I book a room?", "Up to 14 days in advance.")


@pytest.mark.parametrize(
    ("question", "answer", "relevant"),
    [
        ("What time does the weekend shift start?", "At 6:00.", True),
        ("What time does the weekend shift start?", "40 hours a week, Monday to Friday.", False),
        ("A che ora apre la mensa il sabato?", "Alle 11.30.", True),
        ("A che ora apre la mensa il sabato?", "Il sabato.", False),
        # "when" may be answered by a day; only a clock question needs a time of day
        ("When does the canteen open on Saturdays?", "On Saturday mornings.", True),
    ],
)
def test_a_clock_question_needs_a_time_of_day(question: str, answer: str, relevant: bool) -> None:
    assert _relevant(question, answer) is relevant


@pytest.mark.parametrize(
    ("answer", "relevant"),
    [
        ("26 working days per calendar year.", False),  # about leave, not the warranty
        ("Two years.", True),  # a bare fragment stands on its kind
        ("Two years on spare parts.", True),  # names the question's subject
    ],
)
def test_on_an_unanswerable_case_words_foreign_to_the_question_are_off_topic(
    answer: str, relevant: bool
) -> None:
    question = "How long is the warranty on spare parts bought separately?"
    score = answer_relevancy(question, answer, expects_refusal=True)
    assert (score.passed is True) is relevant, score.reason


def test_with_nothing_said_of_answerability_an_answer_in_its_own_words_stands() -> None:
    question = "How big was the parts inventory at year end?"
    assert _relevant(question, "About 4,200 items, worth 3 days of production.")


def test_a_declared_value_matches_a_bare_number_written_before_an_adjective() -> None:
    from judges.numeric import check_value
    from ragoro.contracts import CaseOutcome

    def said(answer: str, value: float) -> bool:
        outcome = CaseOutcome(
            case_id="c", question="How many days of leave?", answer=answer, value=value, unit="day"
        )
        return check_value(26, "day", outcome).matched

    assert said("26 working days per calendar year.", 26)
    assert not said("28 working days per calendar year.", 26)  # the text disagrees
    assert not said("26 working days per calendar year.", 28)  # declared 28, text says 26
