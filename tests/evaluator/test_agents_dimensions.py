"""The asked answer's dimension against the candidate quantity's (issue 15, session d5):
a value of another dimension than the question's words ask does not answer, the next value
of the right dimension may. Invented sentences, IT and EN."""

from __future__ import annotations

import pytest

from evaluator.agents.dimensions import Asked, asked_dimension, fits
from evaluator.agents.quantities import pick_quantity
from evaluator.agents.ranking import query_facts
from evaluator.agents.support import CorpusStats
from ragoro.text import Lang
from ragoro.text.numbers import extract_quantities


def _pick(question: str, sentence: str, lang: Lang, header: str = "") -> str | None:
    """The value the sentence gives for the question when the asked dimension is read."""
    asked = asked_dimension(question, lang)
    quantities = extract_quantities(sentence, lang)
    picked = pick_quantity(
        quantities,
        sentence,
        frozenset(),
        frozenset(),
        frozenset(),
        fit=None if asked is None else lambda q: fits(asked, sentence, q, header),
    )
    return None if picked is None else " ".join(picked.raw.split())


@pytest.mark.parametrize(
    ("question", "lang", "kind"),
    [
        ("Per quanto tempo vengono conservate le copie di sicurezza?", "it", "time"),
        ("Entro quante ore va segnalato un guasto?", "it", "time"),
        ("How long are the call recordings kept?", "en", "time"),
        ("How many days does the installation take?", "en", "time"),
        ("Quanta acqua ha consumato il deposito nel 2024?", "it", "amount"),
        ("Quanto gasolio hanno bruciato i furgoni?", "it", "amount"),
        ("How much water did the depot use in 2024?", "en", "amount"),
        ("Quanto ha investito la società in nuovi impianti?", "it", "money"),
        ("How much did the company spend on advertising?", "en", "money"),
        ("How big a fine can the firm face?", "en", "money"),
        ("Quanto velocemente scende il carrello?", "it", "speed"),
        ("How fast does the carriage move?", "en", "speed"),
    ],
)
def test_the_question_words_say_the_asked_dimension(question: str, lang: Lang, kind: str) -> None:
    asked = asked_dimension(question, lang)
    assert asked is not None and asked.kind == kind


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # "How long is the X" may ask a length; "quanto pesa" names its measure by its verb;
        # "alla fine" is an end in Italian, not a penalty; "how much is" asks no noun.
        ("How long is the conveyor belt?", "en"),
        ("Quanto pesa il carrello?", "it"),
        ("Quanti giorni mancano alla fine del contratto?", "it"),
        ("How much is the annual fee?", "en"),
        ("Quanti dipendenti ha la filiale?", "it"),
    ],
)
def test_no_dimension_where_the_words_say_none_or_another(question: str, lang: Lang) -> None:
    asked = asked_dimension(question, lang)
    assert asked is None or asked.kind == "time"  # "quanti giorni" asks a span of time


@pytest.mark.parametrize(
    ("question", "sentence", "lang", "expected"),
    [
        # A length does not answer how long something is kept; a duration does.
        (
            "Per quanto tempo vengono conservate le copie?",
            "Le copie sono conservate in un sito distante almeno 50 km dalla sede.",
            "it",
            None,
        ),
        (
            "How long are the copies kept?",
            "The copies are kept at a site at least 50 km from the head office.",
            "en",
            None,
        ),
        (
            "Per quanto tempo vengono conservate le copie?",
            "Le copie sono conservate per 30 giorni in un sito distante 50 km.",
            "it",
            "30 giorni",
        ),
        # A day of a date counts no days; a bare number before a time unit word does.
        (
            "How many days off are given for a wedding?",
            "The summer closure runs from 10 to 21 August.",
            "en",
            None,
        ),
        (
            "Entro quanti giorni arriva il tecnico?",
            "Il tecnico interviene entro 2 o 3 giorni lavorativi.",
            "it",
            "2",
        ),
        (
            "Within how many days does the technician arrive?",
            "The technician is on site within 2 business days.",
            "en",
            "2",
        ),
        # "24/7" is a schedule: its 24 counts nothing.
        (
            "How long are the recordings kept?",
            "The hotline is open 24/7 for urgent calls.",
            "en",
            None,
        ),
        # An amount of a substance is measured with a unit: not a norm's number, not a share.
        (
            "Quanta acqua ha prelevato il deposito?",
            "Il deposito ha ottenuto la certificazione ISO 14001 e riusa il 29% dell'acqua.",
            "it",
            None,
        ),
        (
            "How much water did the depot draw?",
            "The depot holds ISO 14001 certification and reuses 29% of its water.",
            "en",
            None,
        ),
        (
            "How much water did the depot draw?",
            "The depot drew 4,200 m3 of water, 29% of it reused.",
            "en",
            "4,200 m3",
        ),
        # Money asked: hours are no amount of money.
        (
            "Di quanto viene maggiorata la paga per il lavoro notturno?",
            "Il lavoro notturno non può superare 150 ore per anno.",
            "it",
            None,
        ),
        (
            "Di quanto viene maggiorata la paga per il lavoro notturno?",
            "Il lavoro notturno è maggiorato del 25% sulla paga oraria.",
            "it",
            "25%",
        ),
        (
            "How much did the firm spend on advertising?",
            "The firm's emissions were 1,200 tonnes in 2024.",
            "en",
            None,
        ),
        # Speed asked: a length alone is no speed; a length per second or a time limit is.
        ("How fast does the carriage move?", "The carriage has a stroke of 400 mm.", "en", None),
        (
            "Quanto velocemente scende il carrello?",
            "Il carrello scende a 12 mm/s.",
            "it",
            "12 mm",
        ),
        (
            "How fast are spare parts shipped?",
            "Spare parts in stock are shipped within 24 hours.",
            "en",
            "24 hours",
        ),
        (
            "How fast does the carriage move?",
            "Operators attend a course of 8 hours.",
            "en",
            None,
        ),
    ],
)
def test_a_value_of_another_dimension_does_not_answer(
    question: str, sentence: str, lang: Lang, expected: str | None
) -> None:
    assert _pick(question, sentence, lang) == expected


@pytest.mark.parametrize(
    ("question", "row", "header", "lang"),
    [
        (
            "Entro quanti giorni si risponde a un reclamo?",
            "Reclami 30 60",
            "Pratica Termine (giorni)",
            "it",
        ),
        ("How many days does a complaint take?", "Complaints 30 60", "Case Deadline (days)", "en"),
    ],
)
def test_a_header_unit_lets_a_bare_row_value_answer(
    question: str, row: str, header: str, lang: Lang
) -> None:
    assert _pick(question, row, lang, header) == "30"
    assert _pick(question, row, lang) is None


@pytest.mark.parametrize(
    ("question", "sentence", "lang", "expected"),
    [
        # A penalty or a fee may be a share of an amount.
        (
            "Quanto si paga di penale per una disdetta tardiva?",
            "La penale è del 50% del canone.",
            "it",
            "50%",
        ),
        (
            "How much is the fine for a late cancellation?",
            "The fine is 50% of the fee.",
            "en",
            "50%",
        ),
        # A measure with a unit the parser does not know still answers an amount.
        ("Quanta memoria ha il server?", "Il server ha 64 GB di memoria.", "it", "64"),
        ("How much storage does each user get?", "Each user gets 20 GB of storage.", "en", "20"),
    ],
)
def test_the_twins_still_answer(question: str, sentence: str, lang: Lang, expected: str) -> None:
    assert _pick(question, sentence, lang) == expected


@pytest.mark.parametrize(
    "question",
    ["How long must a password be?", "How long should the cable be at least?"],
)
def test_how_long_with_be_may_ask_a_length(question: str) -> None:
    assert asked_dimension(question, "en") is None


def test_share_words_let_a_percentage_answer() -> None:
    asked = asked_dimension("Quanta parte dell'acqua viene riciclata?", "it")
    assert asked == Asked("amount", share=True)
    asked_en = asked_dimension("How much water, in percent, is recycled?", "en")
    assert asked_en is not None and asked_en.share


def test_a_time_span_asked_overrides_a_money_noun() -> None:
    """ "Per quanti anni … le note spese": the question word asks years, not money."""
    stats = CorpusStats([], {})
    cases: list[tuple[str, Lang]] = [
        ("Per quanti anni si conservano le note spese?", "it"),
        ("For how many years are expense receipts kept?", "en"),
    ]
    for question, lang in cases:
        facts = query_facts(question, lang, [], stats)
        assert facts.wanted == frozenset()
        assert facts.dimension == Asked("time")
