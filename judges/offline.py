"""The offline judge: deterministic metrics plus lexical generation metrics, no model.

Faithfulness of an answer that makes no claims (a bare refusal, only a question back) is
unscored with the reason, never 0 or 1: claiming nothing is neither faithful nor not.
The case is not hidden: the refusal metric fails (refusal cases, where declining is
right, do not get faithfulness at all) and answer_accuracy / answer_relevancy score 0.
"""

from __future__ import annotations

from collections.abc import Mapping

from judges import lexical
from judges.applicability import applies
from judges.base import JudgeResult
from judges.deterministic import (
    ANSWER_METRICS,
    DeterministicConfig,
    agent_error_verdict,
    deterministic_verdicts,
)
from judges.numeric import check_value
from judges.options import JudgeOptions, order_verdicts
from judges.retrieval import context_texts
from ragoro.contracts import CaseOutcome, GoldenItem, Verdict

__all__ = ["OfflineJudge"]


class OfflineJudge:
    """Lexical overlap judge (IT + EN, numbers normalised) for CI: fast, free, offline."""

    name = "offline"
    model: str | None = None

    def __init__(
        self,
        config: lexical.LexicalConfig | None = None,
        *,
        deterministic: DeterministicConfig | None = None,
        documents: Mapping[str, str] | None = None,
    ) -> None:
        self.config = config or lexical.LexicalConfig()
        self.deterministic = deterministic or DeterministicConfig()
        self.documents = documents

    @classmethod
    def from_options(cls, options: JudgeOptions) -> OfflineJudge:
        """Build from the registry's options (model and client options are ignored)."""
        return cls(
            options.lexical, deterministic=options.deterministic, documents=options.documents
        )

    def judge(self, item: GoldenItem, outcome: CaseOutcome) -> JudgeResult:
        """Every applicable metric's verdict; no grade (there is no model to give one)."""
        verdicts = deterministic_verdicts(item, outcome, self.deterministic, self.documents)
        for metric in ANSWER_METRICS:
            if applies(metric, item):
                verdicts.append(self._answer_metric(metric, item, outcome))
        return JudgeResult(
            case_id=item.id,
            verdicts=order_verdicts(verdicts),
            grade=None,
            grade_reason="the offline judge gives no grade",
        )

    def _answer_metric(self, metric: str, item: GoldenItem, outcome: CaseOutcome) -> Verdict:
        if outcome.error is not None:
            return agent_error_verdict(item, outcome, metric)
        cfg = self.config
        if metric == "faithfulness":
            texts = context_texts(outcome.contexts, self.documents)
            score = lexical.faithfulness(outcome.answer, texts, cfg)
        elif metric == "answer_relevancy":
            score = lexical.answer_relevancy(item.question, outcome.answer, cfg)
        else:
            score = lexical.answer_accuracy(
                outcome.answer, item.answer, cfg, question=item.question
            )
            return self._with_value_check(score.to_verdict(item.id, metric), item, outcome)
        return score.to_verdict(item.id, metric)

    def _with_value_check(
        self, verdict: Verdict, item: GoldenItem, outcome: CaseOutcome
    ) -> Verdict:
        """A numeric answer with the wrong value is not accurate, whatever its words."""
        if item.case_type != "numeric" or item.expected.value is None:
            return verdict
        check = check_value(
            item.expected.value, item.expected.unit, outcome, self.deterministic.numeric_rel_tol
        )
        threshold = self.config.accuracy_threshold
        if not verdict.scored:
            # No reference text to compare with: the value is the whole answer.
            return Verdict.score(
                item.id, verdict.metric, float(check.matched), threshold, check.reason
            )
        if check.matched:
            return verdict
        return Verdict.score(
            item.id, verdict.metric, 0.0, threshold, f"value check failed: {check.reason}"
        )
