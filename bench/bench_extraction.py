"""PDF readers compared: per-channel extraction accuracy and pages/s, pypdfium2 vs pypdf.

Each reader reads every PDF of the corpus alone (no fallback), timed over `--repeat`
rounds (median), and its text goes through the same fact extraction and the same scoring
against the ground truth as `python -m evaluator extraction`. Speeds are also given as a
ratio to pypdfium2 (ragoro's default reader) measured in the same run:

    .venv/bin/python bench/bench_extraction.py [--docs documenti_pdf]
        [--fixtures data/fixtures/demo_ground_truth.json] [--repeat 5] [--markdown]
"""

from __future__ import annotations

import argparse
import hashlib
import statistics
import time
from collections.abc import Callable
from pathlib import Path

from evaluator.extraction import score_extraction
from evaluator.extraction_fixtures import load_fixtures
from vectordb import Document
from vectordb.facts import CHANNELS
from vectordb.formats import DocumentText
from vectordb.formats.pdf import pdfium_pages, pypdf_pages

READERS: dict[str, Callable[[bytes], list[str]]] = {
    "pypdfium2": pdfium_pages,
    "pypdf": pypdf_pages,
}


def _measure(
    reader: Callable[[bytes], list[str]], blobs: dict[str, bytes], repeat: int
) -> tuple[float, int, list[Document]]:
    timings: list[float] = []
    pages: dict[str, list[str]] = {}
    for _ in range(repeat):
        started = time.perf_counter()
        pages = {path: reader(blob) for path, blob in blobs.items()}
        timings.append(time.perf_counter() - started)
    documents = []
    for path, texts in pages.items():
        loaded = DocumentText.from_pages(texts)
        documents.append(
            Document(
                path=path,
                text=loaded.text,
                pages=list(loaded.pages),
                sha256=hashlib.sha256(blobs[path]).hexdigest(),
            )
        )
    count = sum(len(texts) for texts in pages.values())
    return count / statistics.median(timings), count, documents


def main() -> None:
    """Print one row per reader: accuracy (coverage) per channel, pages/s, speed ratio."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--docs", type=Path, default=Path("documenti_pdf"))
    parser.add_argument(
        "--fixtures", type=Path, default=Path("data/fixtures/demo_ground_truth.json")
    )
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--markdown", action="store_true", help="print a Markdown table")
    args = parser.parse_args()
    fixtures = load_fixtures(args.fixtures)
    blobs = {
        p.relative_to(args.docs).as_posix(): p.read_bytes()
        for p in sorted(args.docs.rglob("*.pdf"))
    }
    rows = []
    reference_speed = 0.0
    for name, reader in READERS.items():
        speed, pages, documents = _measure(reader, blobs, args.repeat)
        reference_speed = reference_speed or speed
        channels, _ = score_extraction(documents, fixtures)
        rows.append((name, channels, speed, pages))
    header = ["reader", *(f"{c} acc. (cov.)" for c in CHANNELS), "pages/s", "speed vs pypdfium2"]
    print(f"{len(blobs)} PDFs, {rows[0][3]} pages, median of {args.repeat} rounds")
    if args.markdown:
        print("| " + " | ".join(header) + " |")
        print("|" + "---|" * len(header))
    for name, channels, speed, _ in rows:
        cells = [name]
        cells += [f"{channels[c].accuracy:.3f} ({channels[c].coverage:.3f})" for c in CHANNELS]
        cells += [f"{speed:,.0f}", f"{speed / reference_speed:.2f}x"]
        print(("| " + " | ".join(cells) + " |") if args.markdown else "  ".join(cells))


if __name__ == "__main__":
    main()
