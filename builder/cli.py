"""`python -m builder`: the golden-set schema, validation against documents, generation."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from builder.api import validate
from builder.exchange.cli import add_exchange_parsers, run_export, run_import
from builder.generate_cli import add_generate_parser, run_generate
from builder.review import review_counts
from builder.review.cli import add_review_parser, run_review
from builder.validate import ValidationReport, apply_fixes, summarise, validate_golden
from ragoro.cli import Handler, run_command
from ragoro.contracts import GoldenItem
from ragoro.errors import ExitCode, InputError
from vectordb import DEFAULT_DOCS, DEFAULT_INDEX


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m builder",
        description="Build and check golden QA sets whose passages point at exact document offsets.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    commands.add_parser("schema", help="print the JSON Schema of one golden item")
    validate = commands.add_parser(
        "validate",
        help="prove every passage against its document",
        description="Check the schema, unique ids and every passage (document exists, offsets in "
        "range, content == text[start:end]). Moved content is searched for (exact, then "
        "whitespace-normalised) and its new offsets reported. Exit 0 valid, 1 invalid, 2 usage.",
    )
    validate.add_argument("golden", type=Path, help="golden file (.jsonl, or a JSON array)")
    source = validate.add_mutually_exclusive_group()
    source.add_argument("--docs", type=Path, help=f"corpus folder (e.g. {DEFAULT_DOCS})")
    source.add_argument(
        "--index", type=Path, help=f"index folder (default {DEFAULT_INDEX} if present)"
    )
    validate.add_argument(
        "--fix", action="store_true", help="re-anchor moved passages in place (keeps a .bak)"
    )
    validate.add_argument(
        "--stats",
        action="store_true",
        help="also print the quality summary: types, languages, styles, hops, answer lengths, "
        "share of too-easy questions, and rejects by reason (from NAME.rejects.jsonl beside it)",
    )
    add_generate_parser(commands)
    add_review_parser(commands)
    add_exchange_parsers(commands)
    return parser


def _print_summary(report: ValidationReport) -> None:
    items: list[GoldenItem] = [r.item for r in report.records if r.item is not None]
    counts = summarise(items)
    print(f"\n{report.path}: {len(report.records)} item(s), {report.n_invalid} invalid")
    for title, counter in counts.items():
        if counter:
            row = ", ".join(f"{key} {count}" for key, count in sorted(counter.items()))
            print(f"  by {title}: {row}")
    reviews = review_counts(items)
    reviewed = reviews["accepted"] + reviews["edited"]
    print(
        f"  reviewed: {reviewed} ({reviews['accepted']} accepted, {reviews['edited']} edited), "
        f"{reviews['rejected']} rejected, {reviews['not reviewed']} not reviewed"
    )


def _validate(args: argparse.Namespace) -> int:
    checked = validate(args.golden, docs=args.docs, index=args.index)
    for failure in checked.corpus.skipped:
        print(f"warning: skipped {failure}", file=sys.stderr)
    texts, report = checked.corpus.texts, checked.report
    for problem in report.problems:
        print(problem)
    if args.fix and report.fixable:
        try:
            fixed, backup = apply_fixes(report, texts)
        except ValueError as exc:
            raise InputError(str(exc)) from exc
        print(f"re-anchored {fixed} item(s); backup in {backup}")
        report = validate_golden(args.golden, texts)
        for problem in report.problems:
            print(f"still invalid: {problem}")
    elif report.fixable:
        print(f"{len(report.fixable)} item(s) can be re-anchored: rerun with --fix")
    _print_summary(report)
    if args.stats:
        _print_stats(report)
    return ExitCode.PASS if report.valid else ExitCode.FAIL


def _print_stats(report: ValidationReport) -> None:
    from builder.generate.summary import print_quality, quality_summary

    items = [r.item for r in report.records if r.item is not None]
    path = report.path
    rejects_path = path.with_name(path.name.removesuffix(".jsonl") + ".rejects.jsonl")
    rows: list[dict[str, object]] = []
    if rejects_path.is_file() and rejects_path != path:
        for number, line in enumerate(rejects_path.read_text(encoding="utf-8").splitlines(), 1):
            if not line.strip():
                continue
            try:
                row = json.loads(line)
            except json.JSONDecodeError:
                print(f"warning: {rejects_path}:{number}: not JSON, not counted", file=sys.stderr)
                continue
            if isinstance(row, dict):
                rows.append(row)
    print_quality(quality_summary(items, rows), sys.stdout)


def _schema(args: argparse.Namespace) -> int:
    print(json.dumps(GoldenItem.model_json_schema(), indent=2, ensure_ascii=False))
    return ExitCode.PASS


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m builder`; returns the process exit code."""
    args = _parser().parse_args(argv)
    handlers: dict[str, Handler] = {
        "schema": _schema,
        "validate": _validate,
        "generate": run_generate,
        "review": run_review,
        "export": run_export,
        "import": run_import,
    }
    return run_command(handlers[args.command], args, offline_flag="--llm offline")
