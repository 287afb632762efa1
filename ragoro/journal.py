"""Append-only JSONL journals that survive a kill: durable appends, and a reader that
drops the line a kill cut short.

A journal line is appended whole and made durable (flush + fsync) before the work it
records counts as done, so after a crash or Ctrl-C every complete line is a finished
piece of work and at most the last line is torn. `read_rows` reads such a file back,
drops a torn or corrupt line with a note saying so, and rewrites the file without it, so
a rerun appends after clean lines. The builder's generation journal uses it; the
evaluator's outcomes journal (`evaluator.journal`) reads its file as a stream by the same
rules, so a long run's journal is never held in memory.
"""

from __future__ import annotations

import json
import os
from pathlib import Path
from typing import Any, TextIO

from ragoro.golden import atomic_write_text

__all__ = ["append_line", "read_rows"]


def append_line(handle: TextIO, line: str) -> None:
    """Append one line to an open file and make it durable before returning."""
    handle.write(line + "\n")
    handle.flush()
    os.fsync(handle.fileno())


def read_rows(path: Path, notes: list[str]) -> list[dict[str, Any]]:
    """The JSON objects of a JSONL journal, in file order (none when it does not exist).

    A last line without its newline (the write a kill interrupted) or a line that is not
    JSON is dropped, a note naming it is added to `notes`, and the file is rewritten
    without it; a JSON value that is not an object reads as `{}`."""
    if not path.exists():
        return []
    text = path.read_text(encoding="utf-8")
    lines = text.split("\n")
    complete, tail = lines[:-1], lines[-1]
    rows: list[dict[str, Any]] = []
    dropped = 0
    for number, line in enumerate(complete, start=1):
        if not line.strip():
            continue
        try:
            row = json.loads(line)
        except json.JSONDecodeError:
            dropped += 1
            notes.append(f"{path}:{number}: dropped a line that is not JSON")
            continue
        rows.append(row if isinstance(row, dict) else {})
    if tail.strip():
        dropped += 1
        notes.append(
            f"{path}:{len(complete) + 1}: dropped a truncated last line (interrupted write); "
            "it is redone"
        )
    if dropped:
        atomic_write_text(path, "".join(json.dumps(r, ensure_ascii=False) + "\n" for r in rows))
    return rows
