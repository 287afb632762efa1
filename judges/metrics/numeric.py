"""numeric: is the expected value stated, in a unit of the same dimension?"""

from judges.deterministic import numeric_verdict
from judges.metrics.spec import MetricSpec

SPEC = MetricSpec(
    name="numeric",
    description="The expected value and unit are stated (1.702,5 = 1,702.5 = 1.7025 billion).",
    kind="behaviour",
    applies_to=("numeric",),
    needs=lambda item: item.expected.value is not None,
    score=lambda m: numeric_verdict(m.item, m.outcome, m.config.deterministic),
)
