"""answer_relevancy: does the answer address what was asked?"""

from judges.generation import relevancy_verdict
from judges.metrics.spec import LLMField, MetricSpec

SPEC = MetricSpec(
    name="answer_relevancy",
    description="The answer addresses the question instead of evading or drifting.",
    kind="generation",
    applies_to=("narrative", "numeric", "composite", "refusal"),
    score=lambda m: relevancy_verdict(m.item, m.outcome, m.config.lexical),
    llm=LLMField(
        rubric="how directly the answer gives what the question asks for (a quantity, a "
        "time, a name, yes/no...) (0..1); evasive answers that only repeat the question, "
        "off-topic answers and refusals score low, except that when the case expects a "
        "refusal, a clear refusal scores 1; passed when score >= {threshold}.",
        threshold=0.5,
    ),
)
