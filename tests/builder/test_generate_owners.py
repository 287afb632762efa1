"""Bridges through the thing that owns a value (`builder.generate.owners`): document A
places a named thing or names a role's holder, document B states another fact about the
thing, and the question describes the thing by A's words only. An address joins an Italian
document with an English one."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from builder.generate.bridge import find_bridges
from builder.generate.facts import Fact
from builder.generate.phrasing import split_clause
from ragoro.text import Lang


def _fact(doc: str, sentence: str, lang: Lang) -> Fact:
    clause = split_clause(sentence, lang)
    label = clause.subject if clause else ""
    return Fact(doc, 0, len(sentence), sentence, lang, "prose", clause, label, None)


def _questions(first: tuple[str, Lang], second: tuple[str, Lang]) -> list[str]:
    facts = [_fact("a.txt", *first), _fact("b.txt", *second)]
    vocab = {f.doc: frozenset(w.lower() for w in f.text.split() if w.isalpha()) for f in facts}
    corpus: Any = SimpleNamespace(vocab=vocab)
    return [b.question for b in find_bridges(corpus, facts)]


@pytest.mark.parametrize(
    ("first", "second", "question"),
    [
        (  # Italian place -> English fact: the address is the same in both languages
            ("La sede di Verona si trova in Via Mazzini 7, 37121 Verona.", "it"),
            ("Water use at the Verona office in 2024 was 900 m3.", "en"),
            "What was water use at the office located at Via Mazzini 7 in 2024?",
        ),
        (  # English place -> Italian fact
            ("The Leeds plant is located at 14 Canal Street, Leeds.", "en"),
            ("Il responsabile dello stabilimento di Leeds è il Sig. John Hart.", "it"),
            "Chi è il responsabile dello stabilimento che si trova in 14 Canal Street?",
        ),
    ],
)
def test_an_address_bridges_two_languages(
    first: tuple[str, Lang], second: tuple[str, Lang], question: str
) -> None:
    assert _questions(first, second) == [question]


@pytest.mark.parametrize(
    ("first", "second", "question"),
    [
        (
            ("Il direttore del museo di Arco è la Dott.ssa Anna Berti.", "it"),
            ("Il museo di Arco si trova in Piazza Duomo 4.", "it"),
            "Dove si trova il museo il cui direttore è la Dott.ssa Anna Berti?",
        ),
        (
            ("The manager of the Hull depot is Mr. Tom Reed.", "en"),
            ("The Hull depot is located at 3 Dock Road.", "en"),
            "Where is the depot whose manager is Mr. Tom Reed located?",
        ),
    ],
)
def test_a_role_holder_describes_the_thing_in_its_own_language(
    first: tuple[str, Lang], second: tuple[str, Lang], question: str
) -> None:
    assert question in _questions(first, second)


@pytest.mark.parametrize(
    ("first", "second"),
    [
        (  # a role is in A's words: no bridge into a document of the other language
            ("Il direttore del museo di Arco è la Dott.ssa Anna Berti.", "it"),
            ("The Arco museum is located at 4 Duomo Square.", "en"),
        ),
        (  # B names another thing called Verona (the city, not the warehouse)
            ("La sede di Verona si trova in Via Mazzini 7.", "it"),
            ("The population of Verona is 258,000 people.", "en"),
        ),
        (
            ("The Leeds plant is located at 14 Canal Street.", "en"),
            ("Il comune di Leeds è il più grande della contea.", "it"),
        ),
    ],
)
def test_no_bridge_without_a_description_in_bs_language_or_the_same_thing(
    first: tuple[str, Lang], second: tuple[str, Lang]
) -> None:
    assert _questions(first, second) == []


def test_a_chunk_that_answers_a_bridge_and_states_a_conflict_asks_the_bridge() -> None:
    """The English sentence that answers the address bridge also states a value another
    document contradicts. The conflict is asked from its Italian chunk too, the bridge only
    from this one: the composite takes the chunk and the clarification survives."""
    from builder.generate.config import DEFAULT_MIX
    from builder.generate.plan import Planner
    from tests.builder.generate_support import demo_candidates, demo_corpus

    corpus, cands = demo_corpus(), demo_candidates(True)
    shared = set(cands.bridges) & set(cands.conflicts)
    assert shared, "the demo corpus has a chunk with both a bridge and a conflict"
    scenarios = Planner(corpus, cands, 42, offline=True).plan(len(corpus.chunks), DEFAULT_MIX)
    by_chunk = {s.chunk.id: s for s in scenarios}
    assert all(by_chunk[c].case_type == "composite" for c in shared)
    langs = {s.lang for s in scenarios if s.case_type == "composite"}
    assert langs == {"it", "en"}
    assert any(s.case_type == "clarification" for s in scenarios)


@pytest.mark.parametrize("sample", [5, 19])
def test_a_small_sample_still_holds_a_composite_and_a_clarification(sample: int) -> None:
    """One chunk holds one item: the chunk that could take either does not count for both
    when the planner makes sure every wanted type has a chunk."""
    from builder.generate.config import DEFAULT_MIX
    from builder.generate.plan import Planner
    from tests.builder.generate_support import demo_candidates, demo_corpus

    corpus, cands = demo_corpus(), demo_candidates(True)
    scenarios = Planner(corpus, cands, 42, offline=True).plan(sample, DEFAULT_MIX)
    types = {s.case_type for s in scenarios}
    assert {"composite", "clarification"} <= types
