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
    COPULAS,
    EN_VERBS,
    IT_VERBS,
    Clause,
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
from builder.generate.typed import typed_question
from ragoro.text import Lang, extract_quantities, find_dates


def fact_question(fact: Fact, corpus: Corpus) -> str | None:
    """The question a fact answers, in its language; None when none reads naturally.

    The question word fits the answer (what / who / where / how often / by when); the
    document is named only when another document names the same thing."""
    vocab = corpus.vocab[fact.doc]
    label = fact.label if fact.kind == "row" else fact.clause.subject if fact.clause else ""
    needed = corpus.named_elsewhere(label, fact.doc, fact.lang) if label else True
    title = corpus.titles[fact.doc] if needed else None
    if fact.kind == "row":
        return value_question(fact.label, title, vocab, fact.lang)
    if fact.clause is None:
        return None
    clause = fact.clause
    qualifier = enumerated_qualifier(clause.predicate, fact.lang) if states_value(clause) else None
    if qualifier == "":
        return None  # several values and nothing telling them apart: no one answer
    if qualifier:
        clause = Clause(f"{clause.subject} {qualifier}", clause.verb, clause.predicate, clause.lead)
    question = what_question(clause, vocab, fact.lang)
    if question is None:
        typed = typed_question(fact.clause, vocab, fact.lang)
        question = typed.question if typed is not None else None
    if question is None:
        question = about_question(fact.clause.subject, title, vocab, fact.lang)
    return question


# What separates one value's qualifier from the next value: ", di", " e di", " and".
_NEXT_VALUE_RE = re.compile(
    r"^(?P<qualifier>.*?)\s*(?:,\s*(?:(?:e|ed|and)\s+)?|\s+(?:e|ed|and)\s+)"
    r"(?:(?:di|del|della|pari a|of|at)\s+)?$"
)


# What opens a range, whose two ends are one value ("tra 5 °C e 40 °C", "between 5 and 40").
_RANGE_OPENERS = frozenset(["tra", "fra", "between"])


def enumerated_qualifier(predicate: str, lang: Lang) -> str | None:
    """What tells the first of several values of one unit apart ("nella Sala A" of "è di
    7,5 m nella Sala A, di 4,2 m nella Sala B"), "" when nothing does, None when the
    predicate states one value (or a second one of another kind: "up 6% from EUR 9 million",
    or the other end of a range: "between 5 °C and 40 °C").

    "Qual è l'altezza utile?" has three answers in that sentence; "Qual è l'altezza utile
    nella Sala A?" has one."""
    found = [q for q in extract_quantities(predicate, lang) if q.unit is not None]
    if len(found) < 2 or found[0].unit != found[1].unit:
        return None
    opener = predicate[: found[0].start].split()[-1:]
    if opener and opener[0].lower() in _RANGE_OPENERS:
        return None  # "tra 5 °C e 40 °C": the two ends of one range, one answer
    between = predicate[found[0].end : found[1].start]
    match = _NEXT_VALUE_RE.match(between)
    if match is None:
        return None
    # A unit's tail the extractor left ("/m² in Hall A") belongs to the value, not to it.
    qualifier = (
        re.sub(r"^\S+", "", match.group("qualifier"))
        if between[:1] not in " ,"
        else match.group("qualifier")
    )
    return qualifier.strip()


def _quote(fact: Fact) -> Quote:
    return Quote(fact.text, fact.doc, fact.start)


_TITLED_NAME_RE = re.compile(
    r"^(?:(?:il|lo|la|l'|the)\s*)?((?:[A-Z][a-z]{1,3}\.(?:ssa)?\s+)*[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)+)$"
)
_MAX_DATE_PREDICATE_WORDS = 6
_MEASURE_LEAD_RE = re.compile(r"^(?:(?:di|del|pari a|approximately|about|around|equal to)\s+)")
_NUMBER_RE = re.compile(r"^[-+]?\d[\d.,]*%?$")
_MEASURE_STOPS = frozenset(
    [
        "da",
        "dal",
        "dalla",
        "dai",
        "per",
        "con",
        "in",
        "entro",
        "rispetto",
        "a",
        "al",
        "alla",
        "e",
        "o",
        "che",
        "from",
        "for",
        "with",
        "in",
        "within",
        "to",
        "at",
        "on",
        "and",
        "or",
        "which",
        "than",
        "compared",
    ]
)
_MAX_MEASURE_WORDS = 4
_COMPLEMENT_END: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(rf",\s|\s(?:che|il quale|la quale|cui)\s|\s(?:e|ed)(?=\s(?:{IT_VERBS})\s)"),
    "en": re.compile(rf",\s|\s(?:which|who|that)\s|\sand(?=\s(?:{EN_VERBS})\s)"),
}


def _measure(predicate: str) -> str | None:
    """The number and its unit words that open a predicate ("4 business hours" of "4
    business hours from the opening of the ticket", "2,1" of "di 2,1"), or None."""
    words = _MEASURE_LEAD_RE.sub("", predicate).split()
    if not words or _NUMBER_RE.match(words[0].rstrip(",;")) is None:
        return None
    kept = [words[0].rstrip(",;")]
    if words[0][-1] not in ",;":
        for word in words[1:]:
            bare = word.rstrip(",;")
            if len(kept) == sum(1 for w in kept if _NUMBER_RE.match(w)) and bare.isdigit():
                kept.append(bare)  # digit groups of one number: "0464 555 0101"
                if bare != word:
                    break
                continue
            if (
                bare.lower() in _MEASURE_STOPS
                or not bare.isalpha()
                or len(kept) >= _MAX_MEASURE_WORDS
            ):
                break
            kept.append(bare)
            if bare != word:
                break
    return " ".join(kept)


def short_answer(fact: Fact, corpus: Corpus | None = None) -> str | None:
    """The value + unit, the name, the date, the place, interval or deadline a short fact
    states, verbatim; for a what-question the copula's complement; None otherwise."""
    if fact.quantity is not None and (fact.kind == "row" or _states_value(fact)):
        return fact.quantity.raw
    clause = fact.clause
    if clause is None:
        return None
    predicate = clause.predicate.strip().rstrip(".")
    named = _TITLED_NAME_RE.match(predicate.split(",")[0].strip())
    if named is not None and clause.verb in COPULAS:
        return named.group(1)
    if _states_value(fact):
        return _measure(predicate)
    dates = find_dates(predicate)
    if len(dates) == 1 and len(predicate.split()) <= _MAX_DATE_PREDICATE_WORDS:
        return predicate[dates[0].start : dates[0].end]
    vocab = corpus.vocab[fact.doc] if corpus is not None else frozenset()
    if what_question(clause, vocab, fact.lang) is not None:
        complement = complement_of(predicate, fact.lang)
        return complement[0].upper() + complement[1:]
    typed = typed_question(clause, vocab, fact.lang)
    return typed.answer if typed is not None else None


def complement_of(predicate: str, lang: Lang) -> str:
    """The noun phrase a copula's predicate opens with, without what is added after a
    comma, a relative clause or a second coordinated verb: "un rifiuto pericoloso" of "un
    rifiuto pericoloso e deve essere smaltito ...", "a touch screen" of "a touch screen
    which shows ..."."""
    cut = _COMPLEMENT_END[lang].search(predicate)
    kept = predicate[: cut.start()] if cut else predicate
    return kept.strip() if len(kept.split()) >= 2 else predicate


def _states_value(fact: Fact) -> bool:
    return fact.clause is not None and states_value(fact.clause)


def _answer(fact: Fact, corpus: Corpus | None = None) -> str:
    short = short_answer(fact, corpus)
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
    return Draft(question, _answer(fact, corpus), (_quote(fact),), value, unit, style=style)


def _composite(scenario: Scenario, corpus: Corpus) -> Draft:
    bridge = scenario.bridge
    if bridge is None:
        raise Rejected("no_bridge", "no fact of another document is keyed by this chunk's names")
    first, second = bridge.first, bridge.second
    return Draft(bridge.question, _answer(second, corpus), (_quote(first), _quote(second)))


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
        return _composite(scenario, corpus)
    return _single(scenario, corpus, numeric=scenario.case_type == "numeric")
