"""`--executor ray` through the real command line: the same report and outcomes as the
local executor, and a worker's error ends the command as it would locally."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, run_cli

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"

pytestmark = pytest.mark.slow

FAILING_AGENT = """
from ragoro.errors import ProviderUnavailable


def agent(question: str) -> str:
    if "revenue" in question:
        raise ProviderUnavailable("the agent's provider is gone")
    return "Non lo so."
"""


def _run(folder: Path, index: Path, *extra: str) -> tuple[int, str, str]:
    folder.mkdir(parents=True, exist_ok=True)
    result = run_cli(
        "evaluator", "run", "--golden", str(GOLDEN), "--index", str(index),
        "--report", str(folder / "report.json"), "--outcomes", str(folder / "outcomes.jsonl"),
        "--baseline", str(folder / "baseline.json"), "--no-html", *extra,
    )  # fmt: skip
    return result.returncode, result.stdout, result.stderr


def _report(folder: Path) -> dict[str, Any]:
    """report.json with this run's own folder named alike, and timings left out."""
    text = (folder / "report.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text.replace(str(folder), "<run folder>"))
    for varying in ("timings", "started_at"):
        data.pop(varying)
    return data


def _outcomes(folder: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in (folder / "outcomes.jsonl").open(encoding="utf-8")]
    for row in rows:
        row.pop("latency_s")
    return rows


@pytest.fixture(autouse=True)
def _no_cluster(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)


def test_run_on_ray_writes_the_local_report_and_outcomes(tmp_path: Path, demo_index: Path) -> None:
    code, out, err = _run(tmp_path / "local", demo_index)
    assert code == 0, out + err
    code, out, err = _run(tmp_path / "ray", demo_index, "--executor", "ray", "--ray-workers", "2")
    assert code == 0, out + err
    assert _outcomes(tmp_path / "ray") == _outcomes(tmp_path / "local")
    assert _report(tmp_path / "ray") == _report(tmp_path / "local")


def test_a_worker_error_ends_the_command_as_it_does_locally(
    tmp_path: Path, demo_index: Path
) -> None:
    agent = tmp_path / "failing_agent.py"
    agent.write_text(FAILING_AGENT, encoding="utf-8")
    spec = f"{agent}:agent"
    local = _run(tmp_path / "local", demo_index, "--agent", spec, "--no-progress")
    ray = _run(tmp_path / "ray", demo_index, "--agent", spec, "--executor", "ray", "--no-progress")
    assert local[0] == ray[0] == 3, local[2] + ray[2]
    message = "error: the agent's provider is gone"
    assert message in local[2] and message in ray[2]
    assert not (tmp_path / "ray" / "outcomes.jsonl").exists()
    assert not (tmp_path / "local" / "outcomes.jsonl").exists()
