"""Index-build embedding throughput vs raw SentenceTransformer.encode, and PDF pages/s.

Both figures are measured in the same run on the same chunks, so the ratio is robust to a
noisy machine:

    .venv/bin/python bench/bench_vectordb.py [--docs documenti_pdf] [--repeat 3]
"""

from __future__ import annotations

import argparse
import statistics
import tempfile
import time
from pathlib import Path

from vectordb import DEFAULT_EMBEDDINGS, build_index, get_encoder, load_documents, split_documents
from vectordb.embeddings import resolve_model_path
from vectordb.pdf import extract_pdf_pages


def _pages_per_second(docs: Path, repeat: int) -> tuple[float, int]:
    blobs = [p.read_bytes() for p in sorted(docs.rglob("*.pdf"))]
    timings, pages = [], 0
    for _ in range(repeat):
        started = time.perf_counter()
        pages = sum(len(extract_pdf_pages(blob)) for blob in blobs)
        timings.append(time.perf_counter() - started)
    return pages / statistics.median(timings), pages


def main() -> None:
    """Print embedding throughput ratio (index build / raw encode) and PDF pages per second."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--docs", type=Path, default=Path("documenti_pdf"))
    parser.add_argument("--repeat", type=int, default=3)
    parser.add_argument("--chunk-size", type=int, default=1000)
    args = parser.parse_args()

    documents = load_documents(args.docs).documents
    chunks = split_documents(documents, args.chunk_size, 200)
    texts = [chunk.text for chunk in chunks]
    from sentence_transformers import SentenceTransformer

    raw = SentenceTransformer(resolve_model_path(DEFAULT_EMBEDDINGS), device="cpu")
    get_encoder(DEFAULT_EMBEDDINGS)  # both sides start with a loaded model
    raw.encode(texts[:8])
    raw_times, build_times = [], []
    with tempfile.TemporaryDirectory() as tmp:
        for round_ in range(args.repeat):
            started = time.perf_counter()
            raw.encode(texts, batch_size=64, normalize_embeddings=True)
            raw_times.append(time.perf_counter() - started)
            started = time.perf_counter()
            # A fresh folder each round: nothing reused, every chunk embedded.
            result = build_index(
                args.docs, Path(tmp) / f"i{round_}", chunk_size=args.chunk_size, chunk_overlap=200
            )
            build_times.append(time.perf_counter() - started)
            assert result.embedded == len(texts)
    raw_rate = len(texts) / statistics.median(raw_times)
    build_rate = len(texts) / statistics.median(build_times)
    pages_rate, pages = _pages_per_second(args.docs, args.repeat)
    print(
        f"chunks: {len(texts)}  raw encode: {raw_rate:.1f} chunks/s  full index build: {build_rate:.1f} chunks/s"
    )
    print(
        f"index build throughput / raw SentenceTransformer.encode = {build_rate / raw_rate:.3f}  (goal >= 0.9)"
    )
    print(f"PDF extraction: {pages_rate:.0f} pages/s over {pages} pages")


if __name__ == "__main__":
    main()
