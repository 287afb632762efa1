"""What every agent factory receives: one options object, so a new agent is one file plus
one registry line (see `evaluator.agents.registry`)."""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import TYPE_CHECKING, Any

from evaluator.agents.base import Agent
from evaluator.agents.custom import AgentSpecError
from ragoro.contracts import GoldenItem
from vectordb import VectorIndex

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

__all__ = ["AgentFactory", "AgentOptions", "ModelFactory"]

ModelFactory = Callable[[str], "BaseChatModel"]
"""Builds the chat model a 'provider:model' string names (tests pass a fake)."""


@dataclass(frozen=True)
class AgentOptions:
    """Everything `make_agent` knows when it builds an agent; a factory takes what it needs."""

    index: VectorIndex
    """The index the agent retrieves from."""
    spec: str = ""
    """The agent spec as asked for (the registry name for a registered agent)."""
    k: int = 3
    """Chunks retrieved per question."""
    mode: str = "tool"
    """LLM agent style ('tool' or 'agent'); also keys the baseline."""
    golden: Sequence[GoldenItem] | None = None
    """The golden items of the run, for agents that answer from them (reference, swap)."""
    model_factory: ModelFactory | None = None
    """Builds an LLM agent's chat model (default `ragoro.llm.make_chat_model`)."""
    llm_options: Mapping[str, Any] = field(default_factory=dict)
    """cache, accounting, limiter, budget, retry: passed to `LLMAgent`."""

    def require_golden(self) -> Sequence[GoldenItem]:
        """The golden items; raise `AgentSpecError` saying how to pass them when missing."""
        if not self.golden:
            raise AgentSpecError(
                f"agent {self.spec!r} answers from the golden set: pass golden=<items> to "
                "make_agent (evaluate and selfcheck do this for you)"
            )
        return self.golden


AgentFactory = Callable[[AgentOptions], Agent]
"""Builds one registered agent from the options."""
