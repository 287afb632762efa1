"""The field mapping between a golden item and ragas / DeepEval / CSV rows (docs/exchange.md).

ragas (`SingleTurnSample`, one JSON object per line as `EvaluationDataset.to_jsonl`
writes): user_input = question, reference = answer, reference_contexts = passage texts,
reference_context_ids = "path#start-end" per passage. DeepEval (`Golden`, a JSON array as
`EvaluationDataset.save_as(file_type="json")` writes): input = question, expected_output =
answer, context = passage texts, source_file = first document, name = id, comments =
review note, additional_metadata.ragoro = every other field of the item, so a round trip
keeps it whole.
"""

from __future__ import annotations

import csv
import io
import json
from collections.abc import Sequence
from typing import Any

from builder.exchange.anchor import Foreign, passage_locator
from ragoro.contracts import GoldenItem
from ragoro.errors import InputError

_KEPT_BY_DEEPEVAL = ("case_type", "expected", "tags", "answers", "reference_date", "provenance")


def to_ragas(item: GoldenItem) -> dict[str, Any]:
    """One ragas SingleTurnSample (reference fields only: no response was run yet)."""
    return {
        "user_input": item.question,
        "reference": item.answer,
        "reference_contexts": [p.content for p in item.passages],
        "reference_context_ids": [passage_locator(p) for p in item.passages],
    }


def to_deepeval(item: GoldenItem) -> dict[str, Any]:
    """One DeepEval Golden; ragoro's own fields ride in additional_metadata.ragoro."""
    ragoro = item.model_dump(mode="json", include=set(_KEPT_BY_DEEPEVAL), exclude_none=True)
    ragoro["passages"] = [p.model_dump() for p in item.passages]
    if item.review is not None:
        ragoro["review"] = item.review.model_dump()
    return {
        "input": item.question,
        "expected_output": item.answer,
        "context": [p.content for p in item.passages],
        "source_file": item.documents[0] if item.documents else None,
        "name": item.id,
        "comments": item.review.note if item.review and item.review.note else None,
        "additional_metadata": {"ragoro": ragoro},
    }


_CSV_COLUMNS = (
    "id", "question", "answer", "answers", "case_type", "documents", "passages", "tags",
    "review_status",
)  # fmt: skip


def _cell(value: str) -> str:
    # A spreadsheet runs a cell that starts like a formula; document text is untrusted.
    return "'" + value if value[:1] in ("=", "+", "-", "@", "\t", "\r") else value


def to_csv(items: Sequence[GoldenItem]) -> str:
    """A spreadsheet view: one row per item; lists as JSON; formula-like cells quoted."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(_CSV_COLUMNS)
    for item in items:
        row = [
            item.id,
            item.question,
            item.answer,
            json.dumps(item.answers, ensure_ascii=False),
            item.case_type,
            " ".join(item.documents),
            json.dumps([p.model_dump() for p in item.passages], ensure_ascii=False),
            json.dumps(item.tags, ensure_ascii=False),
            item.review.status if item.review else "",
        ]
        writer.writerow([_cell(value) for value in row])
    return out.getvalue()


def _strings(value: Any, where: str, name: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise InputError(f"{where}: {name} must be a list of strings")
    return list(value)


def _text(row: dict[str, Any], key: str, where: str, *, required: bool) -> str:
    value = row.get(key)
    if value is None and not required:
        return ""
    if not isinstance(value, str) or (required and not value.strip()):
        raise InputError(f"{where}: {key} must be a non-empty string")
    return value


def from_ragas(text: str, source: str) -> list[Foreign]:
    """ragas JSONL (or a JSON array of samples) as foreign items; bad rows name file:line."""
    out = []
    for where, row in _rows(text, source):
        out.append(
            Foreign(
                where=where,
                question=_text(row, "user_input", where, required=True),
                answer=_text(row, "reference", where, required=False),
                contexts=_strings(row.get("reference_contexts"), where, "reference_contexts"),
                locators=[str(v) for v in _strings(row.get("reference_context_ids"), where, "ids")],
            )
        )
    return out


def from_deepeval(text: str, source: str) -> list[Foreign]:
    """DeepEval goldens (a JSON array, or JSONL) as foreign items."""
    out = []
    for where, row in _rows(text, source):
        meta = row.get("additional_metadata") or {}
        ragoro = meta.get("ragoro") if isinstance(meta, dict) else None
        extra = dict(ragoro) if isinstance(ragoro, dict) else {}
        passages = extra.pop("passages", None)
        locators = (
            [f"{p['document_path']}#{p['start_char']}-{p['end_char']}" for p in passages]
            if isinstance(passages, list) and all(isinstance(p, dict) for p in passages)
            else []
        )
        name = row.get("name")
        out.append(
            Foreign(
                where=where,
                question=_text(row, "input", where, required=True),
                answer=_text(row, "expected_output", where, required=False),
                contexts=_strings(row.get("context"), where, "context"),
                locators=locators,
                item_id=name if isinstance(name, str) else "",
                extra=extra,
            )
        )
    return out


def _rows(text: str, source: str) -> list[tuple[str, dict[str, Any]]]:
    """(where, object) pairs from a JSON array ("file item N") or JSON lines ("file:N")."""
    stripped = text.lstrip()
    if stripped.startswith("["):
        try:
            data = json.loads(text)
        except json.JSONDecodeError as exc:
            raise InputError(f"{source}:{exc.lineno}: invalid JSON: {exc.msg}") from exc
        if not isinstance(data, list):
            raise InputError(f"{source}: expected a JSON array of objects")
        rows = list(enumerate(data, start=1))
        label = "item"
    else:
        rows = []
        for number, line in enumerate(text.splitlines(), start=1):
            if not line.strip():
                continue
            try:
                rows.append((number, json.loads(line)))
            except json.JSONDecodeError as exc:
                raise InputError(f"{source}:{number}: invalid JSON: {exc.msg}") from exc
        label = "line"
    out = []
    for number, row in rows:
        where = f"{source} item {number}" if label == "item" else f"{source}:{number}"
        if not isinstance(row, dict):
            raise InputError(f"{where}: not a JSON object")
        out.append((where, row))
    return out
