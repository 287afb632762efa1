"""Nothing silently mixed: `python -m evaluator` checks what its inputs were made from.

A golden set against an index of another corpus, a baseline entry of another golden set,
outcomes whose case ids repeat or are unknown: each is named, never judged as if it fit.
"""

from __future__ import annotations

import json
import shutil
from pathlib import Path

from tests.conftest import ROOT, run_cli
from vectordb import VectorIndex

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"


def _run(folder: Path, index: Path, golden: Path, *extra: str) -> tuple[int, str, str]:
    result = run_cli(
        "evaluator",
        "run",
        "--golden",
        str(golden),
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


def test_a_golden_set_of_another_corpus_is_refused_before_any_case(
    tmp_path: Path, small_index: VectorIndex
) -> None:
    code, out, err = _run(tmp_path, small_index.path, GOLDEN)
    assert code == 2, out + err
    assert f"golden set {GOLDEN} was made from another corpus" in err
    assert f"of its documents are not in index {small_index.path}" in err
    assert "annual_results_2025.pdf" in err and "python -m vectordb build" in err
    assert not (tmp_path / "outcomes.jsonl").exists() and not (tmp_path / "baseline.json").exists()


def test_another_golden_set_gets_its_own_baseline_entry(tmp_path: Path, demo_index: Path) -> None:
    code, out, _ = _run(tmp_path, demo_index, GOLDEN)
    assert code == 0, out
    first = json.loads((tmp_path / "baseline.json").read_text(encoding="utf-8"))
    assert list(first) == ["tool/offline"]
    assert first["tool/offline"]["golden_path"].endswith("tests/data/demo_golden.jsonl")
    assert first["tool/offline"]["agent"] == "extractive"
    assert len(first["tool/offline"]["corpus_sha256"]) == 64

    # A second golden set (three of the same questions, in its own file) is not compared
    # with the first one's entry: no "new"/"removed" cases, no regression, its own entry.
    mine = tmp_path / "mine.jsonl"
    mine.write_text("".join(GOLDEN.read_text(encoding="utf-8").splitlines(True)[:3]), "utf-8")
    code, out, _ = _run(tmp_path, demo_index, mine)
    assert code == 0, out
    assert "was made for " in out and "not mine.jsonl" in out
    assert "removed" not in out and "REGRESSION" not in out
    second = json.loads((tmp_path / "baseline.json").read_text(encoding="utf-8"))
    assert second["tool/offline"] == first["tool/offline"]
    (key,) = set(second) - {"tool/offline"}
    assert key.startswith("tool/offline@mine-") and second[key]["golden_path"] == "mine.jsonl"
    assert second[key]["n_cases"] == 3

    # Each set keeps gating on its own entry.
    code, out, _ = _run(tmp_path, demo_index, mine)
    assert code == 0 and f"gate: PASS ({key})" in out
    code, out, _ = _run(tmp_path, demo_index, GOLDEN)
    assert code == 0 and "gate: PASS (tool/offline)" in out


def test_rescore_finds_its_golden_set_and_index_from_the_outcomes(
    tmp_path: Path, demo_index: Path
) -> None:
    golden = tmp_path / "sets" / "golden.jsonl"
    golden.parent.mkdir()
    shutil.copy(GOLDEN, golden)
    code, out, _ = _run(tmp_path, demo_index, golden)
    assert code == 0, out
    sidecar = json.loads((tmp_path / "outcomes.jsonl.lineage.json").read_text(encoding="utf-8"))
    assert sidecar["kind"] == "outcomes" and sidecar["golden"] == "sets/golden.jsonl"
    run_report = json.loads((tmp_path / "report.json").read_text(encoding="utf-8"))

    # From a folder with no default golden set or index: the sidecar says which ones.
    elsewhere = tmp_path / "elsewhere"
    elsewhere.mkdir()
    result = run_cli(
        "evaluator",
        "rescore",
        str(tmp_path / "outcomes.jsonl"),
        "--report",
        str(elsewhere / "rescore.json"),
        "--baseline",
        str(tmp_path / "baseline.json"),
        "--no-progress",
        cwd=elsewhere,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    again = json.loads((elsewhere / "rescore.json").read_text(encoding="utf-8"))
    assert Path(again["golden_path"]).resolve() == golden.resolve()
    assert Path(again["index_path"]).resolve() == demo_index.resolve()
    assert again["metrics"] == run_report["metrics"]
    assert again["gate"]["verdict"] == "pass"


def test_outcomes_with_duplicate_or_unknown_case_ids_are_an_error_naming_lines(
    tmp_path: Path, demo_index: Path
) -> None:
    code, out, _ = _run(tmp_path, demo_index, GOLDEN)
    assert code == 0, out
    lines = (tmp_path / "outcomes.jsonl").read_text(encoding="utf-8").splitlines(True)
    stranger = json.loads(lines[1])
    stranger["case_id"] = "not-in-the-set"
    bad = tmp_path / "bad.jsonl"
    bad.write_text("".join([*lines, lines[0], json.dumps(stranger) + "\n"]), encoding="utf-8")
    result = run_cli(
        "evaluator",
        "rescore",
        str(bad),
        "--golden",
        str(GOLDEN),
        "--index",
        str(demo_index),
        "--report",
        str(tmp_path / "r.json"),
        "--baseline",
        str(tmp_path / "baseline.json"),
        "--no-progress",
    )
    assert result.returncode == 2, result.stdout + result.stderr
    first_id = json.loads(lines[0])["case_id"]
    n = len(lines)
    assert f"{bad}:{n + 1}: case_id {first_id!r} repeats line 1" in result.stderr
    assert f"{bad}:{n + 2}: case_id 'not-in-the-set' is not in golden set {GOLDEN}" in result.stderr
    assert not (tmp_path / "r.json").exists()
