"""The offline judge's thresholds and the score its text checks return."""

from __future__ import annotations

from dataclasses import dataclass

from ragoro.contracts import Verdict
from ragoro.text.lang import Lang

__all__ = ["LexicalConfig", "Score", "scored"]


@dataclass(frozen=True)
class LexicalConfig:
    """Thresholds of the offline text checks."""

    support_threshold: float = 0.6
    """Share of a statement's content tokens the source must contain."""
    accuracy_threshold: float = 0.6
    """Share of the reference's own content (beyond the question's words) the answer gives."""
    part_threshold: float = 0.5
    """Share of each part of a multi-part reference the answer must give."""
    relevancy_threshold: float = 0.5
    faithfulness_threshold: float = 0.8
    """Share of supported claims for faithfulness to pass."""
    clause_overlap: float = 0.5
    """Token overlap for two clauses to be compared for negation."""
    min_claim_tokens: int = 2
    """A sentence with fewer content tokens and no number is not a claim ("Sì, certo.")."""
    lang: Lang | None = None
    """Force a language; detected from the texts when None."""


@dataclass(frozen=True)
class Score:
    """A metric value in [0, 1] or unscored (value None) with the reason either way."""

    value: float | None
    passed: bool | None
    reason: str

    @property
    def scored(self) -> bool:
        """True when the metric produced a value."""
        return self.value is not None

    def to_verdict(self, case_id: str, metric: str) -> Verdict:
        """The contract form of this score for one case and metric."""
        if self.value is None:
            return Verdict.unscored(case_id, metric, self.reason)
        return Verdict(
            case_id=case_id, metric=metric, value=self.value, passed=self.passed, reason=self.reason
        )


def scored(value: float, threshold: float, reason: str) -> Score:
    """A score bounded to [0, 1] that passes at `threshold`."""
    bounded = min(1.0, max(0.0, value))
    return Score(bounded, bounded >= threshold, reason)
