"""answer_relevancy: the answer gives what the question asks, read as a linguist would."""

from __future__ import annotations

import pytest

from judges.question_type import answer_kind
from judges.relevancy import answer_relevancy


def relevant(question: str, answer: str, *subject: str, refusal: bool = False) -> bool:
    score = answer_relevancy(question, answer, expects_refusal=refusal, subject=list(subject))
    return score.value == 1.0


def test_an_answer_in_the_other_language_is_read_in_its_own() -> None:
    passage = "Visitors must register at the front desk within 15 minutes of arrival."
    question = "How soon must visitors register at the front desk?"
    assert relevant(question, "Entro 15 minuti dall'arrivo, alla reception.", passage)


def test_the_day_and_year_of_a_date_are_not_numbers_of_their_own() -> None:
    passage = "Tutti i fornitori devono firmare il codice etico entro il 30 giugno 2027."
    question = "Cosa prevede il codice etico per i fornitori?"
    # Another text's facts, in English: only "30" would match, as the day of a date.
    answer = "The board met on 30 April 2024. Invoices are paid within 60 days."
    assert not relevant(question, answer, passage)


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        (
            "Chi è il direttore del museo?",
            "Alla segreteria, scrivendo a info@museo.example.",
            False,
        ),
        ("Who is the head of procurement?", "To the purchasing desk, by email.", False),
        ("A chi devo inviare la domanda?", "Alla segreteria della domanda di iscrizione.", True),
        ("Chi è il direttore del museo?", "La dottoressa Anna Ferri.", True),
    ],
)
def test_a_copular_who_question_is_not_answered_by_a_dative(
    question: str, answer: str, expected: bool
) -> None:
    assert relevant(question, answer) is expected


def test_the_unit_a_question_counts_in_is_not_its_subject() -> None:
    # An unanswerable question ("quanti mesi di ...") and another case's fact in months.
    question = "Quanti mesi di aspettativa non retribuita si possono chiedere?"
    answer = "The standard lease runs for 36 months from the date both parties sign it."
    assert not relevant(question, answer, refusal=True)


def test_a_sentence_states_its_own_subject_a_fragment_does_not() -> None:
    passage = "Il guasto va segnalato all'ufficio tecnico entro 48 ore."
    question = "Il forno si è rotto: a chi lo segnalo e entro quando?"
    assert relevant(question, "Entro 48 ore.", passage)
    assert not relevant(question, "It will be refunded with the March 2026 invoice.", passage)


def test_how_long_is_not_answered_by_how_often() -> None:
    passage = "Wait at least 10 minutes after switching off before opening the casing."
    question = "How long should I wait before opening the casing?"
    assert relevant(question, "At least 10 minutes.", passage)
    assert not relevant(question, "Every 250 hours of operation.", passage)
    assert relevant("How often is the filter changed?", "Every 250 hours of operation.")


def test_a_clarification_must_ask_what_the_question_leaves_open() -> None:
    named = "Is the canteen open on Saturdays at the Verona site?"
    assert not relevant(named, "Quale sede? Verona chiude alle 15, Padova alle 14.")
    open_choice = "Is the canteen open on Saturdays?"
    assert relevant(
        open_choice, "Which site do you mean? The Verona canteen and the Padova one differ."
    )


def test_the_wh_phrase_head_says_what_is_asked() -> None:
    assert answer_kind("Each time we service the pump, which seal codes do we order?") == (
        "description"
    )
    assert answer_kind("Qual è il dividendo proposto per azione?") == "quantity"
    assert answer_kind("What is the dividend per share?") == "quantity"


def test_italian_clock_times_answer_when_and_a_day_the_question_names_does_not() -> None:
    question = "Che orari ha lo sportello il sabato?"
    assert relevant(question, "Dalle 9 alle 12.")
    assert not relevant(question, "Il sabato lo sportello apre all'orario previsto per il sabato.")


def test_a_place_or_person_answer_that_only_points_at_where_it_is_set_is_evasive() -> None:
    assert not relevant("Dove si ritira il pacco?", "Nel punto di ritiro previsto dal servizio.")
    assert relevant("Dove si ritira il pacco?", "Al punto di ritiro di via Dante 4, a Como.")
    assert relevant("Chi approva le ferie?", "Il responsabile di reparto.")


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        ("Qual è il valore di «Peso a vuoto» indicato nella scheda?", "15 °C", False),
        ("Qual è il valore di «Peso a vuoto» indicato nella scheda?", "1.850 kg", True),
        ("What is the figure given for the boiler's pressure?", "40 kWh", False),
        ("What is the figure given for the boiler's pressure?", "6 bar", True),
    ],
)
def test_a_generic_head_leaves_the_measure_to_the_words_it_governs(
    question: str, answer: str, expected: bool
) -> None:
    # "il valore di «Peso»" measures nothing itself: the weight it names says kg, not °C.
    assert relevant(question, answer) is expected


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        # The day and year of a date are no amount, and its month is no person.
        ("How many days ahead must I book?", "EUR 968.0 million at 31 December 2025.", False),
        ("Who is the safety officer?", "EUR 968.0 million at 31 December 2025.", False),
        # How much of something that is not time is not answered by how long.
        ("Quanta acqua ha prelevato lo stabilimento nel 2025?", "Almeno 15 giorni prima.", False),
        ("Quanta acqua ha prelevato lo stabilimento nel 2025?", "182.000 m³.", True),
        ("Quanto dura la garanzia?", "24 mesi dalla consegna.", True),
        ("How much notice must I give?", "Two weeks.", True),
    ],
)
def test_an_amount_is_not_a_date_nor_a_duration_unless_time_is_asked(
    question: str, answer: str, expected: bool
) -> None:
    assert relevant(question, answer) is expected
