"""`python -m builder export/import`: ragas, DeepEval and CSV, and anchoring on the way in."""

from __future__ import annotations

import csv
import json
from pathlib import Path

from ragoro.golden import load_golden
from tests.conftest import ROOT, run_cli

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"


def _export(tmp_path: Path, to: str) -> Path:
    out = tmp_path / f"export.{to}"
    result = run_cli("builder", "export", str(GOLDEN), "--to", to, "--out", str(out))
    assert result.returncode == 0, result.stdout + result.stderr
    return out


def test_deepeval_round_trip_keeps_every_item_whole(tmp_path: Path, demo_index: Path) -> None:
    exported = json.loads(_export(tmp_path, "deepeval").read_text(encoding="utf-8"))
    original = load_golden(GOLDEN)
    first = exported[0]
    assert first["input"] == original[0].question
    assert first["expected_output"] == original[0].answer
    assert first["context"] == [p.content for p in original[0].passages]
    assert first["name"] == original[0].id
    back = tmp_path / "back.jsonl"
    result = run_cli(
        "builder", "import", str(tmp_path / "export.deepeval"), "--from", "deepeval",
        "--out", str(back), "--index", str(demo_index),
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert load_golden(back) == original


def test_ragas_samples_name_passages_as_reference_contexts(tmp_path: Path) -> None:
    rows = [json.loads(line) for line in _export(tmp_path, "ragas").read_text().splitlines()]
    item = load_golden(GOLDEN)[0]
    passage = item.passages[0]
    assert rows[0] == {
        "user_input": item.question,
        "reference": item.answer,
        "reference_contexts": [passage.content],
        "reference_context_ids": [
            f"{passage.document_path}#{passage.start_char}-{passage.end_char}"
        ],
    }


def test_import_locates_contexts_without_offsets_and_reports_the_rest(
    tmp_path: Path, demo_index: Path
) -> None:
    original = {i.question: i for i in load_golden(GOLDEN) if i.passages}
    rows = []
    for item in original.values():
        # What another tool holds: no offsets, the line breaks of the PDF reflowed.
        contexts = [" ".join(p.content.split()) for p in item.passages]
        rows.append({"user_input": item.question, "reference": item.answer,
                     "reference_contexts": contexts})  # fmt: skip
    rows.append({"user_input": "Invented?", "reference": "x",
                 "reference_contexts": ["This sentence is in no document at all."]})  # fmt: skip
    rows.append({"user_input": "No contexts?", "reference": "y"})
    source = tmp_path / "ragas.jsonl"
    source.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "imported.jsonl"
    result = run_cli(
        "builder", "import", str(source), "--from", "ragas", "--out", str(out),
        "--index", str(demo_index),
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr  # some were left out
    lines = result.stdout.splitlines()
    assert f"left out: {source}:{len(rows) - 1}: reference context 1 not found" in result.stdout
    assert any(f"{source}:{len(rows)}: no reference contexts" in line for line in lines)
    imported = load_golden(out)
    assert len(imported) == len(original)
    for item in imported:
        expected = original[item.question]
        assert [p.model_dump() for p in item.passages] == [
            p.model_dump() for p in expected.passages
        ]  # the very offsets, found again
    assert run_cli("builder", "validate", str(out), "--index", str(demo_index)).returncode == 0


def test_import_never_overwrites_and_names_a_bad_line(tmp_path: Path, demo_index: Path) -> None:
    source = tmp_path / "ragas.jsonl"
    source.write_text('{"user_input": "ok?"}\n{not json\n', encoding="utf-8")
    out = tmp_path / "out.jsonl"
    args = ["builder", "import", str(source), "--from", "ragas", "--out", str(out)]
    result = run_cli(*args, "--index", str(demo_index))
    assert result.returncode == 2 and f"{source}:2: invalid JSON" in result.stderr
    out.write_text("keep me\n", encoding="utf-8")
    result = run_cli(*args, "--index", str(demo_index))
    assert result.returncode == 2 and "exists" in result.stderr
    assert out.read_text(encoding="utf-8") == "keep me\n"


def test_csv_has_one_row_per_item_and_defuses_formulas(tmp_path: Path) -> None:
    rows = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    rows[0]["answer"] = '=HYPERLINK("http://x")'
    golden = tmp_path / "golden.jsonl"
    golden.write_text("".join(json.dumps(r) + "\n" for r in rows), encoding="utf-8")
    out = tmp_path / "g.csv"
    result = run_cli("builder", "export", str(golden), "--to", "csv", "--out", str(out))
    assert result.returncode == 0, result.stderr
    with out.open(encoding="utf-8", newline="") as handle:
        table = list(csv.DictReader(handle))
    assert [r["id"] for r in table] == [r["id"] for r in rows]
    assert table[0]["answer"] == '\'=HYPERLINK("http://x")'
    assert json.loads(table[0]["passages"])[0]["start_char"] == rows[0]["passages"][0]["start_char"]
