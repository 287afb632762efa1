"""A sentence ending in a question mark asks and states nothing: an FAQ's question line
never answers a question, though its words still count in its chunk's support (issue 15,
fourth session a). A real index over IT and EN text."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.support import Sentence
from tests.evaluator.one_document import agent_over

DOCS = {
    "faq_it.md": (
        "# Domande frequenti\n\n"
        "Che cosa non copre la garanzia?\n"
        "Le parti soggette a usura comprendono fusibili e guarnizioni.\n"
    ),
    "faq_en.md": (
        "# Frequently asked questions\n\n"
        "What is not covered by the warranty?\n"
        "Wear parts include fuses and seals.\n"
    ),
}


def _agent(base: Path, name: str) -> ExtractiveAgent:
    return agent_over(base, name, DOCS[name])


@pytest.fixture(scope="module")
def italian(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    return _agent(tmp_path_factory.mktemp("it"), "faq_it.md")


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    return _agent(tmp_path_factory.mktemp("en"), "faq_en.md")


def test_a_question_line_is_a_question() -> None:
    assert Sentence("a.md", 0, 10, "What is not covered by the warranty?", "en").is_question
    assert Sentence("a.md", 0, 10, "Cosa non copre la garanzia? ", "it").is_question
    assert not Sentence("a.md", 0, 10, "Wear parts are not covered.", "en").is_question


def _body(answer: str) -> str:
    return answer.rsplit("(", 1)[0]


def test_an_english_question_over_an_italian_faq(italian: ExtractiveAgent) -> None:
    result = italian.answer("Are the seals covered by the warranty?")
    assert result.refused is False
    assert "?" not in _body(result.answer)
    assert "guarnizioni" in result.answer


def test_an_italian_question_over_an_english_faq(english: ExtractiveAgent) -> None:
    result = english.answer("Le guarnizioni sono coperte dalla garanzia?")
    assert result.refused is False
    assert "?" not in _body(result.answer)
    assert "seals" in result.answer
