"""Outcomes files: one CaseOutcome per line, so any RAG system's answers can be judged.

The format is documented in docs/outcomes.md. Reading reports file:line on a bad line;
writing is atomic.
"""

from __future__ import annotations

import json
from collections.abc import Collection, Iterable
from pathlib import Path
from typing import Protocol

from pydantic import ValidationError

from evaluator.line_store import LineStore, numbered_lines
from ragoro.contracts import CaseOutcome
from ragoro.errors import InputError
from ragoro.golden import atomic_write_lines


class HasCaseId(Protocol):
    """Anything with a case id (an outcome)."""

    @property
    def case_id(self) -> str:
        """The golden case this answers."""
        ...


class OutcomesFileError(InputError):
    """An outcomes file that cannot be read; the message names file:line."""


def write_outcomes(path: Path, outcomes: Iterable[CaseOutcome]) -> None:
    """Write outcomes as JSONL, atomically, one line at a time."""
    atomic_write_lines(path, (o.model_dump_json() + "\n" for o in outcomes))


def read_outcomes(path: Path) -> list[CaseOutcome]:
    """Read an outcomes JSONL file; the first bad line raises with file:line and field."""
    return [outcome for _, outcome in read_numbered_outcomes(path)]


def read_numbered_outcomes(path: Path) -> list[tuple[int, CaseOutcome]]:
    """Every outcome of a file with its line number; a bad line raises with file:line."""
    if not path.is_file():
        raise OutcomesFileError(f"outcomes file not found: {path}")
    try:
        return _read(path)
    except UnicodeDecodeError as exc:
        raise OutcomesFileError(
            f"{path}: not UTF-8 (byte at offset {exc.start}); re-save it as UTF-8"
        ) from exc


def check_case_ids(
    path: Path, numbered: Iterable[tuple[int, HasCaseId]], known: Collection[str], golden: Path
) -> None:
    """Refuse outcomes whose case ids repeat or are not in the golden set, naming each
    line: dropping one silently would judge a different answer than the file holds."""
    first: dict[str, int] = {}
    problems: list[str] = []
    for number, outcome in numbered:
        cid = outcome.case_id
        if cid in first:
            problems.append(f"{path}:{number}: case_id {cid!r} repeats line {first[cid]}")
            continue
        first[cid] = number
        if cid not in known:
            problems.append(f"{path}:{number}: case_id {cid!r} is not in golden set {golden}")
    if problems:
        raise OutcomesFileError(
            f"{len(problems)} outcome line(s) in {path} cannot be matched to one golden case "
            "each: give every case one line (pass --golden for the set they answer)",
            details=tuple(problems[:20]),
        )


def index_outcomes(
    path: Path, known: set[str], golden: Path, *, shown: Path | None = None
) -> LineStore:
    """Where each outcome of an outcomes file is, by case id, read one line at a time (no
    outcome is kept): a bad line raises with file:line as `read_numbered_outcomes` does,
    and repeated or unknown case ids as `check_case_ids` (`shown`: the name messages use)."""
    if not path.is_file():
        raise OutcomesFileError(f"outcomes file not found: {path}")
    named = shown or path
    store = LineStore(path)
    numbered: list[tuple[int, str]] = []
    for number, offset, raw in numbered_lines(path):
        try:
            line = raw.decode("utf-8")
        except UnicodeDecodeError as exc:
            raise OutcomesFileError(
                f"{named}: not UTF-8 (byte at offset {offset + exc.start}); re-save it as UTF-8"
            ) from exc
        if not line.strip():
            continue
        outcome = _parse(named, number, line)
        if outcome.case_id not in store.offsets:
            store.offsets[outcome.case_id] = offset
        numbered.append((number, outcome.case_id))
    check_case_ids(named, ((n, _Id(cid)) for n, cid in numbered), known, golden)
    return store


class _Id:
    """Just the case id of an outcome, for `check_case_ids`."""

    def __init__(self, case_id: str) -> None:
        self.case_id = case_id


def _parse(path: Path, number: int, line: str) -> CaseOutcome:
    try:
        return CaseOutcome.model_validate_json(line)
    except ValidationError as exc:
        error = exc.errors()[0]
        where = ".".join(str(p) for p in error["loc"]) or "line"
        raise OutcomesFileError(f"{path}:{number}: {where}: {error['msg']}") from exc
    except json.JSONDecodeError as exc:
        raise OutcomesFileError(f"{path}:{number}: invalid JSON: {exc.msg}") from exc


def _read(path: Path) -> list[tuple[int, CaseOutcome]]:
    outcomes: list[tuple[int, CaseOutcome]] = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            if not line.strip():
                continue
            try:
                outcomes.append((number, CaseOutcome.model_validate_json(line)))
            except ValidationError as exc:
                error = exc.errors()[0]
                where = ".".join(str(p) for p in error["loc"]) or "line"
                raise OutcomesFileError(f"{path}:{number}: {where}: {error['msg']}") from exc
            except json.JSONDecodeError as exc:
                raise OutcomesFileError(f"{path}:{number}: invalid JSON: {exc.msg}") from exc
    return outcomes
