"""The CI gate: compare a run with the baseline file, create or ratchet its entry.

Exit codes: 0 pass, 1 regression, 2 usage or configuration error. Every read-modify-write
of the file happens under one lock file per baseline, kept in one place
(`lock_path_for`: the system temp folder's `ragoro-locks/`, never beside the baseline),
and every write is atomic, so two runs that update different entries at once both
survive and a reader never sees half a file.

Each entry belongs to one golden set (`golden_path`, relative to the baseline file): a
run of another golden set never compares against it, it gets its own entry.
"""

from __future__ import annotations

import hashlib
import json
import os
import re
import tempfile
from collections.abc import Iterable, Mapping
from pathlib import Path
from typing import Literal

from filelock import FileLock, Timeout
from pydantic import BaseModel, Field, ValidationError

from evaluator.baseline import (
    BaselineComparison,
    BaselineEntry,
    BaselineFile,
    Regression,
    baseline_key,
    make_baseline_entry,
    unjudged,
)
from evaluator.compare import compare_to_baseline
from evaluator.gate_lines import flips_line, format_comparison
from evaluator.ratchet import RatchetResult, ratchet
from evaluator.report import CaseVerdict, RunReport
from ragoro.errors import InputError
from ragoro.golden import atomic_write_text

__all__ = [
    "GateOutcome",
    "GateVerdict",
    "GatedReport",
    "RatchetResult",
    "format_comparison",
    "judge_outage",
    "lock_path_for",
    "ratchet",
    "run_gate",
    "select_entry",
]

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
    key: str = Field(default="", description="The baseline entry the run was gated on.")
    baseline_path: str = ""

    @property
    def verdict(self) -> GateVerdict:
        """The verdict as `report.json` keeps it, for CI to read without the console."""
        name: Literal["pass", "fail", "error"] = (
            "pass"
            if self.exit_code == EXIT_PASS
            else "fail"
            if self.exit_code == EXIT_REGRESSION
            else "error"
        )
        comparison = self.comparison
        return GateVerdict(
            verdict=name,
            exit_code=self.exit_code,
            baseline=self.baseline_path,
            key=self.key,
            created=bool(comparison and comparison.created),
            regressions=list(comparison.regressions) if comparison else [],
            flips=dict(comparison.flips) if comparison else {},
            lines=list(self.lines),
        )


class GateVerdict(BaseModel):
    """The gate's verdict in `report.json`: what CI needs, without parsing the console."""

    verdict: Literal["pass", "fail", "error"]
    exit_code: int
    baseline: str = Field(description="The baseline file gated on.")
    key: str = Field(description="The entry in it.")
    created: bool = Field(description="No entry existed: this run made it.")
    regressions: list[Regression] = Field(
        default_factory=list, description="Each regression with its flipped cases."
    )
    flips: dict[str, list[str]] = Field(
        default_factory=dict, description="Gated metric -> cases that went pass->fail."
    )
    lines: list[str] = Field(default_factory=list, description="What the gate printed.")


class GatedReport(RunReport):
    """A run report with the gate's verdict: the `report.json` that run/rescore write."""

    gate: GateVerdict | None = None


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


def judge_outage(
    report: RunReport, rows: Iterable[tuple[str, Mapping[str, CaseVerdict]]] | None = None
) -> str | None:
    """A one-line diagnosis when more than half of the judge's model calls failed for
    good (the judge was out, not the agent wrong); None otherwise. `rows`: the report's
    case results when they are not in it (a report built case by case)."""
    asked = failed = 0
    first = ""
    if not report.judge_model:
        return None
    # Here, not at the top: an offline run never loads the LLM judge and its client stack.
    from judges.llm import CALL_FAILED

    for case_id, row in report.case_results.items() if rows is None else rows:
        if case_id in report.agent_errors or not report.judge_model:
            continue
        asked += 1
        reasons = [v.reason for v in row.values() if v.passed is None]
        broken = next((r for r in reasons if r.startswith(CALL_FAILED)), None)
        if broken is not None:
            failed += 1
            first = first or broken
    if not asked or failed * 2 <= asked:
        return None
    first = " ".join(first.split())
    first = first if len(first) <= 200 else first[:199] + "…"
    return (
        f"{failed} of {asked} judge calls to {report.judge_model} failed ({first}); nothing "
        "was gated and the baseline was not touched: fix the provider (key, network, quota) "
        "or use --judge offline"
    )


def lock_path_for(baseline_path: Path) -> Path:
    """The one lock file of a baseline: in the temp folder's `ragoro-locks/`, named by
    the baseline's absolute path, so nothing is left beside the committed file."""
    digest = hashlib.sha256(str(baseline_path.resolve()).encode("utf-8")).hexdigest()[:16]
    folder = Path(tempfile.gettempdir()) / "ragoro-locks"
    folder.mkdir(parents=True, exist_ok=True)
    return folder / f"{baseline_path.name}-{digest}.lock"


def golden_identity(report: RunReport, baseline_path: Path) -> str:
    """A run's golden set as its baseline entry names it: its path relative to the
    baseline file's folder (posix)."""
    golden = Path(report.golden_path).resolve()
    return Path(os.path.relpath(golden, baseline_path.resolve().parent)).as_posix()


def select_entry(
    baseline: BaselineFile, report: RunReport, golden: str
) -> tuple[str, BaselineEntry | None, list[str]]:
    """The entry this run's golden set is gated on: (key, entry or None, notes).

    An entry made for another golden set is never compared with: the run gets its own key
    ("mode/judge@<golden name>-<hash>") and a note says so. An entry written before golden
    sets were recorded matches a run that shares a case id with it.
    """
    base = baseline_key(report)
    ids = set(report.case_passes())
    candidates = [k for k in sorted(baseline.root) if k == base or k.startswith(base + "@")]
    for key in candidates:
        entry = baseline.root[key]
        if entry.golden_path == golden or (not entry.golden_path and ids & set(entry.cases)):
            return key, entry, []
    if base not in baseline.root:
        return base, None, []
    stem = re.sub(r"[^A-Za-z0-9._-]+", "_", Path(golden).stem) or "golden"
    key = f"{base}@{stem}-{hashlib.sha256(golden.encode('utf-8')).hexdigest()[:8]}"
    other = baseline.root[base].golden_path or "a golden set with none of these case ids"
    notes = [
        f"baseline {base} was made for {other}, not {golden}: this golden set is gated on "
        f"its own entry {key}, never on another set's"
    ]
    return key, baseline.root.get(key), notes


def run_gate(
    report: RunReport, baseline_path: Path, *, update: bool, fail_on_flips: bool = False
) -> GateOutcome:
    """Gate a run on its golden set's baseline entry; create it if missing (unless
    nothing was judged on a metric), ratchet it on update."""
    try:
        baseline_path.parent.mkdir(parents=True, exist_ok=True)
        lock_path = lock_path_for(baseline_path)
        with FileLock(lock_path, timeout=LOCK_TIMEOUT_S):
            outcome = _gate_locked(
                report, baseline_path, update=update, fail_on_flips=fail_on_flips
            )
        outcome.baseline_path = str(baseline_path)
        return outcome
    except Timeout:
        message = (
            f"error: another run has held {lock_path} for {LOCK_TIMEOUT_S:.0f} s; "
            "wait for it to finish and run again"
        )
    except BaselineFileError as exc:
        message = f"error: {exc}"
    except OSError as exc:
        message = f"error: cannot update baseline file {baseline_path}: {exc}"
    return GateOutcome(exit_code=EXIT_USAGE, lines=[message], baseline_path=str(baseline_path))


def _gate_locked(
    report: RunReport, path: Path, *, update: bool, fail_on_flips: bool
) -> GateOutcome:
    baseline = load_baseline(path)
    golden = golden_identity(report, path)
    key, entry, lines = select_entry(baseline, report, golden)
    comparison = compare_to_baseline(report, entry, fail_on_flips=fail_on_flips)
    if entry is None:
        return _create(
            baseline,
            key=key,
            report=report,
            path=path,
            golden=golden,
            comparison=comparison,
            lines=lines,
        )
    lines.append(f"baseline {key} ({path}, updated {entry.updated_at or 'by hand'}):")
    lines += format_comparison(comparison)
    lines.append(flips_line(comparison))
    if update:
        lines += _update(
            baseline,
            key=key,
            entry=entry,
            report=report,
            comparison=comparison,
            path=path,
            golden=golden,
        )
    elif comparison.passed and comparison.improvements:
        lines.append("run with --update-baseline to ratchet the improved values")
    if comparison.passed:
        noise = len(comparison.within_spread)
        within = f"; {noise} drop{'s' * (noise != 1)} within the judge's spread" if noise else ""
        lines.append(f"gate: PASS ({key}{within})")
        return GateOutcome(exit_code=EXIT_PASS, lines=lines, comparison=comparison, key=key)
    count = len(comparison.regressions)
    why = f"{count} regression{'s' * (count != 1)}"
    if not count:
        why = f"{sum(len(c) for c in comparison.flips.values())} flip(s) and --fail-on-flips"
    lines.append(f"gate: FAIL ({key}): {why}")
    return GateOutcome(exit_code=EXIT_REGRESSION, lines=lines, comparison=comparison, key=key)


def _create(
    baseline: BaselineFile,
    *,
    key: str,
    report: RunReport,
    path: Path,
    golden: str,
    comparison: BaselineComparison,
    lines: list[str],
) -> GateOutcome:
    """A first run of this golden set: store it as the entry, unless a metric got no score."""
    blank = unjudged(report)
    if blank:
        lines += [f"  REGRESSION {name}: {reason}" for name, reason in blank.items()]
        lines.append(
            f"baseline {key}: not created in {path}: a baseline never stores a rate "
            "computed from zero scored cases; fix what kept the judge from scoring and rerun"
        )
        lines.append(f"gate: FAIL ({key}): {len(blank)} metric(s) with nothing judged")
        return GateOutcome(exit_code=EXIT_REGRESSION, lines=lines, comparison=comparison, key=key)
    baseline.root[key] = make_baseline_entry(report, golden_path=golden)
    write_baseline(path, baseline)
    lines += [
        f"baseline {key}: no entry yet for {golden} in {path}; created it from this run "
        f"({len(report.metrics)} metrics, {report.n_cases} cases)",
        f"gate: PASS ({key}, new baseline)",
    ]
    return GateOutcome(exit_code=EXIT_PASS, lines=lines, comparison=comparison, key=key)


def _update(
    baseline: BaselineFile,
    *,
    key: str,
    entry: BaselineEntry,
    report: RunReport,
    comparison: BaselineComparison,
    path: Path,
    golden: str,
) -> list[str]:
    result = ratchet(entry, report, comparison)
    if result.entry != entry and not result.entry.golden_path:
        # An entry written before golden sets were recorded learns whose it is.
        result.entry.golden_path = golden
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
