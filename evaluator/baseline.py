"""The ratcheting baseline: its file format, and the entry a run would store.

Pure functions over `RunReport` and `BaselineEntry`. How a run compares with an entry is
`evaluator.compare`; the update rule, file I/O and locking live in `evaluator.gate`. Pass
rates are rounded to `RATE_DECIMALS` wherever they are stored or compared, so a value
survives the JSON round-trip and equality passes exactly.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from datetime import UTC, datetime

from pydantic import BaseModel, ConfigDict, Field, RootModel, field_validator

from evaluator.report import RunReport

RATE_DECIMALS = 6
FABRICATION = "fabrication_count"
UNSCORED = "unscored_count"
MISSING = "metric missing from this run"
_KEY = re.compile(r"^[^/\s]+/[^/\s]+$")

CaseResults = Mapping[str, Mapping[str, bool | None]]


def rate(value: float) -> float:
    """A pass rate as stored and compared: rounded to RATE_DECIMALS."""
    return round(value, RATE_DECIMALS)


def baseline_key(report: RunReport) -> str:
    """The entry a run is gated against: "<mode>/<judge>", e.g. "tool/offline"."""
    return f"{report.mode}/{report.judge}"


class BaselineEntry(BaseModel):
    """The accepted state of one mode/judge: the bar each metric must meet."""

    model_config = ConfigDict(extra="forbid")

    metrics: dict[str, float] = Field(description="Metric name -> minimum pass rate.")
    fabrication_count: int = Field(ge=0, description="Most refusal cases allowed to get an answer.")
    fabrication_cases: list[str] = Field(
        default_factory=list, description="Ids behind fabrication_count."
    )
    unscored_count: int = Field(default=0, ge=0, description="Most unscored verdicts allowed.")
    n_cases: int = Field(ge=0, description="Cases in the golden set the evidence comes from.")
    golden_sha256: str = Field(default="", description="sha256 of that golden set.")
    cases: dict[str, dict[str, bool | None]] = Field(
        default_factory=dict, description="Case id -> metric -> passed (null = unscored)."
    )
    spread: dict[str, float] = Field(
        default_factory=dict,
        description="Metric name -> the judge's spread (max - min pass rate over --repeats) "
        "measured by the run that set its value; a drop no larger than it is judge noise. "
        "A metric not listed has spread 0: any drop is a regression.",
    )
    updated_at: str = Field(default="", description="UTC time of the last automatic write.")
    golden_path: str = Field(
        default="",
        description="The golden set this entry was made for, relative to the baseline file's "
        "folder (its identity: another golden set gets its own entry). Empty in entries "
        "written before lineage was kept: they match a run that shares a case id with them.",
    )
    corpus_sha256: str = Field(default="", description="Fingerprint of the indexed corpus.")
    agent: str = Field(default="", description="The agent of the run that made the entry.")
    judge_model: str | None = Field(default=None, description="The judge's model, if any.")

    @field_validator("metrics", "spread")
    @classmethod
    def _rates_in_range(cls, values: dict[str, float]) -> dict[str, float]:
        for name, value in values.items():
            if not 0.0 <= value <= 1.0:
                raise ValueError(f"rate of {name} must be within 0..1, got {value}")
        return {name: rate(value) for name, value in values.items()}

    def spread_of(self, metric: str) -> float:
        """The stored spread of one metric; 0 when none is stored."""
        return self.spread.get(metric, 0.0)


class BaselineFile(RootModel[dict[str, BaselineEntry]]):
    """The whole baseline file: "<mode>/<judge>" -> entry."""

    @field_validator("root")
    @classmethod
    def _keys_are_mode_judge(cls, root: dict[str, BaselineEntry]) -> dict[str, BaselineEntry]:
        for key in root:
            if not _KEY.match(key):
                raise ValueError(f'entry key {key!r} is not "<mode>/<judge>"')
        return root


class Regression(BaseModel):
    """One value that got worse than its baseline."""

    metric: str
    baseline: float
    current: float | None = Field(description="None when the metric is missing from the run.")
    delta: float | None
    flipped_cases: list[str] = Field(
        default_factory=list, description="Pass in the baseline, fail now (or newly fabricated)."
    )
    unscored_cases: list[str] = Field(
        default_factory=list, description="Scored in the baseline, unscored now."
    )
    spread: float = Field(default=0.0, description="The judge's spread the drop went beyond.")
    reason: str = ""


class WithinSpread(BaseModel):
    """A metric below its baseline by no more than the judge's spread: noise, it passes."""

    metric: str
    baseline: float
    current: float
    delta: float = Field(description="current - baseline (negative).")
    spread: float = Field(description="max(stored spread, this run's spread) it stayed within.")
    flipped_cases: list[str] = Field(default_factory=list, description="Pass before, fail now.")
    unscored_cases: list[str] = Field(
        default_factory=list, description="Scored in the baseline, unscored now."
    )


class Improvement(BaseModel):
    """A value better than its baseline, or cases that went from fail to pass."""

    metric: str
    baseline: float
    current: float
    delta: float
    fixed_cases: list[str] = Field(default_factory=list, description="Fail before, pass now.")
    flipped_cases: list[str] = Field(
        default_factory=list,
        description="Pass before, fail now: a rising rate never hides a break.",
    )


class BaselineComparison(BaseModel):
    """How one run compares with its baseline entry."""

    passed: bool
    created: bool = Field(default=False, description="No entry existed: this run creates one.")
    golden_changed: bool = False
    common_cases: int | None = Field(
        default=None, description="Cases compared when the golden set changed."
    )
    regressions: list[Regression] = Field(default_factory=list)
    within_spread: list[WithinSpread] = Field(
        default_factory=list, description="Drops no larger than the judge's spread (they pass)."
    )
    improvements: list[Improvement] = Field(default_factory=list)
    new_cases: list[str] = Field(default_factory=list)
    removed_cases: list[str] = Field(default_factory=list)
    notes: list[str] = Field(default_factory=list)
    flips: dict[str, list[str]] = Field(
        default_factory=dict,
        description="Gated metric -> cases that went pass->fail (fabrication: newly "
        "fabricated), whatever its rate did; listed on every run.",
    )
    fail_on_flips: bool = Field(default=False, description="Any flip fails the gate.")


def now_utc() -> str:
    """The current UTC time as stored in `updated_at`."""
    return datetime.now(UTC).isoformat(timespec="seconds")


def run_spread(report: RunReport, metric: str) -> float | None:
    """The spread this run measured for a metric (rounded); None when it judged once."""
    found = report.metrics.get(metric)
    if found is None or found.spread is None:
        return None
    return rate(found.spread.width)


def unjudged(report: RunReport) -> dict[str, str]:
    """Metrics of a run that no case got a score on, each with why: "nothing was judged:
    12 unscored - first reason: ...". Their rate means nothing and never passes a gate."""
    out: dict[str, str] = {}
    for name, metric in sorted(report.metrics.items()):
        if metric.total == 0:
            first = next(iter(metric.unscored_cases.values()), "") or "no reason given"
            out[name] = f"nothing was judged: {metric.unscored} unscored - first reason: {first}"
    return out


def make_baseline_entry(report: RunReport, *, golden_path: str = "") -> BaselineEntry:
    """A baseline entry that records this run exactly (rates rounded, nonzero spreads).

    A metric nothing was judged on is left out: a baseline never stores a rate computed
    from zero scored cases."""
    blank = unjudged(report)
    scored = {name: m for name, m in report.metrics.items() if name not in blank}
    spreads = {name: run_spread(report, name) for name in scored}
    return BaselineEntry(
        metrics={name: rate(m.pass_rate) for name, m in scored.items()},
        spread={name: width for name, width in spreads.items() if width},
        fabrication_count=report.fabrication_count,
        fabrication_cases=sorted(report.fabrication_cases),
        unscored_count=report.unscored_count,
        n_cases=report.n_cases,
        golden_sha256=report.golden_sha256,
        cases=dict(sorted(report.case_passes().items())),
        updated_at=now_utc(),
        golden_path=golden_path,
        corpus_sha256=report.corpus_sha256,
        agent=report.agent,
        judge_model=report.judge_model,
    )


def format_number(value: float) -> str:
    """A rate or count for people: at most RATE_DECIMALS decimals, no trailing zeros."""
    text = f"{value:.{RATE_DECIMALS}f}".rstrip("0").rstrip(".")
    return "0" if text == "-0" else text
