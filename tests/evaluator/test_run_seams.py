"""The run's seams: the journal's appends (offsets kept without `tell()`, fsyncs grouped in
time, every line flushed at once) and the runner's one-case-at-a-time path (no thread pool
at concurrency 1: same results, same order, errors and Ctrl-C surface as they did)."""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from evaluator import line_store
from evaluator.line_store import LineStore, numbered_lines
from evaluator.runner import windowed


def _fsyncs(monkeypatch: pytest.MonkeyPatch, clock: list[float]) -> list[int]:
    calls: list[int] = []
    monkeypatch.setattr(os, "fsync", calls.append)
    monkeypatch.setattr(time, "monotonic", lambda: clock[0])
    return calls


def test_a_durable_store_fsyncs_its_first_line_then_at_most_every_interval_and_on_close(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    clock = [100.0]
    calls = _fsyncs(monkeypatch, clock)
    store = LineStore(tmp_path / "j.jsonl", durable=True)
    store.append(None, "header")
    assert len(calls) == 1  # the first line at once
    for n in range(5):
        clock[0] += line_store.SYNC_EVERY_S / 10
        store.append(f"c{n}", f"line {n}")
    assert len(calls) == 1  # the next ones within the interval wait
    clock[0] += line_store.SYNC_EVERY_S
    store.append("c5", "line 5")
    assert len(calls) == 2
    clock[0] += line_store.SYNC_EVERY_S / 10
    store.append("c6", "line 6")
    store.close()
    assert len(calls) == 3  # what was appended since is fsynced before the file is closed
    store.close()
    assert len(calls) == 3  # nothing left to sync


def test_a_store_that_is_not_durable_never_fsyncs(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    calls = _fsyncs(monkeypatch, [0.0])
    store = LineStore(tmp_path / "s.jsonl")
    store.append("a", "x")
    store.close()
    assert calls == []


def test_every_line_is_on_disk_for_another_reader_as_soon_as_it_is_appended(
    tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    # What a kill or Ctrl-C leaves: every appended line, whatever fsync has not run yet.
    _fsyncs(monkeypatch, [5.0])
    path = tmp_path / "j.jsonl"
    path.write_bytes(b'{"earlier":"run"}\n')
    store = LineStore(path, durable=True)
    for n in range(4):
        store.append(f"c{n}", f'{{"case":"c{n}","text":"è{n}"}}')
        assert path.read_bytes().count(b"\n") == n + 2
    # The offsets kept without tell() are the lines' own, after what the file held.
    found = {raw: offset for _, offset, raw in numbered_lines(path)}
    for n in range(4):
        line = f'{{"case":"c{n}","text":"è{n}"}}'
        assert found[(line + "\n").encode("utf-8")] == store.offsets[f"c{n}"]
        assert store.read(f"c{n}") == line + "\n"
    store.close()
    store.append("c9", "after a reopen")
    assert store.read("c9") == "after a reopen\n"
    assert store.offsets["c9"] == path.stat().st_size - len(b"after a reopen\n")
    store.close()


def _pulled(log: list[int], count: int) -> Iterator[int]:
    for n in range(count):
        log.append(n)
        yield n


def test_one_case_at_a_time_runs_in_this_thread_in_order() -> None:
    threads: set[int] = set()

    def work(n: int) -> int:
        threads.add(threading.get_ident())
        return n * n

    log: list[int] = []
    got = list(windowed(work, _pulled(log, 30), concurrency=1, desc="t", progress=False))
    assert got == [n * n for n in range(30)]
    assert threads == {threading.get_ident()}
    # The pool at concurrency 2 gives the same results in the same order.
    pooled = list(windowed(work, _pulled([], 30), concurrency=2, desc="t", progress=False))
    assert pooled == got


@pytest.mark.parametrize("error", [ValueError("broken case"), KeyboardInterrupt()])
def test_an_error_in_a_case_stops_the_run_there_and_surfaces(error: BaseException) -> None:
    def work(n: int) -> int:
        if n == 3:
            raise error
        return n

    log: list[int] = []
    results: list[int] = []
    with pytest.raises(type(error)):
        for result in windowed(work, _pulled(log, 10), concurrency=1, desc="t", progress=True):
            results.append(result)
    assert results == [0, 1, 2]  # every case finished before it was handed back
    assert log == [0, 1, 2, 3]  # no case after it was started
