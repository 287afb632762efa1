"""What a metric is: one `MetricSpec` says where it applies, how it is scored offline and,
for generation metrics, what the LLM judge is asked for it."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass, field
from typing import Literal

from judges.deterministic import DeterministicConfig
from judges.lexical import LexicalConfig
from ragoro.contracts import CaseOutcome, CaseType, GoldenItem, Verdict

__all__ = ["JudgeConfig", "LLMField", "MetricInput", "MetricKind", "MetricSpec", "Scorer"]

MetricKind = Literal["retrieval", "generation", "behaviour"]


@dataclass(frozen=True)
class JudgeConfig:
    """Every threshold a judge applies, grouped by the scorer that reads it."""

    lexical: LexicalConfig = field(default_factory=LexicalConfig)
    deterministic: DeterministicConfig = field(default_factory=DeterministicConfig)


@dataclass(frozen=True)
class MetricInput:
    """Everything a scorer may look at for one case."""

    item: GoldenItem
    outcome: CaseOutcome
    config: JudgeConfig
    documents: Mapping[str, str] | None = None
    """Canonical document texts by path, to locate contexts that come without offsets."""


Scorer = Callable[[MetricInput], Verdict]
"""Scores one case on one metric; a case the scorer cannot judge is unscored with a reason."""


@dataclass(frozen=True)
class LLMField:
    """How the LLM judge scores a metric: one field of its reply schema, named after it."""

    rubric: str
    """What the model is told the score means; `{threshold}` is replaced by the bar."""
    threshold: float
    """The pass bar of the model's 0..1 score (ours decides, not the model's `passed`)."""


@dataclass(frozen=True)
class MetricSpec:
    """One metric, in one place: the registry (`judges.metrics`) lists every spec."""

    name: str
    description: str
    kind: MetricKind
    applies_to: tuple[CaseType, ...]
    """Case types the metric is judged on."""
    score: Scorer
    """The offline scorer (for retrieval and behaviour metrics, every judge's scorer)."""
    needs: Callable[[GoldenItem], bool] | None = None
    """What the item must carry to be measured (golden passages, an expected value)."""
    llm: LLMField | None = None
    """Set for metrics the LLM judge scores itself, in its reply's field `name`."""

    def applies(self, item: GoldenItem) -> bool:
        """True when the metric is judged on `item`."""
        if item.case_type not in self.applies_to:
            return False
        return self.needs is None or self.needs(item)
