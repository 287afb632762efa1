"""`python -m vectordb build|search`: index a corpus folder and query it.

The library modules of vectordb import nothing else of ragoro; this front end, like the
other three command lines, reports errors through `ragoro.cli.run_command`.
"""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from ragoro.errors import UsageError
from ragoro.executors import add_executor_arguments, executor_from_args
from vectordb.defaults import DEFAULT_DOCS, DEFAULT_EMBEDDINGS, DEFAULT_INDEX
from vectordb.formats import supported_suffixes


def _parser() -> argparse.ArgumentParser:
    suffixes = "/".join(supported_suffixes())
    parser = argparse.ArgumentParser(
        prog="python -m vectordb",
        description=f"Build a pickle-free FAISS index over {suffixes} files, or search it.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser(
        "build",
        help="load, chunk and embed a corpus folder",
        description=f"Load {suffixes} files recursively, split them into chunks with exact "
        "character offsets, embed them and write the index. Unchanged chunks reuse their "
        "vectors. Exits 1 only when no document at all could be loaded.",
    )
    build.add_argument("--docs", type=Path, default=Path(DEFAULT_DOCS), help="corpus folder")
    build.add_argument("--index", type=Path, default=Path(DEFAULT_INDEX), help="index folder")
    build.add_argument("--chunk-size", type=int, default=1000, help="max characters per chunk")
    build.add_argument(
        "--chunk-overlap", type=int, default=200, help="characters shared by neighbours"
    )
    build.add_argument(
        "--embeddings",
        default=DEFAULT_EMBEDDINGS,
        metavar="NAME_OR_PATH",
        help=f"sentence-transformers model name or folder (default: packaged {DEFAULT_EMBEDDINGS})",
    )
    build.add_argument(
        "--replace",
        action="store_true",
        help="rebuild the index folder even when it holds an index of another corpus folder "
        "(without it, that is an error: exit 2)",
    )
    add_executor_arguments(build)
    search = commands.add_parser("search", help="print the top chunks for a query")
    search.add_argument("query", help="the question or keywords to search for")
    search.add_argument("-k", type=int, default=3, help="how many chunks (default 3)")
    search.add_argument("--index", type=Path, default=Path(DEFAULT_INDEX), help="index folder")
    return parser


def _build(args: argparse.Namespace) -> int:
    from vectordb.embeddings import get_encoder
    from vectordb.index import build_index

    if not args.docs.is_dir():
        raise UsageError(f"document folder not found: {args.docs}")
    executor = executor_from_args(args)
    try:
        result = build_index(
            args.docs,
            args.index,
            chunk_size=args.chunk_size,
            chunk_overlap=args.chunk_overlap,
            embeddings=args.embeddings,
            progress=True,
            replace=args.replace,
            encoder_factory=executor.encoder_factory() or get_encoder,
            loader=executor.document_loader(),
        )
    except ValueError as exc:
        raise UsageError(str(exc)) from exc
    finally:
        executor.close()
    for failure in result.failures:
        print(f"skipped {failure}", file=sys.stderr)
    print(
        f"indexed {result.documents} document(s) into {result.chunks} chunk(s): "
        f"{result.reused} reused, {result.embedded} embedded -> {result.index_path}"
    )
    return 0


def _search(args: argparse.Namespace) -> int:
    from vectordb.index import VectorIndex

    index = VectorIndex.open(args.index)
    hits = index.search(args.query, args.k)
    for rank, hit in enumerate(hits, start=1):
        chunk = hit.chunk
        print(
            f"{rank}. {chunk.document_path}  page {chunk.page}  "
            f"[{chunk.start_char}:{chunk.end_char}]  score {hit.score:.3f}"
        )
        print("   " + " ".join(chunk.text.split())[:300])
    return 0


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m vectordb`; returns the process exit code."""
    from ragoro.cli import run_command

    args = _parser().parse_args(argv)
    return run_command(_build if args.command == "build" else _search, args)
