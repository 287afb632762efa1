"""`detect_language` is remembered per text: a hit is what detecting again gives (IT and
EN), and the memo stays bounded over a long run of distinct texts."""

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
