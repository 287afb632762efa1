"""answer_accuracy: does the answer agree with the reference on every key fact?"""

from judges.generation import accuracy_verdict
from judges.metrics.spec import LLMField, MetricSpec

SPEC = MetricSpec(
    name="answer_accuracy",
    description="Agreement with the reference answer on every key fact (and value, if numeric).",
    kind="generation",
    applies_to=("narrative", "numeric", "composite", "refusal"),
    score=lambda m: accuracy_verdict(m.item, m.outcome, m.config.lexical, m.config.deterministic),
    llm=LLMField(
        rubric="agreement with the reference answer on every key fact (0..1); a changed "
        "number, unit, date, entity or a flipped negation makes it wrong; extra correct "
        "detail is fine; a refusal is wrong, except that when the case expects a refusal "
        "only a clear refusal is right; passed when score >= {threshold}.",
        threshold=0.5,
    ),
)
