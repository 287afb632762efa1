"""The run's views beside the JSON report: the HTML page (by default) and JUnit XML (asked).

`run` and `rescore` share these options and this writer, so both write the same files.
"""

from __future__ import annotations

import argparse
from pathlib import Path

from evaluator.baseline import BaselineComparison, BaselineEntry
from evaluator.gate import BaselineFileError, golden_identity, load_baseline, select_entry
from evaluator.html import stream_html_report
from evaluator.report import RunReport
from evaluator.stream_run import StreamedRun
from vectordb import Document, VectorIndex


def _selected(path: Path, report: RunReport) -> tuple[str, BaselineEntry | None]:
    try:
        baseline = load_baseline(path)
    except BaselineFileError:
        return "", None
    key, entry, _ = select_entry(baseline, report, golden_identity(report, path))
    return key, entry


def baseline_entry_before(path: Path, report: RunReport) -> BaselineEntry | None:
    """The run's baseline entry (the one the gate will select for its golden set) as it is
    before the gate creates or ratchets it.

    A broken baseline file gives None here: the gate itself reports it (exit 2).
    """
    return _selected(path, report)[1]


def _entry_key(path: Path, report: RunReport) -> str:
    return _selected(path, report)[0]


def _documents(index: Path | None) -> dict[str, Document]:
    if index is None or not index.exists():
        return {}
    return VectorIndex.open(index).documents


def write_views(
    args: argparse.Namespace,
    run: StreamedRun,
    entry: BaselineEntry | None,
    comparison: BaselineComparison | None,
) -> list[str]:
    """Write the HTML report (unless --no-html) and the JUnit file (with --junit), one
    case at a time from the run's files; return the lines naming what was written."""
    report, lines = run.report, []
    # The golden set and index the run used: rescore may have found them by lineage.
    index = Path(report.index_path) if report.index_path else getattr(args, "index", None)
    if not args.no_html:
        html_path = args.html or args.report.with_suffix(".html")
        stream_html_report(
            html_path,
            report,
            run.golden,
            shown=run.shown,
            verdicts=run.cases.row,
            outcome_of=run.outcomes.get,
            documents=_documents(index),
            entry=entry,
            comparison=comparison,
            baseline_key=_entry_key(args.baseline, report) if entry is not None else None,
        )
        lines.append(f"html: {html_path}")
    if args.junit is not None:
        from evaluator.junit import write_junit  # xml.etree: only when asked

        gated = list(entry.metrics) if entry else None
        write_junit(args.junit, report, gated=gated, rows=run.rows)
        lines.append(f"junit: {args.junit}")
    return lines
