"""`--update-baseline`: how one entry ratchets on a run (rates up, counts down, never loose)."""

from __future__ import annotations

from pydantic import BaseModel, Field

from evaluator.baseline import (
    FABRICATION,
    UNSCORED,
    BaselineComparison,
    BaselineEntry,
    CaseResults,
    format_number,
    now_utc,
    rate,
    run_spread,
    unjudged,
)
from evaluator.report import RunReport


class RatchetResult(BaseModel):
    """What `--update-baseline` does to one entry."""

    entry: BaselineEntry = Field(description="The entry to store (may equal the old one).")
    tightened: list[str] = Field(default_factory=list, description="Values moved up (or down).")
    refused: list[str] = Field(default_factory=list, description="Worse values not stored.")
    evidence_refreshed: bool = Field(
        default=False, description="cases, golden_sha256 and n_cases now come from this run."
    )


def ratchet(
    entry: BaselineEntry, report: RunReport, comparison: BaselineComparison
) -> RatchetResult:
    """Apply `--update-baseline` to an entry: rates only go up, counts only go down.

    A worse value is kept and listed as refused (a drop within the judge's spread too: noise
    never lowers a bar). A metric nothing was judged on is never stored, and a run with
    more unscored verdicts than the entry allows raises no rate at all. A raised rate stores the spread this run measured for it (none
    measured, i.e. one repeat: the stored spread stays). Per-case evidence (cases,
    golden_sha256, n_cases) is replaced only when the run passed and nothing was refused, so
    flipped cases are always counted against the last accepted run, never a regressed one; a
    metric raised by a regressed run takes along its own per-case results only.
    """
    out = RatchetResult(entry=entry.model_copy(deep=True))
    new = out.entry
    raised: list[str] = []
    blank = unjudged(report)
    # A run that could not judge as much as the entry did cannot prove a rate rose.
    frozen = report.unscored_count > entry.unscored_count
    if frozen:
        out.refused.append(
            f"not raising any rate: this run has {report.unscored_count} unscored verdict(s), "
            f"the entry allows {entry.unscored_count}"
        )
    for name, metric in sorted(report.metrics.items()):
        current, stored = rate(metric.pass_rate), entry.metrics.get(name)
        was = "not gated" if stored is None else format_number(stored)
        if name in blank:
            out.refused.append(f"not storing {name}: {blank[name]}")
            continue
        if frozen:
            continue
        if stored is None or current > stored:
            new.metrics[name] = current
            raised.append(name)
            out.tightened.append(f"{name}: {was} -> {format_number(current)}")
            spread = run_spread(report, name)
            if spread is not None:
                _store_spread(new, name, spread)
                out.tightened[-1] += f" (judge spread {format_number(spread)})"
        elif current < stored:
            out.refused.append(
                f"not lowering {name}: stored {was}, this run {format_number(current)}"
            )
    if not comparison.golden_changed:
        _adopt(new.cases, report.case_passes(), raised)
    counts = ((FABRICATION, report.fabrication_count), (UNSCORED, report.unscored_count))
    for name, count in counts:
        stored_count = getattr(entry, name)
        if count < stored_count:
            setattr(new, name, count)
            out.tightened.append(f"{name}: {stored_count} -> {count}")
            if name == FABRICATION:
                new.fabrication_cases = sorted(report.fabrication_cases)
        elif count > stored_count:
            out.refused.append(f"not raising {name}: stored {stored_count}, this run {count}")
    if comparison.passed and not out.refused:
        new.cases = dict(sorted(report.case_passes().items()))
        new.golden_sha256 = report.golden_sha256
        new.n_cases = report.n_cases
        new.fabrication_cases = sorted(report.fabrication_cases)
        out.evidence_refreshed = True
    if new != entry:
        new.updated_at = now_utc()
    return out


def _store_spread(entry: BaselineEntry, metric: str, spread: float) -> None:
    """Record a metric's measured spread; 0 is the default, so it is not written."""
    if spread:
        entry.spread[metric] = spread
    else:
        entry.spread.pop(metric, None)


def _adopt(
    cases: dict[str, dict[str, bool | None]], results: CaseResults, metrics: list[str]
) -> None:
    """Copy some metrics' per-case results, so each stored rate keeps the evidence behind it."""
    for cid, row in cases.items():
        for metric in metrics:
            if metric in results.get(cid, {}):
                row[metric] = results[cid][metric]
            else:
                row.pop(metric, None)
