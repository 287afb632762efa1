"""`answers: [...]`: alternative references, validated like `answer`, any one of which
makes an answer accurate."""

from __future__ import annotations

import json
from pathlib import Path

from judges import OfflineJudge
from ragoro.contracts import GoldenItem
from tests.conftest import ROOT, run_cli
from tests.judges.factories import DOCS, MANUALE, OIL, outcome, passage


def _item(**kw: object) -> GoldenItem:
    data: dict[str, object] = {
        "id": "oil-001",
        "question": "Ogni quanto va cambiato l'olio della pressa?",
        "answer": "Ogni 500 ore di funzionamento.",
        "answers": ["Dopo 500 ore di lavoro della macchina."],
        "passages": [passage(MANUALE, OIL).model_dump()],
        "tags": {"lang": "it"},
    }
    data.update(kw)
    return GoldenItem.model_validate(data)


def _accuracy(item: GoldenItem, answer: str) -> tuple[bool | None, str]:
    result = OfflineJudge(documents=DOCS).judge(item, outcome(item, answer))
    verdict = next(v for v in result.verdicts if v.metric == "answer_accuracy")
    return verdict.passed, verdict.reason


def test_accuracy_passes_on_an_alternative_reference_and_says_which() -> None:
    passed, reason = _accuracy(_item(), "Dopo 500 ore di lavoro della macchina.")
    assert passed is True and "reference 2 of 2" in reason
    passed, _ = _accuracy(_item(), "Ogni 50 ore di funzionamento.")
    assert passed is False  # no reference says 50


def test_a_blank_alternative_is_rejected_with_file_and_line(tmp_path: Path) -> None:
    good = _item().model_dump(mode="json")
    bad = {**good, "id": "oil-002", "answers": ["Ogni 500 ore.", "  "]}
    golden = tmp_path / "golden.jsonl"
    golden.write_text(json.dumps(good) + "\n" + json.dumps(bad) + "\n", encoding="utf-8")
    result = run_cli("builder", "validate", str(golden), "--docs", str(ROOT / "documenti_pdf"))
    assert result.returncode == 1, result.stdout + result.stderr  # invalid items
    assert f"{golden}:2: item oil-002 answers: answers[1] is blank" in result.stdout
