"""The evaluator's library API: run an agent on a golden set and judge it, or judge saved
outcomes again. The command line, the benchmarks and the tests all call these two."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path

from evaluator.agents import make_agent
from evaluator.agents.base import Agent
from evaluator.outcomes import read_outcomes
from evaluator.report import RunReport, build_report
from evaluator.runner import judge_repeats, run_agent
from judges import make_judge
from judges.base import Judge, JudgeResult
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.errors import InputError, UsageError
from ragoro.golden import file_sha256, load_golden
from vectordb import DEFAULT_INDEX, VectorIndex

__all__ = [
    "DEFAULT_GOLDEN",
    "Evaluation",
    "builder_models",
    "check_repeats",
    "check_self_judge",
    "evaluate",
    "load_items",
    "rescore",
    "resolve_judge",
]

DEFAULT_GOLDEN = Path("data/golden/qa_golden_set.jsonl")


@dataclass
class Evaluation:
    """What one evaluation produced: the report, and the outcomes and verdicts behind it."""

    report: RunReport
    outcomes: list[CaseOutcome]
    results: list[JudgeResult] = field(default_factory=list)
    """Repeat 1's verdicts: the ones the report's numbers come from."""
    again: list[list[JudgeResult]] = field(default_factory=list)
    """The verdicts of repeats 2..N (--repeats), one list per repeat; empty for one repeat
    or a deterministic judge."""


def load_items(path: Path, *, reviewed_only: bool = False) -> list[GoldenItem]:
    """The items of a golden file to evaluate; a missing, broken or empty file raises
    `InputError`. Items a reviewer rejected are never evaluated; with `reviewed_only`, only
    the ones a reviewer accepted or edited are (see `python -m builder review`)."""
    try:
        items = load_golden(path)
    except FileNotFoundError as exc:
        raise InputError(f"{exc}; generate one with: python -m builder generate") from exc
    if not items:
        raise InputError(f"golden file {path} has no items")
    kept = [i for i in items if not (i.review and i.review.status == "rejected")]
    if reviewed_only:
        kept = [i for i in kept if i.review is not None]
    if not kept:
        which = "reviewed and accepted" if reviewed_only else "not rejected"
        raise InputError(
            f"golden file {path} has no item {which}: review it with python -m builder review"
        )
    return kept


def builder_models(items: Sequence[GoldenItem]) -> set[str]:
    """LLM models that generated the golden items (offline generations excluded)."""
    return {
        item.provenance.generator
        for item in items
        if item.provenance and item.provenance.generator and item.provenance.generator != "offline"
    }


def check_self_judge(judge_model: str | None, agent_model: str | None, builders: set[str]) -> None:
    """Refuse a judge that is the same model as the agent or the golden set's builder."""
    if judge_model is None:
        return
    if judge_model == agent_model:
        raise UsageError(
            f"the judge model {judge_model} is also the agent model: it would grade itself. "
            "Pick another --judge-model, or pass --allow-self-judge"
        )
    if judge_model in builders:
        raise UsageError(
            f"the judge model {judge_model} also wrote the golden set: it would grade its own "
            "questions. Pick another --judge-model, or pass --allow-self-judge"
        )


def check_repeats(repeats: int) -> None:
    """Refuse a repeat count below 1 (exit 2), before any agent or judge call."""
    if repeats < 1:
        raise UsageError(f"--repeats must be at least 1, got {repeats}")


def _open_index(path: Path | str) -> VectorIndex:
    return VectorIndex.open(path)


def resolve_judge(
    judge: str | Judge, judge_model: str | None, documents: dict[str, str] | None
) -> Judge:
    """The judge a name stands for (built by `make_judge`), or the judge given; an
    unknown name is a `UsageError`."""
    if isinstance(judge, str):
        try:
            return make_judge(judge, model=judge_model, documents=documents)
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
    return judge


def _judged(
    items: list[GoldenItem],
    outcomes: list[CaseOutcome],
    judge: Judge,
    *,
    golden: Path,
    mode: str,
    repeats: int,
    concurrency: int,
    progress: bool,
    timings: dict[str, float],
    meta: dict[str, object],
) -> Evaluation:
    started = time.perf_counter()
    first, *again = judge_repeats(
        items, outcomes, judge, repeats=repeats, concurrency=concurrency, progress=progress
    )
    timings["judge_s"] = time.perf_counter() - started
    report = build_report(
        items,
        outcomes,
        first,
        again=again,
        repeats=repeats,
        mode=mode,
        judge=judge.name,
        judge_model=judge.model,
        golden_path=str(golden),
        golden_sha256=file_sha256(golden),
        timings=timings,
        **meta,
    )
    return Evaluation(report=report, outcomes=outcomes, results=first, again=again)


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
) -> Evaluation:
    """Run `agent` on every question of `golden`, judge each answer, build the report.

    `agent` is a spec for `make_agent` ("extractive", "provider:model", "module:callable")
    or an `Agent`; `judge` is a registered judge name ("offline", "llm") or a `Judge`.
    `repeats` > 1 judges every answer that many times (the agent runs once) and reports
    each metric's spread; the reported numbers stay repeat 1's.
    `reviewed_only` evaluates only the items a reviewer accepted or edited; rejected
    items are never evaluated.
    Raises `InputError` / `UsageError` (exit 2) before any agent call when an input or
    the configuration is wrong; a crash of the agent on one case is kept on that case.
    """
    check_repeats(repeats)
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    golden_path = Path(golden)
    items = load_items(golden_path, reviewed_only=reviewed_only)
    opened = index if isinstance(index, VectorIndex) else _open_index(index)
    if isinstance(agent, str):
        try:
            agent = make_agent(agent, index=opened, k=k, mode=mode, golden=items)
        except (ValueError, ImportError) as exc:
            raise UsageError(str(exc)) from exc
    chosen = resolve_judge(judge, judge_model, opened.texts)
    if not allow_self_judge:
        check_self_judge(chosen.model, agent.model, builder_models(items))
    clock = time.perf_counter()
    outcomes = run_agent(items, agent, concurrency=concurrency, progress=progress)
    timings = {"agent_s": time.perf_counter() - clock}
    meta: dict[str, object] = {
        "agent": agent.name,
        "agent_model": agent.model,
        "started_at": started_at,
    }
    return _judged(
        items,
        outcomes,
        chosen,
        golden=golden_path,
        mode=mode,
        repeats=repeats,
        concurrency=concurrency,
        progress=progress,
        timings=timings,
        meta=meta,
    )


def rescore(
    outcomes: Path | str | Sequence[CaseOutcome],
    *,
    golden: Path | str = DEFAULT_GOLDEN,
    index: Path | str | VectorIndex | None = DEFAULT_INDEX,
    judge: str | Judge = "offline",
    judge_model: str | None = None,
    mode: str = "tool",
    repeats: int = 1,
    concurrency: int = 1,
    progress: bool = False,
    allow_self_judge: bool = False,
    reviewed_only: bool = False,
) -> Evaluation:
    """Judge saved outcomes again (from `evaluate`, or from any RAG system; see
    docs/outcomes.md) without running an agent. The index is optional: its documents
    locate contexts that come without offsets. `repeats` works as in `evaluate`."""
    check_repeats(repeats)
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    golden_path = Path(golden)
    items = load_items(golden_path, reviewed_only=reviewed_only)
    loaded = read_outcomes(Path(outcomes)) if isinstance(outcomes, (str, Path)) else list(outcomes)
    documents: dict[str, str] | None = None
    if isinstance(index, VectorIndex):
        documents = index.texts
    elif index is not None and Path(index).exists():
        # Optional: without it, contexts that come without offsets are compared by text.
        # An index that is there but broken is an error, never silently skipped.
        documents = _open_index(index).texts
    chosen = resolve_judge(judge, judge_model, documents)
    agent_name = loaded[0].agent if loaded else "unknown"
    if not allow_self_judge:
        check_self_judge(chosen.model, agent_name, builder_models(items))
    meta: dict[str, object] = {"agent": agent_name, "agent_model": None, "started_at": started_at}
    return _judged(
        items,
        loaded,
        chosen,
        golden=golden_path,
        mode=mode,
        repeats=repeats,
        concurrency=concurrency,
        progress=progress,
        timings={},
        meta=meta,
    )
