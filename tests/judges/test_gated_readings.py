"""The comparison reader runs its pattern only on a text holding a marker word (IT + EN)."""

from __future__ import annotations

import re

import pytest

from judges import ordering


def test_every_comparison_marker_holds_a_marker_word() -> None:
    for pattern, _, _ in ordering._MARKERS:
        for alternative in pattern.split("(?=")[0].split("|"):
            word = re.match(r"[^\W\d_]+", alternative)
            assert word is not None
            assert any(needed in word.group(0) for needed in ordering._MARKER_WORDS), alternative


_RELATION_TEXTS = [
    "Il forno A è più leggero del forno B.",
    "Oven A is heavier than oven B.",
    "Compilare il modulo prima del viaggio, non dopo.",
    "Fill it in before the trip; pay after it.",
    "La garanzia dura 24 mesi.",
    "The warranty lasts 24 months.",
    "The cost is LOWER than in İstanbul.",
]


@pytest.mark.parametrize("text", _RELATION_TEXTS)
def test_relations_read_the_same_gated_and_ungated_it_en(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    for code in ("it", "en"):
        gated = ordering.relations(text, code)
        ordering.relations.cache_clear()
        with monkeypatch.context() as patched:
            patched.setattr(ordering, "lacks", lambda _text, _needs: False)
            assert gated == ordering.relations(text, code)
        ordering.relations.cache_clear()
