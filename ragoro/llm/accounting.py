"""Thread-safe per-model counters of calls, cache hits, tokens, errors and retries."""

from __future__ import annotations

import threading
from collections.abc import Mapping
from dataclasses import asdict, dataclass, fields
from typing import TYPE_CHECKING

if TYPE_CHECKING:
    from langchain_core.messages import BaseMessage

from ragoro.contracts import TokenUsage

TOTAL_ROW = "TOTAL"


@dataclass
class ModelStats:
    """Counters for one model spec."""

    calls: int = 0
    """Model calls that reached the provider (each re-ask round is one call)."""
    requests: int = 0
    """HTTP requests sent: every attempt, retries and failed ones included."""
    cache_hits: int = 0
    """Calls answered from the disk cache instead of the provider."""
    input_tokens: int = 0
    output_tokens: int = 0
    errors: int = 0
    """Calls that failed for good (after retries)."""
    retries: int = 0
    """Extra attempts made after a retryable provider error."""

    def merged(self, other: ModelStats) -> ModelStats:
        """Return the field-by-field sum of two stats."""
        return ModelStats(
            **{f.name: getattr(self, f.name) + getattr(other, f.name) for f in fields(self)}
        )


def usage_from_message(message: BaseMessage | None) -> TokenUsage:
    """Token usage of one model reply, from `AIMessage.usage_metadata` when present.

    The returned usage has `calls=1` so it can be summed per case; tokens stay 0 when the
    provider reports nothing.
    """
    from langchain_core.messages import AIMessage  # on use only: not offline

    meta = message.usage_metadata if isinstance(message, AIMessage) else None
    if not meta:
        return TokenUsage(calls=1)
    return TokenUsage(
        calls=1,
        input_tokens=int(meta.get("input_tokens", 0) or 0),
        output_tokens=int(meta.get("output_tokens", 0) or 0),
    )


class Accounting:
    """Counts what every model spent in a run; safe to share between threads and clients."""

    def __init__(self) -> None:
        self._stats: dict[str, ModelStats] = {}
        self._lock = threading.Lock()

    def _get(self, spec: str) -> ModelStats:
        return self._stats.setdefault(spec, ModelStats())

    def record_call(self, spec: str, usage: TokenUsage) -> None:
        """Count one provider call and its tokens."""
        with self._lock:
            stats = self._get(spec)
            stats.calls += 1
            stats.input_tokens += usage.input_tokens
            stats.output_tokens += usage.output_tokens

    def record_request(self, spec: str) -> None:
        """Count one HTTP request about to be sent (every attempt counts)."""
        with self._lock:
            self._get(spec).requests += 1

    def record_cache_hit(self, spec: str) -> None:
        """Count one call served from the cache."""
        with self._lock:
            self._get(spec).cache_hits += 1

    def record_error(self, spec: str) -> None:
        """Count one call that failed for good (it still counts as a call)."""
        with self._lock:
            stats = self._get(spec)
            stats.calls += 1
            stats.errors += 1

    def record_retry(self, spec: str) -> None:
        """Count one retry after a retryable provider error."""
        with self._lock:
            self._get(spec).retries += 1

    def absorb(self, stats: Mapping[str, ModelStats]) -> None:
        """Add counters kept elsewhere (another process's, by model spec) to these."""
        with self._lock:
            for spec, more in stats.items():
                self._stats[spec] = self._get(spec).merged(more)

    def stats(self, spec: str) -> ModelStats:
        """A copy of the counters of one model (zeros when it was never used)."""
        with self._lock:
            return ModelStats(**asdict(self._stats.get(spec, ModelStats())))

    def snapshot(self) -> dict[str, ModelStats]:
        """A copy of every model's counters."""
        with self._lock:
            return {spec: ModelStats(**asdict(s)) for spec, s in self._stats.items()}

    def total(self) -> ModelStats:
        """The counters summed over all models."""
        total = ModelStats()
        for stats in self.snapshot().values():
            total = total.merged(stats)
        return total

    def summary(self) -> list[dict[str, str | int]]:
        """Rows for a table: one per model sorted by spec, then a TOTAL row when >1 model."""
        snap = self.snapshot()
        rows: list[dict[str, str | int]] = [
            {"model": spec, **asdict(snap[spec])} for spec in sorted(snap)
        ]
        if len(rows) > 1:
            rows.append({"model": TOTAL_ROW, **asdict(self.total())})
        return rows
