"""The offline writer: real questions from declarative sentences and table rows, no model.

Answers are the source sentences themselves (line wraps collapsed) or "label: value" for a
table row, so every answer is supported verbatim by its passage.
"""

from __future__ import annotations

from builder.generate.corpus import Corpus
from builder.generate.draft import Draft, Quote, Rejected
from builder.generate.facts import Fact
from builder.generate.phrasing import (
    about_question,
    clarification_answer,
    flatten,
    join_questions,
    refusal_answer,
    value_question,
    what_question,
)
from builder.generate.plan import Scenario


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


def _answer(fact: Fact) -> str:
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
    return Draft(question, _answer(fact), (_quote(fact),), value, unit)


def _composite(scenario: Scenario, corpus: Corpus) -> Draft:
    if len(scenario.facts) < 2:
        raise Rejected("no_question", "the related chunk has no usable sentence")
    first, second = scenario.facts[0], scenario.facts[1]
    q1, q2 = fact_question(first, corpus), fact_question(second, corpus)
    if q1 is None or q2 is None:
        raise Rejected("no_question", "one of the two sentences gives no question")
    question = join_questions(q1, q2, scenario.lang)
    answer = f"{_answer(first)} {_answer(second)}"
    return Draft(question, answer, (_quote(first), _quote(second)))


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
        lang = scenario.lang
        return Draft(topic.question[lang], refusal_answer(topic.topic[lang], lang))
    if scenario.case_type == "clarification":
        return _clarification(scenario)
    if scenario.case_type == "composite":
        return _composite(scenario, corpus)
    return _single(scenario, corpus, numeric=scenario.case_type == "numeric")
