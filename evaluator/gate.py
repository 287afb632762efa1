"""The CI gate: compare a run with the baseline file, create or ratchet its entry.

Exit codes: 0 pass, 1 regression, 2 usage or configuration error. Every read-modify-write
of the file happens under `<baseline>.lock`, and every write is atomic, so two runs that
update different entries at once both survive and a reader never sees half a file.
"""

from __future__ import annotations

import argparse
import json
from pathlib import Path

from filelock import FileLock, Timeout
from pydantic import BaseModel, Field, ValidationError

from evaluator.baseline import (
    FABRICATION,
    UNSCORED,
    BaselineComparison,
    BaselineEntry,
    BaselineFile,
    CaseResults,
    Improvement,
    Regression,
    WithinSpread,
    baseline_key,
    compare_to_baseline,
    format_number,
    make_baseline_entry,
    now_utc,
    rate,
    run_spread,
)
from evaluator.report import RunReport
from ragoro.errors import InputError
from ragoro.golden import atomic_write_text

DEFAULT_BASELINE = Path("data/golden/qa_baseline.json")
EXIT_PASS = 0
EXIT_REGRESSION = 1
EXIT_USAGE = 2
LOCK_TIMEOUT_S = 120.0
HAND_EDIT = (
    "the ratchet never loosens a baseline: to lower one, edit {path} by hand in a "
    "reviewed commit (see docs/nightly.md)"
)


class BaselineFileError(InputError):
    """The baseline file cannot be used as it is; it is never overwritten."""


class GateOutcome(BaseModel):
    """What the gate decided: the process exit code and the lines to print."""

    exit_code: int = Field(description="0 pass, 1 regression, 2 usage/config error.")
    lines: list[str] = Field(default_factory=list)
    comparison: BaselineComparison | None = None


def add_gate_arguments(
    parser: argparse.ArgumentParser, *, default: Path = DEFAULT_BASELINE
) -> None:
    """Add --baseline and --update-baseline to a `run`/`rescore`/`extraction` parser."""
    parser.add_argument(
        "--baseline",
        type=Path,
        default=default,
        metavar="PATH",
        help="baseline file, one entry per mode/judge; a missing entry is created from this "
        f"run and passes (default {default})",
    )
    parser.add_argument(
        "--update-baseline",
        action="store_true",
        help="ratchet this mode/judge's entry: store pass rates that rose (with the judge "
        "spread this run measured for them, see --repeats) and fabrication or unscored counts "
        "that fell; never loosens a value (lowering one is a reviewed hand edit of the file)",
    )


def load_baseline(path: Path) -> BaselineFile:
    """Read the baseline file; a missing file is an empty baseline."""
    try:
        text = path.read_text(encoding="utf-8")
    except FileNotFoundError:
        return BaselineFile({})
    except (OSError, UnicodeDecodeError) as exc:
        raise BaselineFileError(f"cannot read baseline file {path}: {exc}") from exc
    fix = "fix it or restore it from git; it was left untouched"
    try:
        raw = json.loads(text)
    except json.JSONDecodeError as exc:
        raise BaselineFileError(
            f"baseline file {path} is not valid JSON (line {exc.lineno}, column {exc.colno}: "
            f"{exc.msg}); {fix}"
        ) from exc
    try:
        return BaselineFile.model_validate(raw)
    except ValidationError as exc:
        first = exc.errors()[0]
        where = ".".join(str(part) for part in first["loc"]) or "top level"
        raise BaselineFileError(
            f"baseline file {path} is not a valid baseline ({where}: {first['msg']}); {fix}"
        ) from exc


def write_baseline(path: Path, baseline: BaselineFile) -> None:
    """Write the file atomically, keys sorted, so hand edits and diffs stay readable."""
    data = baseline.model_dump(mode="json")
    atomic_write_text(path, json.dumps(data, indent=2, sort_keys=True, ensure_ascii=False) + "\n")


def run_gate(report: RunReport, baseline_path: Path, *, update: bool) -> GateOutcome:
    """Gate a run on its baseline entry; create the entry if missing, ratchet it on update."""
    lock_path = baseline_path.with_name(baseline_path.name + ".lock")
    try:
        baseline_path.parent.mkdir(parents=True, exist_ok=True)
        with FileLock(lock_path, timeout=LOCK_TIMEOUT_S):
            return _gate_locked(report, baseline_path, update=update)
    except Timeout:
        message = (
            f"error: another run has held {lock_path} for {LOCK_TIMEOUT_S:.0f} s; "
            "wait for it to finish and run again"
        )
    except BaselineFileError as exc:
        message = f"error: {exc}"
    except OSError as exc:
        message = f"error: cannot update baseline file {baseline_path}: {exc}"
    return GateOutcome(exit_code=EXIT_USAGE, lines=[message])


def _gate_locked(report: RunReport, path: Path, *, update: bool) -> GateOutcome:
    baseline = load_baseline(path)
    key = baseline_key(report)
    entry = baseline.root.get(key)
    comparison = compare_to_baseline(report, entry)
    if entry is None:
        baseline.root[key] = make_baseline_entry(report)
        write_baseline(path, baseline)
        lines = [
            f"baseline {key}: no entry yet in {path}; created it from this run "
            f"({len(report.metrics)} metrics, {report.n_cases} cases)",
            f"gate: PASS ({key}, new baseline)",
        ]
        return GateOutcome(exit_code=EXIT_PASS, lines=lines, comparison=comparison)
    lines = [f"baseline {key} ({path}, updated {entry.updated_at or 'by hand'}):"]
    lines += format_comparison(comparison)
    if update:
        lines += _update(
            baseline, key=key, entry=entry, report=report, comparison=comparison, path=path
        )
    elif comparison.passed and comparison.improvements:
        lines.append("run with --update-baseline to ratchet the improved values")
    if comparison.passed:
        noise = len(comparison.within_spread)
        within = f"; {noise} drop{'s' * (noise != 1)} within the judge's spread" if noise else ""
        lines.append(f"gate: PASS ({key}{within})")
        return GateOutcome(exit_code=EXIT_PASS, lines=lines, comparison=comparison)
    count = len(comparison.regressions)
    lines.append(f"gate: FAIL ({key}): {count} regression{'s' * (count != 1)}")
    return GateOutcome(exit_code=EXIT_REGRESSION, lines=lines, comparison=comparison)


def _update(
    baseline: BaselineFile,
    *,
    key: str,
    entry: BaselineEntry,
    report: RunReport,
    comparison: BaselineComparison,
    path: Path,
) -> list[str]:
    result = ratchet(entry, report, comparison)
    lines = [f"baseline tightened: {change}" for change in result.tightened]
    lines += [f"baseline {refusal}" for refusal in result.refused]
    if result.refused:
        lines.append(HAND_EDIT.format(path=path))
    if result.evidence_refreshed:
        lines.append("baseline per-case results, golden sha256 and n_cases taken from this run")
    else:
        lines.append("baseline per-case results kept from the last accepted run")
        if comparison.golden_changed:
            lines.append(
                "the golden set changed but the entry still describes the old one: later runs "
                "keep comparing on the common cases until the entry is re-based by hand"
            )
    if result.entry == entry:
        lines.append(f"baseline {key} already up to date")
        return lines
    baseline.root[key] = result.entry
    write_baseline(path, baseline)
    lines.append(f"baseline {key} written to {path}")
    return lines


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
    never lowers a bar). A raised rate stores the spread this run measured for it (none
    measured, i.e. one repeat: the stored spread stays). Per-case evidence (cases,
    golden_sha256, n_cases) is replaced only when the run passed and nothing was refused, so
    flipped cases are always counted against the last accepted run, never a regressed one; a
    metric raised by a regressed run takes along its own per-case results only.
    """
    out = RatchetResult(entry=entry.model_copy(deep=True))
    new = out.entry
    raised: list[str] = []
    for name, metric in sorted(report.metrics.items()):
        current, stored = rate(metric.pass_rate), entry.metrics.get(name)
        was = "not gated" if stored is None else format_number(stored)
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
    if not (comparison.regressions or comparison.within_spread or comparison.improvements):
        lines.append("  every gated value equals its baseline")
    return lines


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
    label = "newly fabricated" if reg.metric == FABRICATION else "flipped pass->fail"
    if reg.flipped_cases:
        text += f"; {label}: {', '.join(reg.flipped_cases)}"
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
    return text
