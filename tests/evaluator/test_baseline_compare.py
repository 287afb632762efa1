"""The ratchet's rules, on RunReport objects built directly (no agent, no judge)."""

from __future__ import annotations

import json
from collections.abc import Iterable

from evaluator.baseline import MISSING, BaselineEntry, make_baseline_entry
from evaluator.compare import compare_to_baseline
from evaluator.gate import ratchet
from evaluator.report import CaseVerdict, MetricReport, RunReport

SHA_A = "a" * 64
SHA_B = "b" * 64
_MARKS = {"P": True, "F": False, "U": None}


def grid(first: int = 0, /, **metrics: str) -> dict[str, dict[str, bool | None]]:
    """Per-case results from strings: P pass, F fail, U unscored, - (or past the end) absent.

    grid(faithfulness="PPF") -> c0 and c1 pass, c2 fails; ids start at c{first}.
    """
    width = max(len(marks) for marks in metrics.values())
    padded = {m: marks.ljust(width, "-") for m, marks in metrics.items()}
    return {
        f"c{first + i}": {m: _MARKS[marks[i]] for m, marks in padded.items() if marks[i] != "-"}
        for i in range(width)
    }


def make_report(
    cases: dict[str, dict[str, bool | None]],
    *,
    mode: str = "tool",
    judge: str = "offline",
    sha: str = SHA_A,
    fabrication: Iterable[str] = (),
) -> RunReport:
    """A RunReport whose metrics are aggregated from per-case results, as the evaluator does."""
    metrics = {}
    for name in sorted({m for results in cases.values() for m in results}):
        marks = {cid: r[name] for cid, r in cases.items() if name in r}
        passed = sum(v is True for v in marks.values())
        failed = [cid for cid, v in marks.items() if v is False]
        total = passed + len(failed)
        metrics[name] = MetricReport(
            name=name,
            applies_to=[],
            total=total,
            passed=passed,
            pass_rate=passed / total if total else 1.0,
            failures=failed,
            unscored=sum(v is None for v in marks.values()),
        )
    fabricated = list(fabrication)
    return RunReport(
        mode=mode,
        judge=judge,
        agent="extractive",
        golden_path="data/golden/qa_golden_set.jsonl",
        golden_sha256=sha,
        n_cases=len(cases),
        metrics=metrics,
        fabrication_count=len(fabricated),
        fabrication_cases=fabricated,
        unscored_count=sum(m.unscored for m in metrics.values()),
        case_results={
            cid: {metric: CaseVerdict(passed=passed) for metric, passed in row.items()}
            for cid, row in cases.items()
        },
    )


def entry_of(**metrics: str) -> BaselineEntry:
    return make_baseline_entry(make_report(grid(**metrics)))


def test_no_entry_means_created_and_passed():
    comparison = compare_to_baseline(make_report(grid(faithfulness="PF")), None)
    assert comparison.created and comparison.passed and not comparison.regressions


def test_equality_passes_after_a_json_round_trip():
    report = make_report(grid(faithfulness="PPF", citation="PFFFFFF"))  # 2/3 and 1/7
    stored = BaselineEntry.model_validate(json.loads(make_baseline_entry(report).model_dump_json()))
    comparison = compare_to_baseline(report, stored)
    assert comparison.passed
    assert comparison.regressions == [] and comparison.improvements == []
    assert stored.metrics["faithfulness"] == 0.666667


def test_a_lower_rate_fails_and_lists_the_flipped_cases():
    report = make_report(grid(faithfulness="PFPF", citation="PPPP"))
    comparison = compare_to_baseline(report, entry_of(faithfulness="PPPF", citation="PPPP"))
    assert not comparison.passed
    [reg] = comparison.regressions
    assert (reg.metric, reg.baseline, reg.current, reg.delta) == ("faithfulness", 0.75, 0.5, -0.25)
    assert reg.flipped_cases == ["c1"]


def test_pass_to_unscored_is_listed_apart_from_pass_to_fail():
    report = make_report(grid(faithfulness="FUPF"))
    comparison = compare_to_baseline(report, entry_of(faithfulness="PPPF"))
    faith = next(r for r in comparison.regressions if r.metric == "faithfulness")
    assert faith.flipped_cases == ["c0"] and faith.unscored_cases == ["c1"]


def test_only_metrics_listed_in_the_baseline_are_checked():
    entry = entry_of(faithfulness="PP")
    report = make_report(grid(faithfulness="PP", citation="FF"))
    assert compare_to_baseline(report, entry).passed


def test_a_listed_metric_missing_from_the_run_is_a_regression():
    entry = entry_of(faithfulness="PP", numeric="PF")
    comparison = compare_to_baseline(make_report(grid(faithfulness="PP")), entry)
    [reg] = comparison.regressions
    assert (reg.metric, reg.current, reg.reason) == ("numeric", None, MISSING)


def test_a_fabrication_rise_fails_and_names_the_new_ones():
    entry = make_baseline_entry(make_report(grid(refusal="PFF"), fabrication=["c1"]))
    report = make_report(grid(refusal="PFF"), fabrication=["c1", "c2"])
    [reg] = compare_to_baseline(report, entry).regressions
    assert (reg.metric, reg.baseline, reg.current, reg.delta) == ("fabrication_count", 1, 2, 1)
    assert reg.flipped_cases == ["c2"]


def test_an_unscored_rise_fails_even_when_every_rate_holds():
    entry = entry_of(faithfulness="PPP", citation="PPP")
    report = make_report(grid(faithfulness="PPU", citation="UPP"))
    comparison = compare_to_baseline(report, entry)
    [reg] = comparison.regressions
    assert (reg.metric, reg.baseline, reg.current) == ("unscored_count", 0, 2)
    assert reg.unscored_cases == ["c0:citation", "c2:faithfulness"]


def test_improvements_list_cases_that_went_from_fail_to_pass():
    entry = make_baseline_entry(make_report(grid(faithfulness="FPF"), fabrication=["c2"]))
    report = make_report(grid(faithfulness="PPF"))
    comparison = compare_to_baseline(report, entry)
    assert comparison.passed
    faith, fab = comparison.improvements
    assert (faith.metric, faith.baseline, faith.current, faith.fixed_cases) == (
        "faithfulness",
        0.333333,
        0.666667,
        ["c0"],
    )
    assert (fab.metric, fab.delta, fab.fixed_cases) == ("fabrication_count", -1, ["c2"])


def test_golden_change_compares_on_common_cases_and_reports_new_and_removed():
    entry = entry_of(faithfulness="PPFP")  # c0..c3, 0.75 overall, 2/3 on c1..c3
    # c1..c5: 0.4 overall, yet the shared cases c1..c3 are exactly as good as before.
    report = make_report(grid(1, faithfulness="PFPFF"), sha=SHA_B)
    comparison = compare_to_baseline(report, entry)
    assert comparison.golden_changed and comparison.passed
    assert comparison.common_cases == 3
    assert comparison.new_cases == ["c4", "c5"] and comparison.removed_cases == ["c0"]

    worse = make_report(grid(1, faithfulness="PFFPP"), sha=SHA_B)  # c3 broke; 0.6 overall
    [reg] = compare_to_baseline(worse, entry).regressions
    assert (reg.baseline, reg.current, reg.flipped_cases) == (0.666667, 0.333333, ["c3"])


def test_golden_change_counts_fabrications_on_common_cases_only():
    entry = make_baseline_entry(make_report(grid(refusal="PPP"), fabrication=[]))
    report = make_report(grid(1, refusal="PPPP"), sha=SHA_B, fabrication=["c4"])  # a new case
    assert compare_to_baseline(report, entry).passed


def test_golden_change_without_common_cases_falls_back_to_whole_run_values():
    entry = entry_of(faithfulness="PP")
    report = make_report(grid(10, faithfulness="PF"), sha=SHA_B)
    comparison = compare_to_baseline(report, entry)
    assert comparison.golden_changed and comparison.common_cases is None
    assert not comparison.passed and comparison.notes


def test_ratchet_raises_rates_and_lowers_counts_but_never_loosens():
    entry = make_baseline_entry(
        make_report(grid(faithfulness="PFF", citation="PPF"), fabrication=["c0"])
    )
    report = make_report(grid(faithfulness="PPF", citation="PFF", numeric="PP"))
    result = ratchet(entry, report, compare_to_baseline(report, entry))
    assert result.entry.metrics == {"faithfulness": 0.666667, "citation": 0.666667, "numeric": 1.0}
    assert result.entry.fabrication_count == 0
    assert result.refused == ["not lowering citation: stored 0.666667, this run 0.333333"]
    # A regressed run never becomes the evidence flipped cases are counted against; only
    # the metrics it raised take their per-case results along.
    assert not result.evidence_refreshed
    assert {cid: r["citation"] for cid, r in result.entry.cases.items()} == {
        "c0": True,
        "c1": True,
        "c2": False,
    }
    assert result.entry.cases["c1"] == {"faithfulness": True, "citation": True, "numeric": True}


def test_ratchet_refuses_more_fabrications_or_unscored():
    entry = entry_of(faithfulness="PP")
    report = make_report(grid(faithfulness="PU"), fabrication=["c1"])
    result = ratchet(entry, report, compare_to_baseline(report, entry))
    assert result.entry.fabrication_count == 0 and result.entry.unscored_count == 0
    assert [r.split(":")[0] for r in result.refused] == [
        "not raising any rate",
        "not raising fabrication_count",
        "not raising unscored_count",
    ]


def test_ratchet_refreshes_evidence_after_a_clean_pass():
    entry = entry_of(faithfulness="PF")
    report = make_report(grid(faithfulness="FP"), sha=SHA_A)
    result = ratchet(entry, report, compare_to_baseline(report, entry))
    assert result.evidence_refreshed and result.entry.cases == report.case_passes()


def test_hand_written_minimal_entry_is_accepted():
    entry = BaselineEntry.model_validate(
        {"metrics": {"faithfulness": 0.5}, "fabrication_count": 0, "n_cases": 2}
    )
    assert compare_to_baseline(make_report(grid(faithfulness="PF")), entry).passed
    assert not compare_to_baseline(make_report(grid(faithfulness="FF")), entry).passed
