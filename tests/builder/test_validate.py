"""`builder validate` proves passages against the demo corpus and catches every tampering."""

from __future__ import annotations

import json
import shutil
from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import DEMO_DOCS, ROOT, run_cli

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"

Tamper = Callable[[list[dict[str, Any]]], None]


def _copy(tmp_path: Path, tamper: Tamper | None = None) -> Path:
    rows = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    if tamper:
        tamper(rows)
    path = tmp_path / "golden.jsonl"
    path.write_text(
        "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows), encoding="utf-8"
    )
    return path


def _validate(path: Path, *extra: str) -> Any:
    return run_cli("builder", "validate", str(path), "--docs", str(DEMO_DOCS), *extra)


def test_hand_checked_golden_file_is_valid() -> None:
    result = _validate(GOLDEN)
    assert result.returncode == 0, result.stdout + result.stderr
    assert "8 item(s), 0 invalid" in result.stdout
    assert (
        "by case_type: clarification 1, composite 1, narrative 2, numeric 2, refusal 2"
        in result.stdout
    )
    assert "by hops:" in result.stdout and "lang=it 5" in result.stdout


def _shift(rows: list[dict[str, Any]]) -> None:
    rows[0]["passages"][0]["start_char"] += 7
    rows[0]["passages"][0]["end_char"] += 7


def _edit(rows: list[dict[str, Any]]) -> None:
    rows[1]["passages"][0]["content"] = rows[1]["passages"][0]["content"].replace(
        "1,702.5", "1,802.5"
    )


def _missing_doc(rows: list[dict[str, Any]]) -> None:
    rows[2]["passages"][0]["document_path"] = "non_esiste.pdf"


def _duplicate(rows: list[dict[str, Any]]) -> None:
    rows[3]["id"] = rows[0]["id"]


def _refusal_with_passages(rows: list[dict[str, Any]]) -> None:
    rows[5]["passages"] = [rows[0]["passages"][0]]


def _numeric_without_unit(rows: list[dict[str, Any]]) -> None:
    del rows[1]["expected"]["unit"]


@pytest.mark.parametrize(
    ("tamper", "line", "needle"),
    [
        (
            _shift,
            1,
            "item num-001 passages[0]: content moved: [3854:3936] -> [3847:3929] (exact match)",
        ),
        (_edit, 2, "item num-002 passages[0]: content does not match"),
        (
            _missing_doc,
            3,
            "item nar-001 passages[0]: document 'non_esiste.pdf' is not in the corpus",
        ),
        (_duplicate, 4, "item num-001 id: duplicate id (first on line 1)"),
        (_refusal_with_passages, 6, "item ref-001: a refusal case must have no passages"),
        (_numeric_without_unit, 2, "item num-002: a numeric case needs expected.unit"),
    ],
)
def test_each_tampering_is_caught_with_file_and_line(
    tmp_path: Path, tamper: Tamper, line: int, needle: str
) -> None:
    path = _copy(tmp_path, tamper)
    result = _validate(path)
    assert result.returncode == 1
    assert f"{path}:{line}: {needle}" in result.stdout
    assert "1 invalid" in result.stdout


def test_fix_reanchors_a_shifted_passage_and_keeps_a_backup(tmp_path: Path) -> None:
    path = _copy(tmp_path, _shift)
    before = path.read_text(encoding="utf-8")
    result = _validate(path, "--fix")
    assert result.returncode == 0, result.stdout
    assert "re-anchored 1 item(s)" in result.stdout
    assert (tmp_path / "golden.jsonl.bak").read_text(encoding="utf-8") == before
    fixed = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    original = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    assert fixed[0]["passages"] == original[0]["passages"]
    assert [r["id"] for r in fixed] == [r["id"] for r in original]
    assert fixed[1:] == original[1:]  # untouched items are written back unchanged


def test_fix_reanchors_whitespace_changes_and_refuses_vanished_content(tmp_path: Path) -> None:
    def tamper(rows: list[dict[str, Any]]) -> None:
        passage = rows[0]["passages"][0]
        passage["content"] = " ".join(passage["content"].split())  # newline flattened to a space
        rows[1]["passages"][0]["content"] = "Questo testo non è in nessun documento."

    path = _copy(tmp_path, tamper)
    result = _validate(path, "--fix")
    assert result.returncode == 1
    assert "whitespace-normalised match" in result.stdout
    assert "still invalid" in result.stdout and "num-002" in result.stdout
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    assert rows[0]["passages"][0]["content"].count("\n") == 1  # content taken from the document
    assert rows[1]["passages"][0]["content"] == "Questo testo non è in nessun documento."


def test_json_array_form_validates_and_fixes_in_place(tmp_path: Path) -> None:
    rows = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    _shift(rows)
    seed_like = [
        {"id": n, **{k: r[k] for k in ("question", "answer", "passages")}}
        for n, r in enumerate(rows[:2], 1)
    ]
    path = tmp_path / "dataset_format.json"
    path.write_text(json.dumps(seed_like, indent=2, ensure_ascii=False), encoding="utf-8")
    result = _validate(path)
    assert (
        result.returncode == 1 and f"{path}:2: item 1 passages[0]: content moved" in result.stdout
    )
    assert _validate(path, "--fix").returncode == 0
    assert json.loads(path.read_text(encoding="utf-8"))[0]["passages"][0]["start_char"] == 3847


def test_usage_errors_exit_2(tmp_path: Path) -> None:
    assert _validate(tmp_path / "missing.jsonl").returncode == 2
    result = run_cli("builder", "validate", str(GOLDEN), "--docs", str(tmp_path / "nope"))
    assert result.returncode == 2 and "not found" in result.stderr


def test_validate_reads_texts_from_the_index_too(tmp_path: Path, small_index: Any) -> None:
    shutil.copy(GOLDEN, tmp_path / "g.jsonl")
    result = run_cli(
        "builder", "validate", str(tmp_path / "g.jsonl"), "--index", str(small_index.path)
    )
    assert result.returncode == 1
    assert "is not in the corpus" in result.stdout
