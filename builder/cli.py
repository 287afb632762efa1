"""`python -m builder`: the golden-set schema, validation against documents, generation."""

from __future__ import annotations

import argparse
import json
import sys
from collections.abc import Mapping
from pathlib import Path

from builder.validate import ValidationReport, apply_fixes, summarise, validate_golden
from ragoro.contracts import GoldenItem
from vectordb import DEFAULT_DOCS, DEFAULT_INDEX, IndexOpenError, VectorIndex, load_documents

EXIT_OK, EXIT_INVALID, EXIT_USAGE = 0, 1, 2


class UsageError(Exception):
    """Bad arguments or missing inputs: exit code 2."""


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
    from builder.generate_cli import add_generate_parser

    add_generate_parser(commands)
    return parser


def document_texts(docs: Path | None, index: Path | None) -> Mapping[str, str]:
    """Canonical texts by path, from an index (no re-parsing) or a corpus folder."""
    if docs is None and index is None:
        index = Path(DEFAULT_INDEX) if Path(DEFAULT_INDEX).is_dir() else None
        docs = None if index else Path(DEFAULT_DOCS)
    if index is not None:
        try:
            opened = VectorIndex.open(index)
        except IndexOpenError as exc:
            raise UsageError(str(exc)) from exc
        return {path: doc.text for path, doc in opened.documents.items()}
    assert docs is not None
    if not docs.is_dir():
        raise UsageError(f"document folder not found: {docs} (use --docs or --index)")
    loaded = load_documents(docs)
    for failure in loaded.failures:
        print(f"warning: skipped {failure}", file=sys.stderr)
    return {doc.path: doc.text for doc in loaded.documents}


def _print_summary(report: ValidationReport) -> None:
    items: list[GoldenItem] = [r.item for r in report.records if r.item is not None]
    counts = summarise(items)
    print(f"\n{report.path}: {len(report.records)} item(s), {report.n_invalid} invalid")
    for title, counter in counts.items():
        if counter:
            row = ", ".join(f"{key} {count}" for key, count in sorted(counter.items()))
            print(f"  by {title}: {row}")


def _validate(args: argparse.Namespace) -> int:
    if not args.golden.is_file():
        raise UsageError(f"golden file not found: {args.golden}")
    texts = document_texts(args.docs, args.index)
    report = validate_golden(args.golden, texts)
    for problem in report.problems:
        print(problem)
    if args.fix and report.fixable:
        try:
            fixed, backup = apply_fixes(report, texts)
        except ValueError as exc:
            raise UsageError(str(exc)) from exc
        print(f"re-anchored {fixed} item(s); backup in {backup}")
        report = validate_golden(args.golden, texts)
        for problem in report.problems:
            print(f"still invalid: {problem}")
    elif report.fixable:
        print(f"{len(report.fixable)} item(s) can be re-anchored: rerun with --fix")
    _print_summary(report)
    return EXIT_OK if report.valid else EXIT_INVALID


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m builder`; returns the process exit code."""
    args = _parser().parse_args(argv)
    try:
        if args.command == "schema":
            print(json.dumps(GoldenItem.model_json_schema(), indent=2, ensure_ascii=False))
            return EXIT_OK
        if args.command == "validate":
            return _validate(args)
        from builder.generate_cli import run_generate

        return run_generate(args)
    except UsageError as exc:
        print(f"error: {exc}", file=sys.stderr)
        return EXIT_USAGE
