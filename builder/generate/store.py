"""The output and rejects files as a crash-safe journal, and their final ordered rewrite.

Items and rejects are appended (flush + fsync) as soon as they are decided. On start the
journal is read back: a last line cut short by a kill (no newline, or not JSON) is dropped
and the file rewritten without it, so a rerun resumes cleanly by scenario id. At the end
both files are rewritten atomically in plan order, so the final content does not depend on
thread timing or on where a previous run was interrupted.
"""

from __future__ import annotations

import json
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError

from ragoro.contracts import GoldenItem
from ragoro.errors import InputError
from ragoro.golden import append_golden, atomic_write_text, item_json
from ragoro.journal import append_line, read_rows

DUPLICATE = "duplicate"


@dataclass
class Loaded:
    """What a previous run left: items and rejects by scenario id, and what was repaired."""

    items: dict[str, GoldenItem] = field(default_factory=dict)
    foreign: list[GoldenItem] = field(default_factory=list)
    """Items without a scenario id (written by hand or another tool): kept, at the end."""
    rejects: dict[str, dict[str, Any]] = field(default_factory=dict)
    duplicates: dict[str, GoldenItem] = field(default_factory=dict)
    """Items set aside as near-duplicates; they rejoin the final deduplication, so the
    final set does not depend on which items existed when a run stopped."""
    notes: list[str] = field(default_factory=list)


def load_journal(out: Path, rejects: Path) -> Loaded:
    """Read the output and rejects files left by earlier runs (repairing torn lines)."""
    loaded = Loaded()
    for number, row in enumerate(read_rows(out, loaded.notes), start=1):
        try:
            item = GoldenItem.model_validate(row)
        except ValidationError as exc:
            raise InputError(
                f"{out}: item {number} is not a valid golden item ({exc.error_count()} error(s)); "
                "fix it or move the file away"
            ) from exc
        scenario = item.provenance.scenario_id if item.provenance else None
        if scenario is None:
            loaded.foreign.append(item)
        else:
            loaded.items[scenario] = item
    for row in read_rows(rejects, loaded.notes):
        scenario = row.get("scenario_id")
        if not isinstance(scenario, str):
            continue
        if row.get("reason") == DUPLICATE and isinstance(row.get("item"), dict):
            loaded.duplicates[scenario] = GoldenItem.model_validate(row["item"])
        else:
            loaded.rejects[scenario] = row
    return loaded


class Journal:
    """Append-only writers for items and rejects; one thread writes (the collector).

    Each file is opened at its first line, so a run stopped before any (a provider that
    fails its probe) leaves nothing behind."""

    def __init__(self, out: Path, rejects: Path) -> None:
        self.out_path = out
        self.rejects_path = rejects
        self._out: TextIO | None = None
        self._rejects: TextIO | None = None

    @staticmethod
    def _open(path: Path) -> TextIO:
        path.parent.mkdir(parents=True, exist_ok=True)
        return path.open("a", encoding="utf-8")

    def item(self, item: GoldenItem) -> None:
        """Append one accepted item durably."""
        if self._out is None:
            self._out = self._open(self.out_path)
        append_golden(self._out, item)

    def reject(self, row: dict[str, Any]) -> None:
        """Append one rejected scenario durably."""
        if self._rejects is None:
            self._rejects = self._open(self.rejects_path)
        append_line(self._rejects, json.dumps(row, ensure_ascii=False, sort_keys=True))

    def close(self) -> None:
        """Close the files that were opened."""
        for handle in (self._out, self._rejects):
            if handle is not None:
                handle.close()


def rewrite(path: Path, rows: list[str]) -> None:
    """Replace a JSONL file atomically with the given lines."""
    atomic_write_text(path, "".join(row + "\n" for row in rows))


def finalise(
    out: Path, rejects: Path, items: list[GoldenItem], reject_rows: list[dict[str, Any]]
) -> None:
    """Rewrite both files in the given (plan) order."""
    rewrite(out, [item_json(item) for item in items])
    rewrite(rejects, [json.dumps(r, ensure_ascii=False, sort_keys=True) for r in reject_rows])
