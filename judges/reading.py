"""How the offline checks read a text: in which language, prepared, and analysed once."""

from __future__ import annotations

import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache

from ragoro.text.dates import spell_month_bounds
from ragoro.text.evidence import (
    Analysis,
    Clause,
    analyse,
    analyse_clauses,
    analyse_tokens,
    strip_citations,
)
from ragoro.text.frequency import spell_frequencies
from ragoro.text.lang import Lang, detect_language
from ragoro.text.numwords import spell_numbers

__all__ = [
    "TextSource",
    "analysed",
    "analysed_clauses",
    "analysed_tokens",
    "prepare",
    "reading_language",
    "remember",
    "stored_source",
]

_SHORT_ANSWER_WORDS = 4


# An e-mail address or a web address is no word of the text's language: the ".it" of
# "hr@azienda.it" would count as the English "it".
_ADDRESS_RE = re.compile(r"\S+@\S+|\bhttps?://\S+|\bwww\.\S+", re.IGNORECASE)


def reading_language(answer: str, question: str | None) -> Lang:
    """The language to read an answer in: its own, or for a short one ("12.400 kg.") its
    question's, since a few words do not tell a language (and "12.400" is 12400 in
    Italian but 12.4 in English). Addresses are not read as words."""
    return _reading_language(answer, question)


# Asked of the same answer and question by several metrics of a case (3,445 calls for
# ~900 cases judging the hand-written set), and the address pattern reads every run of
# non-spaces. Pure; bounded: most answers are per case.
@lru_cache(maxsize=4096)
def _reading_language(answer: str, question: str | None) -> Lang:
    if question and question.strip() and len(answer.split()) <= _SHORT_ANSWER_WORDS:
        return detect_language(question)
    return detect_language(_ADDRESS_RE.sub(" ", answer))


@dataclass(frozen=True)
class TextSource:
    """One source text's share of a `judges.support.Source`: its windows analysed."""

    windows: tuple[Analysis, ...]
    tokens: frozenset[str]
    lang: Lang
    names: tuple[frozenset[str], ...]


# Analyses read from the store beside an index (`judges.analysis_store`), keyed by exactly
# what computing them takes: a hit is the value the computation would return.
_STORED_ANALYSES: dict[tuple[str, Lang], Analysis] = {}
_STORED_SOURCES: dict[tuple[str, Lang | None], TextSource] = {}


def remember(
    analyses: Iterable[Analysis], sources: Iterable[tuple[str, Lang | None, TextSource]]
) -> None:
    """Make stored analyses (and source texts read window by window) known to `analysed`
    and `stored_source`, so this process does not compute them again."""
    for analysis in analyses:
        _STORED_ANALYSES[(analysis.text, analysis.lang)] = analysis
    for text, lang, source in sources:
        _STORED_SOURCES[(text, lang)] = source


def stored_source(text: str, lang: Lang | None) -> TextSource | None:
    """The stored reading of one source text, if the store beside the index has it."""
    return _STORED_SOURCES.get((text, lang))


@lru_cache(maxsize=4096)
def analysed(text: str, lang: Lang) -> Analysis:
    """`analyse`, remembered: the judges read the same sentence for several metrics and
    several windows of a case (and a stored analysis is not computed at all). Bounded: an
    answer's analysis (~4 KB) is reused within its case only, so a long run would otherwise
    keep every case's (~4 per case) to the end."""
    stored = _STORED_ANALYSES.get((text, lang))
    return stored if stored is not None else analyse(text, lang)


# Several checks read only a text's tokens or clauses (a clause's words for who-is-what, a
# conjunct's polarity): those are read without the names, word forms and the rest of a
# full analysis, and equal that analysis's. Bounded like `analysed`.
@lru_cache(maxsize=4096)
def analysed_tokens(text: str, lang: Lang) -> tuple[str, ...]:
    """`analysed(text, lang).tokens`, reading only the tokens."""
    stored = _STORED_ANALYSES.get((text, lang))
    return stored.tokens if stored is not None else analyse_tokens(text, lang)


@lru_cache(maxsize=4096)
def analysed_clauses(text: str, lang: Lang) -> tuple[Clause, ...]:
    """`analysed(text, lang).clauses`, reading only the clauses."""
    stored = _STORED_ANALYSES.get((text, lang))
    return stored.clauses if stored is not None else analyse_clauses(text, lang)


@lru_cache(maxsize=16384)
def prepare(text: str) -> str:
    """The text as the checks read it: citation markers blanked, numbers in words as digits,
    frequencies as "every <unit>", a month's first or last day as its number."""
    return spell_month_bounds(spell_frequencies(spell_numbers(strip_citations(text))))
