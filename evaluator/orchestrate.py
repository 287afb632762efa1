"""How `evaluate` and `rescore` run: the golden set streamed, the outcomes appended to a
file as they come back, every case judged in golden order through the executor, the
report accumulated case by case (`evaluator.stream_run`). The command line uses these
directly and writes its files from the `StreamedRun`; the library functions of
`evaluator.evaluate` load it into memory."""

from __future__ import annotations

import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from evaluator.accumulate import JudgedCases, ReportBuilder
from evaluator.agents.base import Agent
from evaluator.chunk_analyses import save_judge_vectors
from evaluator.defaults import DEFAULT_GOLDEN
from evaluator.golden_source import GoldenSource
from evaluator.heap import existing_heap_frozen
from evaluator.journal import OutcomesJournal, run_fingerprint, run_journalled
from evaluator.line_store import LineStore
from evaluator.outcomes import index_outcomes
from evaluator.participants import ModelUse, build_agent, resolve_judge
from evaluator.preflight import (
    builder_models,
    check_golden_in_index,
    check_repeats,
    check_self_judge,
    probe_models,
)
from evaluator.stream_run import (
    Outcomes,
    StreamedRun,
    judge_streamed,
    removed_on_error,
    scratch_folder,
)
from judges.base import Judge
from ragoro.contracts import CaseOutcome
from ragoro.executors import AgentPlan, Executor, JudgePlan
from ragoro.executors.local import LocalExecutor
from ragoro.golden import file_sha256
from ragoro.lineage import read_lineage, resolve_from
from ragoro.llm import Accounting
from vectordb import DEFAULT_INDEX, VectorIndex

__all__ = ["DEFAULT_GOLDEN", "evaluate_streamed", "rescore_streamed"]


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
    items: GoldenSource,
    outcomes: Outcomes,
    judge: Judge,
    *,
    scratch: Path,
    golden: Path,
    mode: str,
    repeats: int,
    concurrency: int,
    progress: bool,
    timings: dict[str, float],
    meta: dict[str, object],
    executor: Executor,
    plan: JudgePlan | None,
) -> StreamedRun:
    builder = ReportBuilder(JudgedCases(scratch))
    for outcome in outcomes:
        builder.add_outcome(outcome)
    started = time.perf_counter()
    runs = judge_streamed(
        items,
        outcomes,
        judge,
        builder,
        executor=executor,
        plan=plan,
        repeats=repeats,
        concurrency=concurrency,
        progress=progress,
    )
    timings["judge_s"] = time.perf_counter() - started
    save_judge_vectors()
    report = builder.build(
        n_cases=len(items),
        repeats=repeats,
        mode=mode,
        judge=judge.name,
        judge_model=judge.model,
        golden_path=str(golden),
        golden_sha256=file_sha256(golden),
        timings=timings,
        **meta,
    )
    return StreamedRun(report, items, outcomes, builder.cases, scratch, runs=runs)


@existing_heap_frozen
def evaluate_streamed(
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
) -> StreamedRun:
    """`evaluate`, kept on disk: see `evaluator.evaluate.evaluate` for every argument.
    The caller `close()`s the run once its files are written."""
    check_repeats(repeats)
    use = use or ModelUse()
    executor = executor or LocalExecutor()
    spec = agent if isinstance(agent, str) else None
    spent = {"agent": Accounting(), "judge": Accounting()}
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    golden_path = Path(golden)
    items = GoldenSource.scan(golden_path, reviewed_only=reviewed_only)
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
    scratch = scratch_folder()
    with removed_on_error(scratch):
        keeper = OutcomesJournal(scratch / "outcomes.jsonl", {}, fresh=True, durable=False)
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
        run_journalled(
            items, agent, plan, executor, journal=keeper, concurrency=concurrency, progress=progress
        )
        timings = {"agent_s": time.perf_counter() - clock}
        meta: dict[str, object] = {
            "agent": agent.name,
            "agent_model": agent.model,
            "started_at": started_at,
            **_index_meta(opened),
        }
        streamed = _judged(
            items,
            Outcomes.of_journal(keeper, items.ids),
            chosen,
            scratch=scratch,
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
        streamed.accounting = spent
        streamed.journal = keeper if journal is not None else None
        return streamed


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


def _outcomes_store(
    source: Path | None,
    given: Sequence[CaseOutcome] | None,
    scratch: Path,
    known: set[str],
    golden: Path,
) -> LineStore:
    """The outcomes to rescore, indexed by case id: the file itself, or the given objects
    written to a scratch file first."""
    if source is not None and given is None:
        return index_outcomes(source, known, golden)
    spooled = scratch / "given.jsonl"
    with spooled.open("w", encoding="utf-8") as handle:
        for outcome in given or []:
            handle.write(outcome.model_dump_json() + "\n")
    return index_outcomes(spooled, known, golden, shown=Path("<outcomes>"))


@existing_heap_frozen
def rescore_streamed(
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
) -> StreamedRun:
    """`rescore`, kept on disk: see `evaluator.evaluate.rescore` for every argument.
    The caller `close()`s the run once its files are written."""
    check_repeats(repeats)
    spent = {"judge": Accounting()}
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    source = Path(outcomes) if isinstance(outcomes, (str, Path)) else None
    given = None if isinstance(outcomes, (str, Path)) else outcomes
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
    items = GoldenSource.scan(golden_path, reviewed_only=reviewed_only)
    scratch = scratch_folder()
    with removed_on_error(scratch):
        # Ids are checked against the whole file: an outcome of an item left out by review
        # belongs to the set, it is only not judged.
        store = _outcomes_store(source, given, scratch, items.known, golden_path)
        loaded = Outcomes.of_store(store, set(items.ids))
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
        agent_name = loaded.read(loaded.order[0]).agent if loaded.order else "unknown"
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
        streamed = _judged(
            items,
            loaded,
            chosen,
            scratch=scratch,
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
        streamed.accounting = spent
        return streamed
