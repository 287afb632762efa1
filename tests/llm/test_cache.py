"""The disk cache: identical inputs replay from disk, across clients, threads and processes."""

from __future__ import annotations

import sqlite3
import subprocess
import sys
import textwrap
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path
from typing import cast

import pytest
from langchain_core.messages import HumanMessage, SystemMessage
from pydantic import BaseModel

from ragoro.contracts import TokenUsage
from ragoro.llm import Accounting, CachedResponse, CallCache, LLMClient, default_cache_dir, make_key

from .fakes import SPEC, Answer, ScriptedChatModel, reply

ROOT = Path(__file__).resolve().parents[2]
GOOD = '{"answer": "26 giorni", "confidence": 0.8}'
MESSAGES = [HumanMessage(content="Quanti giorni di ferie?")]


def test_rerun_on_same_cache_dir_makes_no_model_call_even_for_reasks(tmp_path, retry):
    first_model = ScriptedChatModel.of(reply("not json", 10, 3), reply(GOOD, 30, 6))
    first = LLMClient(first_model, SPEC, cache=CallCache(tmp_path), retry=retry)
    r1 = first.structured(MESSAGES, Answer)
    assert r1.ok and r1.attempts == 2 and not r1.cached and first_model.calls == 2

    # A fresh client, a fresh cache object, a model with nothing left to say.
    accounting = Accounting()
    second_model = ScriptedChatModel.of()
    second = LLMClient(
        second_model, SPEC, cache=CallCache(tmp_path), accounting=accounting, retry=retry
    )
    r2 = second.structured(MESSAGES, Answer)

    assert second_model.calls == 0
    assert r2.cached and r2.value == r1.value and r2.raw == r1.raw and r2.attempts == 2
    assert r2.usage == TokenUsage()  # nothing spent this time
    stats = accounting.stats(SPEC)
    assert (stats.calls, stats.cache_hits) == (0, 2)


def test_cached_invalid_output_replays_the_same_failure(tmp_path, retry):
    model = ScriptedChatModel.of("a", "b", "c")
    LLMClient(model, SPEC, cache=CallCache(tmp_path), retry=retry).structured(MESSAGES, Answer)
    again = LLMClient(ScriptedChatModel.of(), SPEC, cache=CallCache(tmp_path), retry=retry)
    result = again.structured(MESSAGES, Answer)
    assert result.cached and result.value is None and result.raw == "c" and result.error


def test_text_calls_are_cached_too(cache, make_client):
    make_client(ScriptedChatModel.of("ciao"), cache=cache).text(MESSAGES)
    result = make_client(ScriptedChatModel.of(), cache=cache).text(MESSAGES)
    assert (result.text, result.cached) == ("ciao", True)


def test_different_inputs_miss_the_cache(cache, make_client):
    class Other(BaseModel):
        answer: str
        confidence: float

    model = ScriptedChatModel.of(GOOD, GOOD, GOOD, GOOD)
    client = make_client(model, cache=cache)
    client.structured(MESSAGES, Answer)
    client.structured([HumanMessage(content="Quanti giorni di smart working?")], Answer)
    client.structured(MESSAGES, Other)
    LLMClient(model, "other:model", cache=cache).structured(MESSAGES, Answer)
    assert model.calls == 4


def test_no_cache_always_calls_the_model(make_client):
    model = ScriptedChatModel.of(GOOD, GOOD)
    client = make_client(model, cache=None)
    assert not client.structured(MESSAGES, Answer).cached
    assert not client.structured(MESSAGES, Answer).cached
    assert model.calls == 2


def test_key_ignores_message_ids_but_not_params():
    a = [HumanMessage(content="x", id="run-1")]
    b = [HumanMessage(content="x", id="run-2")]
    assert make_key(SPEC, a) == make_key(SPEC, b)
    assert make_key(SPEC, a, {"temperature": 0.0}) != make_key(SPEC, a, {"temperature": 0.7})
    assert make_key(SPEC, a, schema_name="A") != make_key(SPEC, a, schema_name="B")


# The key main wrote for this request before repeats existed (computed by that code).
_HISTORICAL_KEY = "b1369b5bfd3f073c5effa8380f7907adc5319966d7164b91d29f890530013edc"


def test_repeat_one_keeps_the_key_earlier_runs_wrote_and_later_repeats_get_their_own():
    messages = [SystemMessage(content="rubric"), HumanMessage(content="Quanti giorni di ferie?")]
    params = {"temperature": 0.0, "method": "parser"}
    schema = "tests.Answer:abc"
    assert make_key(SPEC, messages, params, schema) == _HISTORICAL_KEY
    assert make_key(SPEC, messages, params, schema, repeat=1) == _HISTORICAL_KEY
    keys = {make_key(SPEC, messages, params, schema, repeat=n) for n in (1, 2, 3)}
    assert len(keys) == 3
    with pytest.raises(ValueError, match="repeat must be >= 1"):
        make_key(SPEC, messages, repeat=0)


def test_a_repeat_asks_the_model_again_while_repeat_one_replays(tmp_path, retry):
    # An earlier run (no repeats) filled the cache.
    earlier = ScriptedChatModel.of(GOOD)
    LLMClient(earlier, SPEC, cache=CallCache(tmp_path), retry=retry).structured(MESSAGES, Answer)
    assert earlier.calls == 1

    second = '{"answer": "25 giorni", "confidence": 0.4}'
    model = ScriptedChatModel.of(second)
    accounting = Accounting()
    client = LLMClient(model, SPEC, cache=CallCache(tmp_path), accounting=accounting, retry=retry)
    first = client.structured(MESSAGES, Answer)
    assert first.cached and model.calls == 0  # repeat 1: today's key, a hit
    again = client.for_repeat(2)
    assert (again.model, again.cache, again.accounting) == (model, client.cache, accounting)
    repeated = again.structured(MESSAGES, Answer)
    assert not repeated.cached and model.calls == 1  # repeat 2: its own key, a real call
    assert repeated.value is not None and repeated.value.answer == "25 giorni"
    assert client.repeat == 1  # the original client is untouched

    # A rerun of both repeats replays each from its own key: no call at all.
    replay = LLMClient(ScriptedChatModel.of(), SPEC, cache=CallCache(tmp_path), retry=retry)
    assert replay.structured(MESSAGES, Answer).value == first.value
    assert replay.for_repeat(2).structured(MESSAGES, Answer).value == repeated.value
    assert accounting.stats(SPEC).calls == 1


def test_repeat_must_be_positive(make_client):
    with pytest.raises(ValueError, match="repeat must be >= 1"):
        make_client(ScriptedChatModel.of(), repeat=0)
    with pytest.raises(ValueError, match="repeat must be >= 1"):
        make_client(ScriptedChatModel.of()).for_repeat(0)


def test_cache_dir_from_env(monkeypatch, tmp_path):
    monkeypatch.setenv("RAGORO_CACHE_DIR", str(tmp_path / "elsewhere"))
    assert default_cache_dir() == tmp_path / "elsewhere"
    assert CallCache().path == tmp_path / "elsewhere" / "llm.sqlite"
    monkeypatch.delenv("RAGORO_CACHE_DIR")
    assert default_cache_dir() == Path(".cache/ragoro")


def test_many_threads_share_one_cache(cache):
    def work(i: int) -> str | None:
        key = f"k{i}"
        cache.put(key, SPEC, CachedResponse(raw=f"v{i}", usage=TokenUsage(calls=1)))
        hit = cache.get(key)
        return hit.raw if hit else None

    with ThreadPoolExecutor(max_workers=8) as pool:
        assert list(pool.map(work, range(200))) == [f"v{i}" for i in range(200)]
    assert len(cache) == 200
    cache.close()


def test_two_processes_write_the_same_cache(tmp_path):
    script = textwrap.dedent(
        """
        import sys
        from ragoro.contracts import TokenUsage
        from ragoro.llm.cache import CachedResponse, CallCache
        cache = CallCache(sys.argv[1])
        for i in range(100):
            cache.put(f"{sys.argv[2]}-{i}", "s", CachedResponse("r", TokenUsage()))
        """
    )
    env = {"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"}
    procs = [
        subprocess.Popen([sys.executable, "-c", script, str(tmp_path), tag], env=env)
        for tag in ("a", "b")
    ]
    assert [p.wait(timeout=60) for p in procs] == [0, 0]
    assert len(CallCache(tmp_path)) == 200


class _LockedOnce:
    """A connection whose first statement meets another process's switch to WAL."""

    def __init__(self, conn, error: str = "database is locked"):
        self._conn = conn
        self._error = error
        self.failures = 0

    def execute(self, sql, *args):
        if self.failures == 0:
            self.failures += 1
            raise sqlite3.OperationalError(self._error)
        return self._conn.execute(sql, *args)

    def __enter__(self):
        return self._conn.__enter__()

    def __exit__(self, *exc):
        return self._conn.__exit__(*exc)


def test_setting_up_retries_a_lock_that_another_process_holds(tmp_path):
    from ragoro.llm.cache import _set_up

    raw = sqlite3.connect(tmp_path / "c.sqlite")
    locked = _LockedOnce(raw)
    _set_up(cast(sqlite3.Connection, locked))
    assert locked.failures == 1
    assert raw.execute("PRAGMA journal_mode").fetchone()[0] == "wal"
    assert raw.execute("SELECT COUNT(*) FROM calls").fetchone()[0] == 0


def test_setting_up_raises_any_other_error(tmp_path):
    from ragoro.llm.cache import _set_up

    broken = _LockedOnce(sqlite3.connect(tmp_path / "c.sqlite"), "disk I/O error")
    with pytest.raises(sqlite3.OperationalError, match="disk I/O"):
        _set_up(cast(sqlite3.Connection, broken))
