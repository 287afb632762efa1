"""What the HTML report shows, computed from the run: one summary per metric, one row per
case with its verdicts, baseline flips and highlighted documents. No HTML here."""

from __future__ import annotations

from collections.abc import Callable, Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass, field

from evaluator.baseline import (
    BaselineComparison,
    BaselineEntry,
    Improvement,
    Regression,
    WithinSpread,
    rate,
)
from evaluator.report import CaseVerdict, RunReport, metric_order
from ragoro.contracts import CaseOutcome, GoldenItem, RetrievedContext
from ragoro.locate import locate
from ragoro.render import Span, excerpt_html
from vectordb import Document


@dataclass(frozen=True)
class MetricView:
    """One metric's line of the summary."""

    name: str
    passed: int
    total: int
    pass_rate: float
    unscored: int
    baseline: float | None
    """The baseline entry's bar; None when the metric is not gated (no entry or not listed)."""
    delta: float | None
    flipped: list[str]
    """Cases that passed in the baseline and fail now."""
    fixed: list[str]
    """Cases that failed in the baseline and pass now."""


@dataclass(frozen=True)
class DocumentView:
    """One document of a case, as highlighted HTML (already escaped)."""

    path: str
    html: str
    missing: str = ""
    """Why the document text is not shown (not in the index), else empty."""


@dataclass
class CaseView:
    """One case's row and its opened detail."""

    item: GoldenItem
    outcome: CaseOutcome | None
    verdicts: dict[str, CaseVerdict]
    flipped: list[str] = field(default_factory=list)
    fixed: list[str] = field(default_factory=list)
    documents: list[DocumentView] = field(default_factory=list)
    contexts_unplaced: list[RetrievedContext] = field(default_factory=list)
    """Retrieved contexts that could not be placed in a known document text."""

    @property
    def failed(self) -> list[str]:
        """Metrics this case failed."""
        return [m for m, v in self.verdicts.items() if v.passed is False]

    @property
    def unscored(self) -> list[str]:
        """Metrics the judge could not score on this case."""
        return [m for m, v in self.verdicts.items() if v.passed is None]


@dataclass
class ReportView:
    """Everything the page renders."""

    report: RunReport
    metrics: list[MetricView]
    cases: list[CaseView]
    baseline_key: str | None
    tags: list[str]


def _baseline_of(
    name: str, current: float, entry: BaselineEntry | None, comparison: BaselineComparison | None
) -> tuple[float | None, float | None]:
    if comparison is not None:
        changes: list[Regression | WithinSpread | Improvement] = [
            *comparison.regressions,
            *comparison.within_spread,
            *comparison.improvements,
        ]
        for change in changes:
            if change.metric == name and change.delta is not None:
                return change.baseline, change.delta
    if entry is None or name not in entry.metrics:
        return None, None
    stored = entry.metrics[name]
    return stored, rate(current) - stored


def _flips(
    report: RunReport, entry: BaselineEntry | None
) -> tuple[dict[str, dict[str, list[str]]], dict[str, dict[str, list[str]]]]:
    """metric -> "flipped"/"fixed" -> case ids, and case id -> same -> metrics."""
    by_metric: dict[str, dict[str, list[str]]] = {}
    by_case: dict[str, dict[str, list[str]]] = {}
    if entry is None:
        return by_metric, by_case
    for case_id, row in report.case_passes().items():
        before = entry.cases.get(case_id, {})
        for metric, now in row.items():
            old = before.get(metric)
            kind = "flipped" if old is True and now is False else ""
            kind = "fixed" if old is False and now is True else kind
            if kind:
                by_metric.setdefault(metric, {}).setdefault(kind, []).append(case_id)
                by_case.setdefault(case_id, {}).setdefault(kind, []).append(metric)
    return by_metric, by_case


def _context_span(context: RetrievedContext, text: str, label: int) -> Span | None:
    start, end = context.start_char, context.end_char
    if start is not None and end is not None and 0 <= start < end <= len(text):
        return Span(start, end, "ctx", label)
    found = locate(text, context.text) if context.text else None
    return Span(found.start, found.end, "ctx", label) if found else None


def _documents(
    item: GoldenItem, outcome: CaseOutcome | None, documents: Mapping[str, Document]
) -> tuple[list[DocumentView], list[RetrievedContext]]:
    spans: dict[str, list[Span]] = {}
    for number, passage in enumerate(item.passages):
        spans.setdefault(passage.document_path, []).append(
            Span(passage.start_char, passage.end_char, "gold", number)
        )
    unplaced: list[RetrievedContext] = []
    for number, context in enumerate(outcome.contexts if outcome else []):
        document = documents.get(context.document_path)
        span = _context_span(context, document.text, number) if document else None
        if span is None:
            unplaced.append(context)
        else:
            spans.setdefault(context.document_path, []).append(span)
    views: list[DocumentView] = []
    for path, found in spans.items():
        document = documents.get(path)
        if document is None:
            views.append(DocumentView(path, "", missing="document text not in the index"))
            continue
        paged = path.lower().endswith(".pdf") or len(document.pages) > 1
        html = excerpt_html(document.text, found, pages=document.pages, paged=paged)
        views.append(DocumentView(path, html, "" if html else "offsets outside the document"))
    return views, unplaced


Flips = dict[str, dict[str, list[str]]]
"""case id -> "flipped"/"fixed" -> metrics."""


def view_head(
    report: RunReport,
    items: Iterable[GoldenItem],
    shown: Callable[[str], bool],
    *,
    entry: BaselineEntry | None = None,
    comparison: BaselineComparison | None = None,
    baseline_key: str | None = None,
) -> tuple[ReportView, dict[str, str], Flips]:
    """What the page shows above its cases (a view whose `cases` is empty), the anchors
    of the cases the summary links to, and each case's flips: one pass over `items`
    (the cases `shown` keeps), holding none of them."""
    by_metric, by_case = _flips(report, entry)
    metrics = []
    for name in metric_order(report.metrics):
        metric = report.metrics[name]
        baseline, delta = _baseline_of(name, metric.pass_rate, entry, comparison)
        flips = by_metric.get(name, {})
        metrics.append(
            MetricView(
                name=name,
                passed=metric.passed,
                total=metric.total,
                pass_rate=metric.pass_rate,
                unscored=metric.unscored,
                baseline=baseline,
                delta=delta,
                flipped=flips.get("flipped", []),
                fixed=flips.get("fixed", []),
            )
        )
    linked = {case for flips in by_metric.values() for ids in flips.values() for case in ids}
    anchors: dict[str, str] = {}
    tags: set[str] = set()
    number = 0
    for item in items:
        if not shown(item.id):
            continue
        if item.id in linked:
            anchors[item.id] = f"case-{number}"
        number += 1
        tags.update(f"{k}={v}" for k, v in item.tags.items())
        tags.add(f"case_type={item.case_type}")
    return ReportView(report, metrics, [], baseline_key, sorted(tags)), anchors, by_case


def case_views(
    items: Iterable[GoldenItem],
    shown: Callable[[str], bool],
    *,
    verdicts: Callable[[str], dict[str, CaseVerdict]],
    outcome_of: Callable[[str], CaseOutcome | None],
    documents: Mapping[str, Document],
    flips: Flips,
) -> Iterator[CaseView]:
    """Each case `shown` keeps, in golden order, built as it is needed: its verdicts and
    outcome are asked for by case id."""
    for item in items:
        if not shown(item.id):
            continue
        outcome = outcome_of(item.id)
        docs, unplaced = _documents(item, outcome, documents)
        flipped = flips.get(item.id, {})
        yield CaseView(
            item=item,
            outcome=outcome,
            verdicts=verdicts(item.id),
            flipped=flipped.get("flipped", []),
            fixed=flipped.get("fixed", []),
            documents=docs,
            contexts_unplaced=unplaced,
        )


def build_view(
    report: RunReport,
    items: Sequence[GoldenItem],
    outcomes: Sequence[CaseOutcome],
    documents: Mapping[str, Document],
    *,
    entry: BaselineEntry | None = None,
    comparison: BaselineComparison | None = None,
    baseline_key: str | None = None,
) -> ReportView:
    """The report page's content; `entry` is the baseline entry as it was before this run."""
    by_id = {outcome.case_id: outcome for outcome in outcomes}

    def shown(case_id: str) -> bool:
        return case_id in report.case_results or case_id in by_id

    view, _, flips = view_head(
        report, items, shown, entry=entry, comparison=comparison, baseline_key=baseline_key
    )
    view.cases = list(
        case_views(
            items,
            shown,
            verdicts=lambda case_id: report.case_results.get(case_id, {}),
            outcome_of=by_id.get,
            documents=documents,
            flips=flips,
        )
    )
    return view
