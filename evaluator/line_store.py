"""JSONL lines found again by key: a file appended one line at a time, and the byte offset
of each key's line, so a run's outcomes or verdicts are read back one case at a time
instead of held in memory. Only the offsets (one int per case) stay in memory."""

from __future__ import annotations

import os
import time
from collections.abc import Iterator
from pathlib import Path
from typing import BinaryIO

__all__ = ["SYNC_EVERY_S", "LineStore", "numbered_lines"]

SYNC_EVERY_S = 0.25
"""A durable store fsyncs at most this often (and when closed). Every line is flushed to
the operating system as it is appended, so Ctrl-C, a crash or a kill of the process loses
none; only a crash of the machine itself can lose the lines of the last quarter second,
which a resumed run redoes. A case that takes longer than that (any model call) is still
fsynced on its own; offline cases take milliseconds, and an fsync each cost as much as
the case (2.5 ms each, 0.15 s of a 59-case run on this machine's disk)."""


class LineStore:
    """Lines of one file by key; the first line stored under a key is the one kept."""

    def __init__(self, path: Path, *, durable: bool = False) -> None:
        """`durable`: appends are fsynced (a journal a crash must not cut): the first at
        once, then at most every `SYNC_EVERY_S`, and on `close`; every append is flushed
        before it returns either way."""
        self.path = path
        self.durable = durable
        self.offsets: dict[str, int] = {}
        self._writer: BinaryIO | None = None
        self._end = 0
        """Where the next line goes (the writer's position, kept here: `tell()` is a
        system call on every line)."""
        self._reader: BinaryIO | None = None
        self._synced: float | None = None
        """When the writer was last fsynced (None: never)."""
        self._unsynced = False

    def __contains__(self, key: object) -> bool:
        return key in self.offsets

    def __len__(self) -> int:
        return len(self.offsets)

    def append(self, key: str | None, line: str) -> None:
        """Append `line` (no newline) and, when `key` is given, remember where it is."""
        if self._writer is None:
            self.path.parent.mkdir(parents=True, exist_ok=True)
            self._writer = self.path.open("ab")
            self._end = self._writer.tell()
        offset = self._end
        data = line.encode("utf-8") + b"\n"
        self._writer.write(data)
        self._end += len(data)
        self._writer.flush()
        if self.durable:
            now = time.monotonic()
            if self._synced is None or now - self._synced >= SYNC_EVERY_S:
                os.fsync(self._writer.fileno())
                self._synced, self._unsynced = now, False
            else:
                self._unsynced = True
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
        """Close the files, a durable writer fsynced first (the lines stay; a later
        `read` reopens)."""
        if self._writer is not None and self._unsynced:
            os.fsync(self._writer.fileno())
            self._unsynced = False
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
