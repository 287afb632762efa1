"""Sentence candidates of the extractive agent: how one sentence is scored for a question,
and which candidate chunks need their sentences scored at all.

A sentence's support is the IDF-weighted share of the question's terms it contains (3/4)
and its chunk contains (1/4); its rank adds what the question asks for (a number of the
wanted kind) and a little vector similarity. A chunk is selected by its best sentence's rank
plus a little more similarity (`selection_key`).
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass

from evaluator.agents.conditions import asked_values, meets_condition
from evaluator.agents.glossary import agent_translations
from evaluator.agents.lexicon import QueryTerm
from evaluator.agents.polarity import negates
from evaluator.agents.quantities import (
    asks_quantity,
    asks_span,
    counted_noun,
    counts,
    pick_quantity,
    wanted_kinds,
)
from evaluator.agents.rows import column_value, counted_column, other_period
from evaluator.agents.support import CorpusStats, Sentence, missing_terms, term_in
from evaluator.agents.term_matches import Coverage
from ragoro.text import Lang, Quantity, stem

__all__ = [
    "COMPLEMENT_SUPPORT",
    "Candidate",
    "QueryFacts",
    "counted_stems",
    "gives",
    "query_facts",
    "score_rows",
    "selection_key",
]

COMPLEMENT_SUPPORT = 0.6
"""A second sentence, or a second reading that makes the agent ask which one is meant, must
stand on its own support: the bar for the best sentence alone is lower."""

_RANK_COSINE = 0.05
_SELECT_COSINE = 0.1
_NUMERIC_BONUS = 0.25
"""The most a sentence's rank gains for stating a number of the wanted kind."""
_CONDITION_BONUS = 0.1
"""What a sentence's rank gains when the question's value meets its threshold, or loses
when it fails it (`conditions`)."""
_NEGATION_BONUS = 0.05
"""What a negating sentence's rank gains for a question that negates (`polarity`)."""


@dataclass(frozen=True)
class Candidate:
    """One sentence of a candidate chunk with its support for the question."""

    sentence: Sentence
    row: int
    support: float
    """Weighted share of question terms in the sentence (3/4) and its chunk (1/4)."""
    rank: float
    """Support adjusted for what the question asks (a number) and vector similarity."""
    quantity: Quantity | None


@dataclass(frozen=True)
class QueryFacts:
    """What one question asks for, computed once and shared by every candidate sentence."""

    terms: list[QueryTerm]
    weights: dict[QueryTerm, float]
    numbers: frozenset[str]
    stems: frozenset[str]
    numeric: bool
    wanted: frozenset[str]
    counted: frozenset[str] = frozenset()
    """Stems of what a "how many X" question counts (empty for other questions)."""
    span: bool = False
    """A how-long question: only a duration (or length) answers it."""
    asked: tuple[Quantity, ...] = ()
    """The values with a unit the question states (`conditions.asked_values`)."""
    negated: bool = False
    """The question negates a clause ("if a part is not in stock"): `polarity`."""


def query_facts(
    question: str, lang: Lang, terms: list[QueryTerm], stats: CorpusStats
) -> QueryFacts:
    """What a question asks for, read once: its terms and their weights, whether it asks a
    quantity and of which kind, what a "how many" counts, a span, and the values it states."""
    numeric = asks_quantity(question, lang)
    wanted = wanted_kinds(question, lang)
    return QueryFacts(
        terms=terms,
        weights={t: stats.weight(t) for t in terms},
        numbers=frozenset(t.word for t in terms if t.is_number),
        stems=frozenset(form for t in terms for form in (t.stem, *t.translations)),
        numeric=numeric,
        wanted=wanted,
        counted=counted_stems(question, lang) if numeric and not wanted else frozenset(),
        span=numeric and not wanted and asks_span(question),
        asked=asked_values(question, lang),
        negated=negates(question, lang),
    )


def gives(candidate: Candidate, wanted: frozenset[str], counted: frozenset[str]) -> bool:
    """Does the sentence state a quantity, of the wanted kind when the question names one,
    counting what a "how many X" question counts (a force in tons is no number of presses)?"""
    quantity = candidate.quantity
    if quantity is None or (wanted and quantity.unit not in wanted):
        return False
    sentence = candidate.sentence
    return (
        not counted
        or counts(sentence.text, quantity, counted)
        or (
            bool(sentence.header)
            and counted_column(
                sentence.text, sentence.header, sentence.quantities, counted, sentence.lang
            )
            is quantity
        )
    )


def counted_stems(question: str, lang: Lang) -> frozenset[str]:
    """Stems (with translations) of what a "how many X" question counts; empty otherwise."""
    noun = counted_noun(question)
    if noun is None:
        return frozenset()
    own = stem(noun, lang)
    return frozenset({own, *agent_translations(own, lang)})


def selection_key(rank: float, cosine: float) -> float:
    """How a chunk competes for the k contexts: its best sentence's rank, then similarity."""
    return rank + _SELECT_COSINE * cosine


def score_sentence(
    sentence: Sentence,
    row: int,
    query: QueryFacts,
    chunk_support: float,
    cosine: float,
    *,
    covered: Coverage,
) -> Candidate:
    """Score one sentence of a candidate chunk (`covered`: the question's coverage of a token
    set, read by set intersection)."""
    support = 0.75 * covered(sentence.tokens) + 0.25 * chunk_support
    rank = support + _RANK_COSINE * cosine
    # A row under year columns gives the asked year's column (`rows.column_value`).
    # (Without a number in the question there is no asked year: no column to read.)
    column = (
        column_value(
            sentence.text, sentence.header, sentence.quantities, query.numbers, sentence.lang
        )
        if query.numbers and sentence.header
        else None
    )
    # A row under a header whose last column names what a "how many" question counts gives
    # that column's value (`rows.counted_column`).
    if column is None and query.counted and sentence.header:
        column = counted_column(
            sentence.text, sentence.header, sentence.quantities, query.counted, sentence.lang
        )
    quantity = column or pick_quantity(
        sentence.quantities,
        sentence.text,
        query.wanted,
        query.numbers,
        query.stems,
        counted=query.counted,
        span=query.span,
        read=sentence.readings,
    )
    if quantity is not None and sentence.header and other_period(sentence.header, query.numbers):
        quantity = None  # a row of a table for another year gives no value for the asked one
    if query.numeric:
        rank += 0.15 + (0.1 if quantity.unit in query.wanted else 0.0) if quantity else -0.3
    elif sentence.is_heading:
        rank -= 0.1
    if len(sentence.text) > 400:
        rank -= 0.05  # a whole table flattened into one "sentence" is a poor answer
    if query.negated and negates(sentence.text, sentence.lang):
        rank += _NEGATION_BONUS
    if query.asked:
        # "Superiore a 1.500 EUR" speaks to a claim of 2,000 euros; "fino a 1.500 EUR" does not.
        flat = sentence.text.replace("\n", " ").replace("\f", " ")
        met = {meets_condition(flat, q, query.asked) for q in sentence.quantities}
        if True in met:
            rank += _CONDITION_BONUS
        elif False in met:
            rank -= _CONDITION_BONUS
    return Candidate(sentence, row, support, rank, quantity)


def score_rows(
    stats: CorpusStats,
    query: QueryFacts,
    cosines: dict[int, float],
    *,
    k: int,
    support_bar: float,
) -> list[Candidate]:
    """The sentences of the candidate chunks (rows -> cosine), scored, best first; chunks
    that cannot matter are pruned unread.

    A sentence's support never exceeds its chunk's coverage, so a chunk's best possible
    selection key is bounded before any of its sentences is read. Once k chunks are scored,
    a chunk whose bound is below the k-th best key cannot be selected; if it also covers less
    than `support_bar` (the complement bar), none of its sentences can be a second sentence
    or a competing reading either, so it is skipped.
    """
    covered = Coverage(query.terms, query.weights, stats.term_matches)
    chunk_support = {row: covered(stats.chunk_tokens[row]) for row in cosines}
    bonus = _NUMERIC_BONUS if query.numeric else 0.0

    def bound(row: int) -> float:
        cosine = cosines[row]
        return chunk_support[row] + (_RANK_COSINE + _SELECT_COSINE) * cosine + bonus

    keys: list[float] = []
    candidates: list[Candidate] = []
    for row in sorted(cosines, key=lambda r: (-bound(r), r)):
        if (
            len(keys) >= k
            and chunk_support[row] < support_bar
            and bound(row) < sorted(keys, reverse=True)[k - 1]
        ):
            continue
        scored = [
            score_sentence(sentence, row, query, chunk_support[row], cosines[row], covered=covered)
            for sentence in stats.sentences_in(stats.chunks[row])
            # A question the document asks answers nothing; its words still count in its
            # chunk's support.
            if not sentence.is_question
        ]
        if scored:
            keys.append(selection_key(max(c.rank for c in scored), cosines[row]))
            candidates.extend(scored)
    return sorted(candidates, key=lambda c: (-c.rank, c.row, c.sentence.start))


def best_per_row(candidates: Sequence[Candidate]) -> dict[int, float]:
    """Each chunk row's best sentence rank (candidates sorted best first)."""
    best: dict[int, float] = {}
    for c in candidates:
        best.setdefault(c.row, c.rank)
    return best


def with_complement(
    best: Candidate,
    pool: list[Candidate],
    terms: list[QueryTerm],
    max_sentences: int,
    floor: float,
) -> list[Candidate]:
    """The best sentence, plus up to `max_sentences` - 1 others of the pool, each supported
    at least `floor` on its own, that cover question terms the ones before miss; in
    document order, the best sentence's document first."""
    chosen = [best]
    missing = set(missing_terms(terms, best.sentence.tokens))
    for other in pool:
        if len(chosen) >= max_sentences or not missing:
            break
        # A second sentence must stand on its own support, not just fill a gap.
        if other is best or other.support < floor:
            continue
        # It adds what it says itself: a row's header names its column, no fact of its own.
        adds = {t for t in missing if term_in(t, other.sentence.own_tokens)}
        if adds:
            chosen.append(other)
            missing -= adds
    return sorted(
        chosen,
        key=lambda c: (
            c.sentence.document_path != best.sentence.document_path,
            c.sentence.document_path,
            c.sentence.start,
        ),
    )
