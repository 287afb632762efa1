"""A golden set read lazily: the items an evaluation runs, streamed from the file on every
pass instead of held in memory.

`GoldenSource.scan` reads the file once to check it (every bad line named by file:line,
duplicate ids refused, a missing, broken or empty set an `InputError`) and keeps what is
small: the ids and the count. Iterating it reads the file again, one item at a time,
unless the set is small (`KEPT_ITEMS`): the scan then keeps its items, as every pass of a
run would read them again. An agent that needs the whole set at once (one that looks
answers up in it) indexes it, and only then is a large set loaded; across processes it
travels as its path.
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from pathlib import Path
from typing import Any, overload

from ragoro.contracts import GoldenItem
from ragoro.errors import InputError
from ragoro.golden import GoldenFileError, GoldenProblem, iter_golden

__all__ = ["KEPT_ITEMS", "GoldenSource"]

KEPT_ITEMS = 1000
"""A set of at most this many evaluated items is kept in memory by the scan that checks
it (a few MB at most), so the run's other passes (the questions, the agent, the judge,
the report) do not parse and validate every line again; a larger set is streamed."""


def _evaluated(item: GoldenItem, reviewed_only: bool) -> bool:
    if item.review is not None and item.review.status == "rejected":
        return False
    return item.review is not None or not reviewed_only


class GoldenSource(Sequence[GoldenItem]):
    """The items of a golden file to evaluate, in file order, read from the file."""

    def __init__(self, path: Path, *, reviewed_only: bool, ids: list[str], known: set[str]):
        """Use `scan`; `ids`: the evaluated items' ids in order, `known`: every item's id."""
        self.path = path
        self._file = path.resolve()
        """Where it is read from: absolute, as a worker in another directory must see it."""
        self.reviewed_only = reviewed_only
        self.ids = ids
        """The evaluated items' ids, in golden order."""
        self.known = known
        """Every id of the file, rejected or left out by review too."""
        self._loaded: list[GoldenItem] | None = None

    @classmethod
    def scan(cls, path: Path, *, reviewed_only: bool = False) -> GoldenSource:
        """Check the file once and keep its ids. Items a reviewer rejected are never
        evaluated; with `reviewed_only`, only the ones a reviewer accepted or edited are.
        Raises `InputError` (a `GoldenFileError` listing every bad line) as `load_items`."""
        if not path.is_file():
            raise InputError(
                f"golden file not found: {path}; generate one with: python -m builder generate"
            )
        ids: list[str] = []
        known: set[str] = set()
        problems: list[GoldenProblem] = []
        kept: list[GoldenItem] | None = []
        for record in iter_golden(path):
            if record.item is None:
                if record.problem is not None:
                    problems.append(record.problem)
                continue
            known.add(record.item.id)
            if _evaluated(record.item, reviewed_only):
                ids.append(record.item.id)
                if kept is not None:
                    kept.append(record.item)
                    if len(kept) > KEPT_ITEMS:
                        kept = None
        if problems:
            raise GoldenFileError(problems)
        if not known:
            raise InputError(f"golden file {path} has no items")
        if not ids:
            which = "reviewed and accepted" if reviewed_only else "not rejected"
            raise InputError(
                f"golden file {path} has no item {which}: review it with python -m builder review"
            )
        source = cls(path, reviewed_only=reviewed_only, ids=ids, known=known)
        source._loaded = kept
        return source

    def __iter__(self) -> Iterator[GoldenItem]:
        """The evaluated items, read from the file one at a time (or from memory: a small
        set's scan kept them, or an index loaded them)."""
        if self._loaded is not None:
            yield from self._loaded
            return
        for record in iter_golden(self._file):
            if record.item is not None and _evaluated(record.item, self.reviewed_only):
                yield record.item

    def __len__(self) -> int:
        """How many items are evaluated."""
        return len(self.ids)

    @overload
    def __getitem__(self, index: int) -> GoldenItem: ...

    @overload
    def __getitem__(self, index: slice) -> Sequence[GoldenItem]: ...

    def __getitem__(self, index: int | slice) -> GoldenItem | Sequence[GoldenItem]:
        """Item(s) by position: loads the whole set (for an agent that needs it at once)."""
        if self._loaded is None:
            self._loaded = list(iter(self))
        return self._loaded[index]

    def __getstate__(self) -> dict[str, Any]:
        # A worker process reads the file itself: the loaded items never travel.
        return {**self.__dict__, "_loaded": None}
