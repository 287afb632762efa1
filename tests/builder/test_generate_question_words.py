"""Question words the offline writer needed on a corpus it was not written for (three
documents in other domains): how many, where a thing goes, what it counts as, a clock-time
deadline, a value among several, complements that need the sentence before; IT and EN."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from builder.generate.facts import Fact
from builder.generate.grammar import grammar_problem
from builder.generate.offline import enumerated_qualifier, fact_question
from builder.generate.phrasing import split_clause
from builder.generate.typed import typed_question
from ragoro.text import Lang, extract_quantities


def _prose_fact(sentence: str, lang: Lang) -> Fact:
    clause = split_clause(sentence, lang)
    assert clause is not None, sentence
    found = [q for q in extract_quantities(sentence, lang) if q.unit is not None]
    quantity = found[0] if found else None
    return Fact(
        "d.txt", 0, len(sentence), sentence, lang, "prose", clause, clause.subject, quantity
    )


def _typed(sentence: str, lang: Lang) -> tuple[str, str] | None:
    """The typed question and answer written for `sentence`, its own words as the vocabulary."""
    clause = split_clause(sentence, lang)
    assert clause is not None
    vocab = frozenset(w.lower() for w in sentence.split() if w.isalpha())
    typed = typed_question(clause, vocab, lang)
    return None if typed is None else (typed.question, typed.answer)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Qual è l'obiettivo di raccolta fissato dal Piano per il 2025?", "it"),
        ("What is the recycling budget for 2025?", "en"),
    ],
)
def test_a_question_ending_on_a_number_does_not_dangle(question: str, lang: Lang) -> None:
    assert grammar_problem(question, lang) is None


def _corpus_of(fact: Fact) -> Any:
    words = frozenset(w.lower() for w in fact.text.split() if w.isalpha())
    return SimpleNamespace(
        vocab={fact.doc: words}, titles={fact.doc: "T"}, named_elsewhere=lambda *_: False
    )


@pytest.mark.parametrize(
    ("sentence", "lang", "question"),
    [
        (
            "L'altezza utile è di 7,5 m nella Sala Grande, di 4,2 m nella Sala Piccola.",
            "it",
            "Qual è l'altezza utile nella Sala Grande?",
        ),
        (
            "The floor load is 500 kg/m² in Hall A and 300 kg/m² in the other halls.",
            "en",
            "What is the floor load in Hall A?",
        ),
    ],
)
def test_a_value_among_several_is_asked_with_what_tells_it_apart(
    sentence: str, lang: Lang, question: str
) -> None:
    fact = _prose_fact(sentence, lang)
    assert fact_question(fact, _corpus_of(fact)) == question


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("Il peso del carico è di 10 kg e di 12 kg.", "it"),
        ("The weight of the load is 10 kg and 12 kg.", "en"),
    ],
)
def test_several_values_with_nothing_between_give_no_question(sentence: str, lang: Lang) -> None:
    fact = _prose_fact(sentence, lang)
    assert fact_question(fact, _corpus_of(fact)) is None


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("Il fatturato è di 40,5 milioni di EUR, in crescita del 6% da 38,2 milioni di EUR.", "it"),
        ("Net revenue was EUR 40.5 million, up 6% from EUR 38.2 million in 2024.", "en"),
        # A range is one answer: its two ends are not two values to tell apart.
        ("La temperatura di esercizio è compresa tra 5 °C e 40 °C.", "it"),
        ("The operating temperature is between 5 °C and 40 °C.", "en"),
    ],
)
def test_a_compared_value_is_no_enumeration(sentence: str, lang: Lang) -> None:
    fact = _prose_fact(sentence, lang)
    assert fact.clause is not None
    assert enumerated_qualifier(fact.clause.predicate, lang) is None


@pytest.mark.parametrize(
    ("sentence", "lang", "question", "answer"),
    [
        (
            "Il parcheggio interno ha 180 posti auto, di cui 8 riservati ai disabili.",
            "it",
            "Quanti posti auto ha il parcheggio interno?",
            "180 posti auto",
        ),
        (
            "Il cortile ha 4 colonnine di ricarica per veicoli elettrici.",
            "it",
            "Quante colonnine di ricarica ha il cortile?",
            "4 colonnine di ricarica",
        ),
        (
            "The Leeds depot has 40 loading bays and a cold store.",
            "en",
            "How many loading bays does the Leeds depot have?",
            "40 loading bays",
        ),
        (
            "The two depots have 12 forklifts in total.",
            "en",
            "How many forklifts do the two depots have?",
            "12 forklifts",
        ),
    ],
)
def test_a_count_that_something_has_is_asked_how_many(
    sentence: str, lang: Lang, question: str, answer: str
) -> None:
    assert _typed(sentence, lang) == (question, answer)


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("La sala ha un proiettore da 8.000 lumen.", "it"),
        ("The hall has a projector of 8,000 lumen.", "en"),
    ],
)
def test_what_something_has_without_a_count_is_not_asked_how_many(
    sentence: str, lang: Lang
) -> None:
    clause = split_clause(sentence, lang)
    assert clause is not None and typed_question(clause, frozenset(), lang) is None


@pytest.mark.parametrize(
    ("sentence", "lang", "question", "answer"),
    [
        (  # a place something goes to
            "Gli scontrini di carta termica vanno nel secco residuo.",
            "it",
            "Dove vanno gli scontrini di carta termica?",
            "nel secco residuo",
        ),
        (
            "I bidoni vanno esposti sul marciapiede davanti al numero civico dalle 20:00.",
            "it",
            "Dove vanno esposti i bidoni?",
            "sul marciapiede davanti al numero civico",
        ),
        (
            "USB storage devices are blocked on all company computers.",
            "en",
            "Where are USB storage devices blocked?",
            "on all company computers",
        ),
        (  # what something counts as
            "Una riduzione degli ospiti superiore al 25% è trattata come una cancellazione.",
            "it",
            "Come è trattata una riduzione degli ospiti superiore al 25%?",
            "come una cancellazione",
        ),
        (  # an English subject may open with the article "A"
            "A reduction of more than 25% of the guests is treated as a cancellation.",
            "en",
            "How is a reduction of more than 25% of the guests treated?",
            "as a cancellation",
        ),
        (  # a clock time takes "le"
            "Lo smontaggio deve essere completato entro le 2:00 della notte successiva.",
            "it",
            "Entro quando deve essere completato lo smontaggio?",
            "entro le 2:00 della notte successiva",
        ),
        (
            "The stand must be dismantled by 2:00 on the following night.",
            "en",
            "By when must the stand be dismantled?",
            "by 2:00 on the following night",
        ),
    ],
)
def test_a_place_a_classification_and_a_clock_deadline_get_their_question_word(
    sentence: str, lang: Lang, question: str, answer: str
) -> None:
    assert _typed(sentence, lang) == (question, answer)


def test_an_italian_subject_never_opens_with_the_preposition_a() -> None:
    assert split_clause("A partire dal 2025 il servizio è gestito da Acme.", "it") is None


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("Le simulazioni di phishing sono inviate nel corso di ogni trimestre.", "it"),
        ("Phishing simulations are sent at least four times a year.", "en"),
        ("The bins are emptied on Mondays by the council.", "en"),
        ("The report is published at the end of each quarter.", "en"),
        ("The survey is sent at the start of each year.", "en"),
        ("Il premio è calcolato sulla base dei risultati individuali.", "it"),
        ("Le ferie sono pianificate nel rispetto delle esigenze di servizio.", "it"),
    ],
)
def test_a_time_or_a_measure_after_at_or_on_is_no_place(sentence: str, lang: Lang) -> None:
    clause = split_clause(sentence, lang)
    assert clause is not None
    typed = typed_question(clause, frozenset(), lang)
    assert typed is None or not typed.question.startswith(("Dove", "Where"))


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("I terminali del magazzino sono l'unica eccezione e usano un accesso condiviso.", "it"),
        ("Shared logins on the scanners are the only exception and are limited to one app.", "en"),
    ],
)
def test_a_complement_that_needs_what_came_before_is_not_asked_what(
    sentence: str, lang: Lang
) -> None:
    from builder.generate.phrasing import what_question

    clause = split_clause(sentence, lang)
    assert clause is not None and what_question(clause, frozenset(), lang) is None
