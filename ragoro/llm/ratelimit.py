"""A requests-per-minute limiter shared by all threads that call one provider."""

from __future__ import annotations

import threading
import time
from collections import deque
from collections.abc import Callable


class RateLimiter:
    """Sliding-window limiter: at most `rpm` acquisitions in any `period` seconds.

    A sliding window (rather than a token bucket with a full initial bucket) never lets
    2 x rpm requests through around a minute boundary, which is what providers count.
    Each caller reserves its slot under the lock and sleeps outside it, so waiting threads
    do not block each other's bookkeeping. `rpm=None` means unlimited.
    """

    def __init__(
        self,
        rpm: int | None,
        *,
        period: float = 60.0,
        clock: Callable[[], float] = time.monotonic,
        sleep: Callable[[float], None] = time.sleep,
    ) -> None:
        if rpm is not None and rpm <= 0:
            raise ValueError(f"rpm must be > 0 or None, got {rpm}")
        if period <= 0:
            raise ValueError(f"period must be > 0, got {period}")
        self.rpm = rpm
        self.period = period
        self._clock = clock
        self._sleep = sleep
        self._slots: deque[float] = deque()
        self._lock = threading.Lock()

    def reserve(self) -> float:
        """Reserve the next free slot and return how many seconds to wait for it."""
        if self.rpm is None:
            return 0.0
        with self._lock:
            now = self._clock()
            while self._slots and self._slots[0] <= now - self.period:
                self._slots.popleft()
            # Slots stay sorted: a future slot exists only while the window is full.
            if len(self._slots) < self.rpm:
                slot = now
            else:
                slot = max(now, self._slots[-self.rpm] + self.period)
            self._slots.append(slot)
            return slot - now

    def acquire(self) -> float:
        """Block until a request may be sent; return the seconds waited."""
        wait = self.reserve()
        if wait > 0:
            self._sleep(wait)
        return wait
