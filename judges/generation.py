"""Offline scorers of the generation metrics: faithfulness, relevancy, accuracy.

Each is the `score` of one metric spec in `judges.metrics`. An answer that claims nothing
checkable (a bare refusal, only a question back) invents nothing: it is faithful, while
answer_accuracy and answer_relevancy fail it unless the case expects a refusal.
"""

from __future__ import annotations

from collections.abc import Mapping

from judges import lexical
from judges.deterministic import DeterministicConfig
from judges.numeric import check_value
from judges.retrieval import context_texts
from ragoro.contracts import CaseOutcome, GoldenItem, Verdict

__all__ = ["accuracy_verdict", "faithfulness_verdict", "relevancy_verdict"]


def faithfulness_verdict(
    item: GoldenItem,
    outcome: CaseOutcome,
    cfg: lexical.LexicalConfig,
    documents: Mapping[str, str] | None,
) -> Verdict:
    """Share of the answer's claims the retrieved contexts support."""
    texts = context_texts(outcome.contexts, documents)
    score = lexical.faithfulness(outcome.answer, texts, cfg, question=item.question)
    return score.to_verdict(item.id, "faithfulness")


def relevancy_verdict(
    item: GoldenItem, outcome: CaseOutcome, cfg: lexical.LexicalConfig
) -> Verdict:
    """Does the answer give what the question asks for, without evading?"""
    score = lexical.answer_relevancy(
        item.question,
        outcome.answer,
        cfg,
        expects_refusal=item.expected.refuse,
        subject=[passage.content for passage in item.passages],
    )
    return score.to_verdict(item.id, "answer_relevancy")


def accuracy_verdict(
    item: GoldenItem,
    outcome: CaseOutcome,
    cfg: lexical.LexicalConfig,
    deterministic: DeterministicConfig,
) -> Verdict:
    """Agreement with the reference answer; a numeric case also needs the right value."""
    score = lexical.answer_accuracy(
        outcome.answer,
        item.references,
        cfg,
        question=item.question,
        expects_refusal=item.expected.refuse,
    )
    verdict = score.to_verdict(item.id, "answer_accuracy")
    if item.case_type != "numeric" or item.expected.value is None:
        return verdict
    check = check_value(item.expected.value, item.expected.unit, outcome)
    threshold = cfg.accuracy_threshold
    if not verdict.scored:
        # No reference text to compare with: the value is the whole answer.
        return Verdict.score(item.id, verdict.metric, float(check.matched), threshold, check.reason)
    if check.matched:
        return verdict
    return Verdict.score(
        item.id, verdict.metric, 0.0, threshold, f"value check failed: {check.reason}"
    )
