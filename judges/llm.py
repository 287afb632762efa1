"""The LLM judge: one structured call per case for every generation metric and a grade.

The deterministic metrics are added exactly as the offline judge computes them. When the
call fails or the reply stays invalid after the bounded re-asks, the LLM metrics are
unscored with the reason and the raw reply kept, never 0; a partial reply keeps what it
has. `BudgetExhausted` is not caught: a spent budget stops the run, it is not a verdict.
"""

from __future__ import annotations

import math
from collections.abc import Mapping
from dataclasses import asdict, dataclass

from judges.applicability import applies
from judges.base import JudgeResult
from judges.behaviour import refused
from judges.deterministic import (
    ANSWER_METRICS,
    DeterministicConfig,
    agent_error_verdict,
    deterministic_verdicts,
)
from judges.llm_prompt import JudgeOutput, MetricVerdict, build_messages
from judges.options import JudgeOptions, order_verdicts
from judges.retrieval import context_texts
from ragoro.contracts import CaseOutcome, GoldenItem, Verdict
from ragoro.llm import CallCache, LLMCallError, LLMClient, default_model, make_chat_model

__all__ = ["LLMJudge", "LLMThresholds"]


@dataclass(frozen=True)
class LLMThresholds:
    """Pass bars of the LLM metrics; ours decide, the model's own `passed` is only noted."""

    faithfulness: float = 0.8
    answer_relevancy: float = 0.5
    answer_accuracy: float = 0.5


class LLMJudge:
    """A strong model judges faithfulness, relevancy, accuracy and a 0-10 grade."""

    name = "llm"

    def __init__(
        self,
        client: LLMClient,
        model: str,
        *,
        thresholds: LLMThresholds | None = None,
        deterministic: DeterministicConfig | None = None,
        documents: Mapping[str, str] | None = None,
    ) -> None:
        self.client = client
        self.model: str | None = model
        self.thresholds = thresholds or LLMThresholds()
        self.deterministic = deterministic or DeterministicConfig()
        self.documents = documents

    @classmethod
    def from_options(cls, options: JudgeOptions) -> LLMJudge:
        """Build from the registry's options: a client for `model` (default: the judge
        default model) from `client_factory`, else a real chat model with a disk cache."""
        spec = options.model or default_model("judge")
        if options.client_factory is not None:
            client = options.client_factory(spec)
        else:
            cache = CallCache(options.cache_dir)
            client = LLMClient(
                make_chat_model(spec), spec, cache=cache, **dict(options.client_kwargs or {})
            )
        return cls(client, spec, deterministic=options.deterministic, documents=options.documents)

    def judge(self, item: GoldenItem, outcome: CaseOutcome) -> JudgeResult:
        """Deterministic verdicts plus one model call for the LLM metrics and the grade."""
        verdicts = deterministic_verdicts(item, outcome, self.deterministic, self.documents)
        metrics = [m for m in ANSWER_METRICS if applies(m, item)]
        if outcome.error is not None:
            # Nothing to judge: the agent failed, and that costs it, not the judge.
            verdicts += [agent_error_verdict(item, outcome, m) for m in metrics]
            reason = f"agent error: {outcome.error}"
            return JudgeResult(
                case_id=item.id, verdicts=order_verdicts(verdicts), grade=0.0, grade_reason=reason
            )
        messages = build_messages(
            item, outcome.answer, self._contexts(outcome), metrics, asdict(self.thresholds)
        )
        try:
            result = self.client.structured(messages, JudgeOutput)
        except LLMCallError as exc:
            reason = f"judge call failed: {exc}"
            verdicts += [Verdict.unscored(item.id, m, reason) for m in metrics]
            return JudgeResult(
                case_id=item.id, verdicts=order_verdicts(verdicts), grade_reason=reason
            )
        if result.value is None:
            reason = f"judge output unusable: {result.error}"
            verdicts += [Verdict.unscored(item.id, m, reason, raw=result.raw) for m in metrics]
            return JudgeResult(
                case_id=item.id,
                verdicts=order_verdicts(verdicts),
                grade_reason=reason,
                usage=result.usage,
                raw=result.raw,
            )
        out = result.value
        verdicts += [self._metric(item, outcome, m, out, result.raw) for m in metrics]
        grade, grade_reason = _grade(out)
        return JudgeResult(
            case_id=item.id,
            verdicts=order_verdicts(verdicts),
            grade=grade,
            grade_reason=grade_reason,
            usage=result.usage,
            raw=result.raw,
        )

    def _contexts(self, outcome: CaseOutcome) -> list[tuple[str, str]]:
        return [
            (c.document_path, text)
            for c in outcome.contexts
            for text in context_texts([c], self.documents)
        ]

    def _metric(
        self, item: GoldenItem, outcome: CaseOutcome, metric: str, out: JudgeOutput, raw: str
    ) -> Verdict:
        if metric == "faithfulness" and (not outcome.answer.strip() or refused(outcome)):
            # Same rule as the offline judge: claiming nothing is neither faithful nor not.
            return Verdict.unscored(item.id, metric, "answer makes no claims (refusal)")
        if metric == "faithfulness" and out.claims == []:
            return Verdict.unscored(item.id, metric, "answer makes no claims (judge found none)")
        given: MetricVerdict | None = getattr(out, metric)
        if given is None or given.score is None:
            return Verdict.unscored(item.id, metric, f"judge output has no {metric} score", raw)
        score = given.score
        if not math.isfinite(score) or not 0.0 <= score <= 1.0:
            return Verdict.unscored(item.id, metric, f"{metric} score {score} outside 0-1", raw)
        threshold = getattr(self.thresholds, metric)
        reason = given.reason.strip() or "(no reason given)"
        if metric == "faithfulness" and out.claims is not None:
            reason = f"{_claims_summary(out)}; {reason}"
        if given.passed is not None and given.passed != (score >= threshold):
            reason += f" [model said passed={given.passed}; the {threshold} bar decides]"
        return Verdict.score(item.id, metric, score, threshold, reason)


def _claims_summary(out: JudgeOutput) -> str:
    claims = out.claims or []
    supported = sum(1 for c in claims if c.supported)
    text = f"{supported}/{len(claims)} claims supported"
    unsupported = [f"'{c.claim[:60]}'" for c in claims if not c.supported]
    return text + (f" (unsupported: {', '.join(unsupported[:3])})" if unsupported else "")


def _grade(out: JudgeOutput) -> tuple[float | None, str]:
    reasoning = out.grade_reasoning.strip()
    if out.grade is None:
        return None, "judge output has no grade"
    if not math.isfinite(out.grade) or not 0.0 <= out.grade <= 10.0:
        # Out of range is a bad reply, not a grade to clamp into range.
        return None, f"grade {out.grade} outside 0-10: {reasoning}".rstrip(": ")
    return out.grade, reasoning or "(no reasoning given)"
