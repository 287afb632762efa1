"""The offline writer: real questions from declarative sentences and table rows, no model.

A short fact gets a short answer taken verbatim from its sentence (the value with its unit,
a person's name, a date); otherwise the answer is the sentence (line wraps collapsed). The
sentence is always the passage. The question is then written in the scenario's style.
"""

from __future__ import annotations

import re

from builder.generate.corpus import Corpus
from builder.generate.draft import Draft, Quote, Rejected
from builder.generate.facts import Fact
from builder.generate.phrasing import (
    about_question,
    clarification_answer,
    flatten,
    refusal_answer,
    states_value,
    value_question,
    what_question,
)
from builder.generate.plan import Scenario
from builder.generate.styles import restyle
from ragoro.text import find_dates


def fact_question(fact: Fact, corpus: Corpus) -> str | None:
    """The question a fact answers, in its language; None when none reads naturally."""
    vocab = corpus.vocab[fact.doc]
    title = corpus.titles[fact.doc]
    if fact.kind == "row":
        return value_question(fact.label, title, vocab, fact.lang)
    if fact.clause is None:
        return None
    question = what_question(fact.clause, vocab, fact.lang)
    if question is None:
        question = about_question(fact.clause.subject, title, vocab, fact.lang)
    return question


def _quote(fact: Fact) -> Quote:
    return Quote(fact.text, fact.doc, fact.start)


_TITLED_NAME_RE = re.compile(
    r"^(?:(?:il|lo|la|l'|the)\s*)?((?:[A-Z][a-z]{1,3}\.(?:ssa)?\s+)?[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)+)$"
)
_MAX_DATE_PREDICATE_WORDS = 6


def short_answer(fact: Fact) -> str | None:
    """The value + unit, the name or the date a short fact states, verbatim; None otherwise."""
    if fact.quantity is not None and (fact.kind == "row" or _states_value(fact)):
        return fact.quantity.raw
    clause = fact.clause
    if clause is None:
        return None
    predicate = clause.predicate.strip().rstrip(".")
    named = _TITLED_NAME_RE.match(predicate)
    if named is not None:
        return named.group(1)
    dates = find_dates(predicate)
    if len(dates) == 1 and len(predicate.split()) <= _MAX_DATE_PREDICATE_WORDS:
        return predicate[dates[0].start : dates[0].end]
    return None


def _states_value(fact: Fact) -> bool:
    return fact.clause is not None and states_value(fact.clause)


def _answer(fact: Fact) -> str:
    short = short_answer(fact)
    if short is not None:
        return short
    if fact.kind == "row" and fact.quantity is not None:
        return f"{fact.label}: {fact.quantity.raw}."
    return flatten(fact.text)


def _single(scenario: Scenario, corpus: Corpus, *, numeric: bool) -> Draft:
    if not scenario.facts:
        raise Rejected("no_question", "the chunk has no sentence a question can be written from")
    fact = scenario.facts[0]
    question = fact_question(fact, corpus)
    if question is None:
        raise Rejected("no_question", f"no question reads naturally from {fact.flat[:80]!r}")
    value = unit = None
    if numeric:
        quantity = fact.quantity
        if quantity is None or quantity.written_unit is None:
            raise Rejected("no_quantity", "the sentence holds no number with a unit")
        value = quantity.in_unit(quantity.written_unit)
        unit = quantity.written_unit
    question, style = restyle(question, scenario.style, fact.lang, fact.flat, scenario.id)
    return Draft(question, _answer(fact), (_quote(fact),), value, unit, style=style)


def _composite(scenario: Scenario) -> Draft:
    bridge = scenario.bridge
    if bridge is None:
        raise Rejected("no_bridge", "no fact of another document is keyed by this chunk's names")
    first, second = bridge.first, bridge.second
    return Draft(bridge.question, _answer(second), (_quote(first), _quote(second)))


def _clarification(scenario: Scenario) -> Draft:
    conflict = scenario.conflict
    if conflict is None:
        raise Rejected("no_conflict", "no value conflicts with another document")
    facts = (conflict.first, conflict.second)
    answer = clarification_answer([(f.text, f.doc) for f in facts], scenario.lang)
    return Draft(conflict.question, answer, tuple(_quote(f) for f in facts))


def write_offline(scenario: Scenario, corpus: Corpus) -> Draft:
    """A draft for any case type, deterministic for a given scenario."""
    if scenario.case_type == "refusal":
        topic = scenario.topic
        if topic is None:
            raise Rejected("no_topic", "no unanswered topic left for this language")
        return Draft(topic.question, refusal_answer(topic.topic, scenario.lang))
    if scenario.case_type == "clarification":
        return _clarification(scenario)
    if scenario.case_type == "composite":
        return _composite(scenario)
    return _single(scenario, corpus, numeric=scenario.case_type == "numeric")
