"""`python -m evaluator run|rescore`: run the agent, judge every answer, gate on the baseline."""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Sequence
from datetime import UTC, datetime
from pathlib import Path

from evaluator.console import render_report
from evaluator.outcomes import OutcomesFileError, read_outcomes, write_outcomes
from evaluator.report import RunReport, build_report
from evaluator.runner import judge_all, run_agent
from judges.base import Judge
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.golden import GoldenFileError, atomic_write_text, file_sha256, load_golden

EXIT_USAGE = 2
DEFAULT_GOLDEN = Path("data/golden/qa_golden_set.jsonl")


class UsageError(Exception):
    """Bad arguments, inputs or configuration: exit code 2."""


def _common(parser: argparse.ArgumentParser) -> None:
    from evaluator.gate import add_gate_arguments

    parser.add_argument(
        "--golden", type=Path, default=DEFAULT_GOLDEN, help="golden set (JSONL or JSON array)"
    )
    parser.add_argument(
        "--judge",
        choices=("offline", "llm"),
        default="offline",
        help="offline lexical judge (default) or an LLM judge",
    )
    parser.add_argument(
        "--judge-model",
        metavar="PROVIDER:MODEL",
        help="LLM judge model (default google_genai:gemini-2.5-pro)",
    )
    parser.add_argument(
        "--mode",
        choices=("tool", "agent"),
        default="tool",
        help="LLM agent style; also keys the baseline",
    )
    parser.add_argument(
        "--report",
        type=Path,
        default=Path("out/qa_report.json"),
        help="where to write the JSON report",
    )
    parser.add_argument(
        "--allow-self-judge",
        action="store_true",
        help="let the judge model equal the agent or builder model",
    )
    parser.add_argument(
        "--concurrency", type=int, default=1, help="cases run/judged at once (LLM paths)"
    )
    parser.add_argument("--no-progress", action="store_true", help="hide progress bars")
    add_gate_arguments(parser)


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m evaluator",
        description="Run a RAG agent on a golden set, judge each answer on separate metrics, "
        "and compare with a baseline that only ratchets up. Exit 0 pass, 1 regression, 2 usage.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser(
        "run",
        help="run the agent on every case, then judge",
        description="Run the agent under test on every golden question and judge the answers.",
    )
    run.add_argument(
        "--index",
        type=Path,
        default=Path("faiss_index_locale"),
        help="index built by python -m vectordb build",
    )
    run.add_argument(
        "--agent",
        default="extractive",
        help="extractive (offline default), PROVIDER:MODEL (reference LLM agent), or module:callable / file.py:callable",
    )
    run.add_argument("--k", type=int, default=3, help="chunks retrieved per question")
    run.add_argument(
        "--outcomes",
        type=Path,
        default=Path("out/outcomes.jsonl"),
        help="where to write the agent outcomes",
    )
    _common(run)
    rescore = commands.add_parser(
        "rescore",
        help="judge saved outcomes again without re-running the agent",
        description="Judge an outcomes JSONL file (see docs/outcomes.md) from any RAG system.",
    )
    rescore.add_argument(
        "outcomes", type=Path, help="outcomes JSONL written by run (or by your system)"
    )
    rescore.add_argument(
        "--index",
        type=Path,
        default=Path("faiss_index_locale"),
        help="index whose documents anchor contexts without offsets (optional)",
    )
    _common(rescore)
    return parser


def _load_items(path: Path) -> list[GoldenItem]:
    try:
        items = load_golden(path)
    except FileNotFoundError as exc:
        raise UsageError(f"{exc}; generate one with: python -m builder generate") from exc
    except GoldenFileError as exc:
        raise UsageError(str(exc)) from exc
    if not items:
        raise UsageError(f"golden file {path} has no items")
    return items


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


def _make_judge(args: argparse.Namespace, documents: dict[str, str] | None) -> Judge:
    from judges import make_judge
    from ragoro.llm import LLMConfigError

    try:
        return make_judge(args.judge, model=args.judge_model, documents=documents)
    except LLMConfigError as exc:
        # The shared factory speaks of the builder's flag; name the evaluator's one here.
        raise UsageError(str(exc).replace("--llm offline", "--judge offline")) from exc


def _documents(index_path: Path) -> dict[str, str] | None:
    from vectordb import IndexOpenError, VectorIndex

    try:
        return {p: d.text for p, d in VectorIndex.open(index_path).documents.items()}
    except IndexOpenError:
        return None


def _finish(args: argparse.Namespace, report: RunReport) -> int:
    from evaluator.gate import run_gate

    atomic_write_text(args.report, report.model_dump_json(indent=2) + "\n")
    print(render_report(report))
    print(f"report: {args.report}")
    outcome = run_gate(report, args.baseline, update=args.update_baseline)
    for line in outcome.lines:
        print(line)
    return outcome.exit_code


def _judge_and_report(
    args: argparse.Namespace,
    *,
    items: list[GoldenItem],
    outcomes: list[CaseOutcome],
    judge: Judge,
    meta: dict[str, object],
    timings: dict[str, float],
) -> RunReport:
    started = time.perf_counter()
    results = judge_all(
        items, outcomes, judge, concurrency=args.concurrency, progress=not args.no_progress
    )
    timings["judge_s"] = time.perf_counter() - started
    return build_report(
        items,
        outcomes,
        results,
        mode=args.mode,
        judge=args.judge,
        judge_model=judge.model,
        golden_path=str(args.golden),
        golden_sha256=file_sha256(args.golden),
        timings=timings,
        **meta,
    )


def _run(args: argparse.Namespace) -> int:
    from evaluator.agents import make_agent
    from vectordb import IndexOpenError, VectorIndex

    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    items = _load_items(args.golden)
    try:
        index = VectorIndex.open(args.index)
    except IndexOpenError as exc:
        raise UsageError(str(exc)) from exc
    try:
        agent = make_agent(args.agent, index=index, k=args.k, mode=args.mode)
    except (ValueError, ImportError) as exc:
        raise UsageError(str(exc)) from exc
    documents = {p: d.text for p, d in index.documents.items()}
    judge = _make_judge(args, documents)
    if not args.allow_self_judge:
        check_self_judge(judge.model, agent.model, builder_models(items))
    clock = time.perf_counter()
    outcomes = run_agent(items, agent, concurrency=args.concurrency, progress=not args.no_progress)
    timings = {"agent_s": time.perf_counter() - clock}
    write_outcomes(args.outcomes, outcomes)
    meta: dict[str, object] = {
        "agent": agent.name,
        "agent_model": agent.model,
        "started_at": started_at,
    }
    report = _judge_and_report(
        args, items=items, outcomes=outcomes, judge=judge, meta=meta, timings=timings
    )
    print(f"outcomes: {args.outcomes}")
    return _finish(args, report)


def _rescore(args: argparse.Namespace) -> int:
    started_at = datetime.now(UTC).isoformat(timespec="seconds")
    items = _load_items(args.golden)
    try:
        outcomes = read_outcomes(args.outcomes)
    except OutcomesFileError as exc:
        raise UsageError(str(exc)) from exc
    judge = _make_judge(args, _documents(args.index))
    agent_name = outcomes[0].agent if outcomes else "unknown"
    if not args.allow_self_judge:
        check_self_judge(judge.model, agent_name, builder_models(items))
    meta: dict[str, object] = {"agent": agent_name, "agent_model": None, "started_at": started_at}
    try:
        report = _judge_and_report(
            args, items=items, outcomes=outcomes, judge=judge, meta=meta, timings={}
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    return _finish(args, report)


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m evaluator`; returns the process exit code."""
    args = _parser().parse_args(argv)
    try:
        return _run(args) if args.command == "run" else _rescore(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
