"""bench_handwritten prints held-out splits as aggregates only, never which case failed."""

from __future__ import annotations

import json
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]


def _item(case_id: str, split: str, refusal: bool) -> dict[str, object]:
    return {
        "id": case_id,
        "question": f"Question {case_id}?",
        "answer": "Not stated." if refusal else "42 kg.",
        "passages": []
        if refusal
        else [{"content": "42 kg", "document_path": "a.pdf", "start_char": 0, "end_char": 5}],
        "case_type": "refusal" if refusal else "narrative",
        "expected": {"clarification": "none", "refuse": refusal},
        "tags": {"split": split},
    }


def _outcome(case_id: str, refused: bool) -> dict[str, object]:
    return {
        "case_id": case_id,
        "question": f"Question {case_id}?",
        "answer": "" if refused else "42 kg.",
        "refused": refused,
    }


def _run(tmp_path: Path, *extra: str) -> str:
    golden, outcomes = tmp_path / "golden.jsonl", tmp_path / "outcomes.jsonl"
    rows = [
        ("d-1", "dev", False, True),
        ("d-2", "dev", True, False),
        ("h-1", "heldout9", False, True),
        ("h-2", "heldout9", True, False),
    ]
    golden.write_text("".join(json.dumps(_item(i, s, r)) + "\n" for i, s, r, _ in rows))
    outcomes.write_text("".join(json.dumps(_outcome(i, o)) + "\n" for i, _, _, o in rows))
    done = subprocess.run(
        [
            sys.executable,
            str(ROOT / "bench" / "bench_handwritten.py"),
            str(golden),
            str(outcomes),
            *extra,
        ],
        capture_output=True,
        text=True,
        check=True,
        cwd=ROOT,
    )
    return done.stdout


def test_held_out_splits_print_counts_but_no_case_ids(tmp_path: Path) -> None:
    out = _run(tmp_path)
    # Both splits are counted the same way ...
    assert out.count("refusals on answerable:    1/1 = 100.0%") >= 2
    assert out.count("answers to unanswerable:   1/1 = 100.0%") >= 2
    # ... but only dev names its failing cases; the held-out split and "overall" do not.
    assert "d-1" in out and "d-2" in out
    assert "h-1" not in out and "h-2" not in out


def test_split_filter_and_ids_for_never_unmask_held_out(tmp_path: Path) -> None:
    out = _run(tmp_path, "--split", "heldout9", "--ids-for", "dev,heldout9")
    assert "heldout9 (2 cases)" in out
    assert "dev (" not in out
    assert "h-1" not in out and "h-2" not in out
