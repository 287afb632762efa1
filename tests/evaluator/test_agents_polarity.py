"""A negated question is about the negated case ("if a part is not in stock"), so a
sentence that negates too ranks a little above one that does not (issue 15, fourth session
a). A real index over IT and EN text."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.polarity import negates
from tests.evaluator.one_document import agent_over

DOCS = {
    "ricambi.md": (
        "# Ricambi\n\n"
        "I ricambi disponibili a magazzino sono spediti entro 24 ore.\n"
        "I ricambi non disponibili a magazzino sono spediti entro 6 settimane.\n"
    ),
    "parts.md": (
        "# Spare parts\n\n"
        "Spare parts that are in stock are shipped within 24 hours.\n"
        "Spare parts that are not in stock are shipped within 6 weeks.\n"
    ),
}


def _agent(base: Path, name: str) -> ExtractiveAgent:
    return agent_over(base, name, DOCS[name])


@pytest.mark.parametrize(
    ("text", "lang", "negated"),
    [
        ("Se un ricambio non è a magazzino?", "it", True),
        ("Nessun dipendente può farlo.", "it", True),
        ("Non più di 7 giorni di ferie.", "it", False),
        ("I ricambi sono a magazzino.", "it", False),
        ("If a part is not in stock?", "en", True),
        ("If support can't fix it remotely", "en", True),
        ("No later than Friday.", "en", False),
        ("Parts in stock ship today.", "en", False),
    ],
)
def test_a_clause_negation_is_read(text: str, lang: str, negated: bool) -> None:
    assert negates(text, lang) is negated  # type: ignore[arg-type]


def test_an_english_negated_question_over_italian_text(tmp_path: Path) -> None:
    result = _agent(tmp_path, "ricambi.md").answer(
        "If a spare part is not in stock, how long until it is shipped?"
    )
    assert result.refused is False
    assert "6 settimane" in result.answer
    assert "24 ore" not in result.answer


def test_an_italian_negated_question_over_english_text(tmp_path: Path) -> None:
    result = _agent(tmp_path, "parts.md").answer(
        "Se un ricambio non è a magazzino, in quanto tempo viene spedito?"
    )
    assert result.refused is False
    assert "6 weeks" in result.answer
    assert "24 hours" not in result.answer
