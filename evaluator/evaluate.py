"""The evaluator's library API: run an agent on a golden set and judge it, or judge saved
outcomes again. The command line, the benchmarks and the tests all call these two."""

from __future__ import annotations

import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING

from evaluator.agents.base import Agent
from evaluator.chunk_analyses import save_judge_vectors
from evaluator.journal import OutcomesJournal, run_fingerprint, run_journalled
from evaluator.outcomes import check_case_ids, read_numbered_outcomes
from evaluator.participants import ModelUse, build_agent, resolve_judge
from evaluator.preflight import (
    builder_models,
    check_golden_in_index,
    check_repeats,
    check_self_judge,
    load_items,
    probe_models,
)
from evaluator.report import RunReport, build_report
from judges.base import Judge, JudgeResult
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.executors import AgentPlan, Executor, JudgePlan
from ragoro.executors.local import LocalExecutor
from ragoro.golden import file_sha256, load_golden
from ragoro.lineage import read_lineage, resolve_from
from ragoro.llm import Accounting
from vectordb import DEFAULT_INDEX, VectorIndex

if TYPE_CHECKING:
    pass

__all__ = [
    "DEFAULT_GOLDEN",
    "Evaluation",
    "ModelUse",
    "evaluate",
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
    accounting: dict[str, Accounting] = field(default_factory=dict)
    """What each role's model spent ("agent", "judge"): requests, calls, cache hits."""
    journal: OutcomesJournal | None = None
    """The run's outcomes journal (when one was asked for): `finish()` it once the
    outcomes are saved."""


def _open_index(path: Path | str) -> VectorIndex:
    return VectorIndex.open(path)


def _index_meta(index: VectorIndex) -> dict[str, object]:
    docs = index.manifest.docs_folder(index.path)
    return {
        "index_path": str(index.path),
        "corpus_sha256": index.manifest.corpus_sha256,
        "docs": str(docs) if docs else "",
    }


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
    executor: Executor,
    plan: JudgePlan | None,
) -> Evaluation:
    started = time.perf_counter()
    first, *again = executor.judge_repeats(
        items, outcomes, judge, plan, repeats=repeats, concurrency=concurrency, progress=progress
    )
    timings["judge_s"] = time.perf_counter() - started
    save_judge_vectors()
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
    check_repeats(repeats)
    use = use or ModelUse()
    executor = executor or LocalExecutor()
    spec = agent if isinstance(agent, str) else None
    spent = {"agent": Accounting(), "judge": Accounting()}
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    golden_path = Path(golden)
    items = load_items(golden_path, reviewed_only=reviewed_only)
    opened = index if isinstance(index, VectorIndex) else _open_index(index)
    check_golden_in_index(golden_path, items, opened)
    if use.cache:
        # An unchanged question set then loads no embedding model at all.
        opened.use_query_cache()
    if isinstance(agent, str):
        agent = build_agent(
            agent,
            index=opened,
            k=k,
            mode=mode,
            golden=items,
            use=use,
            accounting=spent["agent"],
        )
    texts, spent_on = opened.texts, spent["judge"]
    chosen = resolve_judge(judge, judge_model, texts, use=use, accounting=spent_on, index=opened)
    if not allow_self_judge:
        check_self_judge(chosen.model, agent.model, builder_models(items))
    if probe:
        probe_models(chosen, agent)
    clock = time.perf_counter()
    plan = None
    if spec is not None:
        plan = AgentPlan(spec, opened.path, k, mode, items, use, probe, spent["agent"])
    keeper = None
    if journal is not None:
        fingerprint = run_fingerprint(
            golden_path,
            opened,
            agent=spec or agent.name,
            agent_model=agent.model,
            judge=chosen,
            k=k,
            mode=mode,
            reviewed_only=reviewed_only,
        )
        keeper = OutcomesJournal(journal, fingerprint, fresh=fresh)
    outcomes = run_journalled(
        items, agent, plan, executor, journal=keeper, concurrency=concurrency, progress=progress
    )
    timings = {"agent_s": time.perf_counter() - clock}
    meta: dict[str, object] = {
        "agent": agent.name,
        "agent_model": agent.model,
        "started_at": started_at,
        **_index_meta(opened),
    }
    evaluation = _judged(
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
        executor=executor,
        plan=_judge_plan(
            judge, judge_model, index=opened, use=use, probe=probe, spent=spent["judge"]
        ),
    )
    evaluation.accounting = spent
    evaluation.journal = keeper
    return evaluation


def _judge_plan(
    judge: str | Judge,
    model: str | None,
    *,
    index: VectorIndex | None,
    use: ModelUse | None,
    probe: bool,
    spent: Accounting,
) -> JudgePlan | None:
    """How a worker rebuilds a judge given by name; None for a judge object."""
    if not isinstance(judge, str):
        return None
    path = index.path if index is not None else None
    return JudgePlan(judge, model, path, use or ModelUse(), probe, spent)


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
    check_repeats(repeats)
    spent = {"judge": Accounting()}
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    source = Path(outcomes) if isinstance(outcomes, (str, Path)) else None
    given = None if isinstance(outcomes, (str, Path)) else list(outcomes)
    lineage = read_lineage(source) if source is not None else None
    if golden is None:
        golden = (resolve_from(source, lineage.golden) if source and lineage else None) or (
            DEFAULT_GOLDEN
        )
    if index is None:
        index = (resolve_from(source, lineage.index) if source and lineage else None) or (
            Path(DEFAULT_INDEX)
        )
    golden_path = Path(golden)
    items = load_items(golden_path, reviewed_only=reviewed_only)
    # Ids are checked against the whole file: an outcome of an item left out by review
    # belongs to the set, it is only not judged.
    known = {item.id for item in load_golden(golden_path)}
    if given is None and source is not None:
        numbered = read_numbered_outcomes(source)
    else:
        numbered = list(enumerate(given or [], start=1))
    check_case_ids(source or Path("<outcomes>"), numbered, known, golden_path)
    kept = {item.id for item in items}
    loaded = [outcome for _, outcome in numbered if outcome.case_id in kept]
    opened: VectorIndex | None = None
    if isinstance(index, VectorIndex):
        opened = index
    elif Path(index).exists():
        # Optional: without it, contexts that come without offsets are compared by text.
        # An index that is there but broken is an error, never silently skipped.
        opened = _open_index(index)
    if opened is not None:
        check_golden_in_index(golden_path, items, opened)
    documents = opened.texts if opened is not None else None
    spent_on = spent["judge"]
    chosen = resolve_judge(
        judge, judge_model, documents, use=use, accounting=spent_on, index=opened
    )
    agent_name = loaded[0].agent if loaded else "unknown"
    if not allow_self_judge:
        check_self_judge(chosen.model, agent_name, builder_models(items))
    if probe:
        probe_models(chosen)
    meta: dict[str, object] = {
        "agent": agent_name,
        "agent_model": None,
        "started_at": started_at,
        "outcomes_path": str(source) if source is not None else "",
        **(_index_meta(opened) if opened is not None else {}),
    }
    evaluation = _judged(
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
        executor=executor or LocalExecutor(),
        plan=_judge_plan(
            judge, judge_model, index=opened, use=use, probe=probe, spent=spent["judge"]
        ),
    )
    evaluation.accounting = spent
    return evaluation
