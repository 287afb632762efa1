"""The Ray fan-out pulls its batches lazily: a bounded window in flight, results in order."""

from __future__ import annotations

import operator
from collections.abc import Iterator

import pytest

from ragoro.executors.ray import RayExecutor
from ragoro.executors.ray_worker import WINDOW_PER_WORKER

pytestmark = pytest.mark.slow


def test_ray_batches_are_pulled_within_the_window_and_come_back_in_order(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    pulled = 0

    def batches() -> Iterator[list[int]]:
        nonlocal pulled
        for start in range(0, 120, 3):
            pulled += 1
            yield [start, start + 1, start + 2]

    results = []
    with RayExecutor(num_cpus=2, workers=2) as ray:
        # State: [] from list(); work: [] + batch, the batch itself (builtins travel by name).
        for value in ray.fan_stream(
            "window", list, operator.add, batches(), desc="", unit="", progress=False, models=False
        ):
            results.append(value)
            # At most the window ahead of what was handed back (plus the one batch read
            # to learn there is another).
            assert pulled - len(results) <= WINDOW_PER_WORKER * 2 + 1
    assert [n for batch in results for n in batch] == list(range(120))
    assert pulled == 40
