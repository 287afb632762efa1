"""The metric registry: every metric is one `MetricSpec` in one file, listed once below.

Every list of metric names in ragoro (report order, applicability, the LLM judge's reply
schema and rubric, the baseline) is derived from `METRICS`. To add a metric, write one
file with its `SPEC` and add it to `_BUILT_IN` (see docs/extending.md).
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping

from judges.deterministic import DeterministicConfig, agent_error_verdict
from judges.metrics import (
    answer_accuracy,
    answer_relevancy,
    citation,
    clarification,
    context_precision,
    context_recall,
    faithfulness,
    numeric,
    refusal,
)
from judges.metrics.spec import JudgeConfig, LLMField, MetricInput, MetricKind, MetricSpec
from ragoro.contracts import CaseOutcome, GoldenItem, Verdict

__all__ = [
    "METRICS",
    "JudgeConfig",
    "LLMField",
    "MetricInput",
    "MetricKind",
    "MetricSpec",
    "applicable_metrics",
    "applies",
    "deterministic_verdicts",
    "get_metric",
    "llm_metrics",
    "metric_names",
    "offline_verdicts",
    "order_verdicts",
    "register",
    "score_offline",
]

_BUILT_IN: tuple[MetricSpec, ...] = (
    context_recall.SPEC,
    context_precision.SPEC,
    faithfulness.SPEC,
    answer_relevancy.SPEC,
    answer_accuracy.SPEC,
    citation.SPEC,
    numeric.SPEC,
    refusal.SPEC,
    clarification.SPEC,
)

METRICS: dict[str, MetricSpec] = {spec.name: spec for spec in _BUILT_IN}
"""Every metric by name, in report order."""


def register(spec: MetricSpec) -> MetricSpec:
    """Add a metric at run time (a plugin's, a test's); its name must be new."""
    if spec.name in METRICS:
        raise ValueError(f"metric {spec.name!r} is already registered")
    METRICS[spec.name] = spec
    return spec


def metric_names() -> tuple[str, ...]:
    """Every registered metric name, in report order."""
    return tuple(METRICS)


def llm_metrics() -> tuple[MetricSpec, ...]:
    """The metrics the LLM judge scores itself (the others it scores like the offline one)."""
    return tuple(spec for spec in METRICS.values() if spec.llm is not None)


def get_metric(name: str) -> MetricSpec:
    """The spec of `name`; a ValueError naming the known metrics for a typo."""
    spec = METRICS.get(name)
    if spec is None:
        raise ValueError(f"unknown metric {name!r}: expected one of {', '.join(METRICS)}")
    return spec


def applies(metric: str, item: GoldenItem) -> bool:
    """True when `metric` is judged on `item` (its case type, and the data it needs)."""
    return get_metric(metric).applies(item)


def applicable_metrics(item: GoldenItem) -> list[str]:
    """The metrics that apply to `item`, in report order."""
    return [name for name, spec in METRICS.items() if spec.applies(item)]


def score_offline(spec: MetricSpec, case: MetricInput) -> Verdict:
    """The spec's offline verdict; a generation metric of a crashed agent scores 0 (the
    agent failed, not the judge)."""
    if spec.kind == "generation" and case.outcome.error is not None:
        return agent_error_verdict(case.item, case.outcome, spec.name)
    return spec.score(case)


def offline_verdicts(case: MetricInput, *, skip: Iterable[str] = ()) -> list[Verdict]:
    """The offline verdict of every applicable metric except those in `skip`."""
    skipped = set(skip)
    return [
        score_offline(spec, case)
        for spec in METRICS.values()
        if spec.name not in skipped and spec.applies(case.item)
    ]


def deterministic_verdicts(
    item: GoldenItem,
    outcome: CaseOutcome,
    config: DeterministicConfig | None = None,
    documents: Mapping[str, str] | None = None,
) -> list[Verdict]:
    """The verdicts of the retrieval and behaviour metrics that apply, in report order;
    computed from what is there even when the agent crashed."""
    case = MetricInput(
        item, outcome, JudgeConfig(deterministic=config or DeterministicConfig()), documents
    )
    generation = [name for name, spec in METRICS.items() if spec.kind == "generation"]
    return offline_verdicts(case, skip=generation)


def order_verdicts(verdicts: Iterable[Verdict]) -> list[Verdict]:
    """Verdicts in report order (unknown metrics last, by name)."""
    rank = {name: i for i, name in enumerate(METRICS)}
    return sorted(verdicts, key=lambda v: (rank.get(v.metric, len(rank)), v.metric))
