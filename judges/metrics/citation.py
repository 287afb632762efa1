"""citation: does the answer cite the documents that hold its answer?"""

from judges.deterministic import citation_verdict
from judges.metrics.spec import MetricSpec

SPEC = MetricSpec(
    name="citation",
    description="Share of the expected documents cited (in citations or by name in the answer).",
    kind="behaviour",
    applies_to=("narrative", "numeric", "composite"),
    score=lambda m: citation_verdict(m.item, m.outcome, m.config.deterministic),
)
