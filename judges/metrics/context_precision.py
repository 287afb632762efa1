"""context_precision: are the relevant contexts ranked before the irrelevant ones?"""

from judges.deterministic import precision_verdict
from judges.metrics.spec import MetricSpec

SPEC = MetricSpec(
    name="context_precision",
    description="Rank-aware precision: relevant contexts (overlapping a golden passage) first.",
    kind="retrieval",
    applies_to=("narrative", "numeric", "composite", "clarification"),
    needs=lambda item: bool(item.passages),
    score=lambda m: precision_verdict(m.item, m.outcome, m.config.deterministic, m.documents),
)
