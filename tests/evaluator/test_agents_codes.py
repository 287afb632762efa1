"""A model code is the same code with or without the hyphen between its letters and its
digits: "px200" in a question names "PX-200" in a sentence (issue 15, session a5). Invented
codes, IT and EN."""

from __future__ import annotations

import pytest

from evaluator.agents.support import CorpusStats
from evaluator.agents.vocabulary import unmet_entities
from ragoro.text import Lang
from tests.evaluator.table_corpus import row_sentence, table_corpus_stats


@pytest.fixture(scope="module")
def stats(tmp_path_factory: pytest.TempPathFactory) -> CorpusStats:
    return table_corpus_stats(tmp_path_factory.mktemp("columns"))


@pytest.mark.parametrize(
    ("path", "start", "question", "lang"),
    [
        ("spese.md", "La pressa", "Dove è installata la pressa xr100?", "it"),
        ("zones.md", "The XR-100", "how often is the xr100 loader serviced", "en"),
    ],
)
def test_a_code_is_named_with_or_without_its_hyphen(
    stats: CorpusStats, path: str, start: str, question: str, lang: Lang
) -> None:
    sentence = row_sentence(stats, path, start)
    assert unmet_entities(question, [sentence], stats, lang) == []


@pytest.mark.parametrize(
    ("path", "start", "question", "lang"),
    [
        ("spese.md", "Pasto", "Dove è installata la pressa xr100?", "it"),
        ("zones.md", "North Zone", "how often is the xr100 loader serviced", "en"),
    ],
)
def test_a_sentence_without_the_code_leaves_it_unmet(
    stats: CorpusStats, path: str, start: str, question: str, lang: Lang
) -> None:
    sentence = row_sentence(stats, path, start)
    assert unmet_entities(question, [sentence], stats, lang) == ["xr100"]
