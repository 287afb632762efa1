"""The LLM judge gets the same proof as the offline one: `judges calibrate` against human
labels, and a clear stop when its model has no key."""

from __future__ import annotations

from pathlib import Path

import pytest

from judges.calibrate import CalibrationCase, calibrate
from judges.cli import render
from tests.conftest import ROOT, run_cli

from .matching_model import SPEC, matching_judge

CONTEXT = (
    "Policy Lavoro Agile – art. 3. I dipendenti con almeno sei mesi di anzianità possono "
    "richiedere fino a due giorni di lavoro da remoto a settimana."
)
QUESTION = "Quanti giorni di lavoro da remoto a settimana si possono chiedere?"
REFERENCE = "Fino a due giorni a settimana, per chi ha almeno sei mesi di anzianità."


def case(case_id: str, split: str, family: str, answer: str, labels: str) -> CalibrationCase:
    """A case on the remote-work policy; `labels` is faithful, correct, relevant as T/F."""
    faithful, correct, relevant = (mark == "T" for mark in labels)
    return CalibrationCase.model_validate(
        {
            "id": case_id,
            "split": split,
            "lang": "it",
            "family": family,
            "question": QUESTION,
            "references": [REFERENCE],
            "contexts": [CONTEXT],
            "answer": answer,
            "labels": {"faithful": faithful, "correct": correct, "relevant": relevant},
        }
    )


CASES = [
    # The reference itself: every label true, and the model agrees.
    case("exact", "heldout", "verbatim", REFERENCE, "TTT"),
    # A right paraphrase: people say yes to all, the word-for-word model says no to all.
    case(
        "para",
        "heldout",
        "paraphrase",
        "Al massimo due giornate alla settimana, dopo un semestre in azienda.",
        "TTT",
    ),
    # A flipped number: unfaithful and wrong but on topic; the model fails it on all three.
    case(
        "flip",
        "dev",
        "flip",
        "Fino a tre giorni a settimana, per chi ha almeno sei mesi di anzianità.",
        "FFT",
    ),
    # Off topic: every label false, and the model agrees.
    case("off", "dev", "off_topic", "La mensa apre alle 12.", "FFF"),
]


def test_calibrate_measures_an_llm_judge_against_the_labels() -> None:
    judge, model = matching_judge()
    report = calibrate(CASES, judge, file="inline")
    assert model.calls == len(CASES)  # one structured call per case
    assert (report.judge, report.judge_model) == ("llm", SPEC)
    assert list(report.splits) == ["all", "dev", "heldout"]
    every = report.splits["all"]
    # faithful and correct: exact tp, para fn, flip tn, off tn.
    for label in ("faithful", "correct"):
        stats = every[label]
        assert (stats.n, stats.agree, stats.unscored) == (4, 3, 0)
        assert stats.confusion == {"tp": 1, "fp": 0, "fn": 1, "tn": 2}
        # observed 0.75, chance 0.5*0.25 + 0.5*0.75 = 0.5 -> kappa 0.5
        assert stats.kappa == pytest.approx(0.5)
        assert stats.misses == {"paraphrase": ["para"]}
        assert stats.low < stats.accuracy == 0.75 < stats.high
    relevant = every["relevant"]
    assert (relevant.agree, relevant.confusion) == (2, {"tp": 1, "fp": 0, "fn": 2, "tn": 1})
    # observed 0.5, chance 0.75*0.25 + 0.25*0.75 = 0.375 -> kappa 0.2
    assert relevant.kappa == pytest.approx(0.2)
    assert relevant.misses == {"flip": ["flip"], "paraphrase": ["para"]}
    heldout = report.splits["heldout"]["correct"]
    # People said yes to both, the model to one: agreement no better than chance.
    assert (heldout.n, heldout.agree, heldout.kappa) == (2, 1, 0.0)
    assert report.reasons["para"]["answer_accuracy"] == "not the reference answer"
    text = render(report, misses=True)
    assert f"judge llm {SPEC} · inline" in text
    assert "paraphrase para: not the reference answer" in text


def test_calibrate_on_one_split_judges_only_that_split() -> None:
    judge, model = matching_judge()
    report = calibrate(CASES, judge, splits=["dev"])
    assert model.calls == 2 and list(report.splits) == ["dev"]
    assert report.splits["dev"]["correct"].confusion == {"tp": 0, "fp": 0, "fn": 0, "tn": 2}


@pytest.mark.parametrize(
    "command",
    [
        ["judges", "calibrate", str(ROOT / "data" / "calibration" / "calibration.jsonl")],
        ["evaluator", "selfcheck", "--golden", str(ROOT / "tests" / "data" / "demo_golden.jsonl")],
    ],
    ids=["calibrate", "selfcheck"],
)
def test_a_missing_key_stops_the_llm_judge_with_what_to_do(
    command: list[str], tmp_path: Path, demo_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("OPENAI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_BASE_URL", raising=False)
    extra = ["--index", str(demo_index), "--no-progress"] if command[0] == "evaluator" else []
    report = tmp_path / "report.json"
    result = run_cli(
        *command,
        *extra,
        "--report",
        str(report),
        "--judge",
        "llm",
        "--judge-model",
        "openai:gpt-4o-mini",
        cwd=tmp_path,  # no .env above it can supply a key
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert "error: no OPENAI_API_KEY: set it in .env or use --judge offline" in result.stderr
    assert "Traceback" not in result.stderr
    assert not report.exists()
