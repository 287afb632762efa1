"""Which metrics apply to which cases, derived from the metric registry (`judges.metrics`).

Kept as a module because callers ask "does this metric apply?" without caring where a
metric is defined; every answer comes from the specs.
"""

from __future__ import annotations

from judges.metrics import METRICS, applicable_metrics, applies
from ragoro.contracts import CaseType

__all__ = ["applicable_metrics", "applies", "applies_to"]


def applies_to() -> dict[str, tuple[CaseType, ...]]:
    """Metric name -> the case types it is judged on, for reports."""
    return {name: spec.applies_to for name, spec in METRICS.items()}
