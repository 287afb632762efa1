"""Where an offline eval spends its time: cProfile of a real `evaluator run`, and CPU seconds
of its agent and judge phases.

    .venv/bin/python bench/profile_eval.py [--index faiss_index_locale] [--top 40]
    .venv/bin/python bench/profile_eval.py --phases
    .venv/bin/python bench/profile_eval.py --parts

`--parts` adds the CPU seconds (inclusive) of the parts of the two phases: the agent's
per-index set-up, retrieval and sentence scoring, each offline metric, and reading the
stored chunk analyses; few calls each, so the timing costs nothing measurable.

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
import functools
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


def _timed(owner: Any, name: str, parts: dict[str, float], label: Callable[..., str]) -> None:
    # Replace owner.name by a wrapper adding its CPU seconds to parts[label(*args)].
    original = getattr(owner, name)

    def wrapper(*a: Any, **k: Any) -> Any:
        started = time.process_time()
        try:
            return original(*a, **k)
        finally:
            key = label(*a)
            parts[key] = parts.get(key, 0.0) + time.process_time() - started

    setattr(owner, name, wrapper)


def _timed_property(owner: type, name: str, parts: dict[str, float], label: str) -> None:
    # The same for a cached_property: its first computation on each object is timed.
    original = owner.__dict__[name].func

    def compute(self: Any) -> Any:
        started = time.process_time()
        try:
            return original(self)
        finally:
            parts[label] = parts.get(label, 0.0) + time.process_time() - started

    prop = functools.cached_property(compute)
    prop.__set_name__(owner, name)
    setattr(owner, name, prop)


def _time_parts(parts: dict[str, float]) -> None:
    from evaluator import corpus_store, participants
    from evaluator.agents import extractive, hybrid, support
    from judges import metrics

    def fixed(text: str) -> Callable[..., str]:
        return lambda *_: text

    _timed(participants, "use_chunk_analyses", parts, fixed("judge: read stored analyses"))
    _timed(corpus_store, "use_corpus_store", parts, fixed("agent: read stored reading"))
    _timed(support.CorpusStats, "__init__", parts, fixed("agent: CorpusStats (per index)"))
    _timed_property(support.CorpusStats, "term_matches", parts, "agent: term matches (per index)")
    _timed_property(support.CorpusStats, "surface_words", parts, "agent: surface words (per index)")
    _timed_property(support.Sentence, "tokens", parts, "agent: sentence tokens")
    _timed_property(support.Sentence, "quantities", parts, "agent: sentence quantities")
    _timed(hybrid.HybridRetriever, "__init__", parts, fixed("agent: BM25 index (per index)"))
    _timed(hybrid, "_bm25s", parts, fixed("agent: BM25 index: import bm25s"))
    _timed(extractive.ExtractiveAgent, "answer", parts, fixed("agent: answer (all)"))
    _timed(extractive.ExtractiveAgent, "_cosines", parts, fixed("agent: answer: retrieval"))
    _timed(extractive, "score_rows", parts, fixed("agent: answer: sentence scoring"))
    _timed(metrics, "score_offline", parts, lambda spec, _case: f"judge: {spec.name}")


def main() -> None:
    """Profile one `evaluator run`, or time its phases."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--index", type=Path, default=ROOT / "faiss_index_locale")
    parser.add_argument("--golden", type=Path, default=GOLDEN)
    parser.add_argument("--top", type=int, default=40, help="functions listed")
    parser.add_argument("--phases", action="store_true", help="CPU seconds per phase only")
    parser.add_argument("--parts", action="store_true", help="--phases, and per part")
    args = parser.parse_args()
    args.phases = args.phases or args.parts

    from evaluator import runner
    from evaluator.cli import main as evaluator_main

    runner.windowed = _in_thread
    cpu: dict[str, float] = {}
    parts: dict[str, float] = {}
    if args.parts:
        _time_parts(parts)
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
    if args.parts:
        print("PARTS " + json.dumps({k: round(v, 4) for k, v in sorted(parts.items())}))
    if not args.phases:
        stats = pstats.Stats(profile)
        stats.sort_stats("cumulative").print_stats(args.top)
        stats.sort_stats("tottime").print_stats(args.top)


if __name__ == "__main__":
    main()
