"""The HTML report of a run: `write_html_report` renders one self-contained file."""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from pathlib import Path

from evaluator.baseline import BaselineComparison, BaselineEntry
from evaluator.html.page import render_page
from evaluator.html.view import ReportView, build_view
from evaluator.report import RunReport
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.golden import atomic_write_text
from vectordb import Document

__all__ = ["ReportView", "build_view", "render_page", "write_html_report"]


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
