"""The gate and the judge's spread: a drop no larger than the measured spread is noise and
passes; beyond it, it is a regression as always; spread 0 keeps the exact rule."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from pydantic import ValidationError

from evaluator.baseline import BaselineEntry, make_baseline_entry
from evaluator.compare import compare_to_baseline
from evaluator.gate import format_comparison, ratchet, run_gate
from evaluator.report import RunReport, Spread
from tests.evaluator.test_baseline_compare import grid, make_report


def repeated(report: RunReport, **rates: list[float]) -> RunReport:
    """The report as a --repeats run measured it: metric -> pass rate of each repeat."""
    for name, values in rates.items():
        report.metrics[name].spread = Spread.of(values)
        report.repeats = report.repeats_judged = len(values)
    return report


def entry_with(spread: dict[str, float], **metrics: str) -> BaselineEntry:
    entry = make_baseline_entry(make_report(grid(**metrics)))
    entry.spread = spread
    return entry


def test_a_drop_within_the_stored_spread_passes_and_is_named() -> None:
    entry = entry_with({"faithfulness": 0.25}, faithfulness="PPPP")
    comparison = compare_to_baseline(make_report(grid(faithfulness="PPPF")), entry)
    assert comparison.passed and comparison.regressions == []
    [drop] = comparison.within_spread
    assert (drop.metric, drop.baseline, drop.current, drop.delta, drop.spread) == (
        "faithfulness",
        1.0,
        0.75,
        -0.25,
        0.25,
    )
    assert drop.flipped_cases == ["c3"]
    lines = format_comparison(comparison)
    assert lines == [
        "  within the judge's spread faithfulness: baseline 1, current 0.75, delta -0.25, "
        "spread 0.25; flipped pass->fail: c3"
    ]


def test_a_drop_beyond_the_spread_is_a_regression_that_says_so() -> None:
    entry = entry_with({"faithfulness": 0.25}, faithfulness="PPPP")
    comparison = compare_to_baseline(make_report(grid(faithfulness="PPFF")), entry)
    assert not comparison.passed and comparison.within_spread == []
    [reg] = comparison.regressions
    assert (reg.delta, reg.spread, reg.flipped_cases) == (-0.5, 0.25, ["c2", "c3"])
    assert format_comparison(comparison) == [
        "  REGRESSION faithfulness: baseline 1, current 0.5, delta -0.5, beyond the judge's "
        "spread 0.25; flipped pass->fail: c2, c3"
    ]


@pytest.mark.parametrize(
    ("stored", "run", "passes"),
    [
        (0.0, [0.75, 1.0], True),  # only this run measured it
        (0.1, [0.75, 1.0], True),  # the larger of the two counts
        (0.25, [0.75, 0.8], True),
        (0.1, [0.75, 0.8], False),  # 0.25 drop, 0.1 and 0.05 spreads
        (0.0, [0.75], False),  # a deterministic judge: spread 0, the exact rule
        (0.0, [0.75, 0.75, 0.75], False),
    ],
)
def test_the_spread_is_the_larger_of_the_stored_one_and_this_runs(
    stored: float, run: list[float], passes: bool
) -> None:
    entry = entry_with({"faithfulness": stored} if stored else {}, faithfulness="PPPP")
    report = repeated(make_report(grid(faithfulness="PPPF")), faithfulness=run)
    comparison = compare_to_baseline(report, entry)
    assert comparison.passed is passes
    assert bool(comparison.within_spread) is passes and bool(comparison.regressions) is not passes


def test_spread_never_excuses_a_missing_metric_or_a_count_rise() -> None:
    entry = entry_with({"faithfulness": 1.0, "numeric": 1.0}, faithfulness="PP", numeric="PP")
    report = make_report(grid(faithfulness="PF"), fabrication=["c1"])
    comparison = compare_to_baseline(report, entry)
    assert [r.metric for r in comparison.regressions] == ["numeric", "fabrication_count"]
    assert [w.metric for w in comparison.within_spread] == ["faithfulness"]


def test_an_entry_without_spread_loads_and_spread_is_validated() -> None:
    old = {"metrics": {"faithfulness": 0.5}, "fabrication_count": 0, "n_cases": 2}
    entry = BaselineEntry.model_validate(old)
    assert entry.spread == {} and entry.spread_of("faithfulness") == 0.0
    assert not compare_to_baseline(make_report(grid(faithfulness="FF")), entry).passed
    with pytest.raises(ValidationError, match=r"within 0\.\.1"):
        BaselineEntry.model_validate({**old, "spread": {"faithfulness": 1.5}})
    stored = BaselineEntry.model_validate({**old, "spread": {"faithfulness": 1 / 3}})
    assert stored.spread == {"faithfulness": 0.333333}


def test_a_new_entry_stores_the_spreads_the_run_measured() -> None:
    report = repeated(
        make_report(grid(faithfulness="PPPF", citation="PP")),
        faithfulness=[0.75, 0.5, 0.75],
        citation=[1.0, 1.0, 1.0],
    )
    entry = make_baseline_entry(report)
    assert entry.spread == {"faithfulness": 0.25}  # 0 is the default, not written
    assert make_baseline_entry(make_report(grid(faithfulness="PF"))).spread == {}


def test_the_ratchet_stores_the_spread_of_the_run_that_tightened_a_value() -> None:
    entry = entry_with({"faithfulness": 0.1, "citation": 0.2}, faithfulness="PPFF", citation="PP")
    report = repeated(
        make_report(grid(faithfulness="PPPF", citation="PP")),
        faithfulness=[0.75, 0.5],
        citation=[1.0, 0.5],
    )
    result = ratchet(entry, report, compare_to_baseline(report, entry))
    assert result.entry.metrics["faithfulness"] == 0.75
    # faithfulness rose: its bar and spread now come from this run; citation did not move.
    assert result.entry.spread == {"faithfulness": 0.25, "citation": 0.2}
    assert result.tightened == ["faithfulness: 0.5 -> 0.75 (judge spread 0.25)"]

    # A run judged once measured nothing: the bar rises, the stored spread stays.
    once = make_report(grid(faithfulness="PPPP", citation="PP"))
    result = ratchet(entry, once, compare_to_baseline(once, entry))
    assert result.entry.metrics["faithfulness"] == 1.0
    assert result.entry.spread == {"faithfulness": 0.1, "citation": 0.2}
    # A measured spread of 0 replaces the stored one.
    steady = repeated(make_report(grid(faithfulness="PPPP", citation="PP")), faithfulness=[1, 1])
    result = ratchet(entry, steady, compare_to_baseline(steady, entry))
    assert result.entry.spread == {"citation": 0.2}


def test_the_gate_passes_a_drop_within_the_spread_and_never_lowers_the_bar(tmp_path: Path) -> None:
    path = tmp_path / "baseline.json"
    first = repeated(make_report(grid(faithfulness="PPPP"), judge="llm"), faithfulness=[1.0, 0.75])
    assert run_gate(first, path, update=False).exit_code == 0
    assert json.loads(path.read_text(encoding="utf-8"))["tool/llm"]["spread"] == {
        "faithfulness": 0.25
    }
    noisy = make_report(grid(faithfulness="PPPF"), judge="llm")
    outcome = run_gate(noisy, path, update=True)
    assert outcome.exit_code == 0
    assert outcome.lines[-1] == "gate: PASS (tool/llm; 1 drop within the judge's spread)"
    assert "within the judge's spread faithfulness" in "\n".join(outcome.lines)
    stored = json.loads(path.read_text(encoding="utf-8"))["tool/llm"]
    assert stored["metrics"] == {"faithfulness": 1.0}  # noise never lowers a bar
    worse = make_report(grid(faithfulness="PPFF"), judge="llm")
    outcome = run_gate(worse, path, update=False)
    assert outcome.exit_code == 1
    assert "beyond the judge's spread 0.25" in "\n".join(outcome.lines)
