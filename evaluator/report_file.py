"""`report.json` written a case at a time: the same bytes as
`report.model_dump_json(indent=2)` of a report holding every case's verdicts, without
ever holding them. The report's own fields are dumped by pydantic with `case_results`
empty, and each case's entry, dumped by pydantic too, is spliced in where they go."""

from __future__ import annotations

from collections.abc import Iterable, Iterator
from pathlib import Path

from pydantic import BaseModel, TypeAdapter

from evaluator.report import CaseVerdict
from ragoro.golden import atomic_write_lines

__all__ = ["report_pieces", "write_report_json"]

_ROWS: TypeAdapter[dict[str, dict[str, CaseVerdict]]] = TypeAdapter(
    dict[str, dict[str, CaseVerdict]]
)
_EMPTY = '\n  "case_results": {}'


def _entry(case_id: str, row: dict[str, CaseVerdict]) -> str:
    """One case's entry at the depth `case_results` holds it (no trailing comma)."""
    lines = _ROWS.dump_json({case_id: row}, indent=2).decode("utf-8").split("\n")
    return "\n".join("  " + line for line in lines[1:-1])


def report_pieces(
    report: BaseModel, rows: Iterable[tuple[str, dict[str, CaseVerdict]]]
) -> Iterator[str]:
    """The text of `report` (whose `case_results` is empty) with `rows` as its case
    results, in pieces, followed by a newline."""
    text = report.model_dump_json(indent=2)
    head, found, tail = text.partition(_EMPTY)
    if not found:
        raise ValueError("the report has case results of its own, or none at all")
    yield head + '\n  "case_results": '
    first = True
    for case_id, row in rows:
        yield ("{\n" if first else ",\n") + _entry(case_id, row)
        first = False
    yield ("{}" if first else "\n  }") + tail + "\n"


def write_report_json(
    path: Path, report: BaseModel, rows: Iterable[tuple[str, dict[str, CaseVerdict]]]
) -> None:
    """Write `report_pieces` atomically to `path`, one case at a time."""
    atomic_write_lines(path, report_pieces(report, rows))
