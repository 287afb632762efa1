"""What each chunk can become: its facts, a bridge into another document, a value that
conflicts with another document, and refusal questions derived from the corpus (a sibling's
attribute the corpus does not state).
"""

from __future__ import annotations

import itertools
import re
from collections.abc import Iterable
from dataclasses import dataclass, field

import numpy as np

from builder.generate.absent_topics import neighbour_topics
from builder.generate.bridge import Bridge, find_bridges
from builder.generate.corpus import Corpus
from builder.generate.facts import Fact, chunk_facts
from builder.generate.phrasing import Clause, what_question
from builder.generate.refusals import RefusalTopic, derive_topics
from ragoro.text import Lang, concepts, quantities_match
from vectordb import Chunk

_NEIGHBOUR_K = 40
_MAX_ENUMERATED_NAMES = 6
_IT_ENTITY_RE = re.compile(r"\s+(?:di|a|in|del|della|dello)\s+([A-Z][\w-]*)")
_EN_ENTITY_RE = re.compile(r"\s+(?:(?:in|of|at)\s+)?([A-Z][\w-]*)")


@dataclass(frozen=True)
class Conflict:
    """The same metric with different values in two documents."""

    first: Fact
    second: Fact
    question: str
    """The ambiguous question, in the first fact's language, without the distinguishing entity."""


def strip_entities(subject: str, other: str, lang: Lang) -> str:
    """Drop the capitalised names (with their preposition in Italian) that tell this
    subject apart from `other`: "il consumo ... dello stabilimento di Verona" -> "... stabilimento"."""
    pattern = _IT_ENTITY_RE if lang == "it" else _EN_ENTITY_RE
    other_low = other.lower()
    out = subject
    for match in reversed(list(pattern.finditer(subject))):
        if match.start() == 0 or match.group(1).lower() in other_low:
            continue
        if lang == "en" and match.group(0).strip() != match.group(1) and match.end() < len(subject):
            # "for XR-100 customers": only a trailing "in Leeds" loses its preposition.
            out = out[: match.start(1)] + out[match.end(1) :]
            continue
        out = out[: match.start()] + out[match.end() :]
    return " ".join(out.split())


def _conflict(a: Fact, b: Fact, vocab: frozenset[str]) -> Conflict | None:
    if a.clause is None or b.clause is None or a.quantity is None or b.quantity is None:
        return None
    if a.quantity.unit != b.quantity.unit or quantities_match(a.quantity, b.quantity):
        return None
    subject_a = strip_entities(a.clause.subject, b.clause.subject, a.lang)
    subject_b = strip_entities(b.clause.subject, a.clause.subject, b.lang)
    if subject_a == a.clause.subject and subject_b == b.clause.subject:
        return None
    shared = concepts(subject_a)
    if len(shared) < 2 or shared != concepts(subject_b):
        return None
    clause = Clause(subject_a, a.clause.verb, a.clause.predicate, a.clause.lead)
    question = what_question(clause, vocab, a.lang)
    return Conflict(a, b, question) if question else None


@dataclass
class Candidates:
    """Per-chunk options the planner chooses from."""

    facts: dict[str, list[Fact]]
    conflicts: dict[str, list[Conflict]]
    neighbours: dict[str, Chunk]
    """The nearest chunk of another document (the model writer's composite partner)."""
    topics: dict[Lang, list[RefusalTopic]]
    bridges: dict[str, list[Bridge]] = field(default_factory=dict)
    """Bridges keyed by the id of the chunk holding their second (answering) fact."""


def _entity_names(subject: str, lang: Lang) -> list[str]:
    """The names `strip_entities` may drop from a subject (lowercase, distinct, in order)."""
    pattern = _IT_ENTITY_RE if lang == "it" else _EN_ENTITY_RE
    names = [m.group(1).lower() for m in pattern.finditer(subject) if m.start() > 0]
    return list(dict.fromkeys(names))


def _concept_keys(fact: Fact) -> frozenset[frozenset[str]] | None:
    """Every concept set the fact's subject can have once `strip_entities` has read it
    against some other subject (None: too many names to enumerate, compare it with all).

    `strip_entities` keeps exactly the names the other subject contains, so the stripped
    subject is one of these variants; a conflict needs both stripped subjects to name the
    same two or more concepts, so facts sharing no key cannot conflict."""
    assert fact.clause is not None
    subject = fact.clause.subject
    names = _entity_names(subject, fact.lang)
    if len(names) > _MAX_ENUMERATED_NAMES:
        return None
    keys = set()
    for kept in itertools.product((False, True), repeat=len(names)):
        other = " ".join(name for name, keep in zip(names, kept, strict=True) if keep)
        found = concepts(strip_entities(subject, other, fact.lang))
        if len(found) >= 2:
            keys.add(found)
    return frozenset(keys)


def find_conflicts(corpus: Corpus, facts: dict[str, list[Fact]]) -> dict[str, list[Conflict]]:
    """Conflicting values keyed by the chunk id holding the first fact.

    Facts are bucketed by unit and concept set first, so only facts that could conflict
    are compared: the work grows with the corpus and the conflicts found, not with the
    square of the facts. The result is the same as comparing every pair, in the same order.
    """
    by_chunk: dict[str, list[Conflict]] = {}
    flat = [
        (chunk_id, fact)
        for chunk_id, found in facts.items()
        for fact in found
        if fact.quantity is not None and fact.clause is not None
    ]
    buckets: dict[tuple[str | None, frozenset[str]], list[int]] = {}
    keys: list[frozenset[frozenset[str]] | None] = []
    unbounded: list[int] = []
    for number, (_, fact) in enumerate(flat):
        assert fact.quantity is not None
        found_keys = _concept_keys(fact)
        keys.append(found_keys)
        if found_keys is None:
            unbounded.append(number)
            continue
        for key in found_keys:
            buckets.setdefault((fact.quantity.unit, key), []).append(number)
    for number, (chunk_id, a) in enumerate(flat):
        assert a.quantity is not None
        own = keys[number]
        if own is None:
            others: Iterable[int] = range(len(flat))
        else:
            shared = {j for key in own for j in buckets.get((a.quantity.unit, key), ())}
            others = sorted(shared.union(unbounded))
        for other in others:
            b = flat[other][1]
            if a.doc == b.doc:
                continue
            conflict = _conflict(a, b, corpus.vocab[a.doc])
            if conflict is not None:
                by_chunk.setdefault(chunk_id, []).append(conflict)
    return by_chunk


def _stored_rows(corpus: Corpus, chunks: list[Chunk]) -> list[int]:
    """For each chunk, the index chunk overlapping it most (its stored vector stands in
    for the chunk's own: embedding every chunk again would cost seconds)."""
    rows = []
    for chunk in chunks:
        best, best_overlap = 0, -1
        for row, stored in enumerate(corpus.index.chunks):
            if stored.document_path != chunk.document_path:
                continue
            overlap = min(stored.end_char, chunk.end_char) - max(
                stored.start_char, chunk.start_char
            )
            if overlap > best_overlap:
                best, best_overlap = row, overlap
        rows.append(best)
    return rows


def find_neighbours(
    corpus: Corpus, chunks: list[Chunk], *, same_language: bool
) -> dict[str, Chunk]:
    """For each chunk, the nearest index chunk of another document (same language when
    asked, because the offline writer cannot translate)."""
    if not chunks:
        return {}
    vectors = corpus.index.chunk_vectors()[_stored_rows(corpus, chunks)]
    hits = corpus.index.search_vectors(np.ascontiguousarray(vectors), _NEIGHBOUR_K)
    out: dict[str, Chunk] = {}
    for chunk, found in zip(chunks, hits, strict=True):
        for hit in found:
            other = hit.chunk
            if other.document_path == chunk.document_path:
                continue
            if same_language and corpus.lang_of(other) != corpus.lang_of(chunk):
                continue
            out[chunk.id] = other
            break
    return out


def bridges_by_chunk(corpus: Corpus, facts: dict[str, list[Fact]]) -> dict[str, list[Bridge]]:
    """Bridges between documents, keyed by the chunk holding the answering fact."""
    # Only the corpus's own chunks: the neighbours' facts come from index chunks that
    # overlap them and would steal the ownership.
    owner = {(f.doc, f.start): c.id for c in corpus.chunks for f in facts.get(c.id, [])}
    flat = [f for chunk in corpus.chunks for f in facts.get(chunk.id, [])]
    out: dict[str, list[Bridge]] = {}
    for bridge in find_bridges(corpus, flat):
        chunk_id = owner[(bridge.second.doc, bridge.second.start)]
        out.setdefault(chunk_id, []).append(bridge)
    return out


def _merge_topics(
    *found: dict[Lang, list[RefusalTopic]],
) -> dict[Lang, list[RefusalTopic]]:
    """Every variant's refusals per language, questions unique."""
    out: dict[Lang, list[RefusalTopic]] = {"it": [], "en": []}
    for topics in found:
        for lang, listed in topics.items():
            seen = {t.question for t in out[lang]}
            out[lang].extend(t for t in listed if t.question not in seen)
    return out


def gather(corpus: Corpus, *, offline: bool, k: int) -> Candidates:
    """Everything the planner needs to know about every chunk of the corpus."""
    facts = {chunk.id: chunk_facts(corpus, chunk) for chunk in corpus.chunks}
    conflicts = find_conflicts(corpus, facts)
    neighbours = find_neighbours(corpus, corpus.chunks, same_language=offline)
    for neighbour in neighbours.values():
        facts.setdefault(neighbour.id, chunk_facts(corpus, neighbour))
    ordered = [f for chunk in corpus.chunks for f in facts.get(chunk.id, [])]
    return Candidates(
        facts=facts,
        conflicts=conflicts,
        neighbours=neighbours,
        topics=_merge_topics(derive_topics(corpus, ordered), neighbour_topics(corpus, ordered, k)),
        bridges=bridges_by_chunk(corpus, facts),
    )
