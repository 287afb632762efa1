"""What `python -m evaluator run|rescore|selfcheck` do once their arguments are parsed.

Kept apart from `evaluator.cli`, which only builds the parser: `--help` and argument errors
import none of this (the agent, the judges, the report), so they return at once. What only
one subcommand uses (selfcheck's runner, the extraction check and the fact readers it
loads) is imported by its handler, so a `run` does not load it.
"""

from __future__ import annotations

import argparse
from collections.abc import Callable

from evaluator.console import render_explanations, render_report
from evaluator.gate import GatedReport, GateOutcome, judge_outage, run_gate
from evaluator.gate_cli import baseline_beside
from evaluator.journal import journal_path
from evaluator.orchestrate import evaluate_streamed, rescore_streamed
from evaluator.participants import ModelUse
from evaluator.report_file import write_report_json
from evaluator.stream_run import StreamedRun
from evaluator.views import baseline_entry_before, write_views
from ragoro.errors import ExitCode, UsageError
from ragoro.executors import Executor, executor_from_args
from ragoro.golden import atomic_write_text
from ragoro.lineage import Lineage, relative_to, write_lineage
from ragoro.llm.arguments import limits_from_args

__all__ = ["HANDLERS"]


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
    from evaluator.selfcheck import render_selfcheck, selfcheck

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


def _extraction(args: argparse.Namespace) -> int:
    """Score and gate the extraction; print the table, the report path and the gate."""
    from evaluator.extraction import as_run_report, dump_report, render_extraction, run_extraction

    report = run_extraction(args.docs, args.fixtures)
    atomic_write_text(args.report, dump_report(report))
    print(render_extraction(report, mismatches=args.mismatches))
    print(f"report: {args.report}")
    outcome = run_gate(as_run_report(report), args.baseline, update=args.update_baseline)
    for line in outcome.lines:
        print(line)
    return outcome.exit_code


HANDLERS: dict[str, Callable[[argparse.Namespace], int]] = {
    "run": _run,
    "rescore": _rescore,
    "selfcheck": _selfcheck,
    "extraction": _extraction,
}
"""Each subcommand's handler, by the name `args.command` carries."""
