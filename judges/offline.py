"""The offline judge: every registered metric scored by its offline scorer, no model."""

from __future__ import annotations

from collections.abc import Mapping

from judges import lexical
from judges.base import JudgeResult
from judges.behaviour import is_fabrication
from judges.deterministic import DeterministicConfig
from judges.metrics import JudgeConfig, MetricInput, offline_verdicts, order_verdicts
from judges.options import JudgeOptions
from ragoro.contracts import CaseOutcome, GoldenItem

__all__ = ["OfflineJudge"]


class OfflineJudge:
    """Lexical overlap judge (IT + EN, numbers normalised) for CI: fast, free, offline."""

    name = "offline"
    model: str | None = None
    deterministic = True
    """Same inputs, same verdicts: `--repeats` judges once and reports a spread of 0."""

    def __init__(
        self,
        config: lexical.LexicalConfig | None = None,
        *,
        deterministic: DeterministicConfig | None = None,
        documents: Mapping[str, str] | None = None,
    ) -> None:
        self.config = JudgeConfig(
            lexical=config or lexical.LexicalConfig(),
            deterministic=deterministic or DeterministicConfig(),
        )
        self.documents = documents

    @classmethod
    def from_options(cls, options: JudgeOptions) -> OfflineJudge:
        """Build from the registry's options (model and client options are ignored)."""
        return cls(
            options.lexical, deterministic=options.deterministic, documents=options.documents
        )

    def judge(self, item: GoldenItem, outcome: CaseOutcome) -> JudgeResult:
        """Every applicable metric's verdict; no grade (there is no model to give one)."""
        case = MetricInput(item, outcome, self.config, self.documents)
        return JudgeResult(
            case_id=item.id,
            verdicts=order_verdicts(offline_verdicts(case)),
            fabricated=is_fabrication(item, outcome),
            grade=None,
            grade_reason="the offline judge gives no grade",
        )
