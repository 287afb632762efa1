"""How a run compares with its baseline entry: regressions, drops within the judge's
spread, improvements, and every case that flipped.

A drop of a metric no larger than the judge's measured spread (the larger of the entry's
stored spread and this run's, see `--repeats`) is judge noise: it is reported "within the
judge's spread" and passes. A judge with spread 0 (the offline judge) keeps the exact rule.
"""

from __future__ import annotations

from collections.abc import Iterable

from evaluator.baseline import (
    FABRICATION,
    MISSING,
    UNSCORED,
    BaselineComparison,
    BaselineEntry,
    CaseResults,
    Improvement,
    Regression,
    WithinSpread,
    rate,
    run_spread,
    unjudged,
)
from evaluator.report import RunReport, pass_rate

__all__ = ["compare_to_baseline"]


def _rate_on(cases: CaseResults, ids: Iterable[str], metric: str) -> tuple[float, int]:
    """Pass rate of one metric over some cases, and how many were scored."""
    value, scored = pass_rate(cases.get(cid, {}).get(metric) for cid in ids)
    return rate(value), scored


def _unscored_on(cases: CaseResults, ids: Iterable[str]) -> int:
    return sum(r is None for cid in ids for r in cases.get(cid, {}).values())


def _flips(
    before: CaseResults, after: CaseResults, ids: list[str], metric: str
) -> tuple[list[str], list[str], list[str]]:
    """Case ids that went pass->fail, pass->unscored, and fail->pass on one metric."""
    broke, lost, fixed = [], [], []
    for cid in ids:
        old, new = before.get(cid, {}).get(metric), after.get(cid, {}).get(metric)
        if old is True and new is False:
            broke.append(cid)
        elif old is True and new is None and metric in after.get(cid, {}):
            lost.append(cid)
        elif old is False and new is True:
            fixed.append(cid)
    return broke, lost, fixed


def _newly_unscored(before: CaseResults, after: CaseResults, ids: list[str]) -> list[str]:
    """ "case:metric" pairs that had a score in the baseline and have none now."""
    return [
        f"{cid}:{metric}"
        for cid in ids
        for metric, new in sorted(after.get(cid, {}).items())
        if new is None and before.get(cid, {}).get(metric) is not None
    ]


def compare_to_baseline(
    report: RunReport, baseline: BaselineEntry | None, *, fail_on_flips: bool = False
) -> BaselineComparison:
    """Compare a run with its entry: any listed metric lower by more than the judge's spread
    (max of the stored one and this run's; 0 for the offline judge), or more fabrications or
    unscored verdicts, is a regression; a drop within the spread is listed in
    `within_spread` and passes; equality passes; unlisted metrics are ignored.

    When the golden set changed, every value is recomputed on the cases both sets share.
    A gated metric nothing was judged on is a regression, never a rate of 1.0 (on a new
    entry too). Every pass->fail flip of a gated metric is listed in `flips`, whatever
    its rate did; with `fail_on_flips` any flip fails the gate.
    """
    if baseline is None:
        created = BaselineComparison(passed=True, created=True, fail_on_flips=fail_on_flips)
        for name, reason in unjudged(report).items():
            created.regressions.append(
                Regression(metric=name, baseline=0.0, current=None, delta=None, reason=reason)
            )
        created.passed = not created.regressions
        return created
    out = BaselineComparison(passed=True, fail_on_flips=fail_on_flips)
    before, after = baseline.cases, report.case_passes()
    out.golden_changed = bool(baseline.golden_sha256) and (
        baseline.golden_sha256 != report.golden_sha256
    )
    ids = sorted(set(before) & set(after))
    on_common = out.golden_changed and bool(ids)
    if out.golden_changed:
        out.new_cases = sorted(set(after) - set(before))
        out.removed_cases = sorted(set(before) - set(after))
        if on_common:
            out.common_cases = len(ids)
        else:
            # Nothing to intersect: fall back to whole-run numbers rather than pass vacuously.
            out.notes.append(
                "no per-case results in common with the baseline: comparing whole-run values"
            )
    for name, stored in sorted(baseline.metrics.items()):
        _compare_metric(
            out, report, baseline, name=name, stored=stored, ids=ids, on_common=on_common
        )
    _compare_counts(out, report, baseline, ids=ids, on_common=on_common)
    out.passed = not out.regressions and not (fail_on_flips and out.flips)
    return out


def _compare_metric(
    out: BaselineComparison,
    report: RunReport,
    baseline: BaselineEntry,
    *,
    name: str,
    stored: float,
    ids: list[str],
    on_common: bool,
) -> None:
    if name not in report.metrics:
        out.regressions.append(
            Regression(metric=name, baseline=stored, current=None, delta=None, reason=MISSING)
        )
        return
    blank = unjudged(report).get(name)
    if blank is not None:
        out.regressions.append(
            Regression(metric=name, baseline=stored, current=None, delta=None, reason=blank)
        )
        return
    current = rate(report.metrics[name].pass_rate)
    if on_common:
        old, n_old = _rate_on(baseline.cases, ids, name)
        # A metric the stored cases never scored keeps its stored bar.
        stored = old if n_old else stored
        current, _ = _rate_on(report.case_passes(), ids, name)
    broke, lost, fixed = _flips(baseline.cases, report.case_passes(), ids, name)
    if broke:
        out.flips[name] = broke
    delta = rate(current - stored)
    spread = rate(max(baseline.spread_of(name), run_spread(report, name) or 0.0))
    if current < stored and spread > 0 and -delta <= spread:
        out.within_spread.append(
            WithinSpread(
                metric=name,
                baseline=stored,
                current=current,
                delta=delta,
                spread=spread,
                flipped_cases=broke,
                unscored_cases=lost,
            )
        )
    elif current < stored:
        out.regressions.append(
            Regression(
                metric=name,
                baseline=stored,
                current=current,
                delta=delta,
                flipped_cases=broke,
                unscored_cases=lost,
                spread=spread,
            )
        )
    elif current > stored or fixed:
        out.improvements.append(
            Improvement(
                metric=name,
                baseline=stored,
                current=current,
                delta=delta,
                fixed_cases=fixed,
                flipped_cases=broke,
            )
        )


def _compare_counts(
    out: BaselineComparison,
    report: RunReport,
    baseline: BaselineEntry,
    *,
    ids: list[str],
    on_common: bool,
) -> None:
    """Fabrications and unscored verdicts: lower is better, any rise is a regression."""
    old_fab, new_fab = set(baseline.fabrication_cases), set(report.fabrication_cases)
    fab_before, fab_now = baseline.fabrication_count, report.fabrication_count
    unscored_before, unscored_now = baseline.unscored_count, report.unscored_count
    if on_common:
        common = set(ids)
        old_fab, new_fab = old_fab & common, new_fab & common
        fab_before, fab_now = len(old_fab), len(new_fab)
        unscored_before = _unscored_on(baseline.cases, ids)
        unscored_now = _unscored_on(report.case_passes(), ids)
    rows: tuple[tuple[str, int, int, list[str], list[str]], ...] = (
        (FABRICATION, fab_before, fab_now, sorted(new_fab - old_fab), sorted(old_fab - new_fab)),
        (UNSCORED, unscored_before, unscored_now, [], []),
    )
    for name, before, now, worse, better in rows:
        if worse:
            out.flips[name] = worse
        delta = float(now - before)
        if now > before:
            reg = Regression(
                metric=name, baseline=before, current=now, delta=delta, flipped_cases=worse
            )
            if name == UNSCORED:
                reg.unscored_cases = _newly_unscored(baseline.cases, report.case_passes(), ids)
            out.regressions.append(reg)
        elif now < before:
            out.improvements.append(
                Improvement(
                    metric=name, baseline=before, current=now, delta=delta, fixed_cases=better
                )
            )
