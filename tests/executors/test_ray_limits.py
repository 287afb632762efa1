"""Call caps and the provider probe hold across Ray workers, not per worker.

`python -m evaluator run|rescore --executor ray` with 4 worker processes calls the LLM
agent or the LLM judge against a loopback OpenAI-compatible server; the server counts
what really arrived. Each test starts its own local Ray (inside the command) and checks
the same command run locally spends the cap on as many cases.
"""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from ragoro.probe import PROBE_PROMPT
from tests.conftest import run_cli
from tests.executors.conftest import GOLDEN
from tests.fakes.openai_server import OpenAIServer

pytestmark = pytest.mark.slow

RAY = ("--executor", "ray", "--ray-workers", "4")


def _run(folder: Path, index: Path, *extra: str) -> tuple[int, str]:
    folder.mkdir(parents=True, exist_ok=True)
    result = run_cli(
        "evaluator", "run", "--golden", str(GOLDEN), "--index", str(index),
        "--report", str(folder / "report.json"), "--outcomes", str(folder / "outcomes.jsonl"),
        "--baseline", str(folder / "baseline.json"), "--no-progress", "--no-cache", "--no-html",
        *extra,
    )  # fmt: skip
    return result.returncode, result.stdout + result.stderr


def _rescore(folder: Path, outcomes: Path, index: Path, *extra: str) -> tuple[int, str]:
    folder.mkdir(parents=True, exist_ok=True)
    result = run_cli(
        "evaluator", "rescore", str(outcomes), "--golden", str(GOLDEN), "--index", str(index),
        "--report", str(folder / "report.json"), "--baseline", str(folder / "baseline.json"),
        "--no-progress", "--no-cache", "--no-html",
        "--judge", "llm", "--judge-model", "openai:gpt-fake", *extra,
    )  # fmt: skip
    return result.returncode, result.stdout + result.stderr


def _probes(server: OpenAIServer) -> int:
    return sum(PROBE_PROMPT in json.dumps(r.body) for r in server.requests)


def test_a_judge_call_cap_of_5_lets_exactly_5_requests_through_4_ray_workers(
    tmp_path: Path, demo_index: Path, server: OpenAIServer
) -> None:
    llm_judge = ("--judge", "llm", "--judge-model", "openai:gpt-fake", "--judge-max-calls", "5")
    code, out = _run(tmp_path, demo_index, *llm_judge, *RAY)
    assert code in (0, 1), out
    # The probe is one of the 5 (sent once for the run, not once per worker).
    assert server.count == 5, out
    assert _probes(server) == 1
    assert "judge model: 5 request(s) sent" in out
    spent = _unjudged(tmp_path)
    assert spent >= 3  # 8 cases, 4 judge calls after the probe

    server.reset()
    local = tmp_path / "local"
    code, out = _run(local, demo_index, *llm_judge)
    assert code in (0, 1), out
    assert server.count == 5 and _probes(server) == 1, out
    assert _unjudged(local) == spent


def test_an_agent_call_cap_of_5_lets_exactly_5_requests_through_4_ray_workers(
    tmp_path: Path, demo_index: Path, server: OpenAIServer
) -> None:
    llm_agent = ("--agent", "openai:gpt-fake", "--agent-max-calls", "5")
    code, out = _run(tmp_path, demo_index, *llm_agent, *RAY)
    assert code in (0, 1), out
    assert server.count == 5, out
    assert _probes(server) == 1
    assert "agent 4 call(s)" in out  # the cases' calls; the probe is the fifth
    failed = _capped(tmp_path)
    assert len(failed) == 4  # 8 cases, one request each

    server.reset()
    local = tmp_path / "local"
    code, out = _run(local, demo_index, *llm_agent)
    assert code in (0, 1), out
    assert server.count == 5 and _probes(server) == 1, out
    assert len(_capped(local)) == len(failed)


def test_rescore_on_ray_holds_a_judge_call_cap_of_5_across_4_workers(
    tmp_path: Path, demo_index: Path, server: OpenAIServer, reference_outcomes: Path
) -> None:
    cap = ("--judge-max-calls", "5")
    code, out = _rescore(tmp_path, reference_outcomes, demo_index, *cap, *RAY)
    assert code in (0, 1), out
    assert server.count == 5 and _probes(server) == 1, out
    spent = _unjudged(tmp_path)
    assert spent >= 3

    server.reset()
    local = tmp_path / "local"
    code, out = _rescore(local, reference_outcomes, demo_index, *cap)
    assert code in (0, 1), out
    assert server.count == 5 and _probes(server) == 1, out
    assert _unjudged(local) == spent


def _unjudged(folder: Path) -> int:
    """Cases the judge could not score because the cap was reached."""
    report = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    assert report["n_cases"] == 8
    return sum(
        any("call budget exhausted" in verdict["reason"] for verdict in verdicts.values())
        for verdicts in report["case_results"].values()
    )


def _capped(folder: Path) -> list[str]:
    """Cases whose agent call was refused by the cap."""
    lines = (folder / "outcomes.jsonl").read_text(encoding="utf-8").splitlines()
    outcomes = [json.loads(line) for line in lines]
    assert len(outcomes) == 8
    return [o["case_id"] for o in outcomes if "budget exhausted" in (o.get("error") or "")]
