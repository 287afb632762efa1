"""`python -m evaluator` end to end over the demo corpus: run, rescore, guard, gate."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"


def _run(tmp_path: Path, index: Path, *extra: str, golden: Path = GOLDEN) -> tuple[int, str, str]:
    result = run_cli(
        "evaluator",
        "run",
        "--golden",
        str(golden),
        "--index",
        str(index),
        "--report",
        str(tmp_path / "report.json"),
        "--outcomes",
        str(tmp_path / "outcomes.jsonl"),
        "--baseline",
        str(tmp_path / "baseline.json"),
        "--no-progress",
        *extra,
    )
    return result.returncode, result.stdout, result.stderr


@pytest.fixture(scope="module")
def first_run(tmp_path_factory: pytest.TempPathFactory, demo_index: Path) -> Path:
    """One offline run whose outputs several tests read."""
    folder = tmp_path_factory.mktemp("run")
    code, out, err = _run(folder, demo_index)
    assert code == 0, out + err
    return folder


def test_offline_run_writes_report_outcomes_and_creates_baseline(first_run: Path) -> None:
    report = json.loads((first_run / "report.json").read_text(encoding="utf-8"))
    assert (
        report["judge"] == "offline" and report["agent"] == "extractive" and report["n_cases"] == 8
    )
    assert set(report["metrics"]) >= {
        "context_recall",
        "context_precision",
        "faithfulness",
        "answer_relevancy",
        "answer_accuracy",
        "citation",
        "numeric",
        "refusal",
        "clarification",
    }
    assert report["metrics"]["numeric"]["applies_to"] == ["numeric"]
    assert report["metrics"]["numeric"]["total"] == 2
    assert len(report["golden_sha256"]) == 64
    assert report["fabrication_count"] == 0  # the extractive agent refuses the unanswerable
    outcomes = [
        json.loads(line)
        for line in (first_run / "outcomes.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    assert [o["case_id"] for o in outcomes] == [
        json.loads(line)["id"] for line in GOLDEN.read_text(encoding="utf-8").splitlines()
    ]
    refusal = next(o for o in outcomes if o["case_id"] == "ref-001")
    assert refusal["refused"] is True
    numeric = next(o for o in outcomes if o["case_id"] == "num-001")
    assert numeric["contexts"] and numeric["contexts"][0]["start_char"] is not None
    baseline = json.loads((first_run / "baseline.json").read_text(encoding="utf-8"))
    assert "tool/offline" in baseline


def test_rescore_gives_the_same_verdicts_as_run(
    first_run: Path, tmp_path: Path, demo_index: Path
) -> None:
    result = run_cli(
        "evaluator",
        "rescore",
        str(first_run / "outcomes.jsonl"),
        "--golden",
        str(GOLDEN),
        "--index",
        str(demo_index),
        "--report",
        str(tmp_path / "rescored.json"),
        "--baseline",
        str(first_run / "baseline.json"),
        "--no-progress",
    )
    assert result.returncode == 0, result.stdout + result.stderr
    original = json.loads((first_run / "report.json").read_text(encoding="utf-8"))
    rescored = json.loads((tmp_path / "rescored.json").read_text(encoding="utf-8"))
    assert rescored["case_results"] == original["case_results"]
    assert {k: v["pass_rate"] for k, v in rescored["metrics"].items()} == {
        k: v["pass_rate"] for k, v in original["metrics"].items()
    }


def test_unchanged_rerun_passes_and_injected_regression_fails_naming_cases(
    first_run: Path, tmp_path: Path, demo_index: Path
) -> None:
    shutil.copy(first_run / "baseline.json", tmp_path / "baseline.json")
    code, out, err = _run(tmp_path, demo_index)
    assert code == 0, out + err
    code, out, err = _run(tmp_path, demo_index, "--k", "1")
    assert code == 1, out + err
    assert "regression" in out.lower()
    assert "context_recall" in out and "cmp-001" in out  # needs two documents, k=1 gets one


def test_a_stored_judge_spread_lets_a_drop_within_it_pass_and_not_one_beyond(
    first_run: Path, tmp_path: Path, demo_index: Path
) -> None:
    baseline = json.loads((first_run / "baseline.json").read_text(encoding="utf-8"))
    entry = baseline["tool/offline"]

    def with_spread(width: float) -> None:
        entry["spread"] = dict.fromkeys(entry["metrics"], width)
        (tmp_path / "baseline.json").write_text(json.dumps(baseline), encoding="utf-8")

    with_spread(0.5)  # as if an earlier run had measured a judge this noisy
    code, out, err = _run(tmp_path, demo_index, "--k", "1", "--repeats", "2")
    assert code == 0, out + err
    assert "judge offline is deterministic, so every case was judged once" in out
    assert "within the judge's spread context_recall" in out and "cmp-001" in out
    assert "gate: PASS (tool/offline; " in out and "REGRESSION" not in out

    with_spread(0.01)
    code, out, err = _run(tmp_path, demo_index, "--k", "1")
    assert code == 1, out + err
    assert "REGRESSION context_recall" in out and "beyond the judge's spread 0.01" in out


def test_judge_equal_to_agent_model_is_refused(
    tmp_path: Path, demo_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    model = "openai:gpt-4o-mini"
    code, _, err = _run(
        tmp_path, demo_index, "--agent", model, "--judge", "llm", "--judge-model", model
    )
    assert code == 2
    assert f"judge model {model} is also the agent model" in err
    assert not (tmp_path / "outcomes.jsonl").exists()  # refused before any case ran


def test_judge_equal_to_builder_model_is_refused(
    tmp_path: Path, demo_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    rows = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    rows[0]["provenance"] = {"generator": "openai:gpt-4o-mini", "prompt_version": "v1"}
    golden = tmp_path / "golden.jsonl"
    golden.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    monkeypatch.setenv("OPENAI_API_KEY", "test-key")
    code, _, err = _run(
        tmp_path, demo_index, "--judge", "llm", "--judge-model", "openai:gpt-4o-mini", golden=golden
    )
    assert code == 2 and "also wrote the golden set" in err


def test_bad_inputs_exit_2_with_a_clear_message(tmp_path: Path, demo_index: Path) -> None:
    code, _, err = _run(tmp_path, demo_index, golden=tmp_path / "missing.jsonl")
    assert code == 2 and "golden file not found" in err
    code, _, err = _run(tmp_path, tmp_path / "no_index")
    assert code == 2 and "rebuild" in err and "Traceback" not in err
    broken = tmp_path / "broken.jsonl"
    broken.write_text('{"id": "a", "question": "q?"}\n', encoding="utf-8")
    code, _, err = _run(tmp_path, demo_index, golden=broken)
    assert code == 2 and f"{broken}:1: item a" in err


def test_every_verdict_keeps_its_value_and_reason_and_explain_prints_failures(
    first_run: Path, tmp_path: Path, demo_index: Path
) -> None:
    report = json.loads((first_run / "report.json").read_text(encoding="utf-8"))
    for row in report["case_results"].values():
        for verdict in row.values():
            assert set(verdict) == {"passed", "value", "reason"}
            assert verdict["reason"], verdict
    # An outcome with a wrong answer must fail accuracy, and --explain says why.
    lines = (first_run / "outcomes.jsonl").read_text(encoding="utf-8").splitlines()
    rows = [json.loads(line) for line in lines]
    target = next(r for r in rows if r["case_id"] == "num-001")
    target["answer"] = "Bananas."
    broken = tmp_path / "outcomes.jsonl"
    broken.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    result = run_cli(
        "evaluator",
        "rescore",
        str(broken),
        "--golden",
        str(GOLDEN),
        "--index",
        str(demo_index),
        "--report",
        str(tmp_path / "explained.json"),
        "--baseline",
        str(tmp_path / "baseline.json"),
        "--no-progress",
        "--explain",
    )
    assert result.returncode == 0, result.stdout + result.stderr  # a new baseline is created
    explained = [line for line in result.stdout.splitlines() if line.startswith("FAIL num-001")]
    assert any(" answer_accuracy " in line and ": " in line for line in explained), result.stdout


def test_a_golden_file_that_is_not_utf8_is_a_clean_input_error(
    tmp_path: Path, demo_index: Path
) -> None:
    golden = tmp_path / "latin1.jsonl"
    golden.write_bytes(
        '{"id": "x", "question": "Perché è così?", "answer": "Sì"}\n'.encode("latin-1")
    )
    code, out, err = _run(tmp_path, demo_index, golden=golden)
    assert code == 2, out + err
    assert "not UTF-8" in err and "Traceback" not in err
    validate = run_cli("builder", "validate", str(golden), "--docs", str(ROOT / "documenti_pdf"))
    assert validate.returncode == 2 and "not UTF-8" in validate.stderr


def test_default_baseline_lives_beside_the_golden_set(tmp_path: Path, demo_index: Path) -> None:
    """Without --baseline a run gates on `qa_baseline.json` in its golden set's own folder,
    so evaluating another golden set never writes into the committed baseline file."""
    mine = tmp_path / "mine"
    mine.mkdir()
    shutil.copy(GOLDEN, mine / "golden.jsonl")
    result = run_cli(
        "evaluator",
        "run",
        "--golden",
        "mine/golden.jsonl",
        "--index",
        str(demo_index),
        "--report",
        "mine/report.json",
        "--no-progress",
        cwd=tmp_path,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "tool/offline" in json.loads((mine / "qa_baseline.json").read_text(encoding="utf-8"))
    assert not (tmp_path / "data").exists()
    report = json.loads((mine / "report.json").read_text(encoding="utf-8"))
    assert report["gate"]["baseline"] == str(Path("mine") / "qa_baseline.json")
