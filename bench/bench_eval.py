"""Offline evaluation wall time vs raw sentence-transformers embedding of the same questions.

Both are measured in the same run, with the model already loaded on both sides:

    .venv/bin/python bench/bench_eval.py [--golden data/golden/qa_golden_set.jsonl] \
        [--index faiss_index_locale] [--repeat 3]

Goal: offline eval wall (extractive agent + offline judge) <= 1.3 x embedding wall.
"""

from __future__ import annotations

import argparse
import statistics
import time
from pathlib import Path

from ragoro import evaluate, open_index
from ragoro.golden import load_golden
from vectordb.embeddings import resolve_model_path


def main() -> None:
    """Print both wall times and their ratio."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--golden", type=Path, default=Path("data/golden/qa_golden_set.jsonl"))
    parser.add_argument("--index", type=Path, default=Path("faiss_index_locale"))
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()

    items = load_golden(args.golden)
    questions = [item.question for item in items]
    index = open_index(args.index)
    from sentence_transformers import SentenceTransformer

    raw = SentenceTransformer(resolve_model_path(index.manifest.embedding_model), device="cpu")
    raw.encode(questions[:2])
    index.embed_queries(questions[:2])  # the index's own model is loaded too

    embed_times, eval_times = [], []
    for _ in range(args.repeat):
        started = time.perf_counter()
        raw.encode(questions, normalize_embeddings=True)
        embed_times.append(time.perf_counter() - started)
        started = time.perf_counter()
        evaluate(args.golden, index=index, agent="extractive", judge="offline")
        eval_times.append(time.perf_counter() - started)
    embed_wall, eval_wall = statistics.median(embed_times), statistics.median(eval_times)
    print(
        f"cases: {len(items)}  raw embedding of the questions: {embed_wall:.3f}s  offline eval: {eval_wall:.3f}s"
    )
    print(f"eval wall / embedding wall = {eval_wall / embed_wall:.2f}  (goal <= 1.3)")
    print(f"offline eval throughput: {len(items) / eval_wall:.1f} cases/s")


if __name__ == "__main__":
    main()
