"""Roles, focus and the asked subject: rules that read who did what, whose the asked role
is, and what an answer speaks of. Each pairs an answer the rule must pass with one it must
fail, in Italian and in English, with sentences written for the test, not from a corpus."""

from __future__ import annotations

import pytest

from judges.accuracy import answer_accuracy
from judges.converse import uses_converse
from judges.lexical import faithfulness
from judges.question_type import asked_units
from judges.relevancy import answer_relevancy


def faithful(answer: str, context: str, question: str | None = None) -> bool:
    return faithfulness(answer, [context], question=question).passed is True


def relevant(question: str, answer: str) -> bool:
    return answer_relevancy(question, answer).passed is True


CUP = "Harton United beat Millbrook Rovers 2-1 in the final of the county cup."
SALE = (
    "In 2022 Kestrel Logistics sold the Riverside warehouse to Orbit Foods for 3.4 million dollars."
)
REGATTA = "Nella finale del campionato il Circolo Remiero Adda ha battuto la Canottieri Lario."
CESSIONE = "Nel 2023 Alfa Imballaggi ha venduto lo stabilimento di Lodi a Beta Pack."


@pytest.mark.parametrize(
    ("answer", "context", "expected"),
    [
        ("Millbrook Rovers lost to Harton United, 2-1.", CUP, True),
        ("Harton United lost to Millbrook Rovers, 2-1.", CUP, False),
        ("Orbit Foods bought it from Kestrel Logistics.", SALE, True),
        ("Kestrel Logistics bought it from Orbit Foods.", SALE, False),
        ("La Canottieri Lario ha perso contro il Circolo Remiero Adda.", REGATTA, True),
        ("Il Circolo Remiero Adda ha perso contro la Canottieri Lario.", REGATTA, False),
        ("Beta Pack ha acquistato da Alfa Imballaggi lo stabilimento di Lodi.", CESSIONE, True),
        ("Alfa Imballaggi ha acquistato da Beta Pack lo stabilimento di Lodi.", CESSIONE, False),
    ],
)
def test_a_converse_verb_turns_the_roles_round(answer: str, context: str, expected: bool) -> None:
    assert faithful(answer, context) is expected


def test_converse_needs_one_side_in_each_text() -> None:
    assert uses_converse("A lost to B.", "B beat A.")
    assert not uses_converse("A beat B.", "A beat B.")
    # Both sides in the source: which verb the claim echoes is not decided here.
    assert not uses_converse("A lost to B.", "B beat A, who had lost to C.")


def test_a_swap_across_the_pieces_of_one_statement_stands() -> None:
    context = "In the club's chess final, Anna Brooks defeated Maria Lopez after 41 moves."
    assert faithful("Anna Brooks won; she beat Maria Lopez after 41 moves.", context)
    assert not faithful("Maria Lopez won; she beat Anna Brooks after 41 moves.", context)


PONTE = (
    "Il nuovo ponte sul fiume Serio, progettato nel 2016 dall'architetta Chiara Valli, "
    "è stato inaugurato nel 2019 dal sindaco Marco Riva."
)
REPORT = (
    "The 2021 report on river pollution, written by hydrologist Dr Helen Carter, "
    "was commissioned by the regional council."
)


@pytest.mark.parametrize(
    ("question", "answer", "context", "expected"),
    [
        ("Chi ha progettato il nuovo ponte sul Serio?", "Chiara Valli.", PONTE, True),
        ("Chi ha inaugurato il nuovo ponte sul Serio?", "Chiara Valli.", PONTE, False),
        ("Chi ha inaugurato il nuovo ponte sul Serio?", "Marco Riva.", PONTE, True),
        ("In che anno è stato inaugurato il ponte sul Serio?", "Nel 2019.", PONTE, True),
        ("In che anno è stato inaugurato il ponte sul Serio?", "Nel 2016.", PONTE, False),
        ("Who wrote the report on river pollution?", "Dr Carter.", REPORT, True),
        ("Who commissioned the report on river pollution?", "Helen Carter.", REPORT, False),
        ("Who commissioned the report on river pollution?", "The regional council.", REPORT, True),
    ],
)
def test_a_fragment_must_fill_the_role_the_question_asks(
    question: str, answer: str, context: str, expected: bool
) -> None:
    assert faithful(answer, context, question) is expected


def test_a_fragment_of_another_unit_has_no_rival_in_a_bare_number() -> None:
    context = (
        "Scheda prodotto Citadina 1.2 Hybrid. Il consumo medio dichiarato (ciclo WLTP) è di "
        "5,8 litri ogni 100 km."
    )
    question = "Quanto consuma in media l'auto secondo i dati dichiarati?"
    assert faithful("5.8 l/100 km (WLTP).", context, question)
    assert not faithful("6.1 l/100 km (WLTP).", context, question)


@pytest.mark.parametrize(
    ("question", "units"),
    [
        ("Quanto dura il corso di primo soccorso?", {"h", "m"}),
        ("How much does the parcel weigh?", {"kg"}),
        ("Quanto pesano i bagagli a mano?", {"kg"}),
        ("Quanto costa far riparare lo schermo?", {"EUR", "USD", "GBP", "CHF"}),
    ],
)
def test_a_verb_of_measuring_names_the_asked_measure(question: str, units: set[str]) -> None:
    assert asked_units(question) == units


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        ("Quanto dura il corso di primo soccorso?", "Il corso dura 12 ore.", True),
        ("Quanto dura il corso di primo soccorso?", "Il corso costa 80 euro.", False),
        ("How much does the parcel weigh?", "It weighs 3 kg.", True),
        ("How much does the parcel weigh?", "It costs 30 euros to send.", False),
        ("Quanto costa l'abbonamento mensile alla palestra?", "L'abbonamento costa 45.", True),
        ("Quanto costa l'abbonamento mensile alla palestra?", "È aperta dalle 7 alle 22.", False),
    ],
)
def test_a_measure_question_wants_that_measure(question: str, answer: str, expected: bool) -> None:
    assert relevant(question, answer) is expected


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        (
            "What time does the last train to Leeds leave?",
            "The last train to Leeds leaves at 22:45.",
            True,
        ),
        (
            "What time does the last train to Leeds leave?",
            "The last train to York leaves at 23:10.",
            False,
        ),
        ("Quanti posti ha la sala B del centro congressi?", "La sala B ne ha 120.", True),
        ("Quanti posti ha la sala B del centro congressi?", "La sala A ha 320 posti.", False),
    ],
)
def test_an_answer_about_a_sibling_of_the_asked_thing_is_off_topic(
    question: str, answer: str, expected: bool
) -> None:
    assert relevant(question, answer) is expected


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        (
            "Who approves travel expenses over 500 euros?",
            "They must be approved by the finance director.",
            True,
        ),
        (
            "Who approves travel expenses over 500 euros?",
            "They must be approved before booking.",
            False,
        ),
        (
            "Chi approva le spese di viaggio?",
            "Devono essere approvate dal direttore finanziario.",
            True,
        ),
        (
            "Chi approva le spese di viaggio?",
            "Devono essere approvate prima della prenotazione.",
            False,
        ),
    ],
)
def test_who_is_not_answered_by_a_passive_without_its_agent(
    question: str, answer: str, expected: bool
) -> None:
    assert relevant(question, answer) is expected


@pytest.mark.parametrize(
    ("question", "answer", "reference", "expected"),
    [
        (
            "Who won the chess final?",
            "Anna Brooks won; she beat Maria Lopez.",
            "Anna Brooks.",
            True,
        ),
        (
            "Who won the chess final?",
            "Maria Lopez won; she beat Anna Brooks.",
            "Anna Brooks.",
            False,
        ),
        (
            "Who bought the warehouse?",
            "Orbit Foods, which bought it from Kestrel.",
            "Orbit Foods.",
            True,
        ),
        (
            "Who bought the warehouse?",
            "Kestrel Logistics bought it from Orbit Foods.",
            "Orbit Foods.",
            False,
        ),
        (
            "Chi ha vinto la finale?",
            "Lucia Ferri ha vinto contro Giulia Monti.",
            "Lucia Ferri.",
            True,
        ),
        (
            "Chi ha vinto la finale?",
            "Giulia Monti ha vinto contro Lucia Ferri.",
            "Lucia Ferri.",
            False,
        ),
    ],
)
def test_the_asked_role_belongs_to_the_reference_s_person(
    question: str, answer: str, reference: str, expected: bool
) -> None:
    assert answer_accuracy(answer, reference, question=question).passed is expected


@pytest.mark.parametrize(
    ("question", "answer", "expected"),
    [
        ("Chi ha progettato il nuovo ponte?", "Chiara Valli.", True),
        ("Chi ha progettato il nuovo ponte?", "Marco Riva.", False),
        ("Chi ha progettato il nuovo ponte?", "Giulia Valli.", False),
    ],
)
def test_a_bare_name_answers_who_without_the_reference_s_apposition(
    question: str, answer: str, expected: bool
) -> None:
    reference = "L'architetta Chiara Valli dello studio Arco."
    assert answer_accuracy(answer, reference, question=question).passed is expected


def test_last_year_is_no_verb_of_lasting() -> None:
    question = "How much was spent on R&D last year, and what % of sales is that?"
    assert asked_units(question) != frozenset({"h", "m"})
    assert relevant(question, "EUR 48.9 million, 2.9% of revenue.")
    assert asked_units("How many days does the offer last?") == frozenset({"h"})


def test_only_an_answer_that_is_one_bare_value_fills_the_wh_slot() -> None:
    context = (
        "Indicator 2025 2024 Change. Revenue 1,702.5 1,604.8 +6.1%. "
        "The Brescia plant, with revenue of EUR 639.1 million, employs 410 people."
    )
    question = "What was the revenue of the Brescia plant?"
    # Pasting the source: its table rows are not replies to the question.
    assert faithful(context, context, question)
    # The same row alone is the reply, and it is read against the asked role.
    ponte = PONTE + " Il costo finale è stato di 12 milioni."
    assert not faithful("Chiara Valli.", ponte, "Chi ha inaugurato il nuovo ponte sul Serio?")


def test_a_near_synonym_of_the_question_s_word_names_its_subject() -> None:
    subject = [
        "Library loans can be renewed online up to two times, unless another reader has "
        "reserved the book."
    ]
    question = "How many times can I renew a library loan online?"
    extended = "It can be extended on 2 occasions through the website, as long as nobody has put a hold on it."
    parking = "Parking permits on the campus can be bought on 2 occasions through the website."
    assert answer_relevancy(question, extended, subject=subject).passed
    assert not answer_relevancy(question, parking, subject=subject).passed
