"""faithfulness: is every claim of the answer backed by the retrieved contexts?"""

from judges.generation import faithfulness_verdict
from judges.metrics.spec import LLMField, MetricSpec

SPEC = MetricSpec(
    name="faithfulness",
    description="Share of the answer's claims that the retrieved contexts support.",
    kind="generation",
    applies_to=("narrative", "numeric", "composite", "refusal"),
    score=lambda m: faithfulness_verdict(m.item, m.outcome, m.config.lexical, m.documents),
    llm=LLMField(
        rubric="share of the claims supported by the retrieved contexts (0..1); passed when "
        "score >= {threshold}. Use the contexts only, not the reference answer or your own "
        "knowledge.",
        threshold=0.8,
    ),
)
