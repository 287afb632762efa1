"""Benchmark: the LLM paths over the wire, against the loopback fake servers.

The agent (OpenAI Chat Completions fake) and the LLM judge (Gemini generateContent fake)
each answer after a fixed latency (default 200 ms). Prints the HTTP requests per case of
each role, and the wall time of an N-case judged run at concurrency C against the ideal
2 x N x L / C, where L is one request's round trip through the real client, measured in
the same run (goal: ideal / actual >= 0.85). Then reruns unchanged: 0 requests expected.
Not a test: run it by hand.

    .venv/bin/python -m bench.bench_llm --n 100 --latency 0.2 --concurrency 1,8,32
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
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
    args = parser.parse_args()
    agent_server = OpenAIServer(ragoro_model, latency=args.latency).start()
    judge_server = GeminiServer(ragoro_model, latency=args.latency).start()
    os.environ.update(
        OPENAI_BASE_URL=agent_server.url + "/v1",
        OPENAI_API_KEY="sk-bench-0000000000000000",
        GOOGLE_GEMINI_BASE_URL=judge_server.url,
        GOOGLE_API_KEY="AIzaBench000000000000000000000000000",
    )
    rows = []
    n = args.n
    with tempfile.TemporaryDirectory() as tmp:
        index = Path(tmp) / "index"
        build_index(ROOT / "documenti_pdf", index)
        golden = _golden(n, Path(tmp) / "golden.jsonl")
        rtt_agent, rtt_judge = _round_trip(AGENT), _round_trip(JUDGE)
        for c in args.concurrency:
            agent_server.reset()
            judge_server.reset()
            cache = Path(tmp) / f"cache-{c}"  # every concurrency starts with an empty cache
            actual, evaluation = _judged_run(golden, index, cache, c, args.mode)
            agent_requests, judge_requests = agent_server.count, judge_server.count
            rerun, _ = _judged_run(golden, index, cache, c, args.mode)
            per_agent, per_judge = agent_requests / n, judge_requests / n
            ideal = n * (per_agent * rtt_agent + per_judge * rtt_judge) / c
            timings = evaluation.report.timings
            rows.append(
                [
                    str(c),
                    f"{per_agent:.2f} + {per_judge:.2f}",
                    f"{ideal:.2f}",
                    f"{actual:.2f}",
                    f"{timings.get('agent_s', 0):.2f} + {timings.get('judge_s', 0):.2f}",
                    f"{ideal / actual:.3f}",
                    f"{agent_server.count - agent_requests} + {judge_server.count - judge_requests}",
                    f"{rerun:.2f}",
                ]
            )
    agent_server.stop()
    judge_server.stop()
    print(f"cases {n}, mode {args.mode}, server latency {args.latency}s")
    print(f"round trip through the client: agent {rtt_agent:.3f}s, judge {rtt_judge:.3f}s\n")
    print_table(
        [
            "concurrency",
            "requests/case (agent + judge)",
            "ideal s",
            "actual s",
            "agent + judge phase s",
            "ideal / actual",
            "unchanged rerun requests",
            "rerun s",
        ],
        rows,
    )
    print(
        "\nideal = cases x (agent requests x agent round trip + judge requests x judge round trip)"
    )
    print("        / concurrency; goal ideal / actual >= 0.85")


if __name__ == "__main__":
    main()
