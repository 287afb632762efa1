"""The agent and the judge a run uses, built from their names with the run's model limits
and call cache: shared by the evaluator's library API, selfcheck and the Ray workers."""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from evaluator.agents import is_model_spec, make_agent
from evaluator.agents.base import Agent
from evaluator.chunk_analyses import forget_judge_vectors, use_chunk_analyses
from judges import make_judge
from judges.base import Judge
from ragoro.contracts import GoldenItem
from ragoro.errors import UsageError
from ragoro.llm import Accounting, Limits, make_chat_model
from vectordb import VectorIndex

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

__all__ = ["ModelUse", "build_agent", "resolve_judge"]


@dataclass(frozen=True)
class ModelUse:
    """How the agent's and the judge's models may be used in one evaluation."""

    agent: Limits = field(default_factory=Limits)
    """The agent model's limits (--agent-max-calls, --agent-rpm, --timeout, --retries)."""
    judge: Limits = field(default_factory=Limits)
    """The judge model's limits (--judge-max-calls, --judge-rpm, --timeout, --retries)."""
    cache: bool = True
    """False: neither read nor write the call cache (--no-cache)."""
    cache_dir: Path | None = None
    """Where the call cache lives; None = default_cache_dir()."""


def resolve_judge(
    judge: str | Judge,
    judge_model: str | None,
    documents: dict[str, str] | None,
    *,
    use: ModelUse | None = None,
    accounting: Accounting | None = None,
    index: VectorIndex | None = None,
) -> Judge:
    """The judge a name stands for (built by `make_judge` with `use`'s judge limits and
    cache), or the judge given; an unknown name is a `UsageError`. Given the `index` (and
    `use.cache`), the offline judge reads the index's chunks from the analyses stored beside
    it (`evaluator.chunk_analyses`), which the first such run computes and saves."""
    use = use or ModelUse()
    if isinstance(judge, str):
        try:
            judge = make_judge(
                judge,
                model=judge_model,
                documents=documents,
                cache_dir=use.cache_dir,
                limits=use.judge,
                use_cache=use.cache,
                accounting=accounting,
            )
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
    if index is not None and use.cache:
        use_chunk_analyses(judge, index)
    else:
        # --no-cache (or no index): this evaluation neither reads nor writes stored vectors.
        forget_judge_vectors()
    return judge


def build_agent(
    spec: str,
    *,
    index: VectorIndex,
    k: int,
    mode: str,
    golden: Sequence[GoldenItem],
    use: ModelUse,
    accounting: Accounting,
) -> Agent:
    """The agent `spec` names; an LLM agent gets `use`'s agent limits, timeout and cache,
    the extractive agent (with `use.cache`) its reading of the index stored beside it
    (`evaluator.corpus_store`)."""
    llm: dict[str, object] = {}
    if is_model_spec(spec) and not _is_registered(spec):
        from ragoro.llm import CallCache  # sqlite3: an offline run never opens a call cache

        limits = use.agent

        def factory(name: str) -> BaseChatModel:
            return make_chat_model(name, timeout=limits.timeout)

        llm = {
            "model_factory": factory,
            "cache": CallCache(use.cache_dir) if use.cache else None,
            "gate": limits.gate(spec.strip(), accounting),
        }
    try:
        agent = make_agent(spec, index=index, k=k, mode=mode, golden=golden, **llm)  # type: ignore[arg-type]
    except (ValueError, ImportError) as exc:
        raise UsageError(str(exc)) from exc
    if use.cache:
        # The extractive agent's reading of the index, stored beside it after its first run.
        from evaluator.corpus_store import use_corpus_store

        use_corpus_store(agent, index)
    return agent


def _is_registered(spec: str) -> bool:
    from evaluator.agents.registry import AGENTS

    cleaned = spec.strip()
    return cleaned in AGENTS or cleaned.lower() in AGENTS
