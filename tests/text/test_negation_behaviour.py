"""Negation cues, refusals and clarification requests in Italian and English."""

import pytest

from ragoro.text.behaviour import is_clarification_request, is_refusal
from ragoro.text.negation import has_negation, negations


def test_italian_negation_cues() -> None:
    assert negations("Il casco non è mai obbligatorio, né in cantiere né senza guanti", "it") == {
        "non",
        "mai",
        "né",
    }
    assert not has_negation("Il casco è obbligatorio.", "it")
    # A privative preposition negates its noun phrase, not the clause.
    assert not has_negation("Le foto sono ammesse senza flash.", "it")


def test_english_negation_cues_including_contractions() -> None:
    assert negations("It isn't required and you cannot skip it; never without gloves", "en") == {
        "n't",
        "cannot",
        "never",
    }
    assert not has_negation("Photography is allowed without flash.", "en")
    assert has_negation("A helmet is not required.")
    assert not has_negation("A helmet is required.")


def test_phrases_that_only_look_negative() -> None:
    assert not has_negation("Non solo il casco ma anche i guanti.", "it")
    assert not has_negation("Not only helmets but also gloves.", "en")
    assert not has_negation("See No. 5 in the table.", "en")


@pytest.mark.parametrize(
    "answer",
    [
        "Non lo so.",
        "Non è presente nei documenti.",
        "Non dispongo di informazioni sufficienti per rispondere.",
        "Mi dispiace, i documenti forniti non specificano la capacità del serbatoio.",
        "Purtroppo non ho trovato questa informazione. Ti consiglio di contattare l'assistenza.",
        "I don't know.",
        "This is not in the documents.",
        "I cannot find this information in the provided context.",
        "Sorry, the documents do not mention the tank capacity.",
        "There is no information about it.",
    ],
)
def test_refusals_are_recognised(answer: str) -> None:
    assert is_refusal(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Il serbatoio ha una capacità di 28,5 litri.",
        "Il filtro antiparticolato non è presente sul modello base.",
        "No, il casco non è obbligatorio.",
        "Il manuale non indica la data, ma la capacità è 28,5 litri.",
        "I don't know the exact date. The tank holds 28.5 litres.",
        "The tank holds 28.5 litres.",
        "",
    ],
)
def test_answers_and_partial_answers_are_not_refusals(answer: str) -> None:
    assert not is_refusal(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Intendi lo stabilimento di Brescia o quello di Torino?",
        "Quale stabilimento?",
        "Potresti specificare il modello?",
        "Do you mean the 2024 or the 2025 report?",
        "Could you specify which plant you are asking about?",
        "There are two tanks. Which one do you mean?",
    ],
)
def test_clarification_requests_are_recognised(answer: str) -> None:
    assert is_clarification_request(answer)


@pytest.mark.parametrize(
    "answer",
    [
        "Il serbatoio ha una capacità di 28,5 litri.",
        "The plant is in Brescia.",
        "Non lo so.",
        "Why? Because the pump is worn.",
    ],
)
def test_statements_are_not_clarification_requests(answer: str) -> None:
    assert not is_clarification_request(answer)


def test_a_refusal_with_its_reason_after_a_colon_is_a_refusal_but_a_fact_is_not() -> None:
    from ragoro.text import is_refusal

    assert is_refusal("Non lo so: i documenti indicano la sede, ma non la quota di iscrizione.")
    assert not is_refusal("I don't know: the list price is EUR 250,000.")


def test_a_half_after_the_unit_is_part_of_the_number() -> None:
    from ragoro.text.numwords import spell_numbers

    assert spell_numbers("Quarantadue chilometri e mezzo.", "it") == "42.5 chilometri."
    assert spell_numbers("Three and a half hours.", "en") == "3.5 hours."


@pytest.mark.parametrize(
    ("text", "negated"),
    [
        ("Bookings last never more than 2 hours.", False),
        ("Le prenotazioni durano mai più di 2 ore.", False),
        ("Bookings never last 2 hours.", True),
        ("Le prenotazioni non durano mai 2 ore.", True),
    ],
)
def test_never_more_than_bounds_a_quantity(text: str, negated: bool) -> None:
    """ "Never more than" / "mai più di" caps a number and asserts it, like "no more than"."""
    assert has_negation(text) is negated
