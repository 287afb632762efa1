"""The LLM judge: one structured call per case for every generation metric and a grade.

The deterministic metrics are added exactly as the offline judge computes them. When the
call fails or the reply stays invalid after the bounded re-asks, the LLM metrics are
unscored with the reason and the raw reply kept, never 0; a partial reply keeps what it
has. A spent request budget (`--judge-max-calls`) leaves the remaining cases unscored
with that reason, and sends nothing more.
"""

from __future__ import annotations

import copy
import math
from collections.abc import Mapping

from pydantic import BaseModel

from judges.base import JudgeResult
from judges.behaviour import is_fabrication, refused
from judges.deterministic import DeterministicConfig, agent_error_verdict
from judges.llm_prompt import ClaimVerdict, MetricVerdict, build_messages, judge_output_model
from judges.metrics import JudgeConfig, MetricInput, llm_metrics, offline_verdicts, order_verdicts
from judges.options import JudgeOptions
from judges.retrieval import context_texts
from ragoro.contracts import CaseOutcome, GoldenItem, Verdict
from ragoro.llm import (
    BudgetExhausted,
    CallCache,
    Limits,
    LLMCallError,
    LLMClient,
    default_model,
    make_chat_model,
)

__all__ = ["CALL_FAILED", "LLMJudge", "default_thresholds"]

CALL_FAILED = "judge call failed"
"""How the reason of a verdict whose model call failed for good begins."""

# LLMClient arguments that build its gate; given any, the caller builds it, not `limits`.
_GATE_PARTS = {"accounting", "limiter", "budget", "retry", "gate"}


def default_thresholds() -> dict[str, float]:
    """Pass bar of each LLM metric, from its spec; ours decide, the model's `passed` is noted."""
    return {spec.name: spec.llm.threshold for spec in llm_metrics() if spec.llm is not None}


class LLMJudge:
    """A strong model judges faithfulness, relevancy, accuracy and a 0-10 grade."""

    name = "llm"

    def __init__(
        self,
        client: LLMClient,
        model: str,
        *,
        thresholds: Mapping[str, float] | None = None,
        deterministic: DeterministicConfig | None = None,
        documents: Mapping[str, str] | None = None,
    ) -> None:
        self.client = client
        self.model: str | None = model
        self.thresholds = {**default_thresholds(), **(thresholds or {})}
        self.config = JudgeConfig(deterministic=deterministic or DeterministicConfig())
        self.documents = documents

    @classmethod
    def from_options(cls, options: JudgeOptions) -> LLMJudge:
        """Build from the registry's options: a client for `model` (default: the judge
        default model) from `client_factory`, else a real chat model with a disk cache."""
        spec = options.model or default_model("judge")
        if options.client_factory is not None:
            client = options.client_factory(spec)
        else:
            limits = options.limits or Limits()
            cache = CallCache(options.cache_dir) if options.use_cache else None
            kwargs = dict(options.client_kwargs or {})
            if not _GATE_PARTS & kwargs.keys():
                kwargs["gate"] = limits.gate(spec, options.accounting)
            model = make_chat_model(spec, timeout=limits.timeout)
            client = LLMClient(model, spec, cache=cache, **kwargs)
        return cls(client, spec, deterministic=options.deterministic, documents=options.documents)

    def for_repeat(self, repeat: int) -> LLMJudge:
        """This judge for repeat `repeat` of the same cases (`--repeats`): the same model,
        cache, accounting and budget, but its calls get their own cache keys, so the model
        is really asked again and its verdicts may differ; repeat 1 is this judge."""
        again = copy.copy(self)
        again.client = self.client.for_repeat(repeat)
        return again

    def judge(self, item: GoldenItem, outcome: CaseOutcome) -> JudgeResult:
        """Deterministic verdicts plus one model call for the LLM metrics and the grade."""
        asked = [spec.name for spec in llm_metrics()]
        case = MetricInput(item, outcome, self.config, self.documents)
        verdicts = offline_verdicts(case, skip=asked)
        metrics = [spec.name for spec in llm_metrics() if spec.applies(item)]
        fabricated = is_fabrication(item, outcome)
        if outcome.error is not None:
            # Nothing to judge: the agent failed, and that costs it, not the judge.
            verdicts += [agent_error_verdict(item, outcome, m) for m in metrics]
            reason = f"agent error: {outcome.error}"
            return JudgeResult(
                case_id=item.id,
                verdicts=order_verdicts(verdicts),
                fabricated=fabricated,
                grade=0.0,
                grade_reason=reason,
            )
        messages = build_messages(
            item, outcome.answer, self._contexts(outcome), metrics, self.thresholds
        )
        try:
            result = self.client.structured(messages, judge_output_model())
        except (LLMCallError, BudgetExhausted) as exc:
            # Not a verdict on the answer: unscored with the reason, never 0. A spent
            # budget leaves every case after it unscored, with no request sent; it is the
            # user's cap, not a provider outage, so its reason does not read as one.
            reason = (
                f"judge call budget spent: {exc}"
                if isinstance(exc, BudgetExhausted)
                else f"{CALL_FAILED}: {exc}"
            )
            verdicts += [Verdict.unscored(item.id, m, reason) for m in metrics]
            return JudgeResult(
                case_id=item.id,
                verdicts=order_verdicts(verdicts),
                fabricated=fabricated,
                grade_reason=reason,
            )
        if result.value is None:
            reason = f"judge output unusable: {result.error}"
            verdicts += [Verdict.unscored(item.id, m, reason, raw=result.raw) for m in metrics]
            return JudgeResult(
                case_id=item.id,
                verdicts=order_verdicts(verdicts),
                fabricated=fabricated,
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
            fabricated=fabricated,
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
        self, item: GoldenItem, outcome: CaseOutcome, metric: str, out: BaseModel, raw: str
    ) -> Verdict:
        if metric == "faithfulness" and not outcome.answer.strip():
            return Verdict.unscored(item.id, metric, "empty answer: it makes no claims")
        if metric == "faithfulness" and refused(outcome):
            # Same rule as the offline judge: a refusal claims nothing, so it invents nothing.
            threshold = self.thresholds[metric]
            return Verdict.score(
                item.id, metric, 1.0, threshold, "a refusal claims nothing, so it invents nothing"
            )
        claims: list[ClaimVerdict] | None = getattr(out, "claims", None)
        if metric == "faithfulness" and claims == []:
            threshold = self.thresholds[metric]
            return Verdict.score(
                item.id, metric, 1.0, threshold, "the judge found no claim, so nothing invented"
            )
        given: MetricVerdict | None = getattr(out, metric)
        if given is None or given.score is None:
            return Verdict.unscored(item.id, metric, f"judge output has no {metric} score", raw)
        score = given.score
        if not math.isfinite(score) or not 0.0 <= score <= 1.0:
            return Verdict.unscored(item.id, metric, f"{metric} score {score} outside 0-1", raw)
        threshold = self.thresholds[metric]
        reason = given.reason.strip() or "(no reason given)"
        if metric == "faithfulness" and claims is not None:
            reason = f"{_claims_summary(claims)}; {reason}"
        if given.passed is not None and given.passed != (score >= threshold):
            reason += f" [model said passed={given.passed}; the {threshold} bar decides]"
        return Verdict.score(item.id, metric, score, threshold, reason)


def _claims_summary(claims: list[ClaimVerdict]) -> str:
    supported = sum(1 for c in claims if c.supported)
    text = f"{supported}/{len(claims)} claims supported"
    unsupported = [f"'{c.claim[:60]}'" for c in claims if not c.supported]
    return text + (f" (unsupported: {', '.join(unsupported[:3])})" if unsupported else "")


def _grade(out: BaseModel) -> tuple[float | None, str]:
    reasoning = str(getattr(out, "grade_reasoning", "")).strip()
    grade: float | None = getattr(out, "grade", None)
    if grade is None:
        return None, "judge output has no grade"
    if not math.isfinite(grade) or not 0.0 <= grade <= 10.0:
        # Out of range is a bad reply, not a grade to clamp into range.
        return None, f"grade {grade} outside 0-10: {reasoning}".rstrip(": ")
    return grade, reasoning or "(no reasoning given)"
