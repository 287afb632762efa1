"""refusal: declines exactly the questions the corpus cannot answer."""

from judges.deterministic import refusal_verdict
from judges.metrics.spec import MetricSpec

SPEC = MetricSpec(
    name="refusal",
    description="Refuses when the corpus cannot answer, answers when it can.",
    kind="behaviour",
    applies_to=("narrative", "numeric", "composite", "refusal", "clarification"),
    score=lambda m: refusal_verdict(m.item, m.outcome),
)
