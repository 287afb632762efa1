"""A "who" or "what time" question is answered by the best supported sentence that names
someone or states a time of day; across languages that sentence needs the lower support bar
of the other language (`support.support_bar`), as the best sentence does (issue 15, fourth
session a). A real index over IT and EN text."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from tests.evaluator.one_document import agent_over

DOCS = {
    # The sentence stating the time carries one of the question's six words ("termina" for
    # "finish"); the others are in its neighbours, which state no time.
    "turni.md": (
        "# Turni\n\n"
        "Il personale di produzione della linea lavora su tre turni.\n"
        "Il primo turno inizia presto nel reparto.\n"
        "Il lavoro termina alle 14:00.\n"
    ),
    "shifts.md": (
        "# Shifts\n\n"
        "The production staff of the line work three shifts.\n"
        "The first shift starts early in the department.\n"
        "Work ends at 14:00.\n"
    ),
}


def _agent(base: Path, name: str) -> ExtractiveAgent:
    return agent_over(base, name, DOCS[name])


@pytest.fixture(scope="module")
def italian(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    return _agent(tmp_path_factory.mktemp("it"), "turni.md")


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    return _agent(tmp_path_factory.mktemp("en"), "shifts.md")


def test_an_english_what_time_question_over_italian_text(italian: ExtractiveAgent) -> None:
    result = italian.answer(
        "What time does the first shift of the production line staff in the department finish?"
    )
    assert result.refused is False
    assert "14:00" in result.answer.split("(")[0]


def test_an_italian_what_time_question_over_english_text(english: ExtractiveAgent) -> None:
    result = english.answer(
        "A che ora finisce il primo turno del personale della linea di produzione nel reparto?"
    )
    assert result.refused is False
    assert "14:00" in result.answer.split("(")[0]
