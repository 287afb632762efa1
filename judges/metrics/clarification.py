"""clarification: asks first only when the question is ambiguous."""

from judges.deterministic import clarification_verdict
from judges.metrics.spec import MetricSpec

SPEC = MetricSpec(
    name="clarification",
    description="Asks first, answers with assumptions, or just answers, as the case expects.",
    kind="behaviour",
    applies_to=("narrative", "numeric", "composite", "refusal", "clarification"),
    score=lambda m: clarification_verdict(m.item, m.outcome),
)
