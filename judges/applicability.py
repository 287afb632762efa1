"""Which metrics apply to which cases: one table shared by every judge and the report.

The table lists case types; `applies` adds the one data condition the table cannot say:
a retrieval metric needs golden passages to measure against (a clarification case may
have none), so on a passage-less item it does not apply rather than scoring 0 or unscored.
"""

from __future__ import annotations

from ragoro.contracts import METRICS, CaseType, GoldenItem

__all__ = ["APPLIES_TO", "RETRIEVAL_METRICS", "applicable_metrics", "applies"]

# Which case types each metric is judged on; the report states it next to each metric.
APPLIES_TO: dict[str, tuple[CaseType, ...]] = {
    "context_recall": ("narrative", "numeric", "composite", "clarification"),
    "context_precision": ("narrative", "numeric", "composite", "clarification"),
    "faithfulness": ("narrative", "numeric", "composite"),
    "answer_relevancy": ("narrative", "numeric", "composite"),
    "answer_accuracy": ("narrative", "numeric", "composite"),
    "citation": ("narrative", "numeric", "composite"),
    "numeric": ("numeric",),
    "refusal": ("narrative", "numeric", "composite", "refusal", "clarification"),
    "clarification": ("narrative", "numeric", "composite", "refusal", "clarification"),
}

RETRIEVAL_METRICS: frozenset[str] = frozenset({"context_recall", "context_precision"})


def applies(metric: str, item: GoldenItem) -> bool:
    """True when `metric` is judged on `item`: its case type is listed in APPLIES_TO and
    the item carries what the metric measures against (passages, an expected value).

    Raises ValueError for a metric name that is not in the table, so a typo is loud.
    """
    if metric not in APPLIES_TO:
        raise ValueError(f"unknown metric {metric!r}: expected one of {', '.join(APPLIES_TO)}")
    if item.case_type not in APPLIES_TO[metric]:
        return False
    if metric in RETRIEVAL_METRICS:
        return bool(item.passages)
    if metric == "numeric":
        return item.expected.value is not None
    return True


def applicable_metrics(item: GoldenItem) -> list[str]:
    """The metrics that apply to `item`, in the canonical METRICS order."""
    return [m for m in METRICS if applies(m, item)]
