"""The golden item contract: Pydantic rules, readers for JSONL and JSON arrays, atomic writes."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from ragoro.contracts import GoldenItem
from ragoro.golden import GoldenFileError, iter_golden, load_golden, write_golden
from tests.conftest import run_cli

PASSAGE = {"content": "abc", "document_path": "a.pdf", "start_char": 0, "end_char": 3}


def test_minimal_seed_item_is_valid_and_case_type_is_inferred() -> None:
    single = GoldenItem.model_validate(
        {"id": 1, "question": "q?", "answer": "a", "passages": [PASSAGE]}
    )
    assert single.id == "1" and single.case_type == "narrative"
    two_docs = GoldenItem.model_validate(
        {
            "id": 2,
            "question": "q?",
            "answer": "a",
            "passages": [PASSAGE, {**PASSAGE, "document_path": "b.md"}],
        }
    )
    assert two_docs.case_type == "composite"


@pytest.mark.parametrize(
    ("item", "message"),
    [
        ({"case_type": "refusal", "passages": [PASSAGE]}, "no passages"),
        ({"case_type": "numeric", "expected": {"value": 3.0}}, "unit"),
        ({"case_type": "numeric", "expected": {"unit": "kg"}}, "value"),
        ({"passages": [{**PASSAGE, "start_char": 5, "end_char": 5}]}, "greater than start_char"),
        ({"passages": [{**PASSAGE, "start_char": -1}]}, "greater than or equal to 0"),
        ({"case_type": "story"}, "case_type"),
        ({"expected": {"clarification": "maybe"}}, "clarification"),
    ],
)
def test_cross_field_rules_are_enforced(item: dict[str, object], message: str) -> None:
    base = {"id": "x", "question": "q?", "answer": "a", "passages": [PASSAGE]}
    with pytest.raises(ValidationError, match=message):
        GoldenItem.model_validate({**base, **item})


def test_opaque_locators_and_string_tags_are_kept() -> None:
    item = GoldenItem.model_validate(
        {
            "id": "n",
            "question": "q?",
            "answer": "1702",
            "passages": [PASSAGE],
            "case_type": "numeric",
            "expected": {
                "value": 1702.0,
                "unit": "USD_M",
                "source": {"doc": "x.pptx", "locator": "slide=5,table=1,row=2,col=3"},
            },
            "tags": {"hops": 1, "topic": "FIN"},
        }
    )
    assert (
        item.expected.source is not None
        and item.expected.source.locator == "slide=5,table=1,row=2,col=3"
    )
    assert item.tags == {"hops": "1", "topic": "FIN"}


def test_reader_reports_file_line_and_field_and_keeps_good_items(tmp_path: Path) -> None:
    path = tmp_path / "g.jsonl"
    good = {"id": "a", "question": "q?", "answer": "x", "passages": [PASSAGE]}
    path.write_text(
        json.dumps(good)
        + "\n\n{broken\n"
        + json.dumps({**good, "id": "b", "case_type": "numeric"})
        + "\n"
        + json.dumps(good)
        + "\n",
        encoding="utf-8",
    )
    records = list(iter_golden(path))
    assert [r.item.id for r in records if r.item] == ["a"]
    problems = [str(r.problem) for r in records if r.problem]
    assert problems[0].startswith(f"{path}:3:") and "invalid JSON" in problems[0]
    assert problems[1].startswith(f"{path}:4: item b") and "needs expected.value" in problems[1]
    assert (
        problems[2].startswith(f"{path}:5: item a id")
        and "duplicate id (first on line 1)" in problems[2]
    )
    with pytest.raises(GoldenFileError) as error:
        load_golden(path)
    assert len(error.value.problems) == 3


def test_json_array_form_of_the_seed_is_streamed_with_line_numbers(tmp_path: Path) -> None:
    path = tmp_path / "dataset_format.json"
    items = [
        {"id": i, "question": f"Domanda {i}?", "answer": "x" * 50, "passages": [PASSAGE]}
        for i in range(1, 2000)
    ]
    items[1500]["passages"] = []
    path.write_text(json.dumps(items, indent=2), encoding="utf-8")
    records = list(iter_golden(path))
    assert len(records) == 1999
    bad = next(r for r in records if r.problem)
    assert bad.problem is not None and bad.problem.item_id == "1501"
    text_lines = path.read_text(encoding="utf-8").splitlines()
    assert text_lines[bad.line - 1].strip() == "{"
    assert '"id": 1501' in text_lines[bad.line]


def test_write_is_atomic_and_round_trips(tmp_path: Path) -> None:
    items = [
        GoldenItem.model_validate(
            {"id": f"i{n}", "question": "q?", "answer": "a", "passages": [PASSAGE]}
        )
        for n in range(3)
    ]
    path = tmp_path / "out" / "g.jsonl"
    write_golden(path, items)
    assert load_golden(path) == items
    write_golden(tmp_path / "g.json", items, as_array=True)
    assert load_golden(tmp_path / "g.json") == items
    assert [p.name for p in (tmp_path / "out").iterdir()] == ["g.jsonl"]  # no temp file left


def test_schema_command_prints_the_json_schema() -> None:
    result = run_cli("builder", "schema")
    assert result.returncode == 0
    schema = json.loads(result.stdout)
    assert {"id", "question", "passages", "case_type", "expected"} <= set(schema["properties"])
