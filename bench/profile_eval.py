"""Where an offline eval spends its time: cProfile of a real `evaluator run`, and CPU seconds
of its agent and judge phases.

    .venv/bin/python bench/profile_eval.py [--index faiss_index_locale] [--top 40]
    .venv/bin/python bench/profile_eval.py --phases

The run is the real command line over the committed golden set (offline judge, reports
written to a temporary folder). The runner's thread pool is replaced by a plain map in
this process, so the profile sees the agent's and the judge's work (cProfile follows one
thread). `--phases` prints `time.process_time` of the two phases instead, without the
profiler's overhead. The question vectors are read from the index's cache when it has
them, so the embedding model is only loaded for new questions.
"""

from __future__ import annotations

import argparse
import cProfile
import json
import pstats
import sys
import tempfile
import time
from collections.abc import Callable, Iterable, Iterator
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

GOLDEN = ROOT / "data" / "golden" / "qa_golden_set.jsonl"


def _in_thread(
    work: Callable[[Any], Any],
    inputs: Iterable[Any],
    *,
    concurrency: int,
    desc: str,
    progress: bool,
    total: int | None = None,
    already: int = 0,
) -> Iterator[Any]:
    # `evaluator.runner.windowed` in this thread, so cProfile sees the work.
    for item in inputs:
        yield work(item)


def main() -> None:
    """Profile one `evaluator run`, or time its phases."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--index", type=Path, default=ROOT / "faiss_index_locale")
    parser.add_argument("--golden", type=Path, default=GOLDEN)
    parser.add_argument("--top", type=int, default=40, help="functions listed")
    parser.add_argument("--phases", action="store_true", help="CPU seconds per phase only")
    args = parser.parse_args()

    from evaluator import runner
    from evaluator.cli import main as evaluator_main

    runner.windowed = _in_thread
    cpu: dict[str, float] = {}
    for phase in ("iter_agent", "iter_judged"):
        original = getattr(runner, phase)

        def timed(
            *a: Any, _original: Any = original, _phase: str = phase, **k: Any
        ) -> Iterator[Any]:
            # The phase's work runs while its results are pulled: time each pull.
            results = iter(_original(*a, **k))
            while True:
                started = time.process_time()
                try:
                    result = next(results)
                except StopIteration:
                    return
                finally:
                    cpu[_phase] = cpu.get(_phase, 0.0) + time.process_time() - started
                yield result

        setattr(runner, phase, timed)
    with tempfile.TemporaryDirectory() as tmp:
        argv = ["run", "--judge", "offline", "--golden", str(args.golden)]
        argv += ["--index", str(args.index), "--no-progress", "--no-html"]
        argv += ["--report", f"{tmp}/r.json", "--outcomes", f"{tmp}/o.jsonl"]
        argv += ["--baseline", f"{tmp}/b.json"]
        profile = cProfile.Profile()
        started = time.process_time()
        code = evaluator_main(argv) if args.phases else profile.runcall(evaluator_main, argv)
        total = time.process_time() - started
    out = {"agent_cpu_s": cpu.get("iter_agent"), "judge_cpu_s": cpu.get("iter_judged")}
    print("RESULT " + json.dumps({**out, "run_cpu_s": total, "exit": code}))
    if not args.phases:
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(args.top)
        stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
