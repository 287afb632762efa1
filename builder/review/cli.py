"""`python -m builder review GOLDEN [--port N]`: serve the review page until Ctrl-C."""

from __future__ import annotations

import argparse
from pathlib import Path

from builder.review.server import make_server
from ragoro.errors import ExitCode, UsageError
from vectordb import DEFAULT_DOCS, DEFAULT_INDEX, Document, VectorIndex, load_documents


def add_review_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register the `review` subcommand."""
    review = commands.add_parser(
        "review",
        help="accept, edit or reject golden items in a local page",
        description="Serve a page on 127.0.0.1 to go through the items one by one, their "
        "passages highlighted in the documents: accept, edit (question, answer, alternative "
        "answers, case type) or reject each. Edits are validated; every decision is written "
        "to the file at once (atomically) as review: {status, note, at}.",
    )
    review.add_argument("golden", type=Path, help="golden file (.jsonl, or a JSON array)")
    review.add_argument("--port", type=int, default=8765, help="port on 127.0.0.1 (default 8765)")
    source = review.add_mutually_exclusive_group()
    source.add_argument("--docs", type=Path, help=f"corpus folder (e.g. {DEFAULT_DOCS})")
    source.add_argument(
        "--index", type=Path, help=f"index folder (default {DEFAULT_INDEX} if present)"
    )


def corpus_documents(docs: Path | None, index: Path | None) -> dict[str, Document]:
    """Documents with their page spans, from an index (preferred) or a corpus folder."""
    if docs is None and index is None:
        index = Path(DEFAULT_INDEX) if Path(DEFAULT_INDEX).is_dir() else None
        docs = None if index else Path(DEFAULT_DOCS)
    if index is not None:
        return VectorIndex.open(index).documents
    folder = Path(str(docs))
    if not folder.is_dir():
        raise UsageError(f"document folder not found: {folder} (use --docs or --index)")
    return {document.path: document for document in load_documents(folder).documents}


def run_review(args: argparse.Namespace) -> int:
    """Serve until interrupted; exit 0."""
    if not args.golden.is_file():
        raise UsageError(f"golden file not found: {args.golden}")
    documents = corpus_documents(args.docs, args.index)
    try:
        server = make_server(args.golden, documents, args.port)
    except OSError as exc:
        raise UsageError(
            f"cannot listen on 127.0.0.1:{args.port}: {exc.strerror or exc}; pick another --port"
        ) from exc
    print(f"reviewing {args.golden} ({len(server.store.items)} items) at {server.url}", flush=True)
    print("every decision is written to the file at once; Ctrl-C to stop", flush=True)
    try:
        server.serve_forever()
    except KeyboardInterrupt:
        print("stopped")
    finally:
        server.server_close()
    return ExitCode.PASS
