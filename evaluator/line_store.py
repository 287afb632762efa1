"""JSONL lines found again by key: a file appended one line at a time, and the byte offset
of each key's line, so a run's outcomes or verdicts are read back one case at a time
instead of held in memory. Only the offsets (one int per case) stay in memory."""

from __future__ import annotations

import os
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["LineStore", "numbered_lines"]


class LineStore:
    """Lines of one file by key; the first line stored under a key is the one kept."""

    def __init__(self, path: Path, *, durable: bool = False) -> None:
        """`durable`: every append is flushed and fsynced before it returns (a journal a
        kill must not cut); otherwise appends are only flushed."""
        self.path = path
        self.durable = durable
        self.offsets: dict[str, int] = {}
        self._writer: BinaryIO | None = None
        self._reader: BinaryIO | None = None

    def __contains__(self, key: object) -> bool:
        return key in self.offsets

    def __len__(self) -> int:
        return len(self.offsets)

    def append(self, key: str | None, line: str) -> None:
        """Append `line` (no newline) and, when `key` is given, remember where it is."""
        if self._writer is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._writer = self.path.open("ab")
        offset = self._writer.tell()
        self._writer.write(line.encode("utf-8") + b"\n")
        self._writer.flush()
        if self.durable:
            os.fsync(self._writer.fileno())
        if key is not None:
            self.offsets.setdefault(key, offset)

    def read(self, key: str) -> str:
        """The line stored under `key` (`KeyError` when there is none)."""
        offset = self.offsets[key]
        if self._reader is None:
            self._reader = self.path.open("rb")
        self._reader.seek(offset)
        return self._reader.readline().decode("utf-8")

    def close(self) -> None:
        """Close the files (the lines stay; a later `read` reopens)."""
        for handle in (self._writer, self._reader):
            if handle is not None:
                handle.close()
        self._writer = self._reader = None


def numbered_lines(path: Path) -> Iterator[tuple[int, int, bytes]]:
    """(line number, byte offset, raw line with its newline, if any) of every line of a
    file, read one at a time."""
    with path.open("rb") as handle:
        offset = 0
        for number, raw in enumerate(handle, start=1):
            yield number, offset, raw
            offset += len(raw)
