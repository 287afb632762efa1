"""answer_relevancy: a bare quantity answer must measure the question's subject, on its
scale (judges/measure_scale.py), and across languages a number grounds an answer only in
the unit it is stated with."""

from __future__ import annotations

import pytest

from judges.relevancy import answer_relevancy


def relevant(question: str, answer: str, *subject: str, refusal: bool = False) -> bool:
    score = answer_relevancy(question, answer, expects_refusal=refusal, subject=list(subject))
    assert score.reason
    return score.value == 1.0


@pytest.mark.parametrize(
    ("question", "passage", "right", "other_scale"),
    [
        (
            "Quanto dura al massimo l'intervallo tra le due lezioni?",
            "L'intervallo tra le due lezioni dura da 10 a 20 minuti.",
            "Al massimo 20 minuti.",
            "12 mesi.",
        ),
        (
            "How long does the boarding take at most?",
            "Boarding closes 40 minutes after it opens.",
            "40 minutes.",
            "Three years.",
        ),
    ],
)
def test_a_span_on_another_scale_than_the_source_answers_another_question(
    question: str, passage: str, right: str, other_scale: str
) -> None:
    assert relevant(question, right, passage)
    assert not relevant(question, other_scale, passage)
    # One step away is still in the question's terms ("an hour" for minutes).
    assert relevant(question, "1 ora." if "Quanto" in question else "1 hour.", passage)


@pytest.mark.parametrize(
    ("question", "near", "far"),
    [
        ("Quanti giorni di permesso spettano per il trasloco?", "Una settimana.", "12 mesi."),
        ("How many hours of language lessons do trainees get?", "Two days.", "12 months."),
    ],
)
def test_the_unit_a_question_names_sets_the_scale_of_the_answer(
    question: str, near: str, far: str
) -> None:
    # An unanswerable case: no source, only the unit the question counts in.
    assert relevant(question, near, refusal=True)
    assert not relevant(question, far, refusal=True)


def test_a_restated_span_of_the_source_is_on_its_scale() -> None:
    passage = "Il contratto di prova dura 365 giorni."
    assert relevant("Quanto dura il contratto di prova?", "1 anno.", passage)
    passage = "The trial contract lasts 365 days."
    assert relevant("How long does the trial contract last?", "One year.", passage)


@pytest.mark.parametrize(
    ("question", "passage", "foreign"),
    [
        (
            "Fino a quanto si può prolungare il noleggio?",
            "Il noleggio si può prolungare fino a 18 mesi.",
            "35%.",
        ),
        (
            "What share of the members are volunteers?",
            "Volunteers make up 64% of the members.",
            "64%, da 12 a 15 milioni di EUR.",
        ),
        (
            "What grade of oil does the compressor take?",
            "Il compressore usa olio minerale di tipo HLP 32, viscosità ISO VG 32.",
            "Entro 3 giorni lavorativi.",
        ),
        (
            "Che tipo di olio usa il compressore?",
            "The compressor takes mineral oil HLP 32, viscosity ISO VG 32.",
            "Within 3 working days.",
        ),
    ],
)
def test_a_bare_measure_of_a_dimension_the_source_never_states_measures_something_else(
    question: str, passage: str, foreign: str
) -> None:
    assert not relevant(question, foreign, passage)


def test_a_source_number_whose_unit_the_reading_misses_is_the_same_measure() -> None:
    passage = "A technician will be on site within 2 business days."
    assert relevant("In quanto tempo arriva un tecnico?", "Entro 2 giorni lavorativi.", passage)
    passage = "Il rimborso è di massimo 500\nEUR."
    assert relevant("What's the biggest refund I can get?", "Up to 500 EUR.", passage)


def test_across_languages_a_number_grounds_only_in_its_own_unit() -> None:
    passage = "Ogni dipendente può lavorare da remoto per un massimo di 2 giorni per settimana."
    question = "How many days a week can I work from home?"
    swapped = "The slide guides are lubricated with lithium grease NLGI 2 every 50 hours."
    assert not relevant(question, swapped, passage)
    assert relevant(question, "At most 2 working days a week.", passage)
    passage = "Employees may work remotely for at most 2 days a week."
    question = "Quanti giorni a settimana posso lavorare da casa?"
    swapped = "Le guide vanno lubrificate con grasso NLGI 2 ogni 50 ore di esercizio."
    assert not relevant(question, swapped, passage)
    assert relevant(question, "Al massimo 2 giorni lavorativi a settimana.", passage)


@pytest.mark.parametrize(
    ("question", "passage", "answer"),
    [
        (
            "Entro quando va consegnato il modulo di iscrizione?",
            "Il modulo di iscrizione va consegnato entro 10 giorni dalla convocazione.",
            "Entro 10 mesi dalla convocazione.",
        ),
        (
            "By when must the enrolment form be handed in?",
            "The enrolment form must be handed in within 10 days of the call.",
            "Within 10 months of the call.",
        ),
    ],
)
def test_a_value_beside_the_subjects_own_words_is_a_wrong_value_not_another_question(
    question: str, passage: str, answer: str
) -> None:
    # A flipped unit next to the source's words answers the question, wrongly: accuracy
    # and faithfulness judge it, relevancy does not.
    assert relevant(question, answer, passage)


@pytest.mark.parametrize(
    ("question", "passage", "answer"),
    [
        (
            "Quando è aperta la biblioteca?",
            "La biblioteca è aperta dalle 9:00 alle 18:00.",
            "Dalle 9:00 alle 18:00; la tessera costa 5 euro.",
        ),
        (
            "When is the library open?",
            "The library is open from 9:00 to 18:00.",
            "From 9:00 to 18:00; the card costs 5 euros.",
        ),
    ],
)
def test_a_clause_of_its_own_beside_the_value_is_not_a_bare_measure(
    question: str, passage: str, answer: str
) -> None:
    assert relevant(question, answer, passage)
