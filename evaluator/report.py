"""The run report: one pass rate per metric, never blended, plus fabrication and grade."""

from __future__ import annotations

from collections import defaultdict
from collections.abc import Iterable, Mapping, Sequence
from typing import Any, Literal

from pydantic import BaseModel, Field, PrivateAttr, model_validator

from judges.applicability import applies_to
from judges.base import JudgeResult
from judges.metrics import metric_names
from ragoro.contracts import CaseOutcome, GoldenItem, TokenUsage, Verdict

Band = Literal["green", "yellow", "red"]


class TagStats(BaseModel):
    """Pass counts of one metric within one tag value."""

    total: int = 0
    passed: int = 0

    @property
    def pass_rate(self) -> float:
        """passed / total, 1.0 when nothing was scored."""
        return self.passed / self.total if self.total else 1.0


class Spread(BaseModel):
    """How far one metric's pass rate moved when every case was judged again (--repeats)."""

    rates: list[float] = Field(
        description="Pass rate of each repeat judged, repeat 1 first; a single rate when the "
        "judge is deterministic (it is judged once: its repeats could not differ)."
    )
    low: float = Field(description="The lowest pass rate over the repeats.")
    high: float = Field(description="The highest pass rate over the repeats.")
    width: float = Field(
        description="high - low: how much the judge alone moved this rate on the same "
        "answers. The gate calls a drop no larger than this judge noise, not a regression."
    )

    @classmethod
    def of(cls, rates: Sequence[float]) -> Spread:
        """The spread of some pass rates (repeat 1 first)."""
        if not rates:
            raise ValueError("a spread needs at least one pass rate")
        low, high = min(rates), max(rates)
        return cls(rates=list(rates), low=low, high=high, width=high - low)


class MetricReport(BaseModel):
    """One metric over the run: scored cases only in total; unscored counted apart.

    With --repeats N every number here is repeat 1's (the verdicts the per-case results,
    failures and the baseline evidence come from); `spread` says how much the other repeats
    moved the pass rate.
    """

    name: str
    applies_to: list[str] = Field(description="Case types this metric is judged on.")
    total: int = Field(description="Cases that got a score.")
    passed: int
    pass_rate: float = Field(description="passed / total (repeat 1); 1.0 when total is 0.")
    mean_value: float | None = Field(default=None, description="Mean score of scored cases.")
    failures: list[str] = Field(default_factory=list, description="Ids of failed cases.")
    unscored: int = Field(default=0, description="Cases the judge could not score.")
    unscored_cases: dict[str, str] = Field(default_factory=dict, description="Id -> reason.")
    by_tag: dict[str, TagStats] = Field(default_factory=dict, description="key=value -> counts.")
    spread: Spread | None = Field(
        default=None,
        description="Pass rate over the repeats when the run asked for more than one "
        "(--repeats N > 1; a deterministic judge then shows its one rate, width 0); None "
        "with --repeats 1: nothing was measured.",
    )


class CaseVerdict(BaseModel):
    """One metric on one case as the report keeps it: the verdict and why."""

    passed: bool | None = Field(description="None = unscored.")
    value: float | None = Field(default=None, description="The score in 0..1; None = unscored.")
    reason: str = Field(default="", description="Why this verdict (or why unscored).")

    @model_validator(mode="before")
    @classmethod
    def _from_bare_result(cls, data: Any) -> Any:
        # Reports written before reasons were kept stored only passed (a bool or null).
        if data is None or isinstance(data, bool):
            return {"passed": data, "value": None if data is None else float(data)}
        return data


class GradeSummary(BaseModel):
    """The LLM judge's 0-10 grade over the run."""

    mean: float | None = Field(description="Mean grade; None when no case got one.")
    band: Band | None = Field(description="green above 8, yellow above 5, red otherwise.")
    graded: int
    ungraded: int


class RunReport(BaseModel):
    """What one evaluation run found; the baseline gate compares these."""

    mode: str = Field(description="tool or agent.")
    judge: str = Field(description="offline or llm.")
    judge_model: str | None = None
    agent: str
    agent_model: str | None = None
    golden_path: str
    golden_sha256: str
    index_path: str = Field(default="", description="The index the run used (lineage).")
    corpus_sha256: str = Field(
        default="", description="Fingerprint of the corpus that index was built from."
    )
    docs: str = Field(default="", description="The folder that index was built from.")
    outcomes_path: str = Field(default="", description="The outcomes judged or written.")
    n_cases: int
    repeats: int = Field(
        default=1,
        description="Times every case was to be judged (--repeats); numbers are repeat 1's.",
    )
    repeats_judged: int = Field(
        default=1,
        description="Times every case was judged: `repeats`, or 1 for a deterministic judge.",
    )
    metrics: dict[str, MetricReport]
    fabrication_count: int = Field(description="Refusal cases that got an answer anyway.")
    fabrication_cases: list[str] = Field(default_factory=list)
    unscored_count: int = Field(default=0, description="Unscored verdicts over all metrics.")
    grade: GradeSummary | None = None
    case_results: dict[str, dict[str, CaseVerdict]] = Field(
        default_factory=dict, description="case id -> metric -> {passed, value, reason}."
    )
    agent_errors: dict[str, str] = Field(default_factory=dict, description="Id -> agent error.")
    usage: dict[str, TokenUsage] = Field(default_factory=dict, description="agent / judge spend.")
    timings: dict[str, float] = Field(default_factory=dict, description="Seconds per phase.")
    started_at: str = ""

    _passes: dict[str, dict[str, bool | None]] | None = PrivateAttr(default=None)

    def use_passes(self, passes: dict[str, dict[str, bool | None]]) -> None:
        """Answer `case_passes` from this map: a report built case by case keeps its
        `case_results` on disk (`evaluator.accumulate`), and only this in memory."""
        self._passes = passes

    def case_passes(self) -> dict[str, dict[str, bool | None]]:
        """case id -> metric -> passed (None = unscored): what the baseline stores."""
        if self._passes is not None and not self.case_results:
            return self._passes
        return {
            case_id: {metric: verdict.passed for metric, verdict in row.items()}
            for case_id, row in self.case_results.items()
        }


def pass_rate(results: Iterable[bool | None]) -> tuple[float, int]:
    """(passed / scored, scored) over per-case results; unscored (None) ones are left out,
    and a metric nothing scored has rate 1.0 with 0 scored (the gate counts unscored apart)."""
    scored = [bool(r) for r in results if r is not None]
    return (sum(scored) / len(scored) if scored else 1.0), len(scored)


def band_of(mean: float) -> Band:
    """green above 8, yellow above 5, red otherwise (the seed's thresholds)."""
    if mean > 8:
        return "green"
    return "yellow" if mean > 5 else "red"


def summarise_metric(
    name: str, verdicts: Iterable[Verdict], items: Mapping[str, GoldenItem]
) -> MetricReport:
    """Aggregate the verdicts of one metric; unscored verdicts never count as failures."""
    total = passed = 0
    verdicts_seen = list(verdicts)
    values: list[float] = []
    failures: list[str] = []
    unscored: dict[str, str] = {}
    by_tag: dict[str, TagStats] = defaultdict(TagStats)
    for verdict in verdicts_seen:
        if verdict.value is None:
            unscored[verdict.case_id] = verdict.reason
            continue
        total += 1
        values.append(verdict.value)
        passed += bool(verdict.passed)
        if not verdict.passed:
            failures.append(verdict.case_id)
        item = items.get(verdict.case_id)
        tags = {**(item.tags if item else {}), "case_type": item.case_type if item else "?"}
        for key, tag in sorted(tags.items()):
            stats = by_tag[f"{key}={tag}"]
            stats.total += 1
            stats.passed += bool(verdict.passed)
    return MetricReport(
        name=name,
        applies_to=list(applies_to().get(name, ())),
        total=total,
        passed=passed,
        pass_rate=pass_rate(v.passed for v in verdicts_seen)[0],
        mean_value=sum(values) / len(values) if values else None,
        failures=failures,
        unscored=len(unscored),
        unscored_cases=unscored,
        by_tag=dict(sorted(by_tag.items())),
    )


def metric_order(names: Iterable[str]) -> list[str]:
    """Known metrics in their canonical order, then any extra ones alphabetically."""
    present, known = set(names), metric_names()
    return [m for m in known if m in present] + sorted(present - set(known))


def _by_metric(results: Iterable[JudgeResult]) -> dict[str, list[Verdict]]:
    verdicts: dict[str, list[Verdict]] = defaultdict(list)
    for result in results:
        for verdict in result.verdicts:
            verdicts[verdict.metric].append(verdict)
    return verdicts


def metric_spread(name: str, repeats: Sequence[Sequence[JudgeResult]]) -> Spread:
    """The spread of one metric's pass rate over the results of each repeat (repeat 1 first)."""
    return Spread.of(
        [pass_rate(v.passed for v in _by_metric(run).get(name, []))[0] for run in repeats]
    )


def build_report(
    items: Sequence[GoldenItem],
    outcomes: Sequence[CaseOutcome],
    results: Sequence[JudgeResult],
    *,
    again: Sequence[Sequence[JudgeResult]] = (),
    repeats: int = 1,
    **meta: Any,
) -> RunReport:
    """Aggregate per-case judge results into per-metric pass rates (never blended).

    `results` are repeat 1's and give every number; `again` holds the results of repeats
    2..N (empty for a deterministic judge, judged once whatever `repeats` asked). When
    `repeats` > 1 each metric gets its spread over the repeats judged; the judge's spend
    counts every repeat.
    """
    by_id = {item.id: item for item in items}
    verdicts = _by_metric(results)
    case_results: dict[str, dict[str, CaseVerdict]] = {}
    for result in results:
        case_results[result.case_id] = {
            verdict.metric: CaseVerdict(
                passed=verdict.passed, value=verdict.value, reason=verdict.reason
            )
            for verdict in result.verdicts
        }
    metrics = {
        name: summarise_metric(name, verdicts[name], by_id) for name in metric_order(verdicts)
    }
    judged = [results, *again]
    if repeats > 1:
        for name, metric in metrics.items():
            metric.spread = metric_spread(name, judged)
    fabricated = {result.case_id for result in results if result.fabricated}
    fabrications = [item.id for item in items if item.id in fabricated]
    grades = [r.grade for r in results if r.grade is not None]
    grade = None
    if grades or meta.get("judge") == "llm":
        mean = sum(grades) / len(grades) if grades else None
        grade = GradeSummary(
            mean=mean,
            band=band_of(mean) if mean is not None else None,
            graded=len(grades),
            ungraded=len(results) - len(grades),
        )
    judge_usage = TokenUsage()
    for run in judged:
        for result in run:
            judge_usage = judge_usage.add(result.usage)
    agent_usage = TokenUsage()
    for outcome in outcomes:
        agent_usage = agent_usage.add(outcome.usage)
    return RunReport(
        n_cases=len(items),
        repeats=repeats,
        repeats_judged=len(judged),
        metrics=metrics,
        fabrication_count=len(fabrications),
        fabrication_cases=fabrications,
        unscored_count=sum(m.unscored for m in metrics.values()),
        grade=grade,
        case_results=case_results,
        agent_errors={o.case_id: o.error for o in outcomes if o.error},
        usage={"agent": agent_usage, "judge": judge_usage},
        **meta,
    )
