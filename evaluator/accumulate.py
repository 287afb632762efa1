"""The run report built one judged case at a time: streaming accumulators for every number
`build_report` computes, and the verdicts kept on disk instead of in memory.

`ReportBuilder` is fed each case in golden order and gives the same `RunReport` as
`evaluator.report.build_report` on the whole run, except that `case_results` stays empty:
every case's verdicts are in `JudgedCases` (a file, read back one case at a time by
`rows`), and only each case's passed/failed map is held, for the baseline gate. What
grows with the run is that map and the ids the report lists (failures, unscored cases,
fabrications, agent errors).
"""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterator
from pathlib import Path
from typing import Any

from evaluator.line_store import LineStore
from evaluator.report import (
    CaseVerdict,
    GradeSummary,
    MetricReport,
    RunReport,
    Spread,
    TagStats,
    band_of,
    metric_order,
)
from judges.applicability import applies_to
from judges.base import JudgeResult
from ragoro.contracts import CaseOutcome, GoldenItem, TokenUsage, Verdict

__all__ = ["CaseRow", "JudgedCases", "ReportBuilder"]

CaseRow = dict[str, CaseVerdict]
"""One case's verdicts as the report keeps them: metric -> {passed, value, reason}."""


def row_of(result: JudgeResult) -> CaseRow:
    """The report's row of one judged case."""
    return {
        verdict.metric: CaseVerdict(
            passed=verdict.passed, value=verdict.value, reason=verdict.reason
        )
        for verdict in result.verdicts
    }


class JudgedCases:
    """Every judge result of a run in files: repeat 1's by case id, the others in order."""

    def __init__(self, folder: Path) -> None:
        """Files are made in `folder` (a scratch folder the caller removes)."""
        self.first = LineStore(folder / "judged-1.jsonl")
        self.again = LineStore(folder / "judged-again.jsonl")
        self._again_runs: dict[int, int] = defaultdict(int)

    def add(self, run: int, result: JudgeResult) -> None:
        """Keep one result of repeat `run`."""
        if run == 1:
            self.first.append(result.case_id, result.model_dump_json())
        else:
            number = self._again_runs[run]
            self._again_runs[run] += 1
            self.again.append(f"{run}:{number}", result.model_dump_json())

    def ids(self) -> list[str]:
        """Judged case ids, in golden order."""
        return list(self.first.offsets)

    def __contains__(self, case_id: object) -> bool:
        return case_id in self.first

    def result(self, case_id: str) -> JudgeResult:
        """Repeat 1's result of one case."""
        return JudgeResult.model_validate_json(self.first.read(case_id))

    def row(self, case_id: str) -> CaseRow:
        """One case's report row (empty when it was not judged)."""
        return row_of(self.result(case_id)) if case_id in self.first else {}

    def rows(self) -> Iterator[tuple[str, CaseRow]]:
        """(case id, row) of every judged case in golden order, read one at a time."""
        for case_id in list(self.first.offsets):
            yield case_id, self.row(case_id)

    def results(self, run: int = 1) -> list[JudgeResult]:
        """Every result of repeat `run`, in golden order (loads them all: library use)."""
        if run == 1:
            return [self.result(case_id) for case_id in self.first.offsets]
        return [
            JudgeResult.model_validate_json(self.again.read(f"{run}:{n}"))
            for n in range(self._again_runs.get(run, 0))
        ]

    def close(self) -> None:
        """Close the files."""
        self.first.close()
        self.again.close()


class _Metric:
    """One metric's running counts (what `summarise_metric` computes over a list)."""

    def __init__(self) -> None:
        self.total = self.passed = 0
        self.rated = self.rated_passed = 0
        self.value_sum: float = 0
        self.failures: list[str] = []
        self.unscored: dict[str, str] = {}
        self.by_tag: dict[str, list[int]] = {}
        """[total, passed] by "key=value" tag: plain counters, made `TagStats` once in
        `report` (an assignment to a pydantic field costs ~10 µs, and a case adds to ~60)."""

    def add(self, verdict: Verdict, item: GoldenItem | None) -> None:
        if verdict.passed is not None:
            self.rated += 1
            self.rated_passed += bool(verdict.passed)
        if verdict.value is None:
            self.unscored[verdict.case_id] = verdict.reason
            return
        self.total += 1
        # Left to right, as sum() adds a list: the mean is the same float to the bit.
        self.value_sum += verdict.value
        self.passed += bool(verdict.passed)
        if not verdict.passed:
            self.failures.append(verdict.case_id)
        tags = {**(item.tags if item else {}), "case_type": item.case_type if item else "?"}
        passed = bool(verdict.passed)
        for key, tag in sorted(tags.items()):
            counts = self.by_tag.get(f"{key}={tag}")
            if counts is None:
                self.by_tag[f"{key}={tag}"] = [1, int(passed)]
            else:
                counts[0] += 1
                counts[1] += passed

    def report(self, name: str) -> MetricReport:
        return MetricReport(
            name=name,
            applies_to=list(applies_to().get(name, ())),
            total=self.total,
            passed=self.passed,
            pass_rate=self.rated_passed / self.rated if self.rated else 1.0,
            mean_value=self.value_sum / self.total if self.total else None,
            failures=self.failures,
            unscored=len(self.unscored),
            unscored_cases=self.unscored,
            by_tag={
                tag: TagStats(total=total, passed=passed)
                for tag, (total, passed) in sorted(self.by_tag.items())
            },
        )


class ReportBuilder:
    """The report's numbers, accumulated case by case (see the module docstring)."""

    def __init__(self, cases: JudgedCases) -> None:
        """`cases`: where each judged case's results are kept."""
        self.cases = cases
        self.passes: dict[str, dict[str, bool | None]] = {}
        self._metrics: dict[str, _Metric] = {}
        self._rates: dict[int, dict[str, list[int]]] = defaultdict(dict)
        self._fabricated: list[str] = []
        self._grade_sum: float = 0
        self._graded = self._judged = 0
        self._judge_usage = TokenUsage()
        self._agent_usage = TokenUsage()
        self._agent_errors: dict[str, str] = {}
        self._runs: set[int] = set()

    def add(self, run: int, item: GoldenItem, result: JudgeResult) -> None:
        """One judged case of repeat `run`, in golden order."""
        self.cases.add(run, result)
        self._runs.add(run)
        self._judge_usage = self._judge_usage.add(result.usage)
        rates = self._rates[run]
        for verdict in result.verdicts:
            counts = rates.setdefault(verdict.metric, [0, 0])
            if verdict.passed is not None:
                counts[0] += bool(verdict.passed)
                counts[1] += 1
        if run != 1:
            return
        self.passes[result.case_id] = {v.metric: v.passed for v in result.verdicts}
        for verdict in result.verdicts:
            metric = self._metrics.setdefault(verdict.metric, _Metric())
            metric.add(verdict, item if item.id == verdict.case_id else None)
        if result.fabricated and result.case_id == item.id:
            self._fabricated.append(item.id)
        self._judged += 1
        if result.grade is not None:
            self._graded += 1
            self._grade_sum += result.grade

    def add_outcome(self, outcome: CaseOutcome) -> None:
        """One outcome, in the order the report lists agent errors."""
        self._agent_usage = self._agent_usage.add(outcome.usage)
        if outcome.error:
            self._agent_errors[outcome.case_id] = outcome.error

    def _spread(self, name: str) -> Spread:
        rates = []
        for run in sorted(self._runs):
            passed, scored = self._rates[run].get(name, [0, 0])
            rates.append(passed / scored if scored else 1.0)
        return Spread.of(rates)

    def build(self, *, n_cases: int, repeats: int, **meta: Any) -> RunReport:
        """The report (with `case_results` empty; `case_passes()` answers from memory)."""
        metrics = {name: self._metrics[name].report(name) for name in metric_order(self._metrics)}
        if repeats > 1:
            for name, metric in metrics.items():
                metric.spread = self._spread(name)
        grade = None
        if self._graded or meta.get("judge") == "llm":
            mean = self._grade_sum / self._graded if self._graded else None
            grade = GradeSummary(
                mean=mean,
                band=band_of(mean) if mean is not None else None,
                graded=self._graded,
                ungraded=self._judged - self._graded,
            )
        report = RunReport(
            n_cases=n_cases,
            repeats=repeats,
            repeats_judged=max(1, len(self._runs)),
            metrics=metrics,
            fabrication_count=len(self._fabricated),
            fabrication_cases=self._fabricated,
            unscored_count=sum(m.unscored for m in metrics.values()),
            grade=grade,
            agent_errors=self._agent_errors,
            usage={"agent": self._agent_usage, "judge": self._judge_usage},
            **meta,
        )
        report.use_passes(self.passes)
        return report
