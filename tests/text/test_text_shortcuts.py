"""Shortcuts in the shared text readers give what the plain reading gives (IT + EN)."""

from __future__ import annotations

import re

import pytest

from ragoro.text import lang, sentences
from ragoro.text.lang import detect_language, is_number_token, tokenize

_TEXTS = [
    "  La garanzia dura 24 mesi.\u00a0 Il serbatoio contiene 28,5 litri.\u2009",
    "\tThe warranty lasts 24 months.\u3000Tank: 1,702.5 l; see p. 3 \x1c",
    "\u2003 \n",
    "Il turno del lunedì (ore 14:30) è di 8 ore, ma il sabato è libero.",
    "Deliveries: Monday to Friday, 9 am, but not on holidays.",
    "٣ ساعات e 3 ore",
]


def _trimmed_by_letters(text: str, start: int, end: int) -> sentences.Span | None:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return sentences.Span(start, end, text[start:end]) if start < end else None


@pytest.mark.parametrize("text", _TEXTS)
def test_trimming_equals_the_letter_by_letter_reading(text: str) -> None:
    for start in range(len(text) + 1):
        for end in range(start, len(text) + 1):
            assert sentences._trimmed(text, start, end) == _trimmed_by_letters(text, start, end)


def _detected_by_pattern(text: str) -> str:
    tokens = [t for t in tokenize(text) if not is_number_token(t)]
    it_hits = sum(1 for t in tokens if t in lang._IT_ONLY)
    en_hits = sum(1 for t in tokens if t in lang._EN_ONLY)
    if it_hits == en_hits == 0:
        words = [t for t in tokens if len(t) > 2]
        if words and sum(1 for t in words if re.search("[aeiouàèéìòù]$", t)) / len(words) >= 0.8:
            return "it"
        return "en"
    return "it" if it_hits > en_hits else "en"


@pytest.mark.parametrize("text", [*_TEXTS, "28,5", "Totale 1.702", "Report 2025"])
def test_language_is_detected_as_with_the_number_pattern(text: str) -> None:
    assert detect_language(text) == _detected_by_pattern(text)


def test_translations_are_added_as_word_by_word() -> None:
    from ragoro.text import lexicon

    words = [w for c in lexicon.CONCEPTS for w in (*c.it, *c.en)][:400]
    pools = [
        frozenset(lang.stem(w, code) for w in words[i : i + 25]) | {"xyz", "garanzia", "warranty"}
        for i in range(0, len(words), 25)
        for code in ("it", "en")
    ]
    for pool in [*pools, frozenset(), frozenset({"xyz"})]:
        expected = set(pool)
        for word_stem in pool:
            expected |= lexicon.translations(word_stem)
        assert lexicon.with_translations.__wrapped__(pool) == frozenset(expected)
