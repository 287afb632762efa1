"""The Judge protocol: one call per case returns every metric's verdict, kept separate.

Two optional attributes tell the evaluator how a judge repeats (`--repeats N`, see
`repeat_judge`): `deterministic = True` (it always says the same, so repeat 1 stands for
every repeat), or `for_repeat(n) -> Judge` (the judge to ask for repeat n, e.g. the LLM
judge with its own cache key). A judge with neither is simply asked again.
"""

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


def repeat_judge(judge: Judge, repeat: int) -> Judge | None:
    """The judge to ask for repeat `repeat` (2, 3, ...) of the same cases, or None when the
    judge is deterministic and repeat 1's verdicts stand for every repeat.

    A judge with `for_repeat(n)` builds its own (the LLM judge: same model and cache, a
    fresh cache key, so the model is really asked again); any other judge is itself.
    """
    if repeat < 2:
        raise ValueError(f"repeat_judge is for repeats 2 and later, got {repeat}")
    if getattr(judge, "deterministic", False) is True:
        return None
    for_repeat = getattr(judge, "for_repeat", None)
    if for_repeat is None:
        return judge
    again = for_repeat(repeat)
    if not isinstance(again, Judge):
        raise TypeError(f"{type(judge).__name__}.for_repeat returned {type(again).__name__}")
    return again
