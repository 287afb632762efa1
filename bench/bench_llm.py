"""Benchmark: the LLM paths over the wire, against the loopback fake servers.

The agent (OpenAI Chat Completions fake) and the LLM judge (Gemini generateContent fake)
each answer after a fixed latency (default 200 ms). Prints the HTTP requests per case of
each role, and the wall time of an N-case judged run at concurrency C against the ideal
2 x N x L / C, where L is one request's round trip through the real client, measured in
the same run (goal: ideal / actual >= 0.85). Then reruns unchanged: 0 requests expected.
Not a test: run it by hand.

Every repeat runs every concurrency once, in turn (so a change of the machine's load falls
on all of them alike), each with an empty call cache and with the round trips that make its
ideal measured just before it; the table gives min / median over the repeats, every ratio
taken within one run before it is summarised.

    .venv/bin/python -m bench.bench_llm --n 64 --latency 0.2 --concurrency 1,8,32 --repeat 3
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import sys
import tempfile
import time
from pathlib import Path
from typing import Any

from evaluator.evaluate import ModelUse, evaluate
from ragoro.llm import make_chat_model
from tests.fakes.gemini_server import GeminiServer
from tests.fakes.openai_server import OpenAIServer
from tests.fakes.responders import ragoro_model
from vectordb import build_index

ROOT = Path(__file__).resolve().parent.parent
AGENT, JUDGE = "openai:gpt-bench", "google_genai:gemini-bench"


def _golden(n: int, out: Path) -> Path:
    """`n` cases cycled from the demo golden set, each with its own id (and question)."""
    seed = (ROOT / "tests" / "data" / "demo_golden.jsonl").read_text(encoding="utf-8")
    items = [json.loads(line) for line in seed.splitlines()]
    lines = []
    for number in range(n):
        item = dict(items[number % len(items)])
        item["id"] = f"{item['id']}-{number:03d}"
        item["question"] = f"{item['question']} (#{number})"
        lines.append(json.dumps(item, ensure_ascii=False))
    out.write_text("\n".join(lines) + "\n", encoding="utf-8")
    return out


def _round_trip(spec: str, repeats: int = 5) -> float:
    """Median seconds of one bare request through the real client (latency + overhead)."""
    model = make_chat_model(spec)
    times = []
    for _ in range(repeats):
        started = time.perf_counter()
        model.invoke("ping")
        times.append(time.perf_counter() - started)
    return statistics.median(times)


def _judged_run(
    golden: Path, index: Path, cache: Path, concurrency: int, mode: str
) -> tuple[float, Any]:
    """Wall time of one judged evaluation, and the evaluation."""
    use = ModelUse(cache_dir=cache)
    started = time.perf_counter()
    evaluation = evaluate(
        golden,
        index=index,
        agent=AGENT,
        judge="llm",
        judge_model=JUDGE,
        mode=mode,
        concurrency=concurrency,
        use=use,
    )
    return time.perf_counter() - started, evaluation


def _timed(
    golden: Path,
    index: Path,
    cache: Path,
    concurrency: int,
    *,
    mode: str,
    servers: tuple[Any, Any],
) -> dict[str, float]:
    """One judged run with an empty cache and its unchanged rerun, against its own ideal."""
    agent_server, judge_server = servers
    agent_server.reset()
    judge_server.reset()
    rtt_agent, rtt_judge = _round_trip(AGENT), _round_trip(JUDGE)  # this run's round trips
    agent_server.reset()
    judge_server.reset()
    actual, evaluation = _judged_run(golden, index, cache, concurrency, mode)
    agent_requests, judge_requests = agent_server.count, judge_server.count
    rerun, _ = _judged_run(golden, index, cache, concurrency, mode)
    n = sum(1 for line in golden.read_text(encoding="utf-8").splitlines() if line.strip())
    per_agent, per_judge = agent_requests / n, judge_requests / n
    ideal = n * (per_agent * rtt_agent + per_judge * rtt_judge) / concurrency
    timings = evaluation.report.timings
    return {
        "rtt_agent": rtt_agent,
        "rtt_judge": rtt_judge,
        "per_agent": per_agent,
        "per_judge": per_judge,
        "ideal": ideal,
        "actual": actual,
        "agent_s": timings.get("agent_s", 0.0),
        "judge_s": timings.get("judge_s", 0.0),
        "ratio": ideal / actual,
        "rerun_agent": agent_server.count - agent_requests,
        "rerun_judge": judge_server.count - judge_requests,
        "rerun": rerun,
        "load": os.getloadavg()[0],
    }


def _row(concurrency: int, runs: list[dict[str, float]]) -> list[str]:
    """One table row: min / median over the repeats of one concurrency."""
    from bench.scaling import min_median

    def got(key: str) -> list[float]:
        return [run[key] for run in runs]

    def counts(key: str, fmt: str) -> str:
        values = sorted(set(got(key)))  # the same in every repeat unless something retried
        return fmt.format(values[0]) if len(values) == 1 else min_median(values, fmt)

    loads = got("load")
    return [
        str(concurrency),
        f"{counts('per_agent', '{:.2f}')} + {counts('per_judge', '{:.2f}')}",
        min_median(got("rtt_agent"), "{:.3f}") + " + " + min_median(got("rtt_judge"), "{:.3f}"),
        min_median(got("ideal")),
        min_median(got("actual")),
        f"{min_median(got('agent_s'))} + {min_median(got('judge_s'))}",
        min_median(got("ratio"), "{:.3f}"),
        f"{counts('rerun_agent', '{:.0f}')} + {counts('rerun_judge', '{:.0f}')}",
        min_median(got("rerun")),
        f"{min(loads):.1f}–{max(loads):.1f}",
    ]


def main() -> None:
    """Run the benchmark and print the figures."""
    from bench.scaling import print_table, scales

    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100, help="cases")
    parser.add_argument("--latency", type=float, default=0.2, help="server seconds per request")
    parser.add_argument(
        "--concurrency",
        type=scales,
        default=[8],
        help="cases at once; a list (1,8,32) gives a table",
    )
    parser.add_argument("--mode", choices=("tool", "agent"), default="tool")
    parser.add_argument(
        "--repeat", type=int, default=3, help="runs of every concurrency (min / median)"
    )
    args = parser.parse_args()
    if args.repeat < 1:
        parser.error("--repeat must be at least 1")
    agent_server = OpenAIServer(ragoro_model, latency=args.latency).start()
    judge_server = GeminiServer(ragoro_model, latency=args.latency).start()
    os.environ.update(
        OPENAI_BASE_URL=agent_server.url + "/v1",
        OPENAI_API_KEY="sk-bench-0000000000000000",
        GOOGLE_GEMINI_BASE_URL=judge_server.url,
        GOOGLE_API_KEY="AIzaBench000000000000000000000000000",
    )
    runs: dict[int, list[dict[str, float]]] = {c: [] for c in args.concurrency}
    try:
        with tempfile.TemporaryDirectory() as tmp:
            index = Path(tmp) / "index"
            build_index(ROOT / "documenti_pdf", index)
            golden = _golden(args.n, Path(tmp) / "golden.jsonl")
            for repeat in range(args.repeat):
                for c in args.concurrency:
                    cache = Path(tmp) / f"cache-{c}-{repeat}"  # every run starts empty
                    run = _timed(
                        golden,
                        index,
                        cache,
                        c,
                        mode=args.mode,
                        servers=(agent_server, judge_server),
                    )
                    runs[c].append(run)
                    print(
                        f"run {repeat + 1}/{args.repeat}, concurrency {c}: actual "
                        f"{run['actual']:.2f}s, ideal {run['ideal']:.2f}s, "
                        f"load {run['load']:.1f}",
                        file=sys.stderr,
                        flush=True,
                    )
    finally:
        agent_server.stop()
        judge_server.stop()
    print(f"cases {args.n}, mode {args.mode}, server latency {args.latency}s")
    print(f"min / median over {args.repeat} run(s) of every concurrency\n")
    print_table(
        [
            "concurrency",
            "requests/case (agent + judge)",
            "round trip s (agent + judge)",
            "ideal s",
            "actual s",
            "agent + judge phase s",
            "ideal / actual",
            "unchanged rerun requests",
            "rerun s",
            "load (1 min)",
        ],
        [_row(c, runs[c]) for c in args.concurrency],
    )
    print(
        "\nideal = cases x (agent requests x agent round trip + judge requests x judge round trip)"
    )
    print("        / concurrency, with the round trips measured just before each run;")
    print("        ideal / actual is taken per run, then summarised; goal >= 0.85")
    print(
        "load average (1, 5, 15 min) at the end: " + " ".join(f"{x:.2f}" for x in os.getloadavg())
    )


if __name__ == "__main__":
    main()
