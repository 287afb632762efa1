"""context_recall: did the retriever bring every golden passage?"""

from judges.deterministic import recall_verdict
from judges.metrics.spec import MetricSpec

SPEC = MetricSpec(
    name="context_recall",
    description="Share of the golden passages covered by the retrieved contexts (by offsets).",
    kind="retrieval",
    applies_to=("narrative", "numeric", "composite", "clarification"),
    needs=lambda item: bool(item.passages),
    score=lambda m: recall_verdict(m.item, m.outcome, m.config.deterministic, m.documents),
)
