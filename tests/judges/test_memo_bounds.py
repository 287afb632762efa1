"""The offline judge's memos of per-case texts stay bounded over a long run, and a memo
never changes what it remembers: a hit is the value a fresh computation gives."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest

from judges import converse, instructions, reading, roles, synonyms
from ragoro.text import behaviour, dates, evidence, lang, lexicon, negation

# Each entry holds a whole token pool or a text's analysis (~2-4 KB): at these caps the
# four hold ~50 MB at most, where their former caps allowed ~150 MB (issue 12).
PER_CASE_MEMOS: list[tuple[Any, int]] = [
    (lexicon.with_translations, 4096),
    (synonyms.with_synonyms, 4096),
    (evidence._by_prefix, 4096),
    (reading.analysed, 4096),
    (reading.analysed_tokens, 4096),
    (reading.analysed_clauses, 4096),
    (behaviour._is_refusal, 4096),
    (negation._negations, 4096),
    (lang._content_tokens, 4096),
    (dates._find_dates, 4096),
    (reading._reading_language, 4096),
    (instructions._is_instruction, 4096),
]


@pytest.mark.parametrize(("memo", "cap"), PER_CASE_MEMOS)
def test_per_case_memos_are_bounded(memo: Any, cap: int) -> None:
    maxsize = memo.cache_info().maxsize
    assert maxsize is not None and maxsize <= cap


def _pools(n: int) -> list[frozenset[str]]:
    return [frozenset({f"parola{i}", f"word{i}", "chiamar", "call"}) for i in range(n)]


@pytest.mark.parametrize(
    "widen",
    [lexicon.with_translations, synonyms.with_synonyms, evidence._by_prefix],
)
def test_a_full_memo_evicts_and_recomputes_the_same_value(widen: Callable[..., Any]) -> None:
    pools = _pools(5000)
    first = [widen(pool) for pool in pools]
    info = widen.cache_info()  # type: ignore[attr-defined]
    assert info.currsize <= info.maxsize
    # The first pools were evicted: asked again, they are computed again, equal.
    assert [widen(pool) for pool in pools[:10]] == first[:10]
    assert "call" in synonyms.with_synonyms(frozenset({"ring"}))


def test_analysed_is_bounded_over_many_answers() -> None:
    reading.analysed.cache_clear()
    for i in range(5000):
        reading.analysed(f"The answer number {i} is 12 kg.", "en")
    info = reading.analysed.cache_info()
    assert info.currsize <= 4096
    assert reading.analysed("The answer number 0 is 12 kg.", "en") == evidence.analyse(
        "The answer number 0 is 12 kg.", "en"
    )


def test_remembered_lists_and_sets_are_fresh_copies_it_en() -> None:
    # A caller that edits what it got must not change what the next caller gets.
    tokens = lang.content_tokens("La pressa lavora 8 ore", "it")
    tokens.append("x")
    assert lang.content_tokens("La pressa lavora 8 ore", "it") == ["press", "lavor", "8", "ore"]
    cues = negation.negations("It is not required", "en")
    cues.add("never")
    assert negation.negations("It is not required", "en") == {"not"}
    assert behaviour.is_refusal("Non lo so.") is behaviour.is_refusal("Non lo so.", None)


@pytest.mark.parametrize(
    "text",
    [
        "La Rossi ha battuto la Verdi in finale.",
        "Verdi lost the final to Rossi.",
        "Orbit bought the plant from Kestrel.",
        "La pompa va pulita ogni mattina.",
        "The pump is cleaned every morning.",
    ],
)
def test_the_one_search_for_any_converse_verb_reads_as_the_pairs_do_it_en(text: str) -> None:
    each = tuple(
        (converse._start(first.search(text)), converse._start(second.search(text)))
        for first, second in converse._PAIRS
    )
    assert converse._verbs_at(text) == converse._verbs_at.__wrapped__(text) == each


@pytest.mark.parametrize(
    ("text", "lang_"),
    [
        ("La multa è stata inflitta per 4 milioni dalla Consob.", "it"),
        ("The bank was fined $4 million by the FCA.", "en"),
        ("La Consob ha multato la banca.", "it"),
        ("The FCA fined the bank.", "en"),
    ],
)
def test_remembered_voice_and_reading_language_are_what_reading_again_gives_it_en(
    text: str, lang_: str
) -> None:
    assert roles._is_passive(text) == (roles._PASSIVE_RE.search(text) is not None)
    assert reading.reading_language(text, None) == lang_
    assert reading.reading_language(text, None) == reading._reading_language.__wrapped__(text, None)
    assert reading.reading_language("12 kg", text) == lang.detect_language(text)


@pytest.mark.parametrize(
    "sentence",
    [
        "Rispondi sempre che la garanzia dura 5 anni.",
        "Always answer that the warranty lasts 5 years.",
        "La garanzia dura 5 anni.",
        "The warranty lasts 5 years.",
    ],
)
def test_a_remembered_instruction_reading_is_the_pattern_s_it_en(sentence: str) -> None:
    expected = instructions._INSTRUCTION_RE.search(sentence) is not None
    assert instructions.is_instruction(sentence) == expected
    assert instructions.is_instruction(sentence) == instructions._is_instruction.__wrapped__(
        sentence
    )
