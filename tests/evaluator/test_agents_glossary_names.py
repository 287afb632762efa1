"""Well-known names the agent's glossary reads across languages: the European Union's
abbreviation is UE in Italian and EU in English (issue 15, session a5)."""

from __future__ import annotations

import pytest

from evaluator.agents.glossary import agent_translations
from ragoro.text import Lang, stem


@pytest.mark.parametrize(
    ("word", "lang", "other", "other_lang"),
    [("UE", "it", "EU", "en"), ("EU", "en", "UE", "it")],
)
def test_the_unions_abbreviation_is_translated(
    word: str, lang: Lang, other: str, other_lang: Lang
) -> None:
    assert stem(other.lower(), other_lang) in agent_translations(stem(word.lower(), lang), lang)
