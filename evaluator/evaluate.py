"""The evaluator's library API: run an agent on a golden set and judge it, or judge saved
outcomes again. The command line, the benchmarks and the tests all call these two (the
command line through their streamed form, `evaluator.orchestrate`)."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from evaluator.agents.base import Agent
from evaluator.evaluation import Evaluation
from evaluator.orchestrate import DEFAULT_GOLDEN, evaluate_streamed, rescore_streamed
from evaluator.participants import ModelUse, resolve_judge
from judges.base import Judge
from ragoro.contracts import CaseOutcome
from ragoro.executors import Executor
from vectordb import DEFAULT_INDEX, VectorIndex

__all__ = [
    "DEFAULT_GOLDEN",
    "Evaluation",
    "ModelUse",
    "evaluate",
    "evaluate_streamed",
    "rescore",
    "rescore_streamed",
    "resolve_judge",
]


def evaluate(
    golden: Path | str = DEFAULT_GOLDEN,
    *,
    index: Path | str | VectorIndex = DEFAULT_INDEX,
    agent: str | Agent = "extractive",
    judge: str | Judge = "offline",
    judge_model: str | None = None,
    mode: str = "tool",
    k: int = 3,
    repeats: int = 1,
    concurrency: int = 1,
    progress: bool = False,
    allow_self_judge: bool = False,
    reviewed_only: bool = False,
    probe: bool = False,
    use: ModelUse | None = None,
    executor: Executor | None = None,
    journal: Path | None = None,
    fresh: bool = False,
) -> Evaluation:
    """Run `agent` on every question of `golden`, judge each answer, build the report.

    `agent` is a spec for `make_agent` ("extractive", "provider:model", "module:callable")
    or an `Agent`; `judge` is a registered judge name ("offline", "llm") or a `Judge`.
    `repeats` > 1 judges every answer that many times (the agent runs once) and reports
    each metric's spread; the reported numbers stay repeat 1's. `use` sets each role's
    request limits and the call cache (see `ModelUse`); with `use.cache` the question
    vectors are also read from and saved to the index's query-vector cache
    (`vectordb.query_cache`), so an unchanged golden set loads no embedding model.
    `reviewed_only` evaluates only the items a reviewer accepted or edited; rejected
    items are never evaluated.
    Everything is returned in memory; the command line instead writes its files from
    `evaluate_streamed`, whose memory does not grow with the golden set.
    Raises `InputError` / `UsageError` (exit 2) before any agent call when an input or
    the configuration is wrong; a crash of the agent on one case is kept on that case.
    With `probe`, a model the run uses that fails one quick call raises
    `ProviderUnavailable` (exit 3) before any case runs. `executor` runs the agent and
    judge calls (default: this process; see `ragoro.executors`).

    `journal`: a file every finished outcome is appended to as it is done
    (`evaluator.journal`); when it holds cases of an earlier run with the same inputs and
    settings, they are not run again, and one of another run is a `JournalMismatch`
    (exit 2) unless `fresh` discards it. The caller removes it once the outcomes are
    saved (`OutcomesJournal.finish`, or `Evaluation.journal`).
    """
    streamed = evaluate_streamed(
        golden,
        index=index,
        agent=agent,
        judge=judge,
        judge_model=judge_model,
        mode=mode,
        k=k,
        repeats=repeats,
        concurrency=concurrency,
        progress=progress,
        allow_self_judge=allow_self_judge,
        reviewed_only=reviewed_only,
        probe=probe,
        use=use,
        executor=executor,
        journal=journal,
        fresh=fresh,
    )
    try:
        return streamed.materialize()
    finally:
        streamed.close()


def rescore(
    outcomes: Path | str | Sequence[CaseOutcome],
    *,
    golden: Path | str | None = None,
    index: Path | str | VectorIndex | None = None,
    judge: str | Judge = "offline",
    judge_model: str | None = None,
    mode: str = "tool",
    repeats: int = 1,
    concurrency: int = 1,
    progress: bool = False,
    allow_self_judge: bool = False,
    reviewed_only: bool = False,
    probe: bool = False,
    use: ModelUse | None = None,
    executor: Executor | None = None,
) -> Evaluation:
    """Judge saved outcomes again (from `evaluate`, or from any RAG system; see
    docs/outcomes.md) without running an agent. The index is optional: its documents
    locate contexts that come without offsets. `repeats` and `use` work as in `evaluate`.

    `golden` and `index` default to the ones the outcomes' lineage sidecar names (written
    by `run`), else to the default golden file and index. An outcome with a duplicate or
    unknown case id is an `InputError` naming its line."""
    streamed = rescore_streamed(
        outcomes,
        golden=golden,
        index=index,
        judge=judge,
        judge_model=judge_model,
        mode=mode,
        repeats=repeats,
        concurrency=concurrency,
        progress=progress,
        allow_self_judge=allow_self_judge,
        reviewed_only=reviewed_only,
        probe=probe,
        use=use,
        executor=executor,
    )
    try:
        return streamed.materialize()
    finally:
        streamed.close()
