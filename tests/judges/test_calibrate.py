"""`python -m judges calibrate`: agreement with hand labels, computed and printed."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judges import OfflineJudge
from judges.calibrate import calibrate, cohen_kappa, load_calibration, wilson
from ragoro.errors import InputError
from tests.conftest import ROOT, run_cli

CALIBRATION = ROOT / "data" / "calibration" / "calibration.jsonl"


def _case(case_id: str, split: str, answer: str, **labels: bool) -> dict[str, object]:
    return {
        "id": case_id,
        "split": split,
        "lang": "en",
        "family": "flip",
        "question": "How long is the warranty?",
        "references": ["24 months."],
        "contexts": ["The warranty lasts 24 months from delivery."],
        "answer": answer,
        "labels": {"faithful": True, "correct": True, "relevant": True, **labels},
    }


def test_the_committed_set_is_large_balanced_and_has_both_halves() -> None:
    cases = load_calibration(CALIBRATION)
    assert len(cases) >= 160
    assert {
        "dev",
        "heldout",
        "heldout2",
        "heldout3",
        "heldout4",
        "heldout5",
        "heldout6",
        "heldout7",
    } <= {c.split for c in cases}
    langs = [c.lang for c in cases]
    assert langs.count("it") == langs.count("en")
    families = {c.family for c in cases}
    assert {"paraphrase", "number_format", "swap", "refusal", "injection", "evasive"} <= families


def test_agreement_counts_a_wrong_verdict_and_a_right_one(tmp_path: Path) -> None:
    rows = [
        _case("a", "dev", "The warranty lasts 24 months."),
        _case("b", "dev", "The warranty lasts 36 months.", faithful=False, correct=False),
        # Labelled wrongly on purpose: the judge must disagree with it.
        _case("c", "heldout", "The warranty lasts 36 months."),
    ]
    path = tmp_path / "cal.jsonl"
    path.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    report = calibrate(load_calibration(path), OfflineJudge())
    correct = report.splits["all"]["correct"]
    assert (correct.n, correct.agree) == (3, 2)
    assert correct.misses == {"flip": ["c"]}
    assert report.splits["heldout"]["correct"].accuracy == 0.0
    assert set(report.splits) == {"all", "dev", "heldout"}


def test_a_bad_line_is_named_with_file_and_line(tmp_path: Path) -> None:
    path = tmp_path / "cal.jsonl"
    path.write_text(json.dumps(_case("a", "dev", "x")) + "\n{not json\n", encoding="utf-8")
    with pytest.raises(InputError, match=r"cal.jsonl:2: invalid JSON"):
        load_calibration(path)


def test_interval_and_kappa() -> None:
    low, high = wilson(45, 50)
    assert 0.78 < low < 0.9 < high < 0.97
    assert cohen_kappa([(True, True), (False, False)]) == 1.0
    assert cohen_kappa([(True, False), (False, True)]) == -1.0
    assert cohen_kappa([(True, True), (True, True)]) is None


def test_cli_prints_tables_per_split_and_writes_json(tmp_path: Path) -> None:
    out = tmp_path / "calibration.json"
    result = run_cli(
        "judges", "calibrate", str(CALIBRATION), "--split", "dev", "--report", str(out)
    )
    assert result.returncode == 0, result.stderr
    assert "split dev:" in result.stdout and "faithfulness" in result.stdout
    assert "heldout" not in json.loads(out.read_text(encoding="utf-8"))["splits"]


def test_cli_llm_judge_without_a_key_says_what_to_do(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    result = run_cli(
        "judges",
        "calibrate",
        str(CALIBRATION),
        "--judge",
        "llm",
        "--judge-model",
        "openai:gpt-4o-mini",
    )
    assert result.returncode == 2
    assert "OPENAI_API_KEY" in result.stderr and "--judge offline" in result.stderr
