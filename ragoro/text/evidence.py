"""Analyse a text once (tokens, quantities, dates, entities, clauses) and compare two analyses.

This is the shared core of "is this statement backed by that text": the lexical judge
checks answers against contexts and references with it, and an extractive agent can rank
sentences with it.
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from functools import cached_property, lru_cache

from ragoro.text.dates import DateMention, find_dates
from ragoro.text.entities import entity_tokens, word_forms
from ragoro.text.lang import Lang, content_tokens, normalize, stem
from ragoro.text.negation import has_negation
from ragoro.text.numbers import (
    Quantity,
    extract_quantities,
    quantities_match,
    same_number,
    within_step,
)
from ragoro.text.sentences import split_clauses, split_sentences

_CITATION_RE = re.compile(
    r"\[[^\]\n]{0,80}\]"
    r"|\((?:fonte|fonti|source|sources|rif\.?|cfr\.?|vedi|see|doc\.?|pag\.?|p\.|page)"
    r"[^)\n]{0,120}\)"
    r"|[\w./-]+\.(?:pdf|docx?|txt|md|pptx?|xlsx?)\b",
    re.IGNORECASE,
)


def strip_citations(text: str) -> str:
    """Blank out citation markers and file names ([1], (fonte: x.pdf, p. 3), bilancio_2025.pdf).

    Offsets are kept: each marker becomes spaces of the same length.
    """
    return _CITATION_RE.sub(lambda m: " " * len(m.group(0)), text)


@dataclass(frozen=True)
class Clause:
    """One clause: its stemmed content tokens and whether it is negated."""

    text: str
    tokens: frozenset[str]
    negated: bool


@dataclass(frozen=True)
class Analysis:
    """Everything the lexical checks need to know about one text, computed once."""

    text: str
    lang: Lang
    tokens: tuple[str, ...]
    """Distinct stemmed content tokens, numbers, units and dates left out, in order."""
    quantities: tuple[Quantity, ...]
    """Quantities outside dates; a claim's dates are checked as dates."""
    all_quantities: tuple[Quantity, ...]
    """Every quantity, including years and days inside dates (to look numbers up in)."""
    dates: tuple[str, ...]
    entities: frozenset[str]
    words: frozenset[str]
    clauses: tuple[Clause, ...]

    @cached_property
    def token_set(self) -> frozenset[str]:
        """The content tokens as a set (made once: a window is compared with every claim,
        and the same set object keeps its hash for the lookups keyed by it)."""
        return frozenset(self.tokens)


# Verbs that only link a subject to a value ("ammontano a", "amounts to", "holds"): a
# paraphrase swaps them freely, so they are not content to look for.
_LINKING_WORDS = """
ammontare ammonta ammontano ammontava pari risulta risultano corrisponde corrispondono
attesta attestano equivale equivalgono contiene contengono raggiunge raggiungono
amount amounts amounted equal equals totals totalled totaled stood stands contains
contain hold holds held reaches reached
"""
_LINKING_STEMS = frozenset(stem(w, lang) for w in _LINKING_WORDS.split() for lang in ("it", "en"))
# Quantities and dates are replaced by this character before tokenising, so their unit
# words do not count as content; a non-space keeps sentence and table detection intact.
_MASK = "\u00a7"


def _content(text: str, lang: Lang) -> list[str]:
    return [t for t in content_tokens(text, lang, numbers=False) if t not in _LINKING_STEMS]


def analyse(text: str, lang: Lang) -> Analysis:
    """Analyse text in the given language (detect it once upstream and pass it everywhere)."""
    clean = normalize(text)
    quantities, dates, plain = _masked(clean, lang)
    outside_dates = tuple(
        q for q in quantities if not any(d.start <= q.start < d.end for d in dates)
    )
    return Analysis(
        text=text,
        lang=lang,
        tokens=_tokens(plain, lang),
        quantities=outside_dates,
        all_quantities=tuple(quantities),
        dates=tuple(d.iso for d in dates),
        entities=frozenset(entity_tokens(plain)),
        words=frozenset(word_forms(clean, lang)),
        clauses=_clauses(clean, plain, lang),
    )


def analyse_tokens(text: str, lang: Lang) -> tuple[str, ...]:
    """`analyse(text, lang).tokens`, without the rest of the analysis."""
    return _tokens(_masked(normalize(text), lang)[2], lang)


def analyse_clauses(text: str, lang: Lang) -> tuple[Clause, ...]:
    """`analyse(text, lang).clauses`, without the rest of the analysis."""
    clean = normalize(text)
    return _clauses(clean, _masked(clean, lang)[2], lang)


def _masked(clean: str, lang: Lang) -> tuple[list[Quantity], list[DateMention], str]:
    """The quantities and dates of a normalised text, and the text with both masked."""
    quantities = extract_quantities(clean, lang)
    dates = find_dates(clean)
    masked = list(clean)
    for start, end in [(q.start, q.end) for q in quantities] + [(d.start, d.end) for d in dates]:
        masked[start:end] = _MASK * (end - start)
    return quantities, dates, "".join(masked)


def _tokens(plain: str, lang: Lang) -> tuple[str, ...]:
    return tuple(dict.fromkeys(_content(plain, lang)))


def _clauses(clean: str, plain: str, lang: Lang) -> tuple[Clause, ...]:
    clauses = []
    for sentence in split_sentences(plain):
        for c in split_clauses(sentence.text):
            start = sentence.start + c.start
            shown = clean[start : start + len(c.text)]
            clauses.append(Clause(shown, frozenset(_content(c.text, lang)), has_negation(shown)))
    return tuple(clauses)


# Bounded like `lexicon.with_translations`: one entry per token pool, most of them per case.
@lru_cache(maxsize=4096)
def _by_prefix(pool: frozenset[str]) -> Mapping[str, Sequence[str]]:
    """Pool tokens of 5+ letters grouped by their first 5 (frozensets cache their hash).
    The groups are the lists they were gathered in (turning each into a tuple cost twice
    the grouping); every reader only looks them up and iterates them."""
    groups: dict[str, list[str]] = {}
    for other in pool:
        if len(other) >= 5:
            groups.setdefault(other[:5], []).append(other)
    return groups


def prefix_groups(pool: frozenset[str]) -> Mapping[str, Sequence[str]]:
    """Pool tokens of 5+ letters grouped by their first 5, made once per pool (bounded
    memo): a token that shares 5+ leading letters with a pool token is in one group."""
    return _by_prefix(pool)


def soft_in(token: str, pool: frozenset[str]) -> bool:
    """Token in pool, or sharing a long prefix with a pool token (sostituzione ~ sostituito)."""
    if token in pool:
        return True
    if len(token) < 5:
        return False
    # Every accepted match shares at least 5 leading letters, so only that group is scanned.
    for other in _by_prefix(pool).get(token[:5], ()):
        need = max(5, int(0.75 * min(len(token), len(other)) + 0.999))
        if token[:need] == other[:need]:
            return True
    return False


def soft_match(token: str, other: str) -> bool:
    """Do two tokens of 5+ letters share a long prefix (the first 3/4 of the shorter, and
    at least 5 letters)? `soft_in` is this against any pool token, or equality (it keeps
    the test inline: it is the judge's most called function)."""
    need = max(5, int(0.75 * min(len(token), len(other)) + 0.999))
    return token[:need] == other[:need]


def token_recall(tokens: Iterable[str], pool: frozenset[str]) -> tuple[float, list[str]]:
    """Share of tokens found in pool (soft) and the missing ones; 1.0 for no tokens."""
    items = list(tokens)
    # `t in pool` first: most tokens are found as they are, without a call.
    missing = [t for t in items if t not in pool and not soft_in(t, pool)]
    # found / total, not 1 - missing / total: 1 of 5 must be exactly 0.2, not 0.19999...
    return ((len(items) - len(missing)) / len(items) if items else 1.0), missing


@dataclass(frozen=True)
class QuantityMatch:
    """Result of looking one quantity up in another text."""

    found: bool
    conflict: Quantity | None = None
    """Same digits with another unit or scale ("28,5 l" looked up where "28,5 kg" is)."""


# The two results without a conflict, made once: a claim's every number is looked up in
# every window it is compared with, and a frozen dataclass costs a call to build.
_FOUND = QuantityMatch(True)
_NOT_FOUND = QuantityMatch(False)


def match_quantity(q: Quantity, pool: Sequence[Quantity]) -> QuantityMatch:
    """Is q stated in pool? A bare number on either side matches on its digits alone."""
    conflict = None
    for other in pool:
        if q.unit == other.unit:
            if quantities_match(q, other):
                return _FOUND
            if same_number(q, other) and q.written_unit != other.written_unit:
                conflict = conflict or other
        elif q.unit is None or other.unit is None:
            # q read in other's unit: quantities_match(replace(q, unit=other.unit), other),
            # without building that copy (the rounding step does not depend on the unit,
            # and is worked out only when the digits differ).
            if same_number(q, other) or within_step(
                q.value, other.value, max(q.rounding_step(), other.rounding_step())
            ):
                return _FOUND
        elif same_number(q, other) and {q.unit, other.unit} in _SCALE_UNSAID:
            # "8 degrees" where the source says "8 °C": the scale is left unsaid, not changed.
            return _FOUND
        elif same_number(q, other):
            conflict = conflict or other
    return _NOT_FOUND if conflict is None else QuantityMatch(False, conflict)


_SCALE_UNSAID = ({"deg", "°C"}, {"deg", "°F"})
"""Bare "degrees"/"gradi" beside a temperature scale: the same reading of a thermometer."""


def date_in(iso: str, dates: Sequence[str]) -> bool:
    """A date is backed by the same date, or by a more precise one (2026-06 by 2026-06-12)."""
    return any(other.startswith(iso) for other in dates)


def negation_flip(claim: Sequence[Clause], source: Sequence[Clause], min_overlap: float) -> str:
    """The first claim clause whose best-matching source clause has the opposite polarity.

    Returns "" when none flips. Clauses that match no source clause well enough (less than
    min_overlap of their tokens) are not compared: there is nothing to flip.
    """
    for clause in claim:
        if not clause.tokens:
            continue
        scored = [(token_recall(clause.tokens, s.tokens)[0], s) for s in source if s.tokens]
        if not scored:
            continue
        best = max(score for score, _ in scored)
        if best < min_overlap:
            continue
        tied = [s for score, s in scored if score == best]
        if all(s.negated != clause.negated for s in tied):
            return f"'{clause.text}' vs '{tied[0].text}'"
    return ""
