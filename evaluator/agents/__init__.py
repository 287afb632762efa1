"""Agents under test: the offline extractive agent, the reference LLM agent, the user's own,
and the reference / null agents that check a judge.

``make_agent(spec, index=...)`` picks one from a string:

- a name in the registry `AGENTS` (`evaluator.agents.registry`): ``"extractive"``
  (`ExtractiveAgent`, offline, deterministic; the default), ``"reference"`` (the golden
  answers), ``"null:yes"``, ``"null:echo"``, ``"null:swap"``, ``"null:refuse"``,
  ``"null:context"`` (answers a judge must fail);
- else ``"provider:model"`` with a known LangChain provider (``google_genai:gemini-2.5-flash``,
  ``openai:gpt-4o-mini``, ``ollama:llama3``...) -> `LLMAgent`;
- else ``"module:callable"`` or ``"path/to/file.py:callable"`` -> `CustomAgent`.
"""

from __future__ import annotations

from collections.abc import Sequence
from typing import TYPE_CHECKING, Any

from evaluator.agents.base import Agent, AgentAnswer
from evaluator.agents.custom import (
    AgentOutputError,
    AgentSpecError,
    CustomAgent,
    is_file_spec,
    split_spec,
)
from evaluator.agents.extractive import ExtractiveAgent
from evaluator.agents.options import AgentFactory, AgentOptions, ModelFactory
from evaluator.agents.registry import AGENTS
from ragoro.contracts import GoldenItem
from ragoro.llm import PROVIDERS, make_chat_model
from vectordb import VectorIndex

if TYPE_CHECKING:
    from evaluator.agents.llm_agent import LLMAgent, Mode

EXTRACTIVE = "extractive"

# Providers init_chat_model knows besides the ones ragoro.llm configures keys for.
LANGCHAIN_PROVIDERS = frozenset(
    {
        "openai",
        "anthropic",
        "azure_openai",
        "azure_ai",
        "google_vertexai",
        "google_genai",
        "google_anthropic_vertex",
        "bedrock",
        "bedrock_converse",
        "cohere",
        "fireworks",
        "together",
        "mistralai",
        "huggingface",
        "groq",
        "ollama",
        "deepseek",
        "ibm",
        "nvidia",
        "xai",
        "perplexity",
        "upstage",
    }
)


def is_model_spec(spec: str) -> bool:
    """True when spec is 'provider:model' with a provider LangChain can build."""
    provider, sep, model = spec.strip().partition(":")
    return bool(sep and model) and (provider in PROVIDERS or provider in LANGCHAIN_PROVIDERS)


def make_agent(
    spec: str,
    *,
    index: VectorIndex,
    k: int = 3,
    mode: str = "tool",
    golden: Sequence[GoldenItem] | None = None,
    model_factory: ModelFactory | None = None,
    **llm_options: Any,
) -> Agent:
    """Build the agent a spec names (see the module docstring).

    `golden` is the run's golden items, for agents that answer from them ("reference",
    "null:swap"); `model_factory` builds the chat model of an LLM spec (default
    `make_chat_model`; tests pass a fake); `llm_options` (cache, accounting, limiter,
    budget, retry) go to `LLMAgent`. Raises `AgentSpecError` (a ValueError) naming what is
    wrong with the spec.
    """
    cleaned = spec.strip()
    if not cleaned:
        raise AgentSpecError(
            f"empty agent spec: use one of {', '.join(AGENTS)}, 'provider:model' or "
            "'module:callable'"
        )
    registered = AGENTS.get(cleaned) or AGENTS.get(cleaned.lower())
    if registered is not None:
        options = AgentOptions(
            index=index,
            spec=cleaned,
            k=k,
            mode=mode,
            golden=golden,
            model_factory=model_factory,
            llm_options=llm_options,
        )
        return registered(options)
    if is_model_spec(cleaned):
        # The LLM agent (LangChain tools and agents) is imported only when one is asked for.
        from evaluator.agents.llm_agent import MODES, LLMAgent

        if mode not in MODES:
            raise AgentSpecError(f"unknown agent mode {mode!r}: expected one of {MODES}")
        factory = model_factory if model_factory is not None else make_chat_model
        checked: Mode = "agent" if mode == "agent" else "tool"
        return LLMAgent(index, factory(cleaned), cleaned, k=k, mode=checked, **llm_options)
    target, _ = split_spec(cleaned)
    if not is_file_spec(target) and target.isidentifier() and target.islower():
        # 'foo:bar' may be a provider LangChain knows and we do not: try import first and
        # mention both readings if it fails.
        try:
            return CustomAgent.from_spec(cleaned)
        except AgentSpecError as exc:
            raise AgentSpecError(
                f"{exc}. If {target!r} is a LangChain provider, known providers are: "
                f"{', '.join(sorted(LANGCHAIN_PROVIDERS | set(PROVIDERS)))}; registered "
                f"agents are: {', '.join(AGENTS)}"
            ) from exc
    return CustomAgent.from_spec(cleaned)


__all__ = [
    "AGENTS",
    "EXTRACTIVE",
    "Agent",
    "AgentAnswer",
    "AgentFactory",
    "AgentOptions",
    "AgentOutputError",
    "AgentSpecError",
    "CustomAgent",
    "ExtractiveAgent",
    "LLMAgent",
    "ModelFactory",
    "is_model_spec",
    "make_agent",
]


def __getattr__(name: str) -> Any:
    if name == "LLMAgent":
        from evaluator.agents.llm_agent import LLMAgent

        return LLMAgent
    raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
