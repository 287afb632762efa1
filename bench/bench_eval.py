"""Offline evaluation against the embedding floor, and over 1x, 10x and 100x the golden set.

At every scale a fresh worker process loads the embedding model, then times, in the same
run and on the same questions:

- the floor: raw `SentenceTransformer.encode` of the questions (batches of 32);
- the offline eval (extractive agent + offline judge) with an empty query-vector cache,
  every question embedded (`cold`), then again with the cache it filled (`warm`: an
  unchanged golden set, no question embedded, no model needed).

Each is timed in wall seconds and in CPU seconds (`time.process_time` of the worker, all
its threads): on a machine shared with other jobs the wall ratio moves with their load.

The offline judge's analyses of the index's chunks and the extractive agent's reading of
the index are computed once per index, on its first offline evaluation, and stored beside
it (`judges.analysis_store`, `evaluator.corpus_store`): a fresh worker makes them first,
timed on its own (`chunk analyses s`), so every timed eval reads them back as every later
run of a user does. The first eval of a process still pays the
agent's and the judge's per-process work on the questions and answers (their memos are
empty); the repeats at 1x are each a fresh process, so each pays it. Next to it, the whole `python -m evaluator run` command line (start-up included) is
timed with the cache off and on, with its peak RSS.

    .venv/bin/python bench/bench_eval.py [--scales 1,10,100] [--repeat 3] [--big-repeat 1]

Goal: eval / floor <= 1.3 at 1x, and cases/s flat from 1x to 100x (linear time).
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import sys
import tempfile
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scaling import min_median, print_row, print_table, run_measured, scaled_golden, scales  # noqa: E402

GOLDEN = ROOT / "data" / "golden" / "qa_golden_set.jsonl"


def _worker(golden: Path, index_path: Path) -> None:
    from sentence_transformers import SentenceTransformer

    from evaluator.evaluate import evaluate
    from ragoro.golden import load_golden
    from vectordb import VectorIndex
    from vectordb.embeddings import resolve_model_path
    from vectordb.index import QUERY_BATCH_SIZE

    questions = [item.question for item in load_golden(golden)]
    index = VectorIndex.open(index_path)
    raw = SentenceTransformer(resolve_model_path(index.manifest.embedding_model), device="cpu")
    raw.encode(questions[:2])
    index.embed_queries(questions[:2])  # the index's own model is loaded too
    started, cpu = time.perf_counter(), time.process_time()
    raw.encode(questions, batch_size=QUERY_BATCH_SIZE, normalize_embeddings=True)
    floor, floor_cpu = time.perf_counter() - started, time.process_time() - cpu
    started, cpu = time.perf_counter(), time.process_time()
    cold = evaluate(golden, index=index)  # an empty query-vector cache: every question embedded
    cold_s, cold_cpu = time.perf_counter() - started, time.process_time() - cpu
    timings = cold.report.timings
    started, cpu = time.perf_counter(), time.process_time()
    evaluate(golden, index=VectorIndex.open(index_path))
    warm_s, warm_cpu = time.perf_counter() - started, time.process_time() - cpu
    out = {"cases": len(questions), "floor_s": floor, "cold_s": cold_s, "warm_s": warm_s}
    # CPU seconds of the whole process (torch's threads included): what other jobs on the
    # machine change least, where a wall ratio moves with the load.
    out |= {"floor_cpu": floor_cpu, "cold_cpu": cold_cpu, "warm_cpu": warm_cpu}
    out |= {"agent_s": timings["agent_s"], "judge_s": timings["judge_s"]}
    print("RESULT " + json.dumps(out))


def _analyse(index_path: Path) -> None:
    from evaluator.agents.extractive import ExtractiveAgent
    from evaluator.chunk_analyses import index_fingerprint
    from evaluator.corpus_store import CORPUS_FILE, use_corpus_store
    from judges.analysis_store import ANALYSES_FILE, use_store
    from vectordb import VectorIndex

    index = VectorIndex.open(index_path)
    (index.path / ANALYSES_FILE).unlink(missing_ok=True)
    (index.path / CORPUS_FILE).unlink(missing_ok=True)
    started = time.perf_counter()
    used = use_store(index.path, index_fingerprint(index), [c.text for c in index.chunks])
    use_corpus_store(ExtractiveAgent(index), index)
    out = {"analyse_s": time.perf_counter() - started, "chunks": used.computed}
    print("RESULT " + json.dumps(out))


def _cli(golden: Path, index: Path, tmp: Path, *, cache: bool) -> tuple[float, float]:
    argv = [
        sys.executable,
        "-m",
        "evaluator",
        "run",
        "--golden",
        str(golden),
        "--index",
        str(index),
    ]
    argv += ["--outcomes", str(tmp / "o.jsonl"), "--report", str(tmp / "r.json")]
    argv += ["--baseline", str(tmp / "b.json")] + ([] if cache else ["--no-cache"])
    measured = run_measured(argv)
    return measured.wall_s, measured.peak_rss_mb


def main() -> None:
    """Print the scaling table and the ratio to the floor."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--golden", type=Path, default=GOLDEN)
    parser.add_argument("--index", type=Path, default=ROOT / "faiss_index_locale")
    parser.add_argument("--scales", type=scales, default=[1, 10, 100])
    parser.add_argument("--repeat", type=int, default=3, help="repeats at 1x")
    parser.add_argument("--big-repeat", type=int, default=1, help="repeats above 1x")
    parser.add_argument("--worker", nargs=2, type=Path, help=argparse.SUPPRESS)
    parser.add_argument("--analyse", type=Path, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        _worker(*args.worker)
        return
    if args.analyse is not None:
        _analyse(args.analyse)
        return
    me = [sys.executable, str(Path(__file__).resolve())]
    rows = []
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        index = tmp / "index"
        shutil.copytree(args.index, index)  # the cache file is written beside this copy
        analysed = run_measured([*me, "--analyse", str(index)]).result()
        print(
            f"chunk analyses (once per index): {analysed['chunks']:.0f} chunks in "
            f"{analysed['analyse_s']:.2f}s"
        )
        for scale in args.scales:
            golden = scaled_golden(args.golden, scale, tmp / f"golden-{scale}x.jsonl")
            got: dict[str, list[float]] = {}
            for _ in range(args.repeat if scale == 1 else args.big_repeat):
                (index / "query_vectors.npz").unlink(missing_ok=True)
                measured = run_measured([*me, "--worker", str(golden), str(index)])
                for key, value in measured.result().items():
                    got.setdefault(key, []).append(value)
                got.setdefault("rss", []).append(measured.peak_rss_mb)
                for cache in (True, False):  # the worker left the cache warm; then off
                    wall, rss = _cli(golden, index, tmp, cache=cache)
                    label = "cli_off" if not cache else "cli_on"
                    got.setdefault(label, []).append(wall)
                    got.setdefault(label + "_rss", []).append(rss)
            cases = got["cases"][0]
            cold_ratio = [c / f for c, f in zip(got["cold_s"], got["floor_s"], strict=True)]
            warm_ratio = [w / f for w, f in zip(got["warm_s"], got["floor_s"], strict=True)]
            cpu_ratio = [c / f for c, f in zip(got["cold_cpu"], got["floor_cpu"], strict=True)]
            rows.append(
                [
                    f"{scale}x",
                    f"{cases:.0f}",
                    min_median(got["floor_s"]),
                    min_median(got["cold_s"]),
                    min_median([cases / s for s in got["cold_s"]], "{:.0f}"),
                    min_median(cold_ratio),
                    min_median(got["warm_s"]),
                    min_median([cases / s for s in got["warm_s"]], "{:.0f}"),
                    min_median(warm_ratio),
                    min_median(got["floor_cpu"]),
                    min_median(got["cold_cpu"]),
                    min_median([cases / s for s in got["cold_cpu"]], "{:.0f}"),
                    min_median(cpu_ratio),
                    min_median(got["warm_cpu"]),
                    min_median(got["agent_s"]),
                    min_median(got["judge_s"]),
                    min_median(got["cli_off"]),
                    min_median(got["cli_on"]),
                    min_median(got["rss"], "{:.0f}"),
                    min_median(got["cli_off_rss"], "{:.0f}"),
                    min_median(got["cli_on_rss"], "{:.0f}"),
                    f"{os.getloadavg()[0]:.1f}",
                ]
            )
            print_row(rows[-1])
    print_table(
        [
            "scale",
            "cases",
            "floor s",
            "eval s (cold cache)",
            "cases/s",
            "eval / floor",
            "eval s (warm cache)",
            "cases/s",
            "eval / floor",
            "floor CPU s",
            "eval CPU s (cold)",
            "cases per CPU s",
            "eval / floor (CPU)",
            "eval CPU s (warm)",
            "agent s",
            "judge s",
            "CLI s (--no-cache)",
            "CLI s (warm cache)",
            "peak RSS MB (worker)",
            "peak RSS MB (CLI --no-cache)",
            "peak RSS MB (CLI warm)",
            "load (1 min) after",
        ],
        rows,
    )
    print(
        "\nmin / median over the repeats (each a fresh process); agent s and judge s are the "
        "cold eval's phases; the floor is raw SentenceTransformer.encode of the questions; "
        "CPU s are time.process_time of the worker (all its threads)"
    )
    print(
        "load average (1, 5, 15 min) at the end: " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )


if __name__ == "__main__":
    main()
