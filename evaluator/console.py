"""Render a run report as a console table: one row per metric, never a blended score."""

from __future__ import annotations

from collections.abc import Callable, Mapping

from evaluator.report import CaseVerdict, MetricReport, RunReport

_BAND_MARK = {"green": "GREEN", "yellow": "YELLOW", "red": "RED"}


def _ids(ids: list[str], limit: int = 4) -> str:
    shown = ", ".join(ids[:limit])
    return shown + (f" (+{len(ids) - limit})" if len(ids) > limit else "")


def _spread(metric: MetricReport) -> str:
    """'10.0% (70.0%-80.0%)': the width, then the lowest and highest rate."""
    spread = metric.spread
    if spread is None:
        return "n/a"
    return f"{spread.width:.1%} ({spread.low:.1%}-{spread.high:.1%})"


def _repeats_note(report: RunReport) -> list[str]:
    if report.repeats <= 1:
        return []
    if report.repeats_judged < report.repeats:
        return [
            f"--repeats {report.repeats}: judge {report.judge} is deterministic, so every case "
            "was judged once and every spread is 0",
        ]
    return [
        f"judged {report.repeats} times: passed, rate and failures are repeat 1's; spread = "
        "highest - lowest pass rate over the repeats (the gate lets a drop within it pass)",
    ]


def render_report(report: RunReport) -> str:
    """The metric table plus fabrication, grade, errors and spend, as printable text; with
    --repeats N > 1 the table gets a spread column."""
    spread = report.repeats > 1
    header = f"{'metric':<18} {'applies to':<34} {'passed':>9} {'rate':>7} "
    header += f"{'spread':>22} " if spread else ""
    header += f"{'unscored':>8}  failures"
    lines = [
        f"agent {report.agent} ({report.mode}) · judge {report.judge}"
        + (f" {report.judge_model}" if report.judge_model else "")
        + f" · {report.n_cases} case(s) · golden {report.golden_sha256[:12]}",
        *_repeats_note(report),
        "",
        header,
        "-" * len(header),
    ]
    for metric in report.metrics.values():
        applies = ",".join(t[:4] for t in metric.applies_to)
        row = (
            f"{metric.name:<18} {applies:<34} {metric.passed:>4}/{metric.total:<4} "
            f"{metric.pass_rate:>7.1%} "
        )
        row += f"{_spread(metric):>22} " if spread else ""
        lines.append(row + f"{metric.unscored:>8}  {_ids(metric.failures)}")
    lines.append("")
    fabricated = f" ({_ids(report.fabrication_cases)})" if report.fabrication_cases else ""
    lines.append(f"fabrication_count: {report.fabrication_count}{fabricated}")
    if report.grade is not None:
        grade = report.grade
        mean = (
            f"{grade.mean:.1f}/10 {_BAND_MARK[grade.band]}"
            if grade.mean is not None and grade.band
            else "n/a"
        )
        lines.append(f"LLM grade: {mean} ({grade.graded} graded, {grade.ungraded} ungraded)")
    if report.agent_errors:
        lines.append(
            f"agent errors: {len(report.agent_errors)} ({_ids(list(report.agent_errors))})"
        )
    spend = " · ".join(
        f"{who} {u.calls} call(s), {u.input_tokens}+{u.output_tokens} tokens"
        for who, u in report.usage.items()
        if u.calls
    )
    timing = " · ".join(f"{phase} {seconds:.1f}s" for phase, seconds in report.timings.items())
    lines.append(f"time: {timing}" + (f" · {spend}" if spend else ""))
    return "\n".join(lines)


def render_explanations(
    report: RunReport, row_of: Callable[[str], Mapping[str, CaseVerdict]] | None = None
) -> str:
    """Why each failed or unscored verdict is so: one line per case and metric. `row_of`
    reads one case's results when the report does not hold them."""
    lines = []
    for metric in report.metrics.values():
        for case_id in [*metric.failures, *metric.unscored_cases]:
            row = report.case_results.get(case_id, {}) if row_of is None else row_of(case_id)
            verdict = row.get(metric.name)
            if verdict is None:
                continue
            state = "FAIL" if verdict.passed is False else "UNSCORED"
            value = "" if verdict.value is None else f" ({verdict.value:.2f})"
            lines.append(f"{state} {case_id} {metric.name}{value}: {verdict.reason}")
    return "\n".join(lines) if lines else "no failed or unscored verdict"
