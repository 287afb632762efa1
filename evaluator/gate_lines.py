"""Human lines for a baseline comparison: golden change, regressions, flips, improvements."""

from __future__ import annotations

from evaluator.baseline import (
    FABRICATION,
    BaselineComparison,
    Improvement,
    Regression,
    WithinSpread,
    format_number,
)


def format_comparison(comparison: BaselineComparison) -> list[str]:
    """Human lines for a comparison: golden change, regressions, then improvements."""
    lines: list[str] = []
    if comparison.golden_changed:
        basis = (
            f"comparing on the {comparison.common_cases} cases both sets share"
            if comparison.common_cases is not None
            else "comparing whole-run values"
        )
        lines.append(
            f"  golden set changed since the baseline: {basis}; "
            f"{len(comparison.new_cases)} new, {len(comparison.removed_cases)} removed"
        )
        if comparison.new_cases:
            lines.append(f"    new cases: {', '.join(comparison.new_cases)}")
        if comparison.removed_cases:
            lines.append(f"    removed cases: {', '.join(comparison.removed_cases)}")
    lines += [f"  note: {note}" for note in comparison.notes]
    lines += [_regression_line(r) for r in comparison.regressions]
    lines += [_within_spread_line(w) for w in comparison.within_spread]
    lines += [_improvement_line(i) for i in comparison.improvements]
    shown = {r.metric for r in comparison.regressions}
    shown |= {w.metric for w in comparison.within_spread}
    shown |= {i.metric for i in comparison.improvements}
    for metric, cases in sorted(comparison.flips.items()):
        if metric not in shown:
            lines.append(f"  {_flip_label(metric)} {metric}: {', '.join(cases)}")
    if not (
        comparison.regressions
        or comparison.within_spread
        or comparison.improvements
        or comparison.flips
    ):
        lines.append("  every gated value equals its baseline")
    return lines


def flips_line(comparison: BaselineComparison) -> str:
    """One line naming every pass->fail flip of a gated metric (printed on every run)."""
    if not comparison.flips:
        return "flips: none (no gated case went from pass to fail)"
    count = sum(len(cases) for cases in comparison.flips.values())
    parts = [f"{metric}: {', '.join(cases)}" for metric, cases in sorted(comparison.flips.items())]
    gate = " (--fail-on-flips: they fail the gate)" if comparison.fail_on_flips else ""
    return f"flips: {count} pass->fail{gate}; " + "; ".join(parts)


def _flip_label(metric: str) -> str:
    return "newly fabricated" if metric == FABRICATION else "flipped pass->fail"


def _values(baseline: float, current: float, delta: float) -> str:
    sign = "+" if delta > 0 else ""
    return (
        f"baseline {format_number(baseline)}, current {format_number(current)}, "
        f"delta {sign}{format_number(delta)}"
    )


def _regression_line(reg: Regression) -> str:
    if reg.current is None or reg.delta is None:
        return f"  REGRESSION {reg.metric}: {reg.reason} (baseline {format_number(reg.baseline)})"
    text = f"  REGRESSION {reg.metric}: {_values(reg.baseline, reg.current, reg.delta)}"
    if reg.spread:
        text += f", beyond the judge's spread {format_number(reg.spread)}"
    if reg.flipped_cases:
        text += f"; {_flip_label(reg.metric)}: {', '.join(reg.flipped_cases)}"
    if reg.unscored_cases:
        text += f"; now unscored: {', '.join(reg.unscored_cases)}"
    return text


def _within_spread_line(drop: WithinSpread) -> str:
    text = (
        f"  within the judge's spread {drop.metric}: "
        f"{_values(drop.baseline, drop.current, drop.delta)}, spread {format_number(drop.spread)}"
    )
    if drop.flipped_cases:
        text += f"; flipped pass->fail: {', '.join(drop.flipped_cases)}"
    if drop.unscored_cases:
        text += f"; now unscored: {', '.join(drop.unscored_cases)}"
    return text


def _improvement_line(imp: Improvement) -> str:
    text = f"  improved {imp.metric}: {_values(imp.baseline, imp.current, imp.delta)}"
    if imp.fixed_cases:
        label = "no longer fabricated" if imp.metric == FABRICATION else "fixed fail->pass"
        text += f"; {label}: {', '.join(imp.fixed_cases)}"
    if imp.flipped_cases:
        text += f"; but {_flip_label(imp.metric)}: {', '.join(imp.flipped_cases)}"
    return text
