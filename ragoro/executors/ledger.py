"""One role's request budget and rate limit held once for all Ray workers.

The driver starts one `Ledger` actor per fan-out (the agent's, or the judge's); every
worker's `RequestGate` asks it before each HTTP request: spend one call of the cap, take
one rate-limit slot. So `--judge-max-calls 5` lets 5 requests through however many
workers there are, and `--judge-rpm` is the rate of the whole run. The provider probe is
coordinated the same way: one worker sends it, the others wait for its verdict.
"""

from __future__ import annotations

import time
from dataclasses import asdict, dataclass, replace
from typing import TYPE_CHECKING, Any

from ragoro.executors.relay import Carried, carry, restore
from ragoro.llm.accounting import Accounting
from ragoro.llm.budget import CallBudget
from ragoro.llm.errors import BudgetExhausted
from ragoro.llm.gate import Limits, RequestGate
from ragoro.llm.ratelimit import RateLimiter

if TYPE_CHECKING:
    from evaluator.participants import ModelUse

__all__ = ["Ledger", "SharedLimits", "shared_use"]

_POLL_S = 0.05


class Ledger:
    """The shared state behind one role's gates (run as a Ray actor: one caller at a time)."""

    def __init__(self, max_calls: int | None, rpm: int | None) -> None:
        self.budget = CallBudget(max_calls)
        self.limiter = RateLimiter(rpm)
        self.probe: str = "unclaimed"
        self.probe_error: Carried | None = None

    def spend(self) -> bool:
        """Take one call of the cap; False when none is left."""
        try:
            self.budget.spend()
        except BudgetExhausted:
            return False
        return True

    def used(self) -> int:
        """Calls spent so far, by every worker."""
        return self.budget.used

    def reserve(self) -> float:
        """Reserve the next rate-limit slot; seconds the caller must wait for it."""
        return self.limiter.reserve()

    def claim_probe(self) -> str:
        """'run' for the first caller (it sends the probe), else the probe's state."""
        if self.probe == "unclaimed":
            self.probe = "running"
            return "run"
        return self.probe

    def finish_probe(self, error: Carried | None) -> None:
        """Record the probe's verdict (None: the provider answered)."""
        self.probe_error = error
        self.probe = "done"

    def probe_verdict(self) -> tuple[str, Carried | None]:
        """The probe's state and, once done, its error."""
        return self.probe, self.probe_error


class _SharedBudget(CallBudget):
    def __init__(self, ledger: Any, max_calls: int | None) -> None:
        super().__init__(max_calls)
        self._ledger = ledger

    def spend(self) -> None:
        import ray

        if not ray.get(self._ledger.spend.remote()):
            raise BudgetExhausted(self.max_calls or 0)


class _SharedLimiter(RateLimiter):
    def __init__(self, ledger: Any, rpm: int | None) -> None:
        super().__init__(rpm)
        self._ledger = ledger

    def reserve(self) -> float:
        import ray

        wait: float = ray.get(self._ledger.reserve.remote())
        return wait


class _SharedGate(RequestGate):
    """A worker's gate: the armed probe is sent by one worker of the run, not by each."""

    def __init__(self, spec: str, ledger: Any, **kwargs: Any) -> None:
        super().__init__(spec, **kwargs)
        self._ledger = ledger

    def _checked(self) -> None:
        import ray

        with self._first_lock:
            check, self._before_first = self._before_first, None
            if check is not None:
                self._first_error = self._shared_check(ray, check)
            if self._first_error is not None:
                raise self._first_error
            self._hold = False

    def _shared_check(self, ray: Any, check: Any) -> BaseException | None:
        if ray.get(self._ledger.claim_probe.remote()) == "run":
            try:
                check()
            except Exception as exc:  # noqa: BLE001 - shared with every worker, raised by each
                ray.get(self._ledger.finish_probe.remote(carry(exc)))
                return exc
            ray.get(self._ledger.finish_probe.remote(None))
            return None
        while True:
            state, error = ray.get(self._ledger.probe_verdict.remote())
            if state == "done":
                return restore(error) if error is not None else None
            time.sleep(_POLL_S)


@dataclass(frozen=True)
class SharedLimits(Limits):
    """A role's limits whose gates ask the run's `Ledger` actor (see the module doc)."""

    ledger: Any = None

    def gate(self, spec: str, accounting: Accounting | None = None) -> RequestGate:
        """A gate whose budget, rate limit and probe are the run's, not this worker's."""
        return _SharedGate(
            spec,
            self.ledger,
            accounting=accounting,
            limiter=_SharedLimiter(self.ledger, self.rpm) if self.rpm is not None else None,
            budget=(
                _SharedBudget(self.ledger, self.max_calls) if self.max_calls is not None else None
            ),
            retry=self.retry_policy(),
        )


def shared_use(use: ModelUse, role: str, ledger: Any) -> ModelUse:
    """`use` with `role`'s ("agent" or "judge") limits held by `ledger`."""
    if role == "agent":
        return replace(use, agent=SharedLimits(**asdict(use.agent), ledger=ledger))
    return replace(use, judge=SharedLimits(**asdict(use.judge), ledger=ledger))
