"""The HTML report of a run: `write_html_report` renders one self-contained file."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Mapping, Sequence
from pathlib import Path

from evaluator.baseline import BaselineComparison, BaselineEntry
from evaluator.html.page import page_pieces, render_page
from evaluator.html.view import ReportView, build_view, case_views, view_head
from evaluator.report import CaseVerdict, RunReport
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.golden import atomic_write_lines, atomic_write_text
from vectordb import Document

__all__ = [
    "ReportView",
    "build_view",
    "render_page",
    "stream_html_report",
    "write_html_report",
]


def write_html_report(
    path: Path,
    report: RunReport,
    items: Sequence[GoldenItem],
    outcomes: Sequence[CaseOutcome],
    documents: Mapping[str, Document],
    *,
    entry: BaselineEntry | None = None,
    comparison: BaselineComparison | None = None,
    baseline_key: str | None = None,
) -> None:
    """Render the run as one offline HTML file at `path` (written atomically)."""
    view = build_view(
        report,
        items,
        outcomes,
        documents,
        entry=entry,
        comparison=comparison,
        baseline_key=baseline_key,
    )
    atomic_write_text(path, render_page(view))


def stream_html_report(
    path: Path,
    report: RunReport,
    items: Iterable[GoldenItem],
    *,
    shown: Callable[[str], bool],
    verdicts: Callable[[str], dict[str, CaseVerdict]],
    outcome_of: Callable[[str], CaseOutcome | None],
    documents: Mapping[str, Document],
    entry: BaselineEntry | None = None,
    comparison: BaselineComparison | None = None,
    baseline_key: str | None = None,
) -> None:
    """`write_html_report` for a run kept on disk, one case at a time: `items` is read
    twice (once for the summary's links and the tag filter); `shown` says whether a case
    has verdicts or an outcome, and each case's are asked for by id. The same bytes as
    `write_html_report` of the whole run."""
    view, anchors, flips = view_head(
        report, items, shown, entry=entry, comparison=comparison, baseline_key=baseline_key
    )
    cases = case_views(
        items, shown, verdicts=verdicts, outcome_of=outcome_of, documents=documents, flips=flips
    )
    atomic_write_lines(path, page_pieces(view, cases, anchors))
