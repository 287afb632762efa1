"""The data contracts every ragoro package shares: golden item, case outcome, verdict.

This module imports nothing of ours, so builder, evaluator and judges can all depend on
it without depending on each other. Documents and chunks belong to `vectordb`.
"""

from __future__ import annotations

from typing import Any, Literal, get_args

from pydantic import BaseModel, ConfigDict, Field, field_validator, model_validator

CaseType = Literal["narrative", "numeric", "composite", "refusal", "clarification"]
CASE_TYPES: tuple[CaseType, ...] = get_args(CaseType)
ClarificationMode = Literal["none", "ask_first", "answer_with_assumptions"]
ReviewStatus = Literal["accepted", "edited", "rejected"]


class Passage(BaseModel):
    """A verbatim span of one document that supports a golden answer."""

    model_config = ConfigDict(extra="forbid")

    content: str = Field(description="Exactly document.text[start_char:end_char].")
    document_path: str = Field(description="Posix path relative to the corpus root.")
    start_char: int = Field(ge=0, description="Inclusive start offset in the canonical text.")
    end_char: int = Field(description="Exclusive end offset in the canonical text.")
    locator: str | None = Field(
        default=None,
        description="Where start_char is in the file (page=3, slide=5,table=1,row=2,col=3, "
        "Sheet!B3), as the document's locator_at gives it; optional.",
    )

    @model_validator(mode="after")
    def _offsets_ordered(self) -> Passage:
        if self.end_char <= self.start_char:
            raise ValueError(
                f"end_char ({self.end_char}) must be greater than start_char ({self.start_char})"
            )
        return self


class Source(BaseModel):
    """Where the expected value lives; the locator is opaque (page=3, slide=5,table=1...)."""

    doc: str = Field(description="Document path relative to the corpus root.")
    locator: str | None = Field(default=None, description="Free-form position inside doc.")


class Expected(BaseModel):
    """What a correct agent does on this case, beyond the reference answer."""

    clarification: ClarificationMode = Field(
        default="none", description="Whether the agent should ask first, assume, or just answer."
    )
    refuse: bool = Field(default=False, description="True when the corpus cannot answer.")
    value: float | None = Field(default=None, description="Expected number, for numeric cases.")
    unit: str | None = Field(default=None, description="Normalised unit of value (EUR_M, kg...).")
    source: Source | None = Field(default=None, description="Document holding the answer.")
    narrative_doc: str | None = Field(default=None, description="Document a narrative cites.")


class Provenance(BaseModel):
    """How an item was made, so a golden set can be regenerated and audited."""

    generator: str = Field(description="'offline' or the provider:model string used.")
    prompt_version: str = Field(default="", description="Version tag of the builder prompt.")
    seed: int | None = Field(default=None, description="Sampling seed of the run.")
    chunk_ids: list[str] = Field(default_factory=list, description="Chunks the item came from.")
    created_at: str = Field(default="", description="ISO-8601 UTC creation time.")
    scenario_id: str | None = Field(default=None, description="Deterministic resume unit id.")


class Review(BaseModel):
    """A person's decision on one item (`python -m builder review`)."""

    model_config = ConfigDict(extra="forbid")

    status: ReviewStatus = Field(
        description="accepted as written, edited (then accepted), or rejected (never run)."
    )
    note: str = Field(default="", description="The reviewer's note.")
    at: str = Field(description="ISO-8601 UTC time of the decision.")


class GoldenItem(BaseModel):
    """One question of the golden set with its reference answer and supporting passages."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1, description="Unique within the golden file.")
    question: str = Field(min_length=1, description="What a user asks.")
    answer: str = Field(default="", description="The reference answer.")
    answers: list[str] = Field(
        default_factory=list,
        description="Alternative reference answers; accuracy passes on any of them.",
    )
    passages: list[Passage] = Field(default_factory=list, description="Supporting spans.")
    case_type: CaseType = Field(
        default="narrative",
        description="Inferred when absent: composite if passages span 2+ documents.",
    )
    expected: Expected = Field(default_factory=Expected, description="Behaviour expectations.")
    tags: dict[str, str] = Field(default_factory=dict, description="Free labels for breakdowns.")
    reference_date: str | None = Field(default=None, description="Date the facts refer to.")
    provenance: Provenance | None = Field(default=None, description="Generation metadata.")
    review: Review | None = Field(default=None, description="A person's review, when done.")

    @model_validator(mode="before")
    @classmethod
    def _infer_defaults(cls, data: Any) -> Any:
        if not isinstance(data, dict):
            return data
        data = dict(data)
        if isinstance(data.get("id"), int) and not isinstance(data.get("id"), bool):
            data["id"] = str(data["id"])
        if data.get("case_type") is None:
            passages = data.get("passages") or []
            docs = {p.get("document_path") for p in passages if isinstance(p, dict)}
            data["case_type"] = "composite" if len(docs) >= 2 else "narrative"
        if data["case_type"] == "refusal":
            expected = dict(data.get("expected") or {})
            expected.setdefault("refuse", True)
            data["expected"] = expected
        return data

    @field_validator("answers")
    @classmethod
    def _answers_not_blank(cls, value: list[str]) -> list[str]:
        for i, text in enumerate(value):
            if not text.strip():
                raise ValueError(f"answers[{i}] is blank: remove it or write the answer")
        return value

    @field_validator("tags", mode="before")
    @classmethod
    def _tags_as_strings(cls, value: Any) -> Any:
        if isinstance(value, dict):
            return {str(k): str(v) for k, v in value.items()}
        return value

    @model_validator(mode="after")
    def _cross_field_rules(self) -> GoldenItem:
        if self.case_type == "refusal" or self.expected.refuse:
            if self.case_type != "refusal":
                raise ValueError("expected.refuse is true but case_type is not 'refusal'")
            if not self.expected.refuse:
                raise ValueError("a refusal case needs expected.refuse = true")
            if self.passages:
                raise ValueError("a refusal case must have no passages")
        if self.case_type == "numeric":
            if self.expected.value is None:
                raise ValueError("a numeric case needs expected.value")
            if not self.expected.unit:
                raise ValueError("a numeric case needs expected.unit")
        if self.case_type not in ("refusal", "clarification") and not self.passages:
            raise ValueError(f"a {self.case_type} case needs at least one passage")
        return self

    @property
    def references(self) -> list[str]:
        """Every accepted reference answer: `answer` first, then the alternatives."""
        return list(dict.fromkeys(a for a in (self.answer, *self.answers) if a.strip()))

    @property
    def documents(self) -> list[str]:
        """Distinct document paths of the passages, in order of first appearance."""
        return list(dict.fromkeys(p.document_path for p in self.passages))


class RetrievedContext(BaseModel):
    """One piece of context the agent saw; offsets are optional for foreign agents."""

    document_path: str = Field(description="Posix path relative to the corpus root.")
    text: str = Field(default="", description="The context text the agent was given.")
    start_char: int | None = Field(default=None, description="Start offset, when known.")
    end_char: int | None = Field(default=None, description="End offset, when known.")
    score: float | None = Field(default=None, description="Retriever score, when known.")
    page: int | None = Field(default=None, description="1-based page, when known.")


class TokenUsage(BaseModel):
    """Tokens and calls spent on one case or one run."""

    calls: int = 0
    input_tokens: int = 0
    output_tokens: int = 0

    def add(self, other: TokenUsage) -> TokenUsage:
        """Return the sum of two usages."""
        return TokenUsage(
            calls=self.calls + other.calls,
            input_tokens=self.input_tokens + other.input_tokens,
            output_tokens=self.output_tokens + other.output_tokens,
        )


class CaseOutcome(BaseModel):
    """What the agent under test did on one golden case."""

    case_id: str = Field(description="GoldenItem.id this outcome answers.")
    question: str = Field(description="The question as asked.")
    answer: str = Field(default="", description="The agent's final answer.")
    contexts: list[RetrievedContext] = Field(default_factory=list, description="Contexts used.")
    citations: list[str] = Field(default_factory=list, description="Document paths cited.")
    refused: bool | None = Field(
        default=None,
        description="What the agent declared: it does not know. None = it did not say; the "
        "judges decide from the answer either way.",
    )
    asked_clarification: bool | None = Field(
        default=None, description="What the agent declared: it asked first. None = not said."
    )
    value: float | None = Field(default=None, description="Number the answer states, if any.")
    unit: str | None = Field(default=None, description="Normalised unit of value.")
    latency_s: float = Field(default=0.0, description="Wall time of the agent call.")
    usage: TokenUsage = Field(default_factory=TokenUsage, description="LLM spend of the agent.")
    agent: str = Field(default="", description="Agent name or provider:model.")
    error: str | None = Field(default=None, description="Why the agent failed, if it did.")


class Verdict(BaseModel):
    """One metric on one case: a score in [0, 1], or unscored with the reason why."""

    case_id: str
    metric: str
    value: float | None = Field(default=None, ge=0.0, le=1.0, description="None = unscored.")
    passed: bool | None = Field(default=None, description="None exactly when unscored.")
    reason: str = Field(default="", description="Why this value, or why unscored.")
    raw: str | None = Field(default=None, description="Raw judge output kept for audit.")

    @model_validator(mode="after")
    def _unscored_has_reason(self) -> Verdict:
        if (self.value is None) != (self.passed is None):
            raise ValueError("value and passed must both be set or both be None")
        if self.value is None and not self.reason:
            raise ValueError("an unscored verdict needs a reason")
        return self

    @property
    def scored(self) -> bool:
        """True when the metric produced a value."""
        return self.value is not None

    @classmethod
    def score(
        cls, case_id: str, metric: str, value: float, threshold: float, reason: str = ""
    ) -> Verdict:
        """A scored verdict; it passes when value >= threshold."""
        bounded = min(1.0, max(0.0, value))
        return cls(
            case_id=case_id,
            metric=metric,
            value=bounded,
            passed=bounded >= threshold,
            reason=reason,
        )

    @classmethod
    def unscored(cls, case_id: str, metric: str, reason: str, raw: str | None = None) -> Verdict:
        """A verdict the judge could not give, with the reason (never a silent 0)."""
        return cls(case_id=case_id, metric=metric, reason=reason, raw=raw)
