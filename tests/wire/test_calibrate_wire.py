"""`python -m judges calibrate --judge llm` through the real provider clients, against the
loopback fakes: a user with a key measures their own judge model before trusting it, and
a model that passes everything scores as chance (kappa 0), not as agreement."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from judges.cli import main as judges_cli
from tests.wire.conftest import Wire


def _case(case_id: str, split: str, answer: str, truth: bool) -> dict[str, object]:
    return {
        "id": case_id,
        "split": split,
        "lang": "en",
        "family": "flip",
        "question": "How long is the warranty?",
        "references": ["24 months."],
        "contexts": ["The warranty lasts 24 months from delivery."],
        "answer": answer,
        "labels": {"faithful": truth, "correct": truth, "relevant": True},
    }


@pytest.mark.parametrize("provider", ["openai", "gemini"])
def test_calibrate_measures_an_llm_judge_over_the_wire(
    servers: dict[str, Wire], tmp_path: Path, monkeypatch: pytest.MonkeyPatch, provider: str
) -> None:
    monkeypatch.setenv("RAGORO_CACHE_DIR", str(tmp_path / "cache"))
    wire = servers[provider]
    rows = [
        _case("d1", "dev", "24 months from delivery.", True),
        _case("d2", "dev", "36 months from delivery.", False),
        _case("h1", "heldout", "The warranty lasts 24 months.", True),
        _case("h2", "heldout", "The warranty lasts 12 months.", False),
    ]
    file = tmp_path / "calibration.jsonl"
    file.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    report = tmp_path / "calibration.json"
    code = judges_cli(
        ["calibrate", str(file), "--judge", "llm", "--judge-model", wire.spec,
         "--report", str(report)]
    )  # fmt: skip
    assert code == 0
    assert wire.server.count >= len(rows)  # every case went over the wire
    data = json.loads(report.read_text(encoding="utf-8"))
    assert data["judge"] == "llm" and data["judge_model"] == wire.spec
    assert set(data["splits"]) == {"all", "dev", "heldout"}
    # The fake model passes every answer: the two wrong ones are false positives.
    correct = data["splits"]["all"]["correct"]
    assert correct["confusion"] == {"tp": 2, "fp": 2, "fn": 0, "tn": 0}
    assert correct["accuracy"] == 0.5 and correct["kappa"] == 0.0
    assert sorted(data["reasons"]) == ["d1", "d2", "h1", "h2"]
