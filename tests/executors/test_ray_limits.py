"""Call caps and the provider probe hold across Ray workers, not per worker.

`python -m evaluator run --executor ray` with 4 worker processes judges with the LLM
judge against a loopback OpenAI-compatible server; the server counts what really
arrived. Each test starts its own local Ray (inside the command).
"""

from __future__ import annotations

import json
from collections.abc import Iterator
from pathlib import Path

import pytest

from ragoro.probe import PROBE_PROMPT
from tests.conftest import ROOT, run_cli
from tests.fakes.openai_server import OpenAIServer
from tests.fakes.responders import ragoro_model

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"

pytestmark = pytest.mark.slow


def _run(folder: Path, index: Path, *extra: str) -> tuple[int, str]:
    result = run_cli(
        "evaluator", "run", "--golden", str(GOLDEN), "--index", str(index),
        "--report", str(folder / "report.json"), "--outcomes", str(folder / "outcomes.jsonl"),
        "--baseline", str(folder / "baseline.json"), "--no-progress", "--no-cache",
        "--judge", "llm", "--judge-model", "openai:gpt-fake", *extra,
    )  # fmt: skip
    return result.returncode, result.stdout + result.stderr


def _probes(server: OpenAIServer) -> int:
    return sum(PROBE_PROMPT in json.dumps(r.body) for r in server.requests)


@pytest.fixture
def server(monkeypatch: pytest.MonkeyPatch) -> Iterator[OpenAIServer]:
    openai = OpenAIServer(ragoro_model, retry_after=0.01).start()
    monkeypatch.setenv("OPENAI_BASE_URL", openai.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-raytest-0123456789")
    monkeypatch.delenv("OPENAI_API_BASE", raising=False)
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    yield openai
    openai.stop()


def test_a_judge_call_cap_of_5_lets_exactly_5_requests_through_4_ray_workers(
    tmp_path: Path, demo_index: Path, server: OpenAIServer
) -> None:
    code, out = _run(
        tmp_path, demo_index, "--judge-max-calls", "5", "--executor", "ray", "--ray-workers", "4"
    )
    assert code in (0, 1), out
    # The probe is one of the 5 (sent once for the run, not once per worker).
    assert server.count == 5, out
    assert _probes(server) == 1
    assert "judge model: 5 request(s) sent" in out
    spent = _spent(tmp_path)
    assert spent >= 3  # 8 cases, 4 judge calls after the probe

    server.reset()
    local = tmp_path / "local"
    local.mkdir()
    code, out = _run(local, demo_index, "--judge-max-calls", "5")
    assert code in (0, 1), out
    assert server.count == 5 and _probes(server) == 1, out
    assert _spent(local) == spent


def _spent(folder: Path) -> int:
    """Cases the judge could not score because the cap was reached."""
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert report["n_cases"] == 8
    return sum(
        any("call budget exhausted" in verdict["reason"] for verdict in verdicts.values())
        for verdicts in report["case_results"].values()
    )
