"""Benchmark: the LLM paths over the wire, against the loopback fake servers.

The agent (OpenAI Chat Completions fake) and the LLM judge (Gemini generateContent fake)
each answer after a fixed latency (default 200 ms). Prints the HTTP requests per case of
each role, and the wall time of an N-case judged run at concurrency C against the ideal
2 x N x L / C, where L is one request's round trip through the real client, measured in
the same run (goal: ideal / actual >= 0.85). Then reruns unchanged: 0 requests expected.
Not a test: run it by hand.

    .venv/bin/python -m bench.bench_llm --n 100 --latency 0.2 --concurrency 8
"""

from __future__ import annotations

import argparse
import json
import os
import statistics
import tempfile
import time
from pathlib import Path

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


def main() -> None:
    """Run the benchmark and print the figures."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--n", type=int, default=100, help="cases")
    parser.add_argument("--latency", type=float, default=0.2, help="server seconds per request")
    parser.add_argument("--concurrency", type=int, default=8, help="cases at once")
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
    with tempfile.TemporaryDirectory() as tmp:
        index = Path(tmp) / "index"
        build_index(ROOT / "documenti_pdf", index)
        golden = _golden(args.n, Path(tmp) / "golden.jsonl")
        rtt_agent, rtt_judge = _round_trip(AGENT), _round_trip(JUDGE)
        agent_server.reset()
        judge_server.reset()
        use = ModelUse(cache_dir=Path(tmp) / "cache")
        started = time.perf_counter()
        evaluation = evaluate(
            golden,
            index=index,
            agent=AGENT,
            judge="llm",
            judge_model=JUDGE,
            mode=args.mode,
            concurrency=args.concurrency,
            use=use,
        )
        actual = time.perf_counter() - started
        agent_requests, judge_requests = agent_server.count, judge_server.count
        again = time.perf_counter()
        evaluate(
            golden,
            index=index,
            agent=AGENT,
            judge="llm",
            judge_model=JUDGE,
            mode=args.mode,
            concurrency=args.concurrency,
            use=use,
        )
        rerun = time.perf_counter() - again
    agent_server.stop()
    judge_server.stop()
    n, c = args.n, args.concurrency
    per_agent, per_judge = agent_requests / n, judge_requests / n
    ideal = n * (per_agent * rtt_agent + per_judge * rtt_judge) / c
    print(f"cases {n}, mode {args.mode}, concurrency {c}, server latency {args.latency}s")
    print(f"round trip through the client: agent {rtt_agent:.3f}s, judge {rtt_judge:.3f}s")
    print(f"requests per case: agent {per_agent:.2f}, judge {per_judge:.2f}")
    timings = evaluation.report.timings
    print(
        f"actual {actual:.2f}s (agent {timings.get('agent_s', 0):.2f}s, "
        f"judge {timings.get('judge_s', 0):.2f}s)"
    )
    print(
        f"ideal  {ideal:.2f}s = {n} x ({per_agent:.0f} x {rtt_agent:.3f} + "
        f"{per_judge:.0f} x {rtt_judge:.3f}) / {c}"
    )
    print(f"ratio ideal/actual = {ideal / actual:.3f} (goal >= 0.85)")
    print(
        f"unchanged rerun: {agent_server.count - agent_requests} agent and "
        f"{judge_server.count - judge_requests} judge request(s), {rerun:.2f}s"
    )


if __name__ == "__main__":
    main()
