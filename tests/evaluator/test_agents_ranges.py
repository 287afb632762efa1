"""The other end of a range is no answer: "the minimum pressure" answered with "the maximum
pressure is 210 bar" is refused, "the maximum pressure" answered. Nor is the joint figure of
several members of a series ("Scope 1 e Scope 2 ... 16.480 t") one member's. Italian and
English."""

from __future__ import annotations

from pathlib import Path

from evaluator.agents.ranges import joined_members, sibling_bounds
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


REPORT = (
    "# Emissions\n\n"
    "In the base year 2021 the Phase 1 and Phase 2 emissions of the Group were 16,480 tonnes.\n\n"
    "In 2025 the Phase 1 emissions of the Group were 5,110 tonnes.\n"
)
RELAZIONE = (
    "# Emissioni\n\n"
    "Nell'anno base 2021 le emissioni Fase 1 e Fase 2 del Gruppo erano pari a 16.480 tonnellate.\n\n"
    "Nel 2025 le emissioni Fase 1 del Gruppo sono state pari a 5.110 tonnellate.\n"
)


def test_a_member_joined_into_one_figure_is_not_given_alone() -> None:
    base = "In the base year the Scope 1 and Scope 2 emissions were 16,480 tonnes."
    assert joined_members("How much Scope 1 CO2 in the base year?", [base]) == ["Scope 1"]
    assert joined_members("Scope 1 emissions?", ["Emissioni Scope 1+2 (t CO2) 12.920"]) == [
        "Scope 1"
    ]
    # Asked joined, or given alone beside the sum: the figure is there.
    assert joined_members("What were the Scope 1 and 2 emissions?", [base]) == []
    both = "12.920 tonnellate, di cui 5.110 tonnellate di Scope 1 e 7.810 tonnellate di Scope 2."
    assert joined_members("Quante emissioni Scope 1?", [both]) == []
    # A sentence that only defines the series states no joint figure.
    assert joined_members("Scope 2 in 2024?", ["CO2 emissions include Scope 1 and Scope 2."]) == []


def test_a_joint_figure_is_refused_for_one_member_in_english(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "report.md", REPORT)
    refused = agent.answer("How much Phase 1 CO2 did the Group emit in the 2021 base year?")
    assert refused.refused is True
    assert refused.contexts
    answered = agent.answer("How much Phase 1 CO2 did the Group emit in 2025?")
    assert answered.refused is False
    assert "5,110" in answered.answer


def test_a_joint_figure_is_refused_for_one_member_in_italian(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "relazione.md", RELAZIONE)
    refused = agent.answer(
        "Quante tonnellate di emissioni Fase 1 aveva il Gruppo nell'anno base 2021?"
    )
    assert refused.refused is True
    answered = agent.answer(
        "Quante tonnellate di emissioni Fase 1 e Fase 2 aveva il Gruppo nel 2021?"
    )
    assert answered.refused is False
    assert "16.480" in answered.answer
