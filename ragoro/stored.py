"""What is computed once per index and kept beside it: the file's envelope and its shared rows.

A store beside an index (`judges.analysis_store`, `evaluator.corpus_store`) is two lines
of JSON, never a pickle (loading a pickle runs whatever code it names): a header saying
what the file was made for (its schema and version, the index's fingerprint, the version
of the code that computed it, whatever else the store names) with the sha256 of the body,
then the body. A reader trusts the body only when every header value is the one it
expects and the sha256 matches, so a stale, foreign or damaged file is never decoded; the
caller names it and computes afresh. Files are written to a temporary file and renamed, so
a reader never sees half a file.

Quantities are written as rows of a table with their strings in a string table (`strings`
here: a string is written once and named by its place), read back exactly: JSON floats are
written with repr, which reads back to the same float.

A store that is read back pauses the garbage collector from the read to the hand-over of
its values (`paused_collection`; computing a store runs with it): the values a body makes
(tens of thousands of lists, tuples, sets and records, none in a reference cycle) would
otherwise set off dozens of young collections and older ones that walk them again (and,
outside a run that froze the heap, every object imported so far), for nothing. They are
collected once, as young objects, after it.
"""

from __future__ import annotations

import gc
import hashlib
import json
import sys
import unicodedata
from collections.abc import Callable, Iterable, Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

from ragoro.golden import atomic_write_text
from ragoro.text.numbers import Quantity

__all__ = [
    "StringTable",
    "checked_strings",
    "code_hash",
    "paused_collection",
    "quantity_key",
    "quantity_row",
    "read_body",
    "read_quantity",
    "write_body",
]


def code_hash(roots: Iterable[Path]) -> str | None:
    """A sha256 of every Python source file under the roots (names and bytes), the Python
    version and its Unicode tables: what decides the values a store keeps. None when a
    root holds no source file or one cannot be read (then nothing is stored or trusted)."""
    digest = hashlib.sha256()
    digest.update(f"{sys.version_info[:2]}|{unicodedata.unidata_version}".encode())
    for root in roots:
        try:
            files = sorted(root.rglob("*.py"))
            for path in files:
                digest.update(path.relative_to(root).as_posix().encode())
                digest.update(b"\0" + hashlib.sha256(path.read_bytes()).digest())
        except OSError:
            return None
        if not files:
            return None
    return digest.hexdigest()


def read_body(path: Path, header: dict[str, Any], names: dict[str, str]) -> tuple[str, Any]:
    """("", the decoded JSON body) of the file at `path` when its header holds every value
    of `header`, else (why it is not used, None). `names` says what a differing key means
    ("index": "another index"); other keys read as "another <key>"."""
    try:
        head_line, body, *rest = path.read_bytes().split(b"\n", 2)
        head = json.loads(head_line)
    except (OSError, ValueError) as exc:
        return f"unreadable ({exc})", None
    if not isinstance(head, dict):
        return "its first line is not a JSON object", None
    for key, expected in header.items():
        if head.get(key) != expected:
            return f"made for {names.get(key, f'another {key}')}", None
    if rest != [b""] or hashlib.sha256(body).hexdigest() != head.get("body_sha256"):
        return "damaged (its body does not match the sha256 its header records)", None
    try:
        return "", json.loads(body)
    except ValueError as exc:
        return f"malformed ({type(exc).__name__}: {exc})", None


@contextmanager
def paused_collection() -> Iterator[None]:
    """No garbage collection inside the block, and afterwards as it was before (a caller
    that had disabled it keeps it disabled): for parsing and decoding a body, whose values
    hold no reference cycles. The objects it made are collected as young ones afterwards."""
    was_enabled = gc.isenabled()
    gc.disable()
    try:
        yield
    finally:
        if was_enabled:
            gc.enable()


def write_body(path: Path, header: dict[str, Any], body: Any) -> OSError | None:
    """Write the header (with the body's sha256) and the body atomically; the error when
    the folder cannot be written (the caller names it and goes on)."""
    text = json.dumps(body, ensure_ascii=False, separators=(",", ":"))
    digest = hashlib.sha256(text.encode("utf-8")).hexdigest()
    head = json.dumps({**header, "body_sha256": digest}, ensure_ascii=False)
    try:
        atomic_write_text(path, f"{head}\n{text}\n")
    except OSError as exc:
        return exc
    return None


class StringTable:
    """The strings of a body being written, each once, named by its place."""

    def __init__(self) -> None:
        self.places: dict[str, int] = {}

    def __call__(self, text: str) -> int:
        """The place of a string (added at the end when new)."""
        return self.places.setdefault(text, len(self.places))

    def optional(self, text: str | None) -> int | None:
        """The place of a string, or None for None."""
        return None if text is None else self(text)

    def sorted_set(self, texts: Iterable[str]) -> list[int]:
        """The places of a set's strings, in the strings' sorted order (a file does not
        depend on a set's iteration order)."""
        return [self(t) for t in sorted(texts)]

    def table(self) -> list[str]:
        """Every string, in the order of their places."""
        return list(self.places)


def quantity_row(q: Quantity, string: StringTable) -> list[Any]:
    """One quantity as a row: [value, unit, start, end, raw, number, scale, written_unit,
    [[number, decimals]...]], its strings by place (unit and written_unit may be null)."""
    return [
        q.value,
        string.optional(q.unit),
        q.start,
        q.end,
        string(q.raw),
        q.number,
        q.scale,
        string.optional(q.written_unit),
        [[value, decimals] for value, decimals in q.readings],
    ]


def quantity_key(q: Quantity) -> tuple[Any, ...]:
    """What tells two quantities apart in a file: every field, floats by repr (0.0 and
    -0.0 are equal floats but not the same number written)."""
    return (
        *(repr(q.value), q.unit, q.start, q.end, q.raw, repr(q.number), repr(q.scale)),
        *(q.written_unit, tuple((repr(v), d) for v, d in q.readings)),
    )


def read_quantity(row: Any, strings: list[str]) -> Quantity:
    """The quantity a `quantity_row` row names (strings from the body's string table)."""
    value, unit, start, end, raw, number, scale, written, readings = row
    # Positional, the readings by a list: a store decodes ~1,500 of these per index.
    return Quantity(
        float(value),
        None if unit is None else strings[unit],
        start,
        end,
        strings[raw],
        float(number),
        float(scale),
        None if written is None else strings[written],
        tuple([(float(v), d) for v, d in readings]),
    )


def checked_strings(data: Any) -> tuple[list[str], Callable[[int], str]]:
    """A body's string table, every entry a string, and the lookup of a place in it."""
    strings = data["strings"]
    if not isinstance(strings, list) or not all(type(s) is str for s in strings):
        raise TypeError("the string table holds something that is not a string")
    return strings, strings.__getitem__
