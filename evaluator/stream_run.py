"""A run kept on disk: what `evaluate` and `rescore` produce before anything is loaded.

The golden set is read lazily (`GoldenSource`), the outcomes are a file read one case at a
time (the run's journal, a scratch file, or the outcomes file being rescored), and every
verdict is in `JudgedCases`; the report holds the numbers. The command line writes the
outcomes file, `report.json` and the HTML page from it case by case; the library's
`Evaluation` (every object in memory) is `materialize()`d from it.
"""

from __future__ import annotations

import shutil
import tempfile
from collections import deque
from collections.abc import Callable, Iterator
from contextlib import contextmanager
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING

from evaluator.accumulate import CaseRow, JudgedCases, ReportBuilder
from evaluator.evaluation import Evaluation
from evaluator.golden_source import GoldenSource
from evaluator.line_store import LineStore
from evaluator.report import RunReport
from evaluator.runner import judge_runs
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.errors import InputError
from ragoro.golden import atomic_write_lines

if TYPE_CHECKING:
    from evaluator.journal import OutcomesJournal
    from judges.base import Judge
    from ragoro.executors import Executor, JudgePlan
    from ragoro.llm import Accounting

__all__ = ["Outcomes", "StreamedRun", "judge_streamed", "scratch_folder"]


def scratch_folder() -> Path:
    """A new private folder for a run's scratch files (removed by `StreamedRun.close`)."""
    return Path(tempfile.mkdtemp(prefix="ragoro-run-"))


@contextmanager
def removed_on_error(scratch: Path) -> Iterator[None]:
    """Remove `scratch` when the block fails (or is interrupted); keep it otherwise."""
    try:
        yield
    except BaseException:
        shutil.rmtree(scratch, ignore_errors=True)
        raise


class Outcomes:
    """A run's outcomes by case id, read from a file one at a time, and the order the
    report lists them in."""

    def __init__(
        self,
        get: Callable[[str], CaseOutcome],
        has: Callable[[str], bool],
        order: list[str],
        close: Callable[[], None],
    ) -> None:
        """`get`/`has`: read / test one case; `order`: the case ids, in report order;
        `close`: release the file."""
        self._get, self._has, self.order, self.close = get, has, order, close

    @classmethod
    def of_journal(cls, journal: OutcomesJournal, order: list[str]) -> Outcomes:
        """The outcomes a journal holds (a run's, in golden order)."""
        return cls(journal.get, journal.__contains__, order, journal.close)

    @classmethod
    def of_store(cls, store: LineStore, kept: set[str]) -> Outcomes:
        """The outcomes of an indexed outcomes file, in file order, `kept` ids only."""
        return cls(
            lambda case_id: CaseOutcome.model_validate_json(store.read(case_id)),
            lambda case_id: case_id in store.offsets,
            [case_id for case_id in store.offsets if case_id in kept],
            store.close,
        )

    def __contains__(self, case_id: object) -> bool:
        return isinstance(case_id, str) and self._has(case_id)

    def get(self, case_id: str) -> CaseOutcome | None:
        """The outcome of `case_id`, None when the run has none."""
        return self._get(case_id) if self._has(case_id) else None

    def read(self, case_id: str) -> CaseOutcome:
        """The outcome of `case_id` (`KeyError` when the run has none)."""
        return self._get(case_id)

    def __iter__(self) -> Iterator[CaseOutcome]:
        """Every outcome in report order, read one at a time."""
        for case_id in self.order:
            yield self._get(case_id)


@dataclass
class StreamedRun:
    """One evaluation, kept on disk (see the module docstring)."""

    report: RunReport
    """Every number of the run; `case_results` is empty (the verdicts are in `cases`)."""
    golden: GoldenSource
    outcomes: Outcomes
    cases: JudgedCases
    scratch: Path
    runs: int = 1
    """Times every case was judged (repeats, or 1 for a deterministic judge)."""
    accounting: dict[str, Accounting] = field(default_factory=dict)
    journal: OutcomesJournal | None = None
    """The run's outcomes journal: `finish()` it once the outcomes file is written."""

    def rows(self) -> Iterator[tuple[str, CaseRow]]:
        """Every judged case's report row, in golden order, read one at a time."""
        return self.cases.rows()

    def shown(self, case_id: str) -> bool:
        """Whether the case was judged or has an outcome (the HTML page shows it)."""
        return case_id in self.cases or case_id in self.outcomes

    def write_outcomes(self, path: Path) -> None:
        """The outcomes file (one JSON line per case, report order), written atomically
        one case at a time; the run reads its outcomes from it from then on (the
        journal they came from may go)."""
        store = LineStore(path)
        offset = 0

        def lines() -> Iterator[str]:
            nonlocal offset
            for outcome in self.outcomes:
                line = outcome.model_dump_json() + "\n"
                store.offsets.setdefault(outcome.case_id, offset)
                offset += len(line.encode("utf-8"))
                yield line

        atomic_write_lines(path, lines())
        self.outcomes.close()
        self.outcomes = Outcomes.of_store(store, set(self.outcomes.order))

    def materialize(self) -> Evaluation:
        """The whole run in memory, as the library returns it: every outcome, every
        verdict, and a report holding every case's results."""

        report = self.report.model_copy(update={"case_results": dict(self.rows())})
        return Evaluation(
            report=report,
            outcomes=list(self.outcomes),
            results=self.cases.results(1),
            again=[self.cases.results(run) for run in range(2, self.runs + 1)],
            accounting=self.accounting,
            journal=self.journal,
        )

    def close(self) -> None:
        """Remove the scratch files (the journal, when there is one, is the caller's)."""
        self.cases.close()
        self.outcomes.close()
        shutil.rmtree(self.scratch, ignore_errors=True)


def judge_streamed(
    items: GoldenSource,
    outcomes: Outcomes,
    judge: Judge,
    builder: ReportBuilder,
    *,
    executor: Executor,
    plan: JudgePlan | None,
    repeats: int,
    concurrency: int,
    progress: bool,
) -> int:
    """Judge every item's outcome `repeats` times (once for a deterministic judge) in one
    stream through the executor, feeding `builder` in golden order; returns the number of
    times judged. `InputError` before any judge call when a case has no outcome."""
    missing = [case_id for case_id in items.ids if case_id not in outcomes]
    if missing:
        shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise InputError(f"{len(missing)} golden case(s) have no outcome: {shown}")
    runs = judge_runs(judge, repeats)
    pending: deque[tuple[int, GoldenItem]] = deque()

    def entries() -> Iterator[tuple[int, GoldenItem, CaseOutcome]]:
        for run in range(1, runs + 1):
            for item in items:
                pending.append((run, item))
                yield run, item, outcomes.read(item.id)

    label = f"judge {judge.name}"
    for result in executor.iter_judged(
        entries(),
        judge,
        plan,
        total=len(items) * runs,
        concurrency=concurrency,
        progress=progress,
        desc=label if runs == 1 else f"{label} ({runs} repeats)",
    ):
        run, item = pending.popleft()
        builder.add(run, item, result)
    return runs
