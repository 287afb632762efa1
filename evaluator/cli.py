"""`python -m evaluator run|rescore|selfcheck|extraction`: run the agent, judge every answer,
gate on the baseline; check that the judge passes the reference answers and fails the null
ones; or score what the loaders extract against ground truth, per channel."""

from __future__ import annotations

import argparse
from pathlib import Path

from evaluator.console import render_explanations, render_report
from evaluator.extraction_cli import add_extraction_parser, run_extraction_command
from evaluator.gate import GatedReport, GateOutcome, judge_outage, run_gate
from evaluator.gate_cli import add_gate_arguments, baseline_beside
from evaluator.journal import journal_path
from evaluator.orchestrate import DEFAULT_GOLDEN, evaluate_streamed, rescore_streamed
from evaluator.participants import ModelUse
from evaluator.report_file import write_report_json
from evaluator.selfcheck import SELFCHECK_AGENTS, render_selfcheck, selfcheck
from evaluator.stream_run import StreamedRun
from evaluator.views import add_view_arguments, baseline_entry_before, write_views
from judges.registry import JUDGES
from ragoro.cli import run_command
from ragoro.errors import ExitCode, UsageError
from ragoro.executors import Executor, add_executor_arguments, executor_from_args
from ragoro.golden import atomic_write_text
from ragoro.lineage import Lineage, relative_to, write_lineage
from ragoro.llm.arguments import add_request_arguments, add_role_arguments, limits_from_args


def _common(parser: argparse.ArgumentParser, *, golden_default: Path | None) -> None:
    parser.add_argument(
        "--golden",
        type=Path,
        default=golden_default,
        help="golden set (JSONL or JSON array)"
        + (
            f" (default {DEFAULT_GOLDEN})"
            if golden_default
            else f" (default: the one the outcomes' lineage sidecar names, else {DEFAULT_GOLDEN})"
        ),
    )
    parser.add_argument(
        "--judge",
        choices=sorted(JUDGES),
        default="offline",
        help="a registered judge: offline (default, no model) or llm; see docs/extending.md",
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
    parser.add_argument(
        "--repeats",
        type=int,
        default=1,
        metavar="N",
        help="judge every answer N times (default 1) and report each metric's spread (max - "
        "min pass rate over the repeats); rates and verdicts stay repeat 1's, and the gate "
        "lets a drop within the spread pass. Each repeat is a fresh LLM call (own cache "
        "key); the offline judge is deterministic and judged once (spread 0)",
    )
    parser.add_argument("--no-progress", action="store_true", help="hide progress bars")
    add_view_arguments(parser)
    parser.add_argument(
        "--reviewed-only",
        action="store_true",
        help="evaluate only the items a reviewer accepted or edited (python -m builder "
        "review); rejected items are never evaluated. Gate such a run on its own --baseline",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="print the reason of every failed or unscored verdict (the JSON report always "
        "keeps them under case_results)",
    )
    add_gate_arguments(parser)
    _model_arguments(parser)
    add_executor_arguments(parser)


def _model_arguments(parser: argparse.ArgumentParser, *, agent: bool = False) -> None:
    """Each role's request caps, the shared request options and the call cache."""
    if agent:
        add_role_arguments(parser, "agent")
    add_role_arguments(parser, "judge")
    add_request_arguments(parser)
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor write the cache of model calls (every call is sent again), "
        "the question vectors or the chunk analyses stored beside the index",
    )
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=None,
        help="model-call cache folder (default $RAGORO_CACHE_DIR or .cache/ragoro)",
    )


def _use(args: argparse.Namespace) -> ModelUse:
    try:
        return ModelUse(
            agent=limits_from_args(args, "agent"),
            judge=limits_from_args(args, "judge"),
            cache=not args.no_cache,
            cache_dir=args.cache_dir,
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from exc


def _print_spend(run: StreamedRun) -> None:
    for role, accounting in run.accounting.items():
        total = accounting.total()
        if total.requests or total.cache_hits:
            print(
                f"{role} model: {total.requests} request(s) sent ({total.retries} retries, "
                f"{total.errors} failed), {total.cache_hits} answered from the cache"
            )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m evaluator",
        description="Run a RAG agent on a golden set, judge each answer on separate metrics, "
        "and compare with a baseline that only ratchets up. Exit 0 pass, 1 regression, "
        "2 usage/input error, 3 model provider unavailable.",
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
        help="extractive (offline default), a registered agent (reference, null:yes, null:echo, "
        "null:swap, null:refuse, null:context), PROVIDER:MODEL (reference LLM agent), or "
        "module:callable / file.py:callable",
    )
    run.add_argument("--k", type=int, default=3, help="chunks retrieved per question")
    add_role_arguments(run, "agent")
    run.add_argument(
        "--outcomes",
        type=Path,
        default=Path("out/outcomes.jsonl"),
        help="where to write the agent outcomes; every finished case is also appended to "
        "OUTCOMES.journal as it is done, so an interrupted run resumes when rerun (the "
        "journal is removed once the outcomes are written)",
    )
    run.add_argument(
        "--fresh",
        action="store_true",
        help="discard the journal an interrupted run left beside --outcomes and run every "
        "case again (without it a rerun resumes, and a journal of another run is refused)",
    )
    _common(run, golden_default=DEFAULT_GOLDEN)
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
        default=None,
        help="index whose documents anchor contexts without offsets (optional; default: the "
        "one the outcomes' lineage sidecar names, else faiss_index_locale if present)",
    )
    _common(rescore, golden_default=None)
    _selfcheck_parser(commands)
    add_extraction_parser(commands)
    return parser


def _selfcheck_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = commands.add_parser(
        "selfcheck",
        help="check the judge passes the reference answers and fails the null ones",
        description=f"Run {', '.join(SELFCHECK_AGENTS)} on a golden set, print each one's "
        "pass rate per metric, and check the judge separates them. Exit 0 when every goal "
        "holds, 1 when one fails, 2 on bad input. The baseline is not read or written.",
    )
    check.add_argument(
        "--golden", type=Path, default=DEFAULT_GOLDEN, help="golden set (JSONL or JSON array)"
    )
    check.add_argument(
        "--index",
        type=Path,
        default=Path("faiss_index_locale"),
        help="index built by python -m vectordb build",
    )
    check.add_argument(
        "--judge",
        choices=sorted(JUDGES),
        default="offline",
        help="a registered judge: offline (default, no model) or llm; see docs/extending.md",
    )
    check.add_argument(
        "--judge-model",
        metavar="PROVIDER:MODEL",
        help="LLM judge model (default google_genai:gemini-2.5-pro)",
    )
    check.add_argument("--k", type=int, default=3, help="chunks null:context retrieves")
    check.add_argument(
        "--report",
        type=Path,
        default=Path("out/selfcheck.json"),
        help="where to write the JSON summary",
    )
    check.add_argument(
        "--concurrency", type=int, default=1, help="cases run/judged at once (LLM judge)"
    )
    check.add_argument("--no-progress", action="store_true", help="hide progress bars")
    _model_arguments(check)


def _finish(args: argparse.Namespace, run: StreamedRun) -> int:
    report = run.report
    if args.baseline is None:
        args.baseline = baseline_beside(report.golden_path)
    print(render_report(report))
    if args.explain:
        print(render_explanations(report, run.cases.row))
    entry = baseline_entry_before(args.baseline, report)
    outage = judge_outage(report, run.rows())
    if outage is not None:
        # Not a verdict on the agent: the baseline is neither read nor written.
        outcome = GateOutcome(
            exit_code=int(ExitCode.PROVIDER_UNAVAILABLE),
            lines=[f"error: {outage}"],
            baseline_path=str(args.baseline),
        )
    else:
        outcome = run_gate(
            report, args.baseline, update=args.update_baseline, fail_on_flips=args.fail_on_flips
        )
    # The report's own (already validated) values; every case's verdicts are written from
    # the run's files, one case at a time.
    gated = GatedReport.model_construct(**dict(report), gate=outcome.verdict)
    write_report_json(args.report, gated, run.rows())
    print(f"report: {args.report}")
    for line in write_views(args, run, entry, outcome.comparison):
        print(line)
    for line in outcome.lines:
        print(line)
    return outcome.exit_code


def _evaluate(args: argparse.Namespace, executor: Executor) -> StreamedRun:
    return evaluate_streamed(
        args.golden,
        index=args.index,
        agent=args.agent,
        judge=args.judge,
        judge_model=args.judge_model,
        mode=args.mode,
        k=args.k,
        repeats=args.repeats,
        concurrency=args.concurrency,
        progress=not args.no_progress,
        allow_self_judge=args.allow_self_judge,
        reviewed_only=args.reviewed_only,
        probe=True,
        use=_use(args),
        executor=executor,
        journal=journal_path(args.outcomes),
        fresh=args.fresh,
    )


def _run(args: argparse.Namespace) -> int:
    executor = executor_from_args(args)
    try:
        run = _evaluate(args, executor)
    finally:
        executor.close()
    try:
        run.write_outcomes(args.outcomes)
        report = run.report
        write_lineage(
            args.outcomes,
            Lineage(
                kind="outcomes",
                golden=relative_to(args.golden, args.outcomes),
                golden_sha256=report.golden_sha256,
                index=relative_to(args.index, args.outcomes),
                docs=relative_to(report.docs, args.outcomes) if report.docs else "",
                corpus_sha256=report.corpus_sha256,
                agent=report.agent,
            ),
        )
        if run.journal is not None:
            run.journal.finish()
        report.outcomes_path = str(args.outcomes)
        print(f"outcomes: {args.outcomes}")
        _print_spend(run)
        return _finish(args, run)
    finally:
        run.close()


def _rescore(args: argparse.Namespace) -> int:
    executor = executor_from_args(args)
    try:
        run = rescore_streamed(
            args.outcomes,
            golden=args.golden,
            index=args.index,
            judge=args.judge,
            judge_model=args.judge_model,
            mode=args.mode,
            repeats=args.repeats,
            concurrency=args.concurrency,
            progress=not args.no_progress,
            allow_self_judge=args.allow_self_judge,
            reviewed_only=args.reviewed_only,
            probe=True,
            use=_use(args),
            executor=executor,
        )
    finally:
        executor.close()
    try:
        _print_spend(run)
        return _finish(args, run)
    finally:
        run.close()


def _selfcheck(args: argparse.Namespace) -> int:
    result = selfcheck(
        args.golden,
        index=args.index,
        judge=args.judge,
        judge_model=args.judge_model,
        k=args.k,
        concurrency=args.concurrency,
        progress=not args.no_progress,
        probe=True,
        use=_use(args),
    )
    atomic_write_text(args.report, result.model_dump_json(indent=2) + "\n")
    print(render_selfcheck(result))
    print(f"report: {args.report}")
    return result.exit_code


_HANDLERS = {
    "run": _run,
    "rescore": _rescore,
    "selfcheck": _selfcheck,
    "extraction": run_extraction_command,
}


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m evaluator`; returns the process exit code."""
    args = _parser().parse_args(argv)
    return run_command(_HANDLERS[args.command], args, offline_flag="--judge offline")
