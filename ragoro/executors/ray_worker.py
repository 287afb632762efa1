"""What runs inside a Ray worker (the actor that keeps named states), and how a run's work
is cut into batches for the workers."""

from __future__ import annotations

import importlib
import math
from collections import Counter
from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from typing import TYPE_CHECKING, Any, TypeVar

from ragoro.executors.relay import Carried, carry

if TYPE_CHECKING:
    from ragoro.contracts import GoldenItem

__all__ = [
    "WINDOW_PER_WORKER",
    "Worker",
    "batch_size",
    "batched",
    "chunked",
    "question_batches",
]

T = TypeVar("T")

_BATCHES_PER_WORKER = 8
_MAX_BATCH = 64
WINDOW_PER_WORKER = 2
"""Batches sent to a worker or back and waiting for an earlier one, per worker: the
driver holds at most this many batches of results, whatever the number of cases."""


class Worker:
    """One actor process: named states, each built once by its setup, then batches.

    The process outlives a state: the agent's and then the judge's of one run share it,
    and with it whatever the process has loaded (the embedding model, the index)."""

    def __init__(self) -> None:
        self.states: dict[str, Any] = {}
        self.failures: dict[str, Carried] = {}

    def setup(self, key: str, setup: Callable[[], Any], threads: int | None) -> None:
        """Build state `key` (an error is kept and returned by every `run` of that key)."""
        self.drop(key)
        try:
            if threads is not None:
                # Ray gives a 1-CPU actor one thread; a model run with another thread count
                # rounds differently in the last bit, and vectors must equal the local ones.
                importlib.import_module("torch").set_num_threads(threads)
            self.states[key] = setup()
        except Exception as exc:  # noqa: BLE001 - returned by run(), raised on the driver
            self.failures[key] = carry(exc)

    def run(self, key: str, work: Callable[[Any, Any], Any], batch: Any) -> tuple[bool, Any]:
        """(True, results) or (False, the carried error)."""
        failure = self.failures.get(key)
        if failure is not None:
            return False, failure
        try:
            return True, work(self.states[key], batch)
        except Exception as exc:  # noqa: BLE001 - returned, raised on the driver
            return False, carry(exc)

    def drop(self, key: str) -> None:
        """Forget state `key`."""
        self.states.pop(key, None)
        self.failures.pop(key, None)


def batch_size(entries: int, workers: int) -> int:
    """About `_BATCHES_PER_WORKER` batches per worker (so a slow batch does not leave the
    others idle), at most `_MAX_BATCH` entries each."""
    return max(1, min(_MAX_BATCH, math.ceil(entries / (workers * _BATCHES_PER_WORKER))))


def batched(entries: Sequence[Any], workers: int) -> list[list[Any]]:
    """Contiguous batches of `batch_size` entries."""
    size = batch_size(len(entries), workers)
    return [list(entries[start : start + size]) for start in range(0, len(entries), size)]


def chunked(entries: Iterable[T], size: int) -> Iterator[list[T]]:
    """Contiguous batches of `size` entries, pulled from `entries` one batch at a time."""
    batch: list[T] = []
    for entry in entries:
        batch.append(entry)
        if len(batch) >= size:
            yield batch
            batch = []
    if batch:
        yield batch


def question_batches(
    items: Iterable[GoldenItem], workers: int, counts: Mapping[str, int] | None = None
) -> Iterator[list[GoldenItem]]:
    """Batches of whole question groups, pulled from `items` lazily: the items that share a
    question stay together and in golden order, since an agent may answer a repeated
    question by its occurrence. `counts`: how many of `items` ask each question (an item
    whose question repeats waits until its group is complete); None counts `items` first."""
    if counts is None:
        counts = Counter(item.question for item in items)
    size = batch_size(len(counts), workers)
    waiting: dict[str, list[GoldenItem]] = {}
    batch: list[GoldenItem] = []
    groups = 0
    for item in items:
        if counts.get(item.question, 1) <= 1:
            group = [item]
        else:
            waiting.setdefault(item.question, []).append(item)
            if len(waiting[item.question]) < counts[item.question]:
                continue
            group = waiting.pop(item.question)
        batch.extend(group)
        groups += 1
        if groups >= size:
            yield batch
            batch, groups = [], 0
    for group in waiting.values():
        batch.extend(group)
    if batch:
        yield batch
