"""The Ray executor against the local one on the scale test's workload, in the same run.

    .venv/bin/python -m bench.bench_ray [--copies 10] [--cases 1000] [--cpus 2]

Builds the scale test's corpus (N distinct copies of the demo PDFs, tests/executors/) and
its golden set, then times: starting a local Ray; the index build with each executor;
the offline eval (extractive agent + offline judge) with each executor. Prints each
Ray figure as a ratio of the local one, and checks the outputs are the same.
"""

from __future__ import annotations

import argparse
import tempfile
import time
from collections.abc import Callable
from pathlib import Path

from evaluator.evaluate import Evaluation, evaluate
from ragoro.executors.ray import RayExecutor
from tests.executors import scale_corpus
from vectordb import VectorIndex, build_index

ROOT = Path(__file__).resolve().parent.parent


def _timed(label: str, work: Callable[[], object]) -> float:
    started = time.perf_counter()
    work()
    wall = time.perf_counter() - started
    print(f"{label:<28} {wall:8.1f} s", flush=True)
    return wall


def main() -> None:
    """Print the wall times, the ratios, and whether the outputs agree."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("--copies", type=int, default=scale_corpus.COPIES)
    parser.add_argument("--cases", type=int, default=scale_corpus.CASES)
    parser.add_argument("--cpus", type=int, default=2)
    args = parser.parse_args()
    scale_corpus.COPIES, scale_corpus.CASES = args.copies, args.cases
    base = Path(tempfile.mkdtemp(prefix="bench_ray_"))
    docs, golden = base / "docs", base / "golden.jsonl"
    scale_corpus.write_corpus(ROOT / "documenti_pdf", docs)
    ray = RayExecutor(num_cpus=args.cpus)
    try:
        start = _timed("ray start (local, no work)", ray.worker_count)
        build_local = _timed("build local", lambda: build_index(docs, base / "local"))
        build_ray = _timed(
            "build ray",
            lambda: build_index(
                docs,
                base / "ray",
                loader=ray.document_loader(),
                encoder_factory=ray.encoder_factory(),
            ),
        )
        same = (base / "local" / "index.faiss").read_bytes() == (
            base / "ray" / "index.faiss"
        ).read_bytes()
        cases = scale_corpus.write_golden(
            ROOT / "data" / "golden" / "qa_golden_set.jsonl",
            VectorIndex.open(base / "local").texts,
            golden,
        )
        results: dict[str, Evaluation] = {}
        eval_local = _timed(
            f"eval local ({cases} cases)",
            lambda: results.update(local=evaluate(golden, index=base / "local")),
        )
        eval_ray = _timed(
            f"eval ray ({cases} cases)",
            lambda: results.update(ray=evaluate(golden, index=base / "local", executor=ray)),
        )
    finally:
        ray.close()
    reports = [results[k].report.model_dump(exclude={"timings", "started_at"}) for k in results]
    print(f"ray start-up: {start:.1f} s (not counted in the ray rows below)")
    print(f"build: ray / local = {build_ray / build_local:.2f}x, same index.faiss: {same}")
    print(
        f"eval:  ray / local = {eval_ray / eval_local:.2f}x, same report: {reports[0] == reports[1]}"
    )


if __name__ == "__main__":
    main()
