"""Errors raised by the LLM plumbing; callers catch these, never provider exceptions."""

from __future__ import annotations


class LLMError(Exception):
    """Base class of every error raised by `ragoro.llm`."""


class LLMConfigError(LLMError):
    """The model cannot be built or used as configured (missing key, package, bad spec)."""


class LLMCallError(LLMError):
    """A provider call failed for good: a non-retryable error, or retries ran out."""

    def __init__(self, spec: str, reason: str) -> None:
        super().__init__(f"{spec}: {reason}")
        self.spec = spec
        self.reason = reason


class BudgetExhausted(LLMError):
    """The call budget is spent; raised before a model call is made so callers stop cleanly."""

    def __init__(self, max_calls: int) -> None:
        super().__init__(f"call budget exhausted: {max_calls} model calls already made")
        self.max_calls = max_calls
