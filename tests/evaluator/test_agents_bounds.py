"""The other end of a range is no answer: "the minimum pressure" answered with "the maximum
pressure is 210 bar" is refused, "the maximum pressure" answered. Italian and English."""

from __future__ import annotations

from pathlib import Path

from evaluator.agents.contrasts import sibling_bounds
from ragoro.text import Lang
from tests.evaluator.one_document import agent_over

SPEC = (
    "# Specifications\n\n"
    "The maximum operating pressure of the press is 210 bar.\n\n"
    "The main motor power of the press is 37 kW.\n"
)
HANDBOOK = (
    "# Manuale\n\n"
    "Ogni dipendente può lavorare da remoto per un massimo di 8 giorni al mese.\n\n"
    "La pausa pranzo ha una durata minima di 30 minuti.\n"
)


def test_the_other_end_of_a_range_is_a_sibling() -> None:
    maximum: tuple[str, Lang] = ("The maximum operating pressure is 210 bar.", "en")
    assert sibling_bounds("What is the minimum operating pressure?", "en", maximum) == ["minimum"]
    assert sibling_bounds("What is the maximum operating pressure?", "en", maximum) == []
    massimo: tuple[str, Lang] = ("per un massimo di 8 giorni al mese.", "it")
    assert sibling_bounds("Qual è il numero minimo di giorni?", "it", massimo) == ["minimo"]
    assert sibling_bounds("Qual è il numero massimo di giorni?", "it", massimo) == []
    # Across languages each text is read in its own.
    assert sibling_bounds("What is the minimum number of days?", "en", massimo) == ["minimum"]
    # "Almeno" states a lower bound; a sentence naming no end leaves the question alone.
    almeno: tuple[str, Lang] = ("con almeno 6 mesi di anzianità.", "it")
    assert sibling_bounds("Qual è l'anzianità minima richiesta?", "it", almeno) == []
    plain: tuple[str, Lang] = ("La pressione di esercizio è di 210 bar.", "it")
    assert sibling_bounds("Qual è la pressione minima?", "it", plain) == []
    # A question naming both ends asks for the range.
    assert sibling_bounds("What are the minimum and maximum pressures?", "en", maximum) == []


def test_a_minimum_is_not_answered_with_a_maximum_in_english(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "spec.md", SPEC)
    refused = agent.answer("What is the minimum operating pressure of the press?")
    assert refused.refused is True
    assert refused.contexts
    answered = agent.answer("What is the maximum operating pressure of the press?")
    assert answered.refused is False
    assert "210 bar" in answered.answer


def test_a_minimum_is_not_answered_with_a_maximum_in_italian(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "manuale.md", HANDBOOK)
    refused = agent.answer("Qual è il numero minimo di giorni di lavoro da remoto al mese?")
    assert refused.refused is True
    answered = agent.answer("Qual è il numero massimo di giorni di lavoro da remoto al mese?")
    assert answered.refused is False
    assert "8 giorni" in answered.answer
