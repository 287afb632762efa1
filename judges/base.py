"""The Judge protocol: one call per case returns every metric's verdict, kept separate."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field

from ragoro.contracts import CaseOutcome, GoldenItem, TokenUsage, Verdict


class JudgeResult(BaseModel):
    """Everything a judge says about one case."""

    case_id: str
    verdicts: list[Verdict] = Field(description="One verdict per applicable metric.")
    fabricated: bool = Field(
        default=False, description="A case the corpus cannot answer got an answer anyway."
    )
    grade: float | None = Field(default=None, ge=0, le=10, description="LLM 0-10 grade, if any.")
    grade_reason: str = Field(default="", description="Why that grade (or why none).")
    usage: TokenUsage = Field(default_factory=TokenUsage, description="Judge LLM spend.")
    raw: str | None = Field(default=None, description="Raw judge output kept for audit.")


@runtime_checkable
class Judge(Protocol):
    """Scores one agent outcome against its golden item."""

    name: str
    """'offline' or 'llm'."""
    model: str | None
    """provider:model of an LLM judge; None for deterministic judges."""

    def judge(self, item: GoldenItem, outcome: CaseOutcome) -> JudgeResult:
        """Return the verdict of every metric that applies to this case."""
        ...
