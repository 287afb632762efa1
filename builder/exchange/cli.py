"""`python -m builder export GOLDEN --to ragas|deepeval|csv` and
`python -m builder import FILE --from ragas|deepeval --out GOLDEN`."""

from __future__ import annotations

import argparse
import json
import sys
from pathlib import Path

from builder.api import corpus_texts
from builder.exchange.anchor import anchor_all
from builder.exchange.formats import from_deepeval, from_ragas, to_csv, to_deepeval, to_ragas
from ragoro.errors import ExitCode, InputError, UsageError
from ragoro.golden import atomic_write_text, load_golden, write_golden
from vectordb import DEFAULT_DOCS, DEFAULT_INDEX

_SUFFIX = {"ragas": ".ragas.jsonl", "deepeval": ".deepeval.json", "csv": ".csv"}
_READERS = {"ragas": from_ragas, "deepeval": from_deepeval}


def add_exchange_parsers(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the `export` and `import` subcommands."""
    export = commands.add_parser(
        "export",
        help="write a golden set for ragas, DeepEval or a spreadsheet",
        description="Write the golden set as ragas samples (JSONL), DeepEval goldens (JSON) "
        "or CSV; passages become reference contexts. Field mapping: docs/exchange.md.",
    )
    export.add_argument("golden", type=Path, help="golden file (.jsonl, or a JSON array)")
    export.add_argument("--to", choices=sorted(_SUFFIX), required=True, help="target format")
    export.add_argument("--out", type=Path, help="output file (default: beside GOLDEN)")
    imported = commands.add_parser(
        "import",
        help="read a ragas or DeepEval test set as a golden set",
        description="Read ragas samples or DeepEval goldens; every reference context is "
        "located in the corpus (exact, then whitespace-normalised) to get its offsets. Items "
        "whose contexts are found nowhere are listed and left out (exit 1). Field mapping: "
        "docs/exchange.md.",
    )
    imported.add_argument("file", type=Path, help="ragas JSONL/JSON or DeepEval JSON file")
    imported.add_argument("--from", dest="source", choices=sorted(_READERS), required=True)
    imported.add_argument("--out", type=Path, required=True, help="golden JSONL to write")
    source = imported.add_mutually_exclusive_group()
    source.add_argument("--docs", type=Path, help=f"corpus folder (e.g. {DEFAULT_DOCS})")
    source.add_argument(
        "--index", type=Path, help=f"index folder (default {DEFAULT_INDEX} if present)"
    )


def run_export(args: argparse.Namespace) -> int:
    """Write the export; exit 0."""
    if not args.golden.is_file():
        raise UsageError(f"golden file not found: {args.golden}")
    items = load_golden(args.golden)
    out: Path = args.out or args.golden.with_name(args.golden.stem + _SUFFIX[args.to])
    if args.to == "ragas":
        text = "".join(json.dumps(to_ragas(i), ensure_ascii=False) + "\n" for i in items)
    elif args.to == "deepeval":
        text = json.dumps([to_deepeval(i) for i in items], ensure_ascii=False, indent=2) + "\n"
    else:
        text = to_csv(items)
    atomic_write_text(out, text)
    print(f"exported {len(items)} item(s) for {args.to}: {out}")
    return ExitCode.PASS


def run_import(args: argparse.Namespace) -> int:
    """Anchor and write the importable items; exit 1 when some had to be left out."""
    if not args.file.is_file():
        raise UsageError(f"file not found: {args.file}")
    if args.out.exists():
        raise UsageError(f"{args.out} exists: import writes a new golden file (pick another --out)")
    try:
        text = args.file.read_text(encoding="utf-8")
    except UnicodeDecodeError as exc:
        raise InputError(f"{args.file}: not UTF-8 (byte at offset {exc.start})") from exc
    foreigns = _READERS[args.source](text, str(args.file))
    corpus = corpus_texts(docs=args.docs, index=args.index)
    for failure in corpus.skipped:
        print(f"warning: skipped {failure}", file=sys.stderr)
    result = anchor_all(foreigns, corpus.texts)
    for reason in result.rejected:
        print(f"left out: {reason}")
    if result.items:
        write_golden(args.out, result.items)
    print(
        f"imported {len(result.items)} of {len(foreigns)} item(s) into {args.out} "
        f"({result.relocated} context(s) located in {corpus.source}); "
        f"{len(result.rejected)} left out"
    )
    return ExitCode.FAIL if result.rejected else ExitCode.PASS
