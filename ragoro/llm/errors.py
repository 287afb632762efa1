"""Errors raised by the LLM plumbing; callers catch these, never provider exceptions."""

from __future__ import annotations

from ragoro.errors import ExitCode, RagoroError
from ragoro.llm.redact import redact


class LLMError(RagoroError):
    """Base class of every error raised by `ragoro.llm`."""


class LLMConfigError(LLMError):
    """The model cannot be built or used as configured (missing key, package, bad spec).

    `offline_alternative` is True when an offline component could stand in; each command
    line then names its own switch for it (`--llm offline`, `--judge offline`).
    """

    def __init__(self, message: str, *, offline_alternative: bool = False) -> None:
        super().__init__(message)
        self.offline_alternative = offline_alternative


class LLMCallError(LLMError):
    """A provider call failed for good: a non-retryable error, or retries ran out."""

    exit_code = ExitCode.PROVIDER_UNAVAILABLE

    def __init__(self, spec: str, reason: str) -> None:
        reason = redact(reason)
        super().__init__(f"{spec}: {reason}")
        self.spec = spec
        self.reason = reason


class BudgetExhausted(LLMError):
    """The request budget is spent; raised before a request is sent so callers stop cleanly."""

    def __init__(self, max_calls: int) -> None:
        super().__init__(
            f"call budget exhausted: {max_calls} model request(s) already sent (--max-calls)"
        )
        self.max_calls = max_calls


class UnreadableReply(LLMError):
    """A reply the SDK could not read, or one with nothing in it; worth sending again."""
