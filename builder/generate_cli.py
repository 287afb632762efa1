"""`python -m builder generate`: the command line of the golden-set generator."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path
from typing import Any

from ragoro.errors import UsageError
from ragoro.llm.arguments import add_request_arguments, add_role_arguments
from vectordb import DEFAULT_DOCS, DEFAULT_INDEX

DEFAULT_OUT = Path("data/golden/qa_golden_set.jsonl")

_DESCRIPTION = """\
Build golden QA items by reverse generation: chunk the corpus with zero overlap, sample
chunks (seeded, stratified across documents), plan a case type for each, then write a
question + answer + verbatim quotes for every scenario. Quotes are located in the document
text (never guessed); an item whose quote cannot be found is rejected.

Items are appended to --out as soon as they are accepted and rejects to the rejects file,
so a killed run resumes when the same command is rerun (scenario ids already in either
file are skipped; a torn last line is dropped and redone). At the end both files are
rewritten in plan order after removing near-duplicate questions, so a resumed run ends
with the same set as an uninterrupted one (created_at aside). Delete both files to start
over.
"""


def _fraction(text: str) -> float:
    value = float(text)
    if not 0 < value <= 1:
        raise argparse.ArgumentTypeError(f"must be in (0, 1], got {text}")
    return value


def _positive(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text}")
    return value


def add_generate_parser(commands: Any) -> None:
    """Register the `generate` subcommand and its options."""
    parser = commands.add_parser(
        "generate",
        help="generate golden items from the corpus (offline or with an LLM)",
        description=_DESCRIPTION,
        formatter_class=argparse.RawDescriptionHelpFormatter,
    )
    size = parser.add_mutually_exclusive_group()
    size.add_argument(
        "--sample",
        type=_fraction,
        default=None,
        metavar="FRACTION",
        help="fraction of the chunks to sample, in (0, 1] (default 0.1)",
    )
    size.add_argument(
        "--n",
        type=_positive,
        default=None,
        metavar="COUNT",
        help="number of chunks to sample instead of a fraction",
    )
    parser.add_argument(
        "--seed",
        type=int,
        default=42,
        help="sampling/planning seed; same seed, same scenarios (default 42)",
    )
    parser.add_argument(
        "--llm",
        default=None,
        metavar="SPEC",
        help="'offline' (deterministic, no model) or 'provider:model', e.g. "
        "google_genai:gemini-2.5-flash (default: that model when GOOGLE_API_KEY "
        "is set, else offline)",
    )
    parser.add_argument(
        "--mix",
        "--types",
        dest="mix",
        default=None,
        metavar="MIX",
        help="case types to write, with relative weights: e.g. "
        "'factual=0.5,numeric=0.2,composite=0.15,refusal=0.15' (factual = narrative; "
        "default narrative .35, numeric .25, composite .15, refusal .15, clarification .10; "
        "refusals never exceed 20%% of the sampled chunks unless their weight asks for more)",
    )
    parser.add_argument(
        "--docs",
        type=Path,
        default=Path(DEFAULT_DOCS),
        help=f"corpus folder (default {DEFAULT_DOCS})",
    )
    parser.add_argument(
        "--index",
        type=Path,
        default=Path(DEFAULT_INDEX),
        help=f"index of the same corpus, for neighbours, refusal checks, "
        f"round-trip difficulty and deduplication; built when missing and refreshed when "
        f"files changed (default {DEFAULT_INDEX})",
    )
    parser.add_argument(
        "--out",
        type=Path,
        default=DEFAULT_OUT,
        help=f"golden JSONL file to write/resume (default {DEFAULT_OUT})",
    )
    parser.add_argument(
        "--rejects",
        type=Path,
        default=None,
        help="rejects JSONL file (default: beside --out, NAME.rejects.jsonl)",
    )
    parser.add_argument(
        "--chunk-size",
        type=int,
        default=900,
        help="characters per zero-overlap chunk (default 900)",
    )
    parser.add_argument(
        "--concurrency",
        type=_positive,
        default=4,
        help="scenarios written in parallel threads (default 4)",
    )
    add_role_arguments(parser, None, rpm=60)
    add_request_arguments(parser)
    parser.add_argument(
        "--max-reasks",
        type=int,
        default=2,
        help="re-asks with the validation error before rejecting (default 2)",
    )
    parser.add_argument(
        "--dedup-threshold",
        type=float,
        default=0.92,
        help="cosine similarity at or above which two questions are "
        "duplicates; the later one (plan order) is dropped (default 0.92)",
    )
    parser.add_argument(
        "--roundtrip-k",
        type=_positive,
        default=5,
        help="top-k for the round-trip check: an item is 'easy' when its "
        "question retrieves its passages in the top-k (default 5)",
    )
    parser.add_argument(
        "--no-cache", action="store_true", help="do not read or write the disk cache of model calls"
    )
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=None,
        help="model-call cache folder (default $RAGORO_CACHE_DIR or .cache/ragoro)",
    )
    parser.add_argument(
        "--replace",
        action="store_true",
        help="discard --out and its rejects file before generating, even when they were made "
        "from another corpus (without it, generating into another corpus's golden file is "
        "an error: exit 2)",
    )
    parser.add_argument("--no-progress", action="store_true", help="no progress bar on stderr")


def run_generate(args: argparse.Namespace) -> int:
    """Run `builder generate`; returns the exit code (0 done, 1 nothing written, 2 bad
    input or a golden file of another corpus, 3 model provider unavailable)."""
    from builder.api import generate
    from builder.generate.config import GenerateConfig, generator_code_sha256, parse_mix
    from builder.generate.report import print_summary
    from builder.generate.summary import print_quality, quality_summary
    from builder.lineage import (
        NothingGenerated,
        check_out_lineage,
        discard_outputs,
        record_lineage,
    )
    from ragoro.llm import default_model

    try:
        mix = parse_mix(args.mix) if args.mix else None
        config = GenerateConfig(
            docs=args.docs,
            index=args.index,
            out=args.out,
            rejects=args.rejects,
            sample=args.sample if args.sample is not None or args.n is not None else 0.1,
            n=args.n,
            seed=args.seed,
            llm=args.llm or default_model("builder"),
            chunk_size=args.chunk_size,
            concurrency=args.concurrency,
            rpm=args.rpm,
            max_calls=args.max_calls,
            timeout=args.timeout,
            retries=args.retries,
            backoff=args.backoff,
            max_reasks=args.max_reasks,
            dedup_threshold=args.dedup_threshold,
            roundtrip_k=args.roundtrip_k,
            cache=not args.no_cache,
            cache_dir=args.cache_dir,
            progress=not args.no_progress,
        )
        if mix is not None:
            config.mix = mix
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    if args.replace:
        discard_outputs(config.out, config.rejects_path)
    else:
        check_out_lineage(config.out, config.docs)
    result = generate(config)
    print_summary(result, sys.stdout)
    print_quality(quality_summary(result.items, result.rejects), sys.stdout)
    print(f"wrote {len(result.items)} item(s) to {config.out}; rejects in {config.rejects_path}")
    if not result.items:
        raise NothingGenerated(
            f"no golden item was written to {config.out}: every scenario was rejected or "
            f"none was planned; see why in {config.rejects_path}"
        )
    record_lineage(
        config.out,
        docs=config.docs,
        index=config.index,
        generator=config.llm,
        code_sha256=generator_code_sha256(),
        settings=config.lineage_settings(),
    )
    return 0
