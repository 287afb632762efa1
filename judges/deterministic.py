"""Metrics every judge computes the same way, from offsets, flags and numbers.

Retrieval (context_recall, context_precision) and behaviour (citation, numeric, refusal,
clarification) never ask a model: the offline and the LLM judge give identical verdicts
on them, so a judge switch moves only the generation metrics. Each function is the scorer
of one metric spec in `judges.metrics`.
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from judges.behaviour import (
    asked_clarification,
    cited_documents,
    expected_documents,
    gave_answer,
    is_fabrication,
    refused,
)
from judges.numeric import check_value
from judges.retrieval import context_precision, context_recall
from ragoro.contracts import CaseOutcome, GoldenItem, Verdict

__all__ = [
    "DeterministicConfig",
    "agent_error_verdict",
    "citation_verdict",
    "clarification_verdict",
    "is_fabrication",
    "numeric_verdict",
    "precision_verdict",
    "recall_verdict",
    "refusal_verdict",
]


@dataclass(frozen=True)
class DeterministicConfig:
    """Thresholds of the deterministic metrics."""

    passage_coverage: float = 0.5
    """Share of a passage's characters retrieved spans must cover for it to be recalled."""
    recall_pass: float = 1.0
    """Recall passes only when every golden passage was retrieved: an answer built on
    half the evidence of a composite case is not a retrieval success."""
    relevant_overlap: float = 0.5
    """A context is relevant when it overlaps a passage by this share of the shorter one."""
    precision_pass: float = 0.5
    """Average precision 0.5 = the first relevant context is at rank 2 or better."""
    citation_pass: float = 1.0
    """Share of expected documents that must be cited."""


def agent_error_verdict(item: GoldenItem, outcome: CaseOutcome, metric: str) -> Verdict:
    """An answer metric of a crashed agent: 0, because the agent failed, not the judge."""
    return Verdict.score(item.id, metric, 0.0, 1.0, f"agent error: {outcome.error}")


def recall_verdict(
    item: GoldenItem, o: CaseOutcome, c: DeterministicConfig, docs: Mapping[str, str] | None
) -> Verdict:
    """Share of golden passages the retrieved contexts cover; passes at `recall_pass`."""
    r = context_recall(item.passages, o.contexts, coverage=c.passage_coverage, documents=docs)
    return Verdict.score(item.id, "context_recall", r.value, c.recall_pass, r.reason)


def precision_verdict(
    item: GoldenItem, o: CaseOutcome, c: DeterministicConfig, docs: Mapping[str, str] | None
) -> Verdict:
    """Rank-aware precision of the retrieved contexts; passes at `precision_pass`."""
    r = context_precision(item.passages, o.contexts, overlap=c.relevant_overlap, documents=docs)
    return Verdict.score(item.id, "context_precision", r.value, c.precision_pass, r.reason)


def citation_verdict(item: GoldenItem, o: CaseOutcome, c: DeterministicConfig) -> Verdict:
    """Share of the expected documents the answer cites (in `citations` or by name)."""
    expected = expected_documents(item)
    if not expected:
        return Verdict.unscored(item.id, "citation", "no expected document to cite")
    cited = cited_documents(expected, o)
    missing = [d for d in expected if d not in cited]
    reason = f"{len(cited)}/{len(expected)} expected documents cited"
    if missing:
        reason += f"; missing {', '.join(missing)}"
    return Verdict.score(item.id, "citation", len(cited) / len(expected), c.citation_pass, reason)


def numeric_verdict(item: GoldenItem, o: CaseOutcome, c: DeterministicConfig) -> Verdict:
    """The expected value, in the expected unit's dimension, is stated by the outcome."""
    if item.expected.value is None:
        return Verdict.unscored(item.id, "numeric", "no expected value")
    check = check_value(item.expected.value, item.expected.unit, o)
    return Verdict.score(item.id, "numeric", float(check.matched), 1.0, check.reason)


def refusal_verdict(item: GoldenItem, o: CaseOutcome) -> Verdict:
    """Refused exactly when the corpus cannot answer (expected.refuse)."""
    did = refused(o)
    should = item.expected.refuse
    if did == should:
        reason = "refused as expected" if should else "answered, as expected (no refusal)"
    elif should:
        reason = "fabrication: answered a question the corpus cannot answer"
        if not gave_answer(o):
            reason = "did not refuse (no answer either)"
    else:
        reason = "refused a question the corpus answers"
    return Verdict.score(item.id, "refusal", float(did == should), 1.0, reason)


def clarification_verdict(item: GoldenItem, o: CaseOutcome) -> Verdict:
    """Asked first, answered with assumptions, or did not ask, as expected.clarification says."""
    mode = item.expected.clarification
    asked = asked_clarification(o)
    if mode == "ask_first":
        ok, reason = asked, "asked for clarification" if asked else "did not ask first"
    elif mode == "none":
        ok = not asked
        reason = "asked for clarification when none was needed" if asked else "did not ask"
    else:
        ok = gave_answer(o)
        reason = "answered with assumptions" if ok else "did not answer (only asked or declined)"
    return Verdict.score(item.id, "clarification", float(ok), 1.0, f"{mode}: {reason}")
