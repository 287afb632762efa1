"""The gate never passes what nobody judged, names every flip, and tells its verdict in
report.json; an unusable judge provider stops the run early with exit 3.

Every test runs `python -m evaluator` as a user would; the LLM judge talks to a loopback
OpenAI-compatible server (tests/openai_server.py).
"""

from __future__ import annotations

import json
import os
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, run_cli
from tests.openai_server import Script, openai_server

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"
MODEL = "openai:gpt-test"


def _run(folder: Path, index: Path, *extra: str) -> tuple[int, str, str]:
    result = run_cli(
        "evaluator",
        "run",
        "--golden",
        str(GOLDEN),
        "--index",
        str(index),
        "--report",
        str(folder / "report.json"),
        "--outcomes",
        str(folder / "outcomes.jsonl"),
        "--baseline",
        str(folder / "baseline.json"),
        "--no-progress",
        *extra,
    )
    return result.returncode, result.stdout, result.stderr


@pytest.fixture
def llm_env(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> Script:
    """Environment for an LLM judge on the loopback server; the script is set per test."""
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("RAGORO_CACHE_DIR", str(tmp_path / "cache"))
    return Script()


def _report(folder: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((folder / "report.json").read_text(encoding="utf-8"))
    return data


def test_a_judge_that_scores_nothing_fails_and_stores_no_baseline(
    tmp_path: Path, demo_index: Path, llm_env: Script, monkeypatch: pytest.MonkeyPatch
) -> None:
    with openai_server(llm_env) as url:
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        code, out, err = _run(tmp_path, demo_index, "--judge", "llm", "--judge-model", MODEL)
    assert code == 1, out + err
    assert "REGRESSION answer_accuracy: nothing was judged: " in out
    assert "unscored - first reason: judge output has no answer_accuracy score" in out
    assert "a baseline never stores a rate computed from zero scored cases" in out
    assert not (tmp_path / "baseline.json").exists()
    verdict = _report(tmp_path)["gate"]
    assert verdict["verdict"] == "fail" and verdict["exit_code"] == 1
    assert "answer_accuracy" in {r["metric"] for r in verdict["regressions"]}


def test_update_baseline_on_an_unscored_run_raises_nothing(
    tmp_path: Path, demo_index: Path, llm_env: Script, monkeypatch: pytest.MonkeyPatch
) -> None:
    entry = {
        "metrics": {"answer_accuracy": 0.33, "context_recall": 0.1},
        "fabrication_count": 0,
        "unscored_count": 0,
        "n_cases": 8,
        "golden_path": Path(os.path.relpath(GOLDEN, tmp_path)).as_posix(),
    }
    baseline = tmp_path / "baseline.json"
    baseline.write_text(json.dumps({"tool/llm": entry}), encoding="utf-8")
    before = baseline.read_bytes()
    with openai_server(llm_env) as url:
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        code, out, _ = _run(
            tmp_path, demo_index, "--judge", "llm", "--judge-model", MODEL, "--update-baseline"
        )
    assert code == 1
    assert "REGRESSION answer_accuracy: nothing was judged" in out
    assert "baseline not raising any rate: this run has" in out
    assert "not storing answer_accuracy: nothing was judged" in out
    assert baseline.read_bytes() == before


def test_a_judge_outage_mid_run_exits_3_and_leaves_the_baseline_alone(
    tmp_path: Path, demo_index: Path, llm_env: Script, monkeypatch: pytest.MonkeyPatch
) -> None:
    llm_env.status = 401  # the probe passes, then the key is revoked
    with openai_server(llm_env) as url:
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        code, out, err = _run(tmp_path, demo_index, "--judge", "llm", "--judge-model", MODEL)
    assert code == 3, out + err
    line = next(x for x in out.splitlines() if x.startswith("error: "))
    assert "judge calls to openai:gpt-test failed (judge call failed: " in line
    assert "the baseline was not touched" in line and "--judge offline" in line
    assert not (tmp_path / "baseline.json").exists()
    assert _report(tmp_path)["gate"]["verdict"] == "error"


def test_a_bad_key_ends_the_run_at_the_probe_within_seconds(
    tmp_path: Path, demo_index: Path, llm_env: Script, monkeypatch: pytest.MonkeyPatch
) -> None:
    llm_env.probe_status = 401
    with openai_server(llm_env) as url:
        monkeypatch.setenv("OPENAI_BASE_URL", url)
        code, out, err = _run(tmp_path, demo_index, "--judge", "llm", "--judge-model", MODEL)
    assert code == 3, out + err
    assert "error: openai:gpt-test failed a probe call before the run" in err
    assert "check OPENAI_API_KEY (and the network) for provider openai" in err
    assert "or use --judge offline" in err
    assert llm_env.probes == 1 and llm_env.calls == 0
    assert not (tmp_path / "outcomes.jsonl").exists() and not (tmp_path / "baseline.json").exists()


def test_an_unreachable_host_ends_the_run_at_the_probe(
    tmp_path: Path, demo_index: Path, llm_env: Script, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")  # nothing listens there
    started = time.monotonic()
    code, _, err = _run(tmp_path, demo_index, "--judge", "llm", "--judge-model", MODEL)
    elapsed = time.monotonic() - started
    assert code == 3, err
    assert "failed a probe call before the run" in err and "OPENAI_API_KEY" in err
    assert not (tmp_path / "outcomes.jsonl").exists()
    print(f"unreachable host: exit 3 after {elapsed:.1f} s")


@pytest.fixture
def offline_run(tmp_path: Path, demo_index: Path) -> tuple[Path, dict[str, Any], str, str, str]:
    """An offline run with a baseline, and a metric with one passing and one failing case."""
    code, out, err = _run(tmp_path, demo_index)
    assert code == 0, out + err
    report = _report(tmp_path)
    assert report["gate"] == {**report["gate"], "verdict": "pass", "created": True}
    for name, metric in report["metrics"].items():
        passing = [
            c for c, row in report["case_results"].items() if row.get(name, {}).get("passed")
        ]
        if metric["failures"] and passing:
            return tmp_path, report, name, passing[0], metric["failures"][0]
    raise AssertionError("the offline run has no metric with both a pass and a failure")


def _edit_baseline(folder: Path, metric: str, rate: float, case: str) -> None:
    path = folder / "baseline.json"
    data = json.loads(path.read_text(encoding="utf-8"))
    entry = data["tool/offline"]
    entry["metrics"][metric] = rate
    entry["cases"][case][metric] = True  # it passed in the baseline; it fails now
    path.write_text(json.dumps(data), encoding="utf-8")


def test_a_flip_behind_a_rising_rate_is_listed_and_fail_on_flips_fails(
    offline_run: tuple[Path, dict[str, Any], str, str, str], demo_index: Path
) -> None:
    folder, _, metric, _, failing = offline_run
    _edit_baseline(folder, metric, 0.0, failing)
    code, out, _ = _run(folder, demo_index)
    assert code == 0, out
    assert f"improved {metric}:" in out and f"but flipped pass->fail: {failing}" in out
    assert f"flips: 1 pass->fail; {metric}: {failing}" in out
    assert _report(folder)["gate"]["flips"] == {metric: [failing]}
    code, out, _ = _run(folder, demo_index, "--fail-on-flips")
    assert code == 1, out
    assert "gate: FAIL (tool/offline): 1 flip(s) and --fail-on-flips" in out
    verdict = _report(folder)["gate"]
    assert verdict["verdict"] == "fail" and verdict["flips"] == {metric: [failing]}


def test_report_json_holds_the_verdict_and_the_regressions_with_their_flips(
    offline_run: tuple[Path, dict[str, Any], str, str, str], demo_index: Path
) -> None:
    folder, _, metric, _, failing = offline_run
    _edit_baseline(folder, metric, 1.0, failing)
    code, out, _ = _run(folder, demo_index)
    assert code == 1, out
    verdict = _report(folder)["gate"]
    assert verdict["verdict"] == "fail" and verdict["exit_code"] == 1
    assert verdict["key"] == "tool/offline" and verdict["baseline"].endswith("baseline.json")
    regression = next(r for r in verdict["regressions"] if r["metric"] == metric)
    assert regression["baseline"] == 1.0 and failing in regression["flipped_cases"]
    assert f"REGRESSION {metric}" in "\n".join(verdict["lines"])
