"""selfcheck and calibrate judge many cases with the LLM judge: a provider that cannot
answer stops them at one probe call, with exit 3 and the offline switch named."""

from __future__ import annotations

from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"
CALIBRATION = ROOT / "data" / "calibration" / "calibration.jsonl"
MODEL = "openai:gpt-test"


@pytest.fixture
def unreachable(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "sk-test")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")  # nothing listens there
    monkeypatch.setenv("RAGORO_CACHE_DIR", str(tmp_path / "cache"))


@pytest.mark.usefixtures("unreachable")
def test_selfcheck_stops_at_the_probe(tmp_path: Path, demo_index: Path) -> None:
    report = tmp_path / "selfcheck.json"
    result = run_cli(
        "evaluator", "selfcheck", "--golden", str(GOLDEN), "--index", str(demo_index),
        "--judge", "llm", "--judge-model", MODEL, "--report", str(report), "--no-progress",
    )  # fmt: skip
    assert result.returncode == 3, result.stdout + result.stderr
    assert "probe call" in result.stderr and "--judge offline" in result.stderr
    assert not report.exists()


@pytest.mark.usefixtures("unreachable")
def test_calibrate_stops_at_the_probe(tmp_path: Path) -> None:
    report = tmp_path / "calibration.json"
    result = run_cli(
        "judges", "calibrate", str(CALIBRATION), "--judge", "llm", "--judge-model", MODEL,
        "--report", str(report),
    )  # fmt: skip
    assert result.returncode == 3, result.stdout + result.stderr
    assert "probe call" in result.stderr and "--judge offline" in result.stderr
    assert not report.exists()
