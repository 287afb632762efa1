"""Retry transient provider errors (rate limits, 5xx, timeouts) with backoff and jitter."""

from __future__ import annotations

import functools
import importlib
import random
import re
import time
from collections.abc import Callable, Iterator
from dataclasses import dataclass, field
from typing import TypeVar

from ragoro.llm.errors import UnreadableReply

R = TypeVar("R")


@functools.cache
def _transport_error_types() -> tuple[type[BaseException], ...]:
    # Looked up on the first failure, not at import: httpx costs a command's --help time.
    # Provider SDKs here use httpx or its fork httpx2 (openai, google-genai): accept both.
    types: list[type[BaseException]] = [TimeoutError, ConnectionError, UnreadableReply]
    for name in ("httpx", "httpx2"):
        try:
            module = importlib.import_module(name)
        except ImportError:
            continue
        types += [module.TimeoutException, module.NetworkError]
    return tuple(types)


# Provider SDK classes we do not import (openai, anthropic, google api_core) by name.
_RETRYABLE_NAME = re.compile(
    r"RateLimit|Timeout|ResourceExhausted|ServiceUnavailable|DeadlineExceeded|InternalServerError"
)
_RETRYABLE_TEXT = re.compile(
    r"\b429\b|RESOURCE_EXHAUSTED|UNAVAILABLE|DEADLINE_EXCEEDED|rate[ _-]?limit|too many requests"
    r"|timed out|overloaded|^\s*5\d\d\b|(?:status(?:[ _]code)?|http|error code)\W{0,3}5\d\d\b",
    re.IGNORECASE,
)
_RETRY_DELAY_TEXT = re.compile(r"retry(?:[ _-]?delay|[ _-]?after| in)\W{0,4}(\d+(?:\.\d+)?)\s*s")


def _chain(exc: BaseException) -> Iterator[BaseException]:
    seen: set[int] = set()
    current: BaseException | None = exc
    while current is not None and id(current) not in seen:
        seen.add(id(current))
        yield current
        current = current.__cause__ or current.__context__


def _http_status(exc: BaseException) -> int | None:
    for attr in ("status_code", "code", "status"):
        value = getattr(exc, attr, None)
        if isinstance(value, int) and not isinstance(value, bool) and 100 <= value <= 599:
            return value
    response = getattr(exc, "response", None)
    value = getattr(response, "status_code", None)
    return value if isinstance(value, int) and not isinstance(value, bool) else None


def _answer_verdict(exc: BaseException) -> bool | None:
    """Whether a provider's own answer in the chain is worth retrying (an unreadable reply,
    a 408, 429 or 5xx status: True; another 4xx: False), or None when no answer came."""
    if any(isinstance(err, UnreadableReply) for err in _chain(exc)):
        return True
    for err in _chain(exc):
        status = _http_status(err)
        # A 2xx/3xx status says the transport worked: the error type decides then.
        if status is not None and status >= 400:
            return status in (408, 429) or status >= 500
    return None


def is_retryable(exc: BaseException) -> bool:
    """True for rate limits (429, RESOURCE_EXHAUSTED, "rate limit"), 5xx and timeouts.

    An explicit HTTP status anywhere in the exception chain decides; a 400, 401 or 404 is
    never retried even if its message mentions a limit. Otherwise the exception type, class
    name and message are checked, so wrapped SDK errors are recognised too.
    """
    verdict = _answer_verdict(exc)
    if verdict is not None:
        return verdict
    for err in _chain(exc):
        if isinstance(err, _transport_error_types()) or _RETRYABLE_NAME.search(type(err).__name__):
            return True
        text = str(err)
        codes = [getattr(err, a, None) for a in ("code", "status")]
        text += " " + " ".join(c for c in codes if isinstance(c, str))
        if _RETRYABLE_TEXT.search(text):
            return True
    return False


def answered_transiently(exc: BaseException) -> bool:
    """True when the provider did answer, with a fault worth retrying (an unreadable reply,
    a 408, 429 or 5xx status): it is there and took the key, it is only busy or flaky now.
    A refused connection or a timeout is no answer; a 401 is a definitive one."""
    return _answer_verdict(exc) is True


def _google_retry_delay(err: BaseException) -> float | None:
    """google.rpc.RetryInfo's retryDelay ("13s", "0.5s") from a google-genai APIError."""
    details = getattr(err, "details", None)
    error = details.get("error", details) if isinstance(details, dict) else None
    items = error.get("details") if isinstance(error, dict) else None
    for item in items if isinstance(items, list) else []:
        delay = item.get("retryDelay") if isinstance(item, dict) else None
        if isinstance(delay, str) and delay.endswith("s"):
            try:
                return max(0.0, float(delay[:-1]))
            except ValueError:
                continue
    return None


def suggested_delay(exc: BaseException) -> float | None:
    """Seconds the provider asked us to wait (Retry-After header or retryDelay), if any."""
    for err in _chain(exc):
        google = _google_retry_delay(err)
        if google is not None:
            return google
        headers = getattr(getattr(err, "response", None), "headers", None)
        getter = getattr(headers, "get", None)
        raw = getter("retry-after") if callable(getter) else None
        if raw is not None:
            try:
                return max(0.0, float(str(raw)))
            except ValueError:
                pass  # an HTTP-date Retry-After: fall back to our own backoff
        match = _RETRY_DELAY_TEXT.search(str(err))
        if match:
            return float(match.group(1))
    return None


@dataclass(frozen=True)
class RetryPolicy:
    """Exponential backoff with equal jitter; `sleep` and `random` are injectable for tests."""

    max_attempts: int = 5
    """Total attempts including the first; 1 disables retries."""
    base_delay: float = 1.0
    """Backoff before the first retry; it doubles on each further retry."""
    max_delay: float = 60.0
    """Cap of a single wait, including a provider's Retry-After."""
    sleep: Callable[[float], None] = field(default=time.sleep, repr=False)
    random: Callable[[], float] = field(default=random.random, repr=False)

    def __post_init__(self) -> None:
        if self.max_attempts < 1:
            raise ValueError(f"max_attempts must be >= 1, got {self.max_attempts}")

    @classmethod
    def no_retry(cls) -> RetryPolicy:
        """A policy that makes exactly one attempt."""
        return cls(max_attempts=1)

    def delay(self, retry_number: int, exc: BaseException | None = None) -> float:
        """Seconds to wait before retry `retry_number` (1-based)."""
        hinted = suggested_delay(exc) if exc is not None else None
        if hinted is not None:
            # The provider said when: wait exactly that (up to the cap), no guessing.
            return min(hinted, self.max_delay)
        backoff = min(self.max_delay, self.base_delay * 2.0 ** (retry_number - 1))
        # Equal jitter: spreads threads apart yet keeps at least half the backoff.
        return backoff / 2 + self.random() * backoff / 2

    def call(
        self,
        fn: Callable[[], R],
        *,
        on_retry: Callable[[int, BaseException, float], None] | None = None,
    ) -> R:
        """Run `fn`, retrying retryable errors; the last error is re-raised unchanged.

        `on_retry(retry_number, error, delay)` is called before each wait.
        """
        attempt = 1
        while True:
            try:
                return fn()
            except Exception as exc:
                if attempt >= self.max_attempts or not is_retryable(exc):
                    raise
                wait = self.delay(attempt, exc)
                if on_retry is not None:
                    on_retry(attempt, exc, wait)
                self.sleep(wait)
                attempt += 1
