"""The objects alive when a run starts are left out of collections during it, and only then."""

from __future__ import annotations

import gc

import pytest

from evaluator.heap import existing_heap_frozen


def test_objects_alive_at_the_start_are_frozen_during_the_run_only() -> None:
    seen: list[int] = []

    @existing_heap_frozen
    def run() -> str:
        seen.append(gc.get_freeze_count())
        return "done"

    assert gc.get_freeze_count() == 0
    assert run() == "done"
    assert seen[0] > 0
    assert gc.get_freeze_count() == 0


def test_a_failing_run_unfreezes_too() -> None:
    @existing_heap_frozen
    def run() -> None:
        raise ValueError("boom")

    with pytest.raises(ValueError, match="boom"):
        run()
    assert gc.get_freeze_count() == 0


def test_a_caller_that_froze_objects_itself_is_left_as_it_was(
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    # The freeze count is no fixed number to compare: a frozen object freed by its
    # reference count (a finished thread's frame) leaves the permanent generation at any
    # time. What must hold is that the run neither freezes more nor unfreezes.
    calls: list[str] = []

    @existing_heap_frozen
    def run() -> int:
        return gc.get_freeze_count()

    gc.freeze()
    try:
        monkeypatch.setattr(gc, "freeze", lambda: calls.append("freeze"))
        monkeypatch.setattr(gc, "unfreeze", lambda: calls.append("unfreeze"))
        assert run() > 0
        assert calls == []
        assert gc.get_freeze_count() > 0
    finally:
        monkeypatch.undo()
        gc.unfreeze()


def test_garbage_made_during_the_run_is_still_collected() -> None:
    @existing_heap_frozen
    def run() -> int:
        cycle: list[object] = []
        cycle.append(cycle)
        del cycle
        return gc.collect()

    assert run() >= 1
