"""What runs inside a Ray worker (the actor that keeps named states), and how a run's work
is cut into batches for the workers."""

from __future__ import annotations

import importlib
import math
from collections.abc import Callable, Sequence
from typing import TYPE_CHECKING, Any

from ragoro.executors.relay import Carried, carry

if TYPE_CHECKING:
    from ragoro.contracts import GoldenItem

__all__ = ["Worker", "batched", "question_batches"]

_BATCHES_PER_WORKER = 8
_MAX_BATCH = 64


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


def batched(entries: Sequence[Any], workers: int) -> list[list[Any]]:
    """Contiguous batches, about `_BATCHES_PER_WORKER` per worker (so a slow batch does
    not leave the others idle), at most `_MAX_BATCH` entries each."""
    size = max(1, min(_MAX_BATCH, math.ceil(len(entries) / (workers * _BATCHES_PER_WORKER))))
    return [list(entries[start : start + size]) for start in range(0, len(entries), size)]


def question_batches(items: Sequence[GoldenItem], workers: int) -> list[list[GoldenItem]]:
    """Batches of whole question groups: the items that share a question stay together and
    in golden order, since an agent may answer a repeated question by its occurrence."""
    groups: dict[str, list[GoldenItem]] = {}
    for item in items:
        groups.setdefault(item.question, []).append(item)
    return [
        [item for group in batch for item in group]
        for batch in batched(list(groups.values()), workers)
    ]
