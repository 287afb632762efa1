"""The one retry layer: every HTTP request to a model goes through a `RequestGate`.

SDK retries are switched off where the model is built (`make_chat_model`), so one model
invocation is one HTTP request. The gate wraps each request: it spends one unit of the
role's budget and one rate-limiter slot per request — retries included — counts it, and
retries transient failures itself with the provider's Retry-After / retryDelay honoured.
`Limits` carries a role's settings (builder, agent and judge each have their own).
"""

from __future__ import annotations

import json
import logging
import threading
from collections.abc import Callable
from dataclasses import dataclass
from typing import TypeVar

from ragoro.llm.accounting import Accounting
from ragoro.llm.budget import CallBudget
from ragoro.llm.defaults import (
    DEFAULT_ATTEMPTS,
    DEFAULT_BACKOFF,
    DEFAULT_MAX_DELAY,
    DEFAULT_TIMEOUT,
)
from ragoro.llm.errors import BudgetExhausted, LLMCallError, UnreadableReply
from ragoro.llm.ratelimit import RateLimiter
from ragoro.llm.redact import redact
from ragoro.llm.retry import RetryPolicy

R = TypeVar("R")
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Limits:
    """How one role (builder, agent or judge) may use its model."""

    max_calls: int | None = None
    """HTTP requests allowed, retries included; None = unlimited."""
    rpm: int | None = None
    """Requests per minute (sliding window), retries included; None = unlimited."""
    timeout: float = DEFAULT_TIMEOUT
    """Seconds per request."""
    attempts: int = DEFAULT_ATTEMPTS
    """Requests per logical call at most (1 = no retry)."""
    backoff: float = DEFAULT_BACKOFF
    """Seconds before the first retry; doubles on each further one."""
    max_delay: float = DEFAULT_MAX_DELAY
    """Cap of one wait, a provider's Retry-After included."""

    def __post_init__(self) -> None:
        if self.max_calls is not None and self.max_calls < 0:
            raise ValueError(f"max calls must be >= 0, got {self.max_calls}")
        if self.rpm is not None and self.rpm <= 0:
            raise ValueError(f"rpm must be > 0, got {self.rpm}")
        if not self.timeout > 0:
            raise ValueError(f"timeout must be > 0 seconds, got {self.timeout}")
        if self.attempts < 1:
            raise ValueError(f"attempts must be >= 1, got {self.attempts}")
        if self.backoff < 0 or self.max_delay < 0:
            raise ValueError("backoff and max delay must be >= 0")

    def retry_policy(self) -> RetryPolicy:
        """The backoff these limits describe."""
        return RetryPolicy(
            max_attempts=self.attempts, base_delay=self.backoff, max_delay=self.max_delay
        )

    def gate(self, spec: str, accounting: Accounting | None = None) -> RequestGate:
        """A fresh gate (own budget and limiter) for one role's model."""
        return RequestGate(
            spec,
            accounting=accounting,
            limiter=RateLimiter(self.rpm),
            budget=CallBudget(self.max_calls),
            retry=self.retry_policy(),
        )


class RequestGate:
    """Budget, rate limit, counting and retries around each HTTP request of one model."""

    def __init__(
        self,
        spec: str,
        *,
        accounting: Accounting | None = None,
        limiter: RateLimiter | None = None,
        budget: CallBudget | None = None,
        retry: RetryPolicy | None = None,
    ) -> None:
        self.spec = spec
        self.accounting = accounting if accounting is not None else Accounting()
        self.limiter = limiter
        self.budget = budget
        self.retry = retry if retry is not None else RetryPolicy()
        self._before_first: Callable[[], None] | None = None
        # Set while a check is armed or has failed; cleared only once it has passed, so
        # no request slips past a check still running in another thread.
        self._hold = False
        self._first_lock = threading.Lock()
        self._first_error: BaseException | None = None

    def before_first_request(self, check: Callable[[], None]) -> None:
        """Run `check` once, just before this gate's first HTTP request (a probe): a run
        served wholly from the cache sends nothing, probe included. When `check` raises,
        that request and every later one raise the same error."""
        self._before_first = check
        self._hold = True

    def _checked(self) -> None:
        with self._first_lock:
            check, self._before_first = self._before_first, None
            if check is not None:
                try:
                    check()
                except Exception as exc:  # noqa: BLE001 - kept, and raised below for every caller
                    self._first_error = exc
            if self._first_error is not None:
                raise self._first_error
            self._hold = False

    def _attempt(self, request: Callable[[], R]) -> R:
        if self.budget is not None:
            self.budget.spend()  # raises BudgetExhausted before anything is sent
        if self.limiter is not None:
            self.limiter.acquire()
        self.accounting.record_request(self.spec)
        try:
            return request()
        except (IndexError, KeyError, json.JSONDecodeError) as exc:
            # An SDK that cannot read a 200 reply (no choices, a broken body) fails
            # like this; the request may well succeed again.
            raise UnreadableReply(f"unreadable reply: {type(exc).__name__}: {exc}") from exc

    def send(self, request: Callable[[], R]) -> R:
        """Run `request` (one HTTP request) with retries; `LLMCallError` when it fails for
        good (reason redacted), `BudgetExhausted` when the budget runs out first."""

        def on_retry(number: int, exc: BaseException, delay: float) -> None:
            self.accounting.record_retry(self.spec)
            logger.warning(
                "%s: retry %d in %.2fs after %s",
                self.spec,
                number,
                delay,
                redact(f"{type(exc).__name__}: {exc}"),
            )

        if self._hold:
            self._checked()
        try:
            return self.retry.call(lambda: self._attempt(request), on_retry=on_retry)
        except BudgetExhausted:
            raise
        except Exception as exc:
            self.accounting.record_error(self.spec)
            raise LLMCallError(self.spec, redact(f"{type(exc).__name__}: {exc}")) from exc
