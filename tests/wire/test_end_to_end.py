"""The evaluator's LLM paths end to end through its command line and the real
langchain-openai and langchain-google-genai clients, against the loopback fakes: both
agent modes, the LLM judge, rescore, request caps per role, the cache (an unchanged rerun
sends nothing) and keys that never reach a file."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from evaluator.cli import main as evaluator
from tests.conftest import ROOT
from tests.fakes.responders import GRADE
from tests.wire.conftest import GOOGLE_KEY, OPENAI_KEY, Wire

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"
N_CASES = 8
FAST = ["--timeout", "2", "--backoff", "0", "--no-progress"]


def _run(tmp: Path, index: Path, agent: str, judge: str, *extra: str) -> int:
    return evaluator(
        [
            "run",
            "--golden",
            str(GOLDEN),
            "--index",
            str(index),
            "--agent",
            agent,
            "--judge",
            "llm",
            "--judge-model",
            judge,
            "--report",
            str(tmp / "report.json"),
            "--outcomes",
            str(tmp / "outcomes.jsonl"),
            "--baseline",
            str(tmp / "baseline.json"),
            "--cache-dir",
            str(tmp / "cache"),
            *FAST,
            *extra,
        ]
    )


def _report(tmp: Path) -> dict[str, Any]:
    report: dict[str, Any] = json.loads((tmp / "report.json").read_text(encoding="utf-8"))
    return report


def _outcomes(tmp: Path) -> list[dict[str, Any]]:
    lines = (tmp / "outcomes.jsonl").read_text(encoding="utf-8").splitlines()
    return [json.loads(line) for line in lines]


# (mode, agent provider, judge provider, agent requests per case): each client plays
# both roles across the two runs.
SETUPS = {"tool": ("openai", "gemini", 1), "agent": ("gemini", "openai", 2)}


@pytest.mark.parametrize("mode", sorted(SETUPS))
def test_run_judges_every_case_survives_faults_and_an_unchanged_rerun_sends_nothing(
    servers: dict[str, Wire], demo_index: Path, tmp_path: Path, mode: str
) -> None:
    agent_name, judge_name, per_case = SETUPS[mode]
    agent, judge = servers[agent_name], servers[judge_name]
    agent.server.fail("429", "500")  # retried
    judge.server.fail("schema_invalid")  # re-asked
    code = _run(tmp_path, demo_index, agent.spec, judge.spec, "--mode", mode)
    assert code == 0
    outcomes = _outcomes(tmp_path)
    assert [o.get("error") for o in outcomes] == [None] * N_CASES
    assert all(o["answer"] and o["contexts"] for o in outcomes)
    assert agent.server.count == N_CASES * per_case + 2
    assert judge.server.count == N_CASES + 1
    report = _report(tmp_path)
    assert report["judge"] == "llm" and report["judge_model"] == judge.spec
    for name in ("faithfulness", "answer_relevancy", "answer_accuracy"):
        assert report["metrics"][name]["unscored"] == 0
    assert report["grade"]["mean"] == GRADE
    if mode == "agent":  # the model searched, and the passages it saw are the contexts
        tool_turns = [r for r in agent.server.requests if "functionResponse" in json.dumps(r.body)]
        assert len(tool_turns) == N_CASES
    counts = agent.server.count, judge.server.count
    assert _run(tmp_path, demo_index, agent.spec, judge.spec, "--mode", mode) == 0
    assert (agent.server.count, judge.server.count) == counts  # every call came from the cache
    assert [o["answer"] for o in _outcomes(tmp_path)] == [o["answer"] for o in outcomes]


def test_rescore_replays_the_judge_from_the_cache_unless_told_not_to(
    servers: dict[str, Wire], demo_index: Path, tmp_path: Path
) -> None:
    agent, judge = servers["openai"], servers["gemini"]
    assert _run(tmp_path, demo_index, agent.spec, judge.spec) == 0
    before = judge.server.count
    rescore = [
        "rescore",
        str(tmp_path / "outcomes.jsonl"),
        "--golden",
        str(GOLDEN),
        "--index",
        str(demo_index),
        "--judge",
        "llm",
        "--judge-model",
        judge.spec,
        "--report",
        str(tmp_path / "rescored.json"),
        "--baseline",
        str(tmp_path / "baseline.json"),
        "--cache-dir",
        str(tmp_path / "cache"),
        *FAST,
    ]
    assert evaluator(rescore) == 0
    assert judge.server.count == before
    assert evaluator([*rescore, "--no-cache"]) == 0
    # A run that sends requests sends one probe first (see ragoro.probe), then a call a case.
    assert judge.server.count == before + 1 + N_CASES


def test_agent_cap_counts_requests_retries_included_and_stops_cleanly(
    servers: dict[str, Wire], demo_index: Path, tmp_path: Path
) -> None:
    agent, judge = servers["openai"], servers["gemini"]
    agent.server.fail_always("503")
    _run(tmp_path, demo_index, agent.spec, judge.spec, "--agent-max-calls", "3", "--retries", "5")
    assert agent.server.count == 3  # not 3 per question, not 3 x the SDK's retries
    errors = [o["error"] for o in _outcomes(tmp_path)]
    assert all(errors) and sum("budget exhausted" in e for e in errors) >= N_CASES - 1
    assert judge.server.count == 0  # an agent error is not sent to the judge
    unscored = _report(tmp_path)["metrics"]["answer_accuracy"]
    assert unscored["passed"] == 0


def test_judge_cap_holds_exactly_and_leaves_the_rest_unscored_with_the_reason(
    servers: dict[str, Wire], demo_index: Path, tmp_path: Path
) -> None:
    agent, judge = servers["openai"], servers["gemini"]
    _run(tmp_path, demo_index, agent.spec, judge.spec, "--judge-max-calls", "2")
    assert judge.server.count == 2
    report = _report(tmp_path)
    reasons = [
        verdict["reason"]
        for case in report["case_results"].values()
        for name, verdict in case.items()
        if name == "answer_accuracy"
    ]
    accuracy = report["metrics"]["answer_accuracy"]
    # 7 cases take answer_accuracy (not the clarification one). The cap counts every
    # request: the probe before the first call spends one, so one case was judged.
    assert accuracy["total"] == 1 and accuracy["unscored"] == 6
    assert sum("budget exhausted" in r for r in reasons) == 6


def test_the_keys_never_reach_a_file_or_the_terminal(
    servers: dict[str, Wire],
    demo_index: Path,
    tmp_path: Path,
    capsys: pytest.CaptureFixture[str],
    caplog: pytest.LogCaptureFixture,
) -> None:
    agent, judge = servers["openai"], servers["gemini"]
    # Errors that echo the key. Each role's first request is its probe: a 429 there means
    # the provider is up (the run goes on), then a 401 hits a case, or a verdict.
    agent.server.fail("429", "401", "429")
    judge.server.fail("429", "401")
    _run(tmp_path, demo_index, agent.spec, judge.spec)
    assert agent.server.count >= N_CASES and judge.server.count >= 1
    written = [p for p in tmp_path.rglob("*") if p.is_file()]
    assert any(p.name == "report.json" for p in written) and any("cache" in str(p) for p in written)
    captured = capsys.readouterr()
    texts = [p.read_bytes().decode("utf-8", "replace") for p in written]
    texts += [captured.out, captured.err, caplog.text]
    assert any("[REDACTED]" in text for text in texts)  # the echoes were there, masked
    for text in texts:
        assert OPENAI_KEY not in text and GOOGLE_KEY not in text


def test_selfcheck_catches_a_judge_model_that_passes_everything(
    servers: dict[str, Wire], demo_index: Path, tmp_path: Path
) -> None:
    judge = servers["gemini"]  # the fake judge scores every answer 0.9, null ones too
    args = [
        "selfcheck",
        "--golden",
        str(GOLDEN),
        "--index",
        str(demo_index),
        "--judge",
        "llm",
        "--judge-model",
        judge.spec,
        "--report",
        str(tmp_path / "selfcheck.json"),
        "--cache-dir",
        str(tmp_path / "cache"),
        "--judge-max-calls",
        "500",
        *FAST,
    ]
    assert evaluator(args) == 1  # the null agents pass too: the judge does not separate
    sent = judge.server.count
    assert sent > 0
    assert evaluator(args) == 1
    assert judge.server.count == sent  # the same verdicts, replayed from the cache
