"""The gate as CI runs it: the baseline file, exit codes, printed lines, locking."""

from __future__ import annotations

import argparse
import json
import multiprocessing
import os
from pathlib import Path
from typing import Any

import pytest
from filelock import FileLock

from evaluator import gate
from evaluator.gate import run_gate
from evaluator.gate_cli import add_gate_arguments, baseline_beside
from tests.evaluator.test_baseline_compare import SHA_B, grid, make_report


@pytest.fixture
def path(tmp_path: Path) -> Path:
    return tmp_path / "golden" / "qa_baseline.json"


def stored(path: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads(path.read_text(encoding="utf-8"))
    return data


def text(outcome: gate.GateOutcome) -> str:
    return "\n".join(outcome.lines)


def test_a_missing_entry_is_created_and_the_run_passes(path):
    outcome = run_gate(make_report(grid(faithfulness="PPF")), path, update=False)
    assert outcome.exit_code == 0
    assert "created it from this run" in text(outcome)
    entry = stored(path)["tool/offline"]
    assert entry["metrics"] == {"faithfulness": 0.666667}
    assert entry["n_cases"] == 3 and entry["golden_sha256"] == "a" * 64
    assert entry["cases"]["c2"] == {"faithfulness": False} and entry["updated_at"]


def test_a_new_key_is_added_beside_the_others(path):
    run_gate(make_report(grid(faithfulness="PP")), path, update=False)
    run_gate(make_report(grid(faithfulness="PF"), mode="agent", judge="llm"), path, update=False)
    assert set(stored(path)) == {"tool/offline", "agent/llm"}


def test_the_same_run_again_passes_on_equality(path):
    report = make_report(grid(faithfulness="PPF", citation="PFFFFFF"))
    run_gate(report, path, update=False)
    outcome = run_gate(report, path, update=False)
    assert outcome.exit_code == 0 and "gate: PASS" in text(outcome)


def test_a_regression_exits_1_with_values_and_flipped_cases(path):
    run_gate(make_report(grid(faithfulness="PPPF")), path, update=False)
    before = path.read_bytes()
    outcome = run_gate(make_report(grid(faithfulness="PFFF")), path, update=False)
    assert outcome.exit_code == 1
    line = next(line for line in outcome.lines if "REGRESSION faithfulness" in line)
    assert "baseline 0.75, current 0.25, delta -0.5" in line
    assert "flipped pass->fail: c1, c2" in line
    assert path.read_bytes() == before  # without --update-baseline only a new key writes


def test_fabrication_and_unscored_rises_exit_1(path):
    run_gate(make_report(grid(faithfulness="PP", refusal="PP")), path, update=False)
    report = make_report(grid(faithfulness="PU", refusal="PP"), fabrication=["c1"])
    outcome = run_gate(report, path, update=False)
    assert outcome.exit_code == 1
    assert "REGRESSION fabrication_count: baseline 0, current 1, delta +1" in text(outcome)
    assert "newly fabricated: c1" in text(outcome)
    assert "now unscored: c1:faithfulness" in text(outcome)


def test_improvements_are_shown_and_suggest_an_update(path):
    run_gate(make_report(grid(faithfulness="FPF")), path, update=False)
    outcome = run_gate(make_report(grid(faithfulness="PPF")), path, update=False)
    assert outcome.exit_code == 0
    assert "improved faithfulness: baseline 0.333333, current 0.666667" in text(outcome)
    assert "fixed fail->pass: c0" in text(outcome)
    assert "--update-baseline" in text(outcome)


def test_golden_change_is_reported_and_compared_on_common_cases(path):
    run_gate(make_report(grid(faithfulness="PPFP")), path, update=False)
    outcome = run_gate(make_report(grid(1, faithfulness="PFPFF"), sha=SHA_B), path, update=False)
    assert outcome.exit_code == 0
    assert "golden set changed" in text(outcome)
    assert "the 3 cases both sets share" in text(outcome)
    assert "new cases: c4, c5" in text(outcome) and "removed cases: c0" in text(outcome)


def test_update_raises_but_never_lowers_and_says_so(path):
    run_gate(make_report(grid(faithfulness="PPF", citation="PFF")), path, update=False)
    outcome = run_gate(make_report(grid(faithfulness="PFF", citation="PPP")), path, update=True)
    assert outcome.exit_code == 1
    assert stored(path)["tool/offline"]["metrics"] == {"faithfulness": 0.666667, "citation": 1.0}
    assert "not lowering faithfulness: stored 0.666667, this run 0.333333" in text(outcome)
    assert "edit" in text(outcome) and "by hand in a reviewed commit" in text(outcome)


def test_flipped_cases_survive_an_update_on_a_regressed_run(path):
    run_gate(make_report(grid(faithfulness="PPF")), path, update=False)
    regressed = make_report(grid(faithfulness="PFF"))
    run_gate(regressed, path, update=True)
    again = run_gate(regressed, path, update=True)
    assert again.exit_code == 1 and "flipped pass->fail: c1" in text(again)


def test_a_metric_raised_by_a_regressed_run_keeps_its_own_flipped_cases(path):
    run_gate(make_report(grid(faithfulness="PPF", citation="FPP")), path, update=False)
    run_gate(make_report(grid(faithfulness="PFF", citation="PPP")), path, update=True)
    assert stored(path)["tool/offline"]["cases"]["c0"] == {"faithfulness": True, "citation": True}
    outcome = run_gate(make_report(grid(faithfulness="PPF", citation="FPP")), path, update=False)
    assert "REGRESSION citation: baseline 1, current 0.666667" in text(outcome)
    assert "flipped pass->fail: c0" in text(outcome)


def test_update_after_a_clean_pass_refreshes_cases_and_lowers_counts(path):
    run_gate(make_report(grid(refusal="PF"), fabrication=["c1"]), path, update=False)
    run_gate(make_report(grid(refusal="PP")), path, update=True)
    entry = stored(path)["tool/offline"]
    assert entry["fabrication_count"] == 0 and entry["fabrication_cases"] == []
    assert entry["metrics"] == {"refusal": 1.0} and entry["cases"]["c1"] == {"refusal": True}


def test_update_keeps_the_other_keys(path):
    run_gate(make_report(grid(faithfulness="PF"), judge="llm"), path, update=False)
    other = stored(path)["tool/llm"]
    run_gate(make_report(grid(faithfulness="FF")), path, update=False)
    run_gate(make_report(grid(faithfulness="PP")), path, update=True)
    assert stored(path)["tool/llm"] == other
    assert stored(path)["tool/offline"]["metrics"] == {"faithfulness": 1.0}


@pytest.mark.parametrize(
    ("content", "says"),
    [
        ('{"tool/offline": {"metrics": ', "not valid JSON"),
        ('{"tool/offline": {"metrics": {"faithfulness": 2}}}', "not a valid baseline"),
        ('{"tool": {"metrics": {}, "fabrication_count": 0, "n_cases": 0}}', "not a valid"),
    ],
)
@pytest.mark.parametrize("update", [False, True])
def test_a_corrupt_baseline_exits_2_and_is_left_untouched(path, content, says, update):
    path.parent.mkdir(parents=True)
    path.write_text(content, encoding="utf-8")
    outcome = run_gate(make_report(grid(faithfulness="PP")), path, update=update)
    assert outcome.exit_code == 2
    [line] = outcome.lines
    assert str(path) in line and says in line
    assert path.read_text(encoding="utf-8") == content


def test_writes_leave_no_temp_files(path):
    for marks in ("PFF", "PPF", "PPP"):
        run_gate(make_report(grid(faithfulness=marks)), path, update=True)
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_failed_write_keeps_the_old_file_and_no_temp(path, monkeypatch):
    run_gate(make_report(grid(faithfulness="PF")), path, update=False)
    before = path.read_bytes()

    def refuse(*_args: object) -> None:
        raise OSError(28, "No space left on device")

    monkeypatch.setattr(os, "replace", refuse)
    outcome = run_gate(make_report(grid(faithfulness="PP")), path, update=True)
    assert outcome.exit_code == 2 and "No space left" in outcome.lines[0]
    assert path.read_bytes() == before
    assert sorted(p.name for p in path.parent.iterdir()) == [path.name]


def test_a_held_lock_times_out_with_exit_2(path, monkeypatch):
    monkeypatch.setattr(gate, "LOCK_TIMEOUT_S", 0.2)
    path.parent.mkdir(parents=True)
    with FileLock(gate.lock_path_for(path)):
        outcome = _in_child(path)
    assert outcome[0] == 2 and "another run" in outcome[1]


def _gate_in_child(path: str, queue: multiprocessing.Queue) -> None:  # type: ignore[type-arg]
    gate.LOCK_TIMEOUT_S = 0.2
    result = run_gate(make_report(grid(faithfulness="PP")), Path(path), update=False)
    queue.put((result.exit_code, result.lines[0]))


def _in_child(path: Path) -> tuple[int, str]:
    """Run the gate in another process: a lock is only exclusive across processes."""
    context = multiprocessing.get_context("spawn")
    queue = context.Queue()
    child = context.Process(target=_gate_in_child, args=(str(path), queue))
    child.start()
    code, line = queue.get(timeout=60)
    child.join(timeout=60)
    return int(code), str(line)


def _hammer(path: str, judge: str, rounds: int) -> None:
    for i in range(rounds):
        marks = "P" * (i + 1) + "F" * (rounds - i - 1)
        rising = make_report(grid(faithfulness=marks), judge=judge)
        fresh = make_report(grid(faithfulness="P"), mode=f"m{i}", judge=judge)
        for report, update in ((rising, True), (fresh, False)):
            outcome = run_gate(report, Path(path), update=update)
            assert outcome.exit_code == 0, outcome.lines


def test_concurrent_updates_of_different_keys_all_survive(path):
    path.parent.mkdir(parents=True)
    context = multiprocessing.get_context("spawn")
    rounds = 20
    workers = [
        context.Process(target=_hammer, args=(str(path), judge, rounds)) for judge in ("j1", "j2")
    ]
    for worker in workers:
        worker.start()
    for worker in workers:
        worker.join(timeout=120)
        assert worker.exitcode == 0
    data = stored(path)  # valid JSON
    for judge in ("j1", "j2"):
        assert data[f"tool/{judge}"]["metrics"] == {"faithfulness": 1.0}
        assert all(f"m{i}/{judge}" in data for i in range(rounds))
    assert len(data) == 2 + 2 * rounds


def test_add_gate_arguments_defaults_and_flags():
    parser = argparse.ArgumentParser()
    add_gate_arguments(parser)
    defaults = parser.parse_args([])
    assert defaults.baseline is None  # run/rescore take qa_baseline.json beside the golden set
    assert baseline_beside("data/golden/qa_golden_set.jsonl") == Path(
        "data/golden/qa_baseline.json"
    )
    assert baseline_beside("mine/golden.jsonl") == Path("mine/qa_baseline.json")
    assert defaults.update_baseline is False
    args = parser.parse_args(["--baseline", "b.json", "--update-baseline"])
    assert args.baseline == Path("b.json") and args.update_baseline is True
