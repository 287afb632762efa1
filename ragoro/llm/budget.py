"""A thread-safe cap on the number of model calls a run may make."""

from __future__ import annotations

import threading

from ragoro.llm.errors import BudgetExhausted

__all__ = ["BudgetExhausted", "CallBudget"]


class CallBudget:
    """Allow at most `max_calls` model calls; `None` means unlimited.

    Callers spend one unit right before a real model call, so cache hits cost nothing and
    `BudgetExhausted` surfaces before any request leaves the process.
    """

    def __init__(self, max_calls: int | None) -> None:
        if max_calls is not None and max_calls < 0:
            raise ValueError(f"max_calls must be >= 0 or None, got {max_calls}")
        self.max_calls = max_calls
        self._used = 0
        self._lock = threading.Lock()

    @property
    def used(self) -> int:
        """Calls spent so far."""
        with self._lock:
            return self._used

    @property
    def remaining(self) -> int | None:
        """Calls still allowed, or None when unlimited."""
        with self._lock:
            return None if self.max_calls is None else self.max_calls - self._used

    @property
    def exhausted(self) -> bool:
        """True when no further call is allowed."""
        with self._lock:
            return self.max_calls is not None and self._used >= self.max_calls

    def spend(self) -> None:
        """Take one call from the budget, or raise `BudgetExhausted` when none is left."""
        with self._lock:
            if self.max_calls is not None and self._used >= self.max_calls:
                raise BudgetExhausted(self.max_calls)
            self._used += 1
