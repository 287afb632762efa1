"""find_conflicts buckets facts by unit and concept set: same conflicts as every pair compared."""

from __future__ import annotations

from pathlib import Path

import pytest

from builder.generate import candidates
from builder.generate.candidates import Conflict, find_conflicts
from builder.generate.corpus import Corpus, load_corpus
from builder.generate.facts import Fact, chunk_facts
from tests.conftest import DEMO_DOCS


def _every_pair(corpus: Corpus, facts: dict[str, list[Fact]]) -> dict[str, list[Conflict]]:
    """The comparison of every fact with every other (what find_conflicts did before)."""
    out: dict[str, list[Conflict]] = {}
    flat = [
        (chunk_id, fact)
        for chunk_id, found in facts.items()
        for fact in found
        if fact.quantity is not None and fact.clause is not None
    ]
    for chunk_id, a in flat:
        for _, b in flat:
            if a.doc != b.doc:
                conflict = candidates._conflict(a, b, corpus.vocab[a.doc])
                if conflict is not None:
                    out.setdefault(chunk_id, []).append(conflict)
    return out


def _demo(demo_index: Path) -> tuple[Corpus, dict[str, list[Fact]]]:
    corpus = load_corpus(DEMO_DOCS, demo_index, 1000, progress=False)
    return corpus, {chunk.id: chunk_facts(corpus, chunk) for chunk in corpus.chunks}


def test_bucketed_conflicts_equal_every_pair_on_the_demo_corpus(demo_index: Path) -> None:
    corpus, facts = _demo(demo_index)
    expected = _every_pair(corpus, facts)
    assert sum(len(found) for found in expected.values()) > 0, "the demo corpus has conflicts"
    assert find_conflicts(corpus, facts) == expected


def test_bucketing_compares_far_fewer_pairs(
    demo_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus, facts = _demo(demo_index)
    real = candidates._conflict
    calls = {"n": 0}

    def counted(a: Fact, b: Fact, vocab: frozenset[str]) -> Conflict | None:
        calls["n"] += 1
        return real(a, b, vocab)

    monkeypatch.setattr(candidates, "_conflict", counted)
    found = find_conflicts(corpus, facts)
    bucketed = calls["n"]
    calls["n"] = 0
    assert _every_pair(corpus, facts) == found
    assert bucketed * 4 < calls["n"], (bucketed, calls["n"])


def test_a_fact_with_too_many_names_is_still_compared_with_all(
    demo_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    corpus, facts = _demo(demo_index)
    monkeypatch.setattr(candidates, "_MAX_ENUMERATED_NAMES", 0)
    assert find_conflicts(corpus, facts) == _every_pair(corpus, facts)
