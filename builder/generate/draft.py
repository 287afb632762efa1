"""What a writer (offline or model) hands to the assembler, and why a scenario fails."""

from __future__ import annotations

from dataclasses import dataclass, field

from ragoro.errors import RagoroError


@dataclass(frozen=True)
class Quote:
    """A verbatim piece of a document; `doc` None means "any document of the scenario"."""

    text: str
    doc: str | None = None
    hint: int | None = None
    """Offset near which to look first (the quote's chunk), when it occurs twice."""


@dataclass(frozen=True)
class Draft:
    """A question, its answer and the verbatim quotes that support it (no offsets)."""

    question: str
    answer: str
    quotes: tuple[Quote, ...] = ()
    value: float | None = None
    unit: str | None = None
    raw: str | None = None
    """The model's raw output, kept for audit."""
    style: str = "question"
    """The style the question is written in (question, keywords, paraphrase, typo)."""


@dataclass
class Rejected(RagoroError):
    """A scenario that cannot give a valid item; recorded in the rejects file."""

    reason: str
    """Short machine-readable cause: invalid_output, unlocatable_quote, no_question..."""
    detail: str = ""
    raw: str | None = None
    extra: dict[str, str] = field(default_factory=dict)

    def __str__(self) -> str:
        return f"{self.reason}: {self.detail}" if self.detail else self.reason
