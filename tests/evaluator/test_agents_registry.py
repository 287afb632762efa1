"""The agent registry: named agents are one factory each, found before the fallbacks."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import (
    AGENTS,
    AgentAnswer,
    AgentOptions,
    ExtractiveAgent,
    make_agent,
)
from evaluator.evaluate import evaluate
from ragoro.golden import load_golden
from vectordb import VectorIndex

ROOT = Path(__file__).resolve().parents[2]
GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"


class ConstantAgent:
    """An agent registered at run time; it remembers the options it was built with."""

    model: str | None = None

    def __init__(self, options: AgentOptions) -> None:
        self.name = options.spec
        self.options = options

    def answer(self, question: str) -> AgentAnswer:
        return AgentAnswer(answer=f"{len(self.options.golden or ())} items known")


def test_an_agent_registered_at_run_time_is_built_from_its_options(
    small_index: VectorIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AGENTS, "team:constant", ConstantAgent)
    items = load_golden(GOLDEN)
    agent = make_agent("team:constant", index=small_index, k=5, mode="agent", golden=items)
    assert isinstance(agent, ConstantAgent)
    assert agent.options.index is small_index
    assert (agent.options.k, agent.options.mode, agent.name) == (5, "agent", "team:constant")
    assert agent.answer("anything").answer == f"{len(items)} items known"


def test_evaluate_runs_a_registered_agent_by_name_with_the_golden_items(
    demo_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setitem(AGENTS, "team:constant", ConstantAgent)
    evaluation = evaluate(GOLDEN, index=demo_index, agent="team:constant")
    assert evaluation.report.agent == "team:constant"
    assert {o.answer for o in evaluation.outcomes} == {"8 items known"}


def test_builtin_names_are_registered_and_case_insensitive(small_index: VectorIndex) -> None:
    assert isinstance(make_agent("extractive", index=small_index), ExtractiveAgent)
    agent = make_agent(" Extractive ", index=small_index, k=2)
    assert isinstance(agent, ExtractiveAgent) and agent.k == 2
