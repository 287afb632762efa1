"""Rate limits hold across Ray workers: `--judge-rpm R` / `--agent-rpm R` let R requests
of the whole run into any 60 s window, not R per worker.

The limiter's window is a minute and the options go no finer than whole requests per
minute, so a run that needs more than R requests lasts over a minute. Each test watches
the first window of `python -m evaluator run|rescore --executor ray` with 4 workers
against a loopback OpenAI-compatible server, interrupts it (as Ctrl-C does) and checks
what the server saw: R requests, and any later one a window after the one R places
before it. A limit held per worker lets the other workers' requests through at once.
Nothing here depends on how fast the machine is: the spacing is a lower bound.
"""

from __future__ import annotations

import os
import signal
import subprocess
import sys
import time
from pathlib import Path

import pytest

from ragoro.cli import INTERRUPTED
from tests.conftest import ROOT
from tests.executors.conftest import GOLDEN
from tests.fakes.openai_server import OpenAIServer

pytestmark = pytest.mark.slow

RPM = 2
WINDOW_S = 60.0
"""The limiter's window (`ragoro.llm.ratelimit.RateLimiter`)."""
TRANSIT_S = 5.0
"""How much later than its slot a request may reach the server on a loaded machine: the
spacing checked is a window less this (requests of workers limited each on its own
arrive within a second or two of each other)."""
WATCH_S = 8.0
# A run that never sends its first requests fails the test instead of hanging CI.
START_LIMIT_S = 300.0
"""How long the test keeps watching once R requests have arrived: every worker holds a
batch by then, set up, and would have sent its request were the limit its own."""
COMMON = (
    "--no-progress", "--no-cache", "--no-html", "--executor", "ray", "--ray-workers", "4",
)  # fmt: skip


def _watch(server: OpenAIServer, argv: list[str]) -> list[float]:
    """Run `python -m evaluator *argv` until `RPM` requests have arrived and `WATCH_S`
    more seconds have passed, interrupt it, and return when each request arrived."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), TQDM_DISABLE="1")
    process = subprocess.Popen(
        [sys.executable, "-m", "evaluator", *argv, *COMMON],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.STDOUT,
        text=True,
        start_new_session=True,
    )
    try:
        started = time.monotonic()
        deadline: float | None = None
        while process.poll() is None and (deadline is None or time.monotonic() < deadline):
            if deadline is None and server.count >= RPM:
                deadline = time.monotonic() + WATCH_S
            assert deadline is not None or time.monotonic() - started < START_LIMIT_S, (
                f"fewer than {RPM} requests arrived in {START_LIMIT_S:.0f} s"
            )
            time.sleep(0.1)
        assert process.poll() is None, process.communicate()[0]
        process.send_signal(signal.SIGINT)
        out, _ = process.communicate(timeout=120)
        assert process.returncode == INTERRUPTED, out
    finally:
        if process.poll() is None:
            os.killpg(process.pid, signal.SIGKILL)
            process.wait()
    return sorted(request.at for request in server.requests)


def _assert_spaced(arrivals: list[float]) -> None:
    assert len(arrivals) >= RPM
    for earlier, later in zip(arrivals, arrivals[RPM:], strict=False):
        assert later - earlier >= WINDOW_S - TRANSIT_S, arrivals


def test_an_agent_rpm_of_2_spaces_the_requests_of_4_ray_workers(
    tmp_path: Path, demo_index: Path, server: OpenAIServer
) -> None:
    # 8 cases, one request each after the probe: 9 requests the workers want at once.
    argv = [
        "run", "--golden", str(GOLDEN), "--index", str(demo_index),
        "--outcomes", str(tmp_path / "outcomes.jsonl"), "--report", str(tmp_path / "r.json"),
        "--baseline", str(tmp_path / "baseline.json"),
        "--agent", "openai:gpt-fake", "--agent-rpm", str(RPM),
    ]  # fmt: skip
    _assert_spaced(_watch(server, argv))


def test_rescore_on_ray_spaces_the_judge_requests_of_4_workers_by_its_rpm(
    tmp_path: Path, demo_index: Path, server: OpenAIServer, reference_outcomes: Path
) -> None:
    argv = [
        "rescore", str(reference_outcomes), "--golden", str(GOLDEN), "--index", str(demo_index),
        "--report", str(tmp_path / "r.json"), "--baseline", str(tmp_path / "baseline.json"),
        "--judge", "llm", "--judge-model", "openai:gpt-fake", "--judge-rpm", str(RPM),
    ]  # fmt: skip
    _assert_spaced(_watch(server, argv))
