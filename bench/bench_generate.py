"""Benchmark `builder generate`: the model writer's concurrency, or scaling over the corpus.

Writer (default): does `builder generate` keep N model calls running `concurrency` at a
time? A fake chat model sleeps a fixed latency per call; the ideal writing time is
N x latency / concurrency. The ratio ideal / actual is printed (goal >= 0.85), both
measured in the same run.

    .venv/bin/python -m bench.bench_generate --n 48 --latency 0.5 --concurrency 8

Scaling (`--scales`): offline generation (`--sample 0.1`) over 1x, 10x and 40x the demo
corpus (distinct copies, see `bench/scaling.py`; each index is built once beforehand, so
no embedding is timed). A fresh worker process times the whole `run_generation` and,
inside it, `find_conflicts`; at the scales up to `--pairwise-max` it also times the
comparison of every fact with every other on the same facts (what `find_conflicts` did
before its buckets), the baseline measured in the same run. Next to it, the whole
`python -m builder generate` command line and its peak RSS.

    .venv/bin/python -m bench.bench_generate --scales 1,10,40 [--repeat 3] [--big-repeat 1]

Not a test: run it by hand.
"""

from __future__ import annotations

import argparse
import json
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from builder.generate.config import GenerateConfig
from builder.generate.runner import run_generation
from tests.builder.generate_fakes import EchoQuoteChatModel

ROOT = Path(__file__).resolve().parent.parent


def _every_pair(corpus: Any, facts: dict[str, list[Any]]) -> int:
    """The comparison of every fact with every other (find_conflicts before its buckets)."""
    from builder.generate import candidates

    flat = [
        fact
        for found in facts.values()
        for fact in found
        if fact.quantity is not None and fact.clause is not None
    ]
    found_n = 0
    for a in flat:
        for b in flat:
            if a.doc != b.doc and candidates._conflict(a, b, corpus.vocab[a.doc]) is not None:
                found_n += 1
    return found_n


def _worker(docs: Path, index: Path, pairwise: bool) -> None:
    from builder.generate import candidates

    spent = {"find_conflicts_s": 0.0, "pairwise_s": 0.0, "conflicts": 0.0}
    real = candidates.find_conflicts

    def timed(corpus: Any, facts: dict[str, list[Any]]) -> Any:
        started = time.perf_counter()
        found = real(corpus, facts)
        spent["find_conflicts_s"] += time.perf_counter() - started
        spent["conflicts"] = float(sum(len(v) for v in found.values()))
        if pairwise:
            started = time.perf_counter()
            assert _every_pair(corpus, facts) == spent["conflicts"]
            spent["pairwise_s"] += time.perf_counter() - started
        return found

    candidates.find_conflicts = timed  # gather() looks it up at call time
    with tempfile.TemporaryDirectory() as tmp:
        config = GenerateConfig(
            docs=docs,
            index=index,
            out=Path(tmp) / "golden.jsonl",
            sample=0.1,
            llm="offline",
            cache=False,
            progress=False,
        )
        started = time.perf_counter()
        result = run_generation(config)
        wall = time.perf_counter() - started - spent["pairwise_s"]
    files = len(list(docs.glob("*.pdf")))
    print(
        "RESULT "
        + json.dumps({**spent, "wall_s": wall, "items": len(result.items), "files": files})
    )


def _scaling(args: argparse.Namespace) -> None:
    from bench.scaling import (
        BENCH_OUT,
        min_median,
        print_row,
        print_table,
        run_measured,
        scaled_corpus,
    )

    rows = []
    for scale in args.scales:
        docs = scaled_corpus(scale)
        index = BENCH_OUT / f"index-{scale}x"
        if not (index / "manifest.json").is_file():
            run_measured(
                [
                    sys.executable,
                    "-m",
                    "vectordb",
                    "build",
                    "--docs",
                    str(docs),
                    "--index",
                    str(index),
                ]
            )
        from vectordb import VectorIndex

        opened = VectorIndex.open(index)
        pages = sum(len(d.pages) for d in opened.documents.values())
        got: dict[str, list[float]] = {}
        for _ in range(args.repeat if scale == 1 else args.big_repeat):
            pairwise = "1" if scale <= args.pairwise_max else "0"
            worker = [
                sys.executable,
                str(Path(__file__).resolve()),
                "--worker",
                str(docs),
                str(index),
                pairwise,
            ]
            measured = run_measured(worker)
            for key, value in measured.result().items():
                got.setdefault(key, []).append(value)
            got.setdefault("rss", []).append(measured.peak_rss_mb)
            with tempfile.TemporaryDirectory() as tmp:
                command = run_measured(
                    [
                        sys.executable,
                        "-m",
                        "builder",
                        "generate",
                        "--docs",
                        str(docs),
                        "--index",
                        str(index),
                        "--llm",
                        "offline",
                        "--sample",
                        "0.1",
                        "--out",
                        f"{tmp}/g.jsonl",
                        "--no-progress",
                    ]
                )
            got.setdefault("cli", []).append(command.wall_s)
            got.setdefault("cli_rss", []).append(command.peak_rss_mb)
        pairwise_s = got["pairwise_s"] if scale <= args.pairwise_max else []
        rows.append(
            [
                f"{scale}x",
                f"{got['files'][0]:.0f}",
                f"{pages}",
                f"{got['items'][0]:.0f}",
                min_median(got["wall_s"]),
                min_median([pages / w for w in got["wall_s"]], "{:.1f}"),
                min_median(got["find_conflicts_s"], "{:.3f}"),
                min_median(pairwise_s, "{:.3f}") if pairwise_s else "not run",
                f"{got['conflicts'][0]:.0f}",
                min_median(got["cli"]),
                min_median(got["rss"], "{:.0f}"),
                min_median(got["cli_rss"], "{:.0f}"),
            ]
        )
        print_row(rows[-1])
    print_table(
        [
            "scale",
            "files",
            "pages",
            "items",
            "generate s (in-process)",
            "pages/s",
            "find_conflicts s",
            "every pair s (before)",
            "conflicts",
            "CLI wall s",
            "peak RSS MB (worker)",
            "peak RSS MB (CLI)",
        ],
        rows,
    )
    print("\nmin / median over the repeats (each a fresh process); --sample 0.1, offline generator")


def main() -> None:
    """Run the benchmark and print the figures."""
    from bench.scaling import scales

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=48, help="chunks to sample (scenarios)")
    parser.add_argument("--latency", type=float, default=0.5, help="seconds per fake call")
    parser.add_argument("--concurrency", type=int, default=8, help="worker threads")
    parser.add_argument("--scales", type=scales, help="scaling mode: corpus copies, e.g. 1,10,40")
    parser.add_argument("--repeat", type=int, default=3, help="scaling: repeats at 1x")
    parser.add_argument("--big-repeat", type=int, default=1, help="scaling: repeats above 1x")
    parser.add_argument(
        "--pairwise-max", type=int, default=10, help="scaling: largest scale timed pairwise"
    )
    parser.add_argument("--worker", nargs=3, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.worker is not None:
        docs, index, pairwise = args.worker
        _worker(Path(docs), Path(index), pairwise == "1")
        return
    if args.scales:
        _scaling(args)
        return
    model = EchoQuoteChatModel(latency=args.latency)
    with tempfile.TemporaryDirectory() as tmp:
        config = GenerateConfig(
            docs=ROOT / "documenti_pdf",
            index=ROOT / "faiss_index_locale",
            out=Path(tmp) / "golden.jsonl",
            sample=None,
            n=args.n,
            llm="fake:echo",
            concurrency=args.concurrency,
            rpm=None,
            cache=False,
            progress=False,
        )
        result = run_generation(config, model_factory=lambda spec: model)
    calls = model.calls
    ideal = calls * args.latency / args.concurrency
    actual = result.write_s
    print(f"scenarios written: {result.new_items + result.new_rejects}, model calls: {calls}")
    print(f"latency {args.latency}s, concurrency {args.concurrency}")
    print(f"ideal  {ideal:.2f}s = {calls} x {args.latency} / {args.concurrency}")
    print(f"actual {actual:.2f}s (writing phase; whole run {result.wall_s:.2f}s)")
    print(f"ratio ideal/actual = {ideal / actual:.3f} (goal >= 0.85)")


if __name__ == "__main__":
    main()
