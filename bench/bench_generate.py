"""Benchmark: does `builder generate` keep N model calls running `concurrency` at a time?

A fake chat model sleeps a fixed latency per call; the ideal writing time is
N x latency / concurrency. The ratio ideal / actual is printed (goal >= 0.85), both
measured in the same run. Not a test: run it by hand.

    .venv/bin/python -m bench.bench_generate --n 48 --latency 0.5 --concurrency 8
"""

from __future__ import annotations

import argparse
import tempfile
from pathlib import Path

from builder.generate.config import GenerateConfig
from builder.generate.runner import run_generation
from tests.builder.generate_fakes import EchoQuoteChatModel

ROOT = Path(__file__).resolve().parent.parent


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=48, help="chunks to sample (scenarios)")
    parser.add_argument("--latency", type=float, default=0.5, help="seconds per fake call")
    parser.add_argument("--concurrency", type=int, default=8, help="worker threads")
    args = parser.parse_args()
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
