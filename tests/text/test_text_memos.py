"""Pure text functions remembered per text: a hit is what computing again gives (IT and
EN), no caller can change what is remembered, and the memos stay bounded."""

from __future__ import annotations

from ragoro.text import lang


def test_a_remembered_language_is_the_detected_one_it_en() -> None:
    texts = {
        "Qual è il peso della pressa?": "it",
        "What is the weight of the press?": "en",
        "Manuale di manutenzione": "it",
        "12.400 kg": "en",
    }
    for text, expected in texts.items():
        assert lang.detect_language(text) == expected
        assert lang.detect_language(text) == lang._detect_cached.__wrapped__(text) == expected


def test_the_memo_is_bounded() -> None:
    for i in range(5000):
        lang.detect_language(f"domanda numero {i} sulla pressa")
    info = lang._detect_cached.cache_info()
    assert info.maxsize is not None and info.currsize <= info.maxsize <= 4096


def test_remembered_sentences_are_a_fresh_list_of_the_same_spans_it_en() -> None:
    from ragoro.text.sentences import _split_cached, split_sentences

    for text in ("Il filtro va pulito. La pompa no.", "The filter is cleaned. The pump is not."):
        first = split_sentences(text)
        first.clear()  # a caller changing its list changes nothing remembered
        again = split_sentences(text)
        assert again == list(_split_cached.__wrapped__(text)) and len(again) == 2
