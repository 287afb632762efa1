"""The attribute bar across languages (issue 15, fourth session a).

An answer's sentences must carry some of what the question asks about besides its names;
across languages a question word is found only through a glossary translation, so the
same evidence covers fewer of the question's attribute words and the bar is lowered by the
same factor as the support bar (`support.ACROSS_LANGUAGES`). Within one language the bar
is unchanged. A real index over IT and EN text."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from vectordb import VectorIndex, build_index


def _agent(base: Path, name: str, text: str) -> ExtractiveAgent:
    docs = base / "docs"
    docs.mkdir()
    (docs / name).write_text(text, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=400, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.fixture(scope="module")
def italian(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    # One of the question's four attribute words ("rimborso") is in the sentence that
    # gives the value; each other one is in a sentence of its own, too weak to be added.
    return _agent(
        tmp_path_factory.mktemp("it"),
        "taxi.md",
        "# Viaggi\n\nIl taxi è un servizio utile.\nLa ricevuta va conservata.\n"
        "L'approvazione spetta al responsabile.\n"
        "Il rimborso massimo è di 40 euro per corsa.\n",
    )


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    return _agent(
        tmp_path_factory.mktemp("en"),
        "taxi.md",
        "# Travel\n\nA taxi is a useful service.\nThe receipt must be kept.\n"
        "The approval is given by the manager.\n"
        "The maximum refund is 40 euros per ride.\n",
    )


def test_an_english_question_over_italian_text_meets_the_lower_bar(
    italian: ExtractiveAgent,
) -> None:
    result = italian.answer(
        "How much is the refund for a taxi service with a receipt and approval?"
    )
    assert result.refused is False
    assert "40" in result.answer.split("(")[0]


def test_an_italian_question_over_english_text_meets_the_lower_bar(
    english: ExtractiveAgent,
) -> None:
    result = english.answer(
        "Quanto è il rimborso per un servizio taxi con ricevuta e approvazione?"
    )
    assert result.refused is False
    assert "40" in result.answer.split("(")[0]


def test_within_one_language_the_bar_is_unchanged(
    italian: ExtractiveAgent, english: ExtractiveAgent
) -> None:
    assert italian.answer(
        "Quanto è il rimborso per un servizio taxi con ricevuta e approvazione?"
    ).refused
    assert english.answer(
        "How much is the refund for a taxi service with a receipt and approval?"
    ).refused
