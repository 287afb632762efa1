"""`python -m vectordb build|search`: index a corpus folder and query it."""

from __future__ import annotations

import argparse
import sys
from pathlib import Path

from vectordb.embeddings import DEFAULT_EMBEDDINGS, EmbeddingModelError
from vectordb.index import DEFAULT_DOCS, DEFAULT_INDEX, NoDocumentsError, VectorIndex, build_index
from vectordb.store import IndexOpenError


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m vectordb",
        description="Build a pickle-free FAISS index over PDF/TXT/MD files, or search it.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    build = commands.add_parser(
        "build",
        help="load, chunk and embed a corpus folder",
        description="Load .pdf/.txt/.md files recursively, split them into chunks with exact "
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
    search = commands.add_parser("search", help="print the top chunks for a query")
    search.add_argument("query", help="the question or keywords to search for")
    search.add_argument("-k", type=int, default=3, help="how many chunks (default 3)")
    search.add_argument("--index", type=Path, default=Path(DEFAULT_INDEX), help="index folder")
    return parser


def _build(args: argparse.Namespace) -> int:
    if not args.docs.is_dir():
        print(f"error: document folder not found: {args.docs}", file=sys.stderr)
        return 2
    try:
        result = build_index(
            args.docs,
            args.index,
            chunk_size=args.chunk_size,
            chunk_overlap=args.chunk_overlap,
            embeddings=args.embeddings,
            progress=True,
        )
    except NoDocumentsError as exc:
        print(f"error: {exc}", file=sys.stderr)
        for failure in exc.failures:
            print(f"  skipped {failure}", file=sys.stderr)
        return 1
    except (ValueError, EmbeddingModelError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
    for failure in result.failures:
        print(f"skipped {failure}", file=sys.stderr)
    print(
        f"indexed {result.documents} document(s) into {result.chunks} chunk(s): "
        f"{result.reused} reused, {result.embedded} embedded -> {result.index_path}"
    )
    return 0


def _search(args: argparse.Namespace) -> int:
    try:
        index = VectorIndex.open(args.index)
        hits = index.search(args.query, args.k)
    except (IndexOpenError, EmbeddingModelError) as exc:
        print(f"error: {exc}", file=sys.stderr)
        return 2
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
    args = _parser().parse_args(argv)
    if args.command == "build":
        return _build(args)
    return _search(args)
