"""Relevancy reads what an answer gives and what a question asks the way a reader does:
a product code is no amount, a rate's denominator is no sum, a decimal with a unit is no
time of day, a "quando" inside a clause is a conjunction; and accuracy does not let a bare
yes/no stand for a reference that grants only under a condition."""

from __future__ import annotations

import pytest

from judges.accuracy import answer_accuracy
from judges.question_type import answer_kind, asked_units
from judges.relevancy import answer_relevancy


def _relevant(question: str, answer: str) -> bool:
    return answer_relevancy(question, answer).passed is True


@pytest.mark.parametrize(
    ("question", "answer", "relevant"),
    [
        # a code is not an amount ("A-114", "AES-256")
        ("For how many years can we still buy spare parts?", "AES-256.", False),
        ("Per quanto tempo vale l'accordo per lavorare da casa?", "At 70 °C (alarm A-114).", False),
        (
            "Per quanto tempo vale l'accordo per lavorare da casa?",
            "Per 12 mesi, rinnovabile.",
            True,
        ),
        # a decimal with a unit is a measure, not a time of day
        (
            "When are the factories shut for the summer?",
            "7.59 tonnes of CO2 per EUR million.",
            False,
        ),
        ("A che ora apre la mensa?", "Alle 11.30.", True),
        # the denominator of a rate is not the sum asked
        (
            "What are the emissions per unit of revenue?",
            "7.59 tonnes of CO2 per EUR million.",
            True,
        ),
        ("Quanto costa il ricambio?", "120 EUR per pezzo.", True),
        # "quando" inside a clause is a conjunction: the question asks yes or no
        ("Mi rimborsate il parcheggio quando vado in trasferta?", "12 months.", False),
        ("Mi rimborsate il parcheggio quando vado in trasferta?", "No, non è rimborsato.", True),
        # "entro che ora" asks a time of day
        ("Se mi ammalo, entro che ora devo avvisare il mio capo?", "Sì.", False),
        ("Se mi ammalo, entro che ora devo avvisare il mio capo?", "Entro le 9:00.", True),
    ],
)
def test_relevancy_reads_what_is_given_and_asked(
    question: str, answer: str, relevant: bool
) -> None:
    assert _relevant(question, answer) is relevant


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Mi rimborsate il parcheggio quando vado in trasferta?", "yes_no"),
        ("Do I get paid overtime when I work on Sunday?", "yes_no"),
        ("Quando scade il contratto?", "time"),
        ("Sai dirmi quando scade il contratto?", "time"),
        ("Can you tell me when the warranty expires?", "time"),
        ("Fino a quando vale l'accordo?", "time"),
        ("I travel next week: by when must I file it?", "time"),
    ],
)
def test_a_time_word_asks_only_where_it_opens_a_question(question: str, kind: str) -> None:
    assert answer_kind(question) == kind


def test_what_follows_per_does_not_decide_the_unit_asked() -> None:
    assert asked_units("What are the emissions per unit of revenue?") == frozenset()
    assert "EUR" in asked_units("Quale è il costo per dipendente?")


@pytest.mark.parametrize(
    ("answer", "references", "question", "correct"),
    [
        (
            "Yes.",
            ["Only with written authorisation from HR."],
            "Can I work from home abroad?",
            False,
        ),
        (
            "Yes.",
            ["Yes if the flight is over 8 hours, with CFO approval."],
            "Can I fly business?",
            False,
        ),
        (
            "Sì.",
            ["Solo per viaggi di durata superiore a 4 ore."],
            "Posso viaggiare in prima classe?",
            False,
        ),
        (
            "Yes, if the flight is longer than 8 hours and the CFO approves.",
            ["Yes if the flight is over 8 hours, with CFO approval."],
            "Can I fly business?",
            True,
        ),
        (
            "Sì.",
            ["Sì: marcatura CE, conforme alla Direttiva Macchine."],
            "La pressa ha la marcatura CE?",
            True,
        ),
    ],
)
def test_a_bare_yes_no_does_not_answer_a_conditional_reference(
    answer: str, references: list[str], question: str, correct: bool
) -> None:
    assert answer_accuracy(answer, references, question=question).passed is correct


@pytest.mark.parametrize(
    ("question", "answer", "relevant"),
    [
        ("Where can we complain about a ticket?", "AES-256.", False),
        ("Where can we complain about a ticket?", "To service.escalation@example.com.", True),
        (
            "How much money do I get each year for welfare?",
            "7.59 tonnes of CO2 per EUR million.",
            False,
        ),
        ("How much money do I get each year for welfare?", "600 € per calendar year.", True),
        ("Quanti soldi mi danno per il welfare?", "600 euro all'anno.", True),
    ],
)
def test_a_code_is_no_place_and_money_is_a_sum(question: str, answer: str, relevant: bool) -> None:
    assert _relevant(question, answer) is relevant


@pytest.mark.parametrize(
    ("question", "answer", "relevant"),
    [
        (
            "How often does the backup battery need replacing?",
            "Two days, at the customer's site.",
            False,
        ),
        ("How often does the backup battery need replacing?", "Every 3 years.", True),
        ("How often is the filter changed?", "Twice a year.", True),
        ("Con che frequenza va cambiato il filtro?", "3 mesi.", False),
        ("Con che frequenza va cambiato il filtro?", "Ogni 3 mesi.", True),
        ("Ogni quante ore va ingrassata la guida?", "50 ore.", True),
    ],
)
def test_how_often_asks_a_frequency(question: str, answer: str, relevant: bool) -> None:
    assert _relevant(question, answer) is relevant
