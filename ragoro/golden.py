"""Read and write golden sets: JSONL (one item a line) or the seed's JSON-array form.

Reading is streamed item by item; every problem names file:line and the field at fault,
and a bad item never hides the good ones. Writes are atomic (temp file + rename), and the
builder appends accepted items with flush + fsync so a crash loses nothing.
"""

from __future__ import annotations

import hashlib
import json
import os
import tempfile
from collections.abc import Iterable, Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any, TextIO

from pydantic import ValidationError

from ragoro.contracts import GoldenItem
from ragoro.errors import InputError

_READ_BLOCK = 1 << 16


@dataclass(frozen=True)
class GoldenProblem:
    """One thing wrong in a golden file, located by file, line and field."""

    file: str
    line: int
    field: str
    message: str
    item_id: str | None = None

    def __str__(self) -> str:
        where = f"{self.file}:{self.line}"
        who = f" item {self.item_id}" if self.item_id else ""
        at = f" {self.field}" if self.field else ""
        return f"{where}:{who}{at}: {self.message}"


@dataclass(frozen=True)
class GoldenRecord:
    """An item (or the problem that kept it from being one) and the line it starts on."""

    line: int
    raw: Any
    item: GoldenItem | None
    problem: GoldenProblem | None


class GoldenFileError(InputError):
    """A golden file with problems; `problems` lists each with file:line and field."""

    def __init__(self, problems: list[GoldenProblem]) -> None:
        shown = "\n".join(str(p) for p in problems[:20])
        more = f"\n... and {len(problems) - 20} more" if len(problems) > 20 else ""
        super().__init__(f"{len(problems)} problem(s) in golden file:\n{shown}{more}")
        self.problems = problems


def _field_path(location: tuple[int | str, ...]) -> str:
    path = ""
    for part in location:
        path += f"[{part}]" if isinstance(part, int) else (f".{part}" if path else str(part))
    return path


def _record(file: str, line: int, raw: Any) -> GoldenRecord:
    item_id = str(raw.get("id")) if isinstance(raw, dict) and raw.get("id") is not None else None
    try:
        return GoldenRecord(line, raw, GoldenItem.model_validate(raw), None)
    except ValidationError as exc:
        error = exc.errors()[0]
        message = error["msg"].removeprefix("Value error, ")
        extra = f" (and {exc.error_count() - 1} more)" if exc.error_count() > 1 else ""
        problem = GoldenProblem(file, line, _field_path(error["loc"]), message + extra, item_id)
        return GoldenRecord(line, raw, None, problem)


def _iter_jsonl(handle: TextIO, file: str) -> Iterator[GoldenRecord]:
    for number, line in enumerate(handle, start=1):
        if not line.strip():
            continue
        try:
            raw = json.loads(line)
        except json.JSONDecodeError as exc:
            yield GoldenRecord(
                number, None, None, GoldenProblem(file, number, "", f"invalid JSON: {exc.msg}")
            )
            continue
        yield _record(file, number, raw)


def _iter_json_array(handle: TextIO, file: str) -> Iterator[GoldenRecord]:
    """Decode array elements one at a time from a growing buffer, tracking line numbers."""
    decoder = json.JSONDecoder()
    buffer = handle.read(_READ_BLOCK)
    line = 1
    position = buffer.index("[") + 1
    line += buffer.count("\n", 0, position)
    exhausted = False
    while True:
        while position < len(buffer) and buffer[position] in " \t\r\n,":
            line += buffer[position] == "\n"
            position += 1
        if position < len(buffer) and buffer[position] == "]":
            return
        try:
            raw, end = decoder.raw_decode(buffer, position)
        except json.JSONDecodeError as exc:
            if not exhausted:
                more = handle.read(_READ_BLOCK)
                exhausted = not more
                buffer = buffer[position:] + more
                position = 0
                continue
            yield GoldenRecord(
                line, None, None, GoldenProblem(file, line, "", f"invalid JSON: {exc.msg}")
            )
            return
        yield _record(file, line, raw)
        line += buffer.count("\n", position, end)
        position = end


def _not_utf8(path: Path, error: UnicodeDecodeError) -> InputError:
    return InputError(
        f"{path}: not UTF-8 (byte 0x{error.object[error.start]:02x} at offset {error.start}); "
        "re-save it as UTF-8"
    )


def iter_golden(path: Path) -> Iterator[GoldenRecord]:
    """Every record of a golden file (JSONL or JSON array), with duplicate ids reported.

    A file that is not UTF-8 raises `InputError` naming the offending byte."""
    try:
        yield from _iter_golden(path)
    except UnicodeDecodeError as exc:
        raise _not_utf8(path, exc) from exc


def _iter_golden(path: Path) -> Iterator[GoldenRecord]:
    file = str(path)
    seen: dict[str, int] = {}
    with path.open(encoding="utf-8") as handle:
        head = handle.read(_READ_BLOCK)
        handle.seek(0)
        is_array = head.lstrip().startswith("[")
        records = _iter_json_array(handle, file) if is_array else _iter_jsonl(handle, file)
        for record in records:
            if record.item is not None:
                first = seen.setdefault(record.item.id, record.line)
                if first != record.line:
                    problem = GoldenProblem(
                        file,
                        record.line,
                        "id",
                        f"duplicate id (first on line {first})",
                        record.item.id,
                    )
                    yield GoldenRecord(record.line, record.raw, None, problem)
                    continue
            yield record


def is_json_array_file(path: Path) -> bool:
    """True for the seed's JSON-array form, False for JSONL."""
    try:
        with path.open(encoding="utf-8") as handle:
            return handle.read(_READ_BLOCK).lstrip().startswith("[")
    except UnicodeDecodeError as exc:
        raise _not_utf8(path, exc) from exc


def load_golden(path: Path) -> list[GoldenItem]:
    """All items of a golden file; raise GoldenFileError listing every problem."""
    if not path.is_file():
        raise FileNotFoundError(f"golden file not found: {path}")
    items: list[GoldenItem] = []
    problems: list[GoldenProblem] = []
    for record in iter_golden(path):
        if record.item is not None:
            items.append(record.item)
        elif record.problem is not None:
            problems.append(record.problem)
    if problems:
        raise GoldenFileError(problems)
    return items


def item_json(item: GoldenItem) -> str:
    """One item as compact JSON, without unset optional fields or empty alternatives."""
    exclude = None if item.answers else {"answers"}
    return item.model_dump_json(exclude_none=True, exclude=exclude)


def atomic_write_text(path: Path, text: str) -> None:
    """Replace path's content atomically: write a temp file beside it, fsync, rename."""
    atomic_write_lines(path, [text])


def atomic_write_lines(path: Path, pieces: Iterable[str]) -> None:
    """`atomic_write_text` of the pieces joined, written one at a time: a long file (a
    run's outcomes) is never held in memory as one string."""
    path.parent.mkdir(parents=True, exist_ok=True)
    descriptor, temp = tempfile.mkstemp(dir=path.parent, prefix=f".{path.name}.", suffix=".tmp")
    try:
        # mkstemp makes 0600 files; keep the mode a plain write would have given.
        mode = path.stat().st_mode & 0o777 if path.exists() else 0o666 & ~_umask()
        os.chmod(temp, mode)
        with os.fdopen(descriptor, "w", encoding="utf-8") as handle:
            for piece in pieces:
                handle.write(piece)
            handle.flush()
            os.fsync(handle.fileno())
        os.replace(temp, path)
    except BaseException:
        Path(temp).unlink(missing_ok=True)
        raise


def _umask() -> int:
    current = os.umask(0)
    os.umask(current)
    return current


def render_golden(rows: Iterable[str], *, as_array: bool) -> str:
    """File text for items already serialised as JSON: one per line, or a JSON array."""
    if as_array:
        pretty = [json.dumps(json.loads(row), ensure_ascii=False, indent=2) for row in rows]
        return "[\n" + ",\n".join(pretty) + "\n]\n"
    return "".join(row + "\n" for row in rows)


def write_golden(path: Path, items: Iterable[GoldenItem], *, as_array: bool = False) -> None:
    """Write a golden file atomically, as JSONL or (as_array) a JSON array."""
    atomic_write_text(path, render_golden((item_json(item) for item in items), as_array=as_array))


def append_golden(handle: TextIO, item: GoldenItem) -> None:
    """Append one item to an open JSONL file and make it durable before returning."""
    handle.write(item_json(item) + "\n")
    handle.flush()
    os.fsync(handle.fileno())


def file_sha256(path: Path) -> str:
    """sha256 of a file's bytes (the golden set's identity in reports and baselines),
    read a block at a time."""
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()
