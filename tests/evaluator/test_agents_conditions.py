"""A value the question states picks the sentence whose threshold it meets ("a claim of
2,000 euros" -> "superiore a 1.500 EUR", not "fino a 1.500 EUR"; issue 15, fourth session a).
A real index over IT and EN text."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.conditions import asked_values, meets_condition
from ragoro.text.numbers import extract_quantities
from tests.evaluator.one_document import agent_over

DOCS = {
    "spese.md": (
        "# Note spese\n\n"
        "Le note spese fino a 1.500 EUR sono approvate dal responsabile diretto.\n"
        "Le note spese di importo superiore a 1.500 EUR sono approvate dal direttore "
        "finanziario.\n"
    ),
    "claims.md": (
        "# Expense claims\n\n"
        "Expense claims up to 1,500 EUR are approved by the line manager.\n"
        "Expense claims above 1,500 EUR are approved by the finance director.\n"
    ),
}


def _agent(base: Path, name: str) -> ExtractiveAgent:
    return agent_over(base, name, DOCS[name])


@pytest.fixture(scope="module")
def italian(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    return _agent(tmp_path_factory.mktemp("it"), "spese.md")


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    return _agent(tmp_path_factory.mktemp("en"), "claims.md")


@pytest.mark.parametrize(
    ("sentence", "lang", "question", "met"),
    [
        ("le note spese di importo superiore a 1.500 EUR", "it", "a claim of 2,000 euros", True),
        ("le note spese fino a 1.500 EUR", "it", "a claim of 2,000 euros", False),
        ("claims above 1,500 EUR", "en", "una nota spese da 1.000 euro", False),
        ("claims up to 1,500 EUR", "en", "una nota spese da 1.000 euro", True),
        ("per viaggi di durata superiore a 4 ore", "it", "a five-hour train journey", True),
        ("per viaggi di durata superiore a 4 ore", "it", "a three-hour train journey", False),
        # No threshold, or no value of that unit in the question: nothing is decided.
        ("il rimborso è di 1.500 EUR", "it", "a claim of 2,000 euros", None),
        ("claims above 1,500 EUR", "en", "a claim filed 3 days late", None),
    ],
)
def test_a_threshold_is_met_or_failed(
    sentence: str, lang: str, question: str, met: bool | None
) -> None:
    quantity = extract_quantities(sentence, lang)[0]  # type: ignore[arg-type]
    asked = asked_values(question, "it" if "nota" in question else "en")
    assert meets_condition(sentence, quantity, asked) is met


def test_an_english_question_over_italian_text_finds_its_case(italian: ExtractiveAgent) -> None:
    result = italian.answer("Who approves an expense claim of 2,000 euros?")
    assert result.refused is False
    assert result.answer.split("(")[0].count("superiore") == 1
    assert "fino a" not in result.answer


def test_an_italian_question_over_english_text_finds_its_case(english: ExtractiveAgent) -> None:
    result = english.answer("Chi approva una nota spese da 3.000 euro?")
    assert result.refused is False
    assert "finance director" in result.answer
    assert "line manager" not in result.answer


@pytest.mark.parametrize(
    ("sentence", "lang", "question", "met"),
    [
        # A negated threshold word turns the bound around: "non superiore a" is "up to".
        ("le note spese di importo non superiore a 1.500 EUR", "it", "a claim of 2,000 euros",
         False),
        ("le note spese di importo non superiore a 1.500 EUR", "it", "a claim of 1,000 euros",
         True),
        ("per viaggi di durata non inferiore a 4 ore", "it", "a three-hour train journey", False),
        ("per viaggi di durata non inferiore a 4 ore", "it", "a four-hour train journey", True),
        ("per viaggi di durata non inferiore a 4 ore", "it", "a five-hour train journey", True),
        ("claims not exceeding 1,500 EUR", "en", "una nota spese da 3.000 euro", False),
        ("claims not exceeding 1,500 EUR", "en", "una nota spese da 1.000 euro", True),
        ("for trips no longer than 4 hours", "en", "a five-hour train journey", False),
        ("for trips not less than 4 hours long", "en", "a four-hour train journey", True),
        ("for trips not less than 4 hours long", "en", "a three-hour train journey", False),
    ],
)  # fmt: skip
def test_a_negated_threshold_reads_the_other_way(
    sentence: str, lang: str, question: str, met: bool | None
) -> None:
    quantity = extract_quantities(sentence, lang)[0]  # type: ignore[arg-type]
    asked = asked_values(question, "it" if "nota" in question else "en")
    assert meets_condition(sentence, quantity, asked) is met
