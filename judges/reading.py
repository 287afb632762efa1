"""How the offline checks read a text: in which language, prepared, and analysed once."""

from __future__ import annotations

from functools import lru_cache

from ragoro.text.evidence import Analysis, analyse, strip_citations
from ragoro.text.lang import Lang, detect_language
from ragoro.text.numwords import spell_numbers

__all__ = ["analysed", "prepare", "reading_language"]

_SHORT_ANSWER_WORDS = 4


def reading_language(answer: str, question: str | None) -> Lang:
    """The language to read an answer in: its own, or for a short one ("12.400 kg.") its
    question's, since a few words do not tell a language (and "12.400" is 12400 in
    Italian but 12.4 in English)."""
    if question and question.strip() and len(answer.split()) <= _SHORT_ANSWER_WORDS:
        return detect_language(question)
    return detect_language(answer)


@lru_cache(maxsize=8192)
def analysed(text: str, lang: Lang) -> Analysis:
    """`analyse`, remembered: the judges read the same sentence for several metrics and
    several windows of a case. Bounded: an answer's analysis (~4 KB) is reused within its
    case only, so a long run would otherwise keep every case's (~4 per case) to the end."""
    return analyse(text, lang)


@lru_cache(maxsize=16384)
def prepare(text: str) -> str:
    """The text as the checks read it: citation markers blanked, numbers in words as digits."""
    return spell_numbers(strip_citations(text))
