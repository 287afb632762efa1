"""What one evaluation produced, in memory: the library's result of `evaluate` / `rescore`."""

from __future__ import annotations

from dataclasses import dataclass, field

from evaluator.journal import OutcomesJournal
from evaluator.report import RunReport
from judges.base import JudgeResult
from ragoro.contracts import CaseOutcome
from ragoro.llm import Accounting

__all__ = ["Evaluation"]


@dataclass
class Evaluation:
    """What one evaluation produced: the report, and the outcomes and verdicts behind it."""

    report: RunReport
    outcomes: list[CaseOutcome]
    results: list[JudgeResult] = field(default_factory=list)
    """Repeat 1's verdicts: the ones the report's numbers come from."""
    again: list[list[JudgeResult]] = field(default_factory=list)
    """The verdicts of repeats 2..N (--repeats), one list per repeat; empty for one repeat
    or a deterministic judge."""
    accounting: dict[str, Accounting] = field(default_factory=dict)
    """What each role's model spent ("agent", "judge"): requests, calls, cache hits."""
    journal: OutcomesJournal | None = None
    """The run's outcomes journal (when one was asked for): `finish()` it once the
    outcomes are saved."""
