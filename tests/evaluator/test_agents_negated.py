"""A condition the passage names only to exclude it ("viti *non* lubrificate", "candidati
*non* assunti") is not met: the question asking about the excluded case is refused, the
one asking about the stated case answered. Italian and English."""

from __future__ import annotations

from pathlib import Path

from evaluator.agents.negated import asked_conditions, negated_only
from ragoro.text import Lang
from tests.evaluator.one_document import agent_over

NOTICE = (
    "# Conservazione dei dati\n\n"
    "I curriculum vitae dei candidati non assunti sono conservati per 24 mesi dalla ricezione.\n\n"
    "Le immagini della videosorveglianza sono conservate per 5 giorni.\n"
)
MANUAL = (
    "# Tightening torques\n\n"
    "The torques below apply to screws that are not lubricated. "
    "The flange screws of the main cylinder must be tightened to 580 Nm.\n\n"
    "The oil tank holds 28.5 litres.\n"
)


def test_a_condition_is_an_adjective_by_its_noun_or_an_if_clause() -> None:
    assert asked_conditions("Quanto restano i curriculum dei candidati assunti?", "it") == [
        "assunti"
    ]
    assert asked_conditions("What torque if the screws are lubricated?", "en") == ["lubricated"]
    # A predicate asked about is no condition; a condition the question negates is the
    # excluded case itself.
    assert asked_conditions("Le bevande alcoliche sono rimborsabili?", "it") == []
    assert asked_conditions("Quanto restano i CV dei candidati non assunti?", "it") == []


def test_a_condition_named_only_negated_is_not_met() -> None:
    passage: list[tuple[str, Lang]] = [
        ("I curriculum dei candidati non assunti sono conservati per 24 mesi.", "it")
    ]
    question = "Per quanto tempo sono conservati i curriculum dei candidati assunti?"
    assert [t.word for t in negated_only(question, "it", passage)] == ["assunti"]
    stated: list[tuple[str, Lang]] = [
        ("I curriculum dei candidati assunti restano nel fascicolo.", "it")
    ]
    assert negated_only(question, "it", stated) == []
    en: list[tuple[str, Lang]] = [("The torques apply to screws that are not lubricated.", "en")]
    lubricated = "What torque do the flange screws need if the threads are lubricated?"
    assert [t.word for t in negated_only(lubricated, "en", en)] == ["lubricated"]


def test_the_excluded_case_is_refused_in_italian(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "informativa.md", NOTICE)
    refused = agent.answer("Per quanto tempo sono conservati i curriculum dei candidati assunti?")
    assert refused.refused is True
    assert refused.contexts
    answered = agent.answer("Per quanto tempo sono conservati i curriculum dei candidati?")
    assert answered.refused is False
    assert "24 mesi" in answered.answer


def test_the_excluded_case_is_refused_in_english(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "manual.md", MANUAL)
    refused = agent.answer(
        "What torque do the main cylinder flange screws need if the threads are lubricated?"
    )
    assert refused.refused is True
    answered = agent.answer("What torque do the main cylinder flange screws need?")
    assert answered.refused is False
    assert "580 Nm" in answered.answer
