"""A disk cache of model calls: same model, conversation, params and schema -> same output.

One sqlite file in WAL mode, one connection per thread: sqlite serialises writers across
threads and processes, so parallel workers and two concurrent runs can share a cache.
"""

from __future__ import annotations

import hashlib
import json
import sqlite3
import threading
import time
from collections.abc import Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from langchain_core.messages import BaseMessage

from ragoro.contracts import TokenUsage
from ragoro.llm.defaults import default_cache_dir

CACHE_FILE = "llm.sqlite"
KEY_VERSION = 1

_SCHEMA_SQL = """
CREATE TABLE IF NOT EXISTS calls (
    key TEXT PRIMARY KEY,
    spec TEXT NOT NULL,
    raw TEXT NOT NULL,
    input_tokens INTEGER NOT NULL,
    output_tokens INTEGER NOT NULL,
    created_at REAL NOT NULL
)
"""


@dataclass(frozen=True)
class CachedResponse:
    """What the cache keeps of one call: the raw text output and the tokens it cost."""

    raw: str
    usage: TokenUsage


def message_payload(message: BaseMessage) -> dict[str, Any]:
    """The parts of a message that change what a model answers (no ids, no timings)."""
    from langchain_core.messages import AIMessage, ToolMessage  # on use only: not offline

    payload: dict[str, Any] = {"type": message.type, "content": message.content}
    if message.name:
        payload["name"] = message.name
    if isinstance(message, AIMessage) and message.tool_calls:
        payload["tool_calls"] = [{"name": c["name"], "args": c["args"]} for c in message.tool_calls]
    if isinstance(message, ToolMessage):
        payload["tool_call_id"] = message.tool_call_id
    return payload


def make_key(
    spec: str,
    messages: Sequence[BaseMessage],
    params: Mapping[str, Any] | None = None,
    schema_name: str | None = None,
    *,
    repeat: int = 1,
) -> str:
    """sha256 of model spec + serialized messages + params + schema name (+ repeat).

    `repeat` salts the key of a deliberate re-judging (`--repeats`): repeat 2 of the same
    request is a new key, so the model is really asked again instead of replaying repeat 1.
    Repeat 1 adds nothing, so its key is the one every earlier run wrote.
    """
    if repeat < 1:
        raise ValueError(f"repeat must be >= 1, got {repeat}")
    content: dict[str, Any] = {
        "v": KEY_VERSION,
        "spec": spec,
        "messages": [message_payload(m) for m in messages],
        "params": dict(params or {}),
        "schema": schema_name,
    }
    if repeat > 1:
        content["repeat"] = repeat
    blob = json.dumps(
        content,
        sort_keys=True,
        ensure_ascii=False,
        default=repr,
    )
    return hashlib.sha256(blob.encode("utf-8")).hexdigest()


_BUSY_TIMEOUT_S = 30.0
_SETUP_RETRY_S = 0.05


def _set_up(conn: sqlite3.Connection) -> None:
    """WAL mode and the table, retried while another process does the same.

    Two processes opening a new cache at once both hold a shared lock and both ask for
    the exclusive one to switch it to WAL; SQLite answers one of them "database is locked"
    at once rather than let them wait on each other. Once the other has switched, the
    retry finds WAL already set. Any other error, or a lock held past the busy timeout,
    is raised.
    """
    deadline = time.monotonic() + _BUSY_TIMEOUT_S
    while True:
        try:
            conn.execute("PRAGMA journal_mode=WAL")
            conn.execute("PRAGMA synchronous=NORMAL")
            with conn:
                conn.execute(_SCHEMA_SQL)
            return
        except sqlite3.OperationalError as exc:
            if "locked" not in str(exc) or time.monotonic() >= deadline:
                raise
            time.sleep(_SETUP_RETRY_S)


class CallCache:
    """Thread- and process-safe sqlite cache of raw model outputs keyed by `make_key`."""

    def __init__(self, directory: str | Path | None = None) -> None:
        self.directory = Path(directory) if directory is not None else default_cache_dir()
        self.directory.mkdir(parents=True, exist_ok=True)
        self.path = self.directory / CACHE_FILE
        self._local = threading.local()
        self._connections: list[sqlite3.Connection] = []
        self._lock = threading.Lock()
        self._connect()

    def _connect(self) -> sqlite3.Connection:
        conn: sqlite3.Connection | None = getattr(self._local, "conn", None)
        if conn is not None:
            return conn
        # check_same_thread=False only so close() may run from any thread; each thread
        # still uses its own connection.
        conn = sqlite3.connect(self.path, timeout=_BUSY_TIMEOUT_S, check_same_thread=False)
        _set_up(conn)
        self._local.conn = conn
        with self._lock:
            self._connections.append(conn)
        return conn

    def get(self, key: str) -> CachedResponse | None:
        """The stored response for `key`, or None."""
        row = (
            self._connect()
            .execute("SELECT raw, input_tokens, output_tokens FROM calls WHERE key = ?", (key,))
            .fetchone()
        )
        if row is None:
            return None
        raw, input_tokens, output_tokens = row
        usage = TokenUsage(calls=1, input_tokens=input_tokens, output_tokens=output_tokens)
        return CachedResponse(raw=str(raw), usage=usage)

    def put(self, key: str, spec: str, response: CachedResponse) -> None:
        """Store (or replace) the response for `key`."""
        conn = self._connect()
        with conn:
            conn.execute(
                "INSERT OR REPLACE INTO calls VALUES (?, ?, ?, ?, ?, ?)",
                (
                    key,
                    spec,
                    response.raw,
                    response.usage.input_tokens,
                    response.usage.output_tokens,
                    time.time(),
                ),
            )

    def __len__(self) -> int:
        row = self._connect().execute("SELECT COUNT(*) FROM calls").fetchone()
        return int(row[0])

    def close(self) -> None:
        """Close every connection this cache opened (in any thread)."""
        with self._lock:
            connections, self._connections = self._connections, []
        for conn in connections:
            conn.close()
        self._local = threading.local()
