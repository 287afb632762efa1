"""The agent-under-test protocol: a question in, an answer plus the contexts it used out."""

from __future__ import annotations

from typing import Protocol, runtime_checkable

from pydantic import BaseModel, Field

from ragoro.contracts import RetrievedContext, TokenUsage


class AgentAnswer(BaseModel):
    """What an agent returns for one question; unknown behaviour flags stay None."""

    answer: str = Field(description="The final answer text.")
    contexts: list[RetrievedContext] = Field(default_factory=list, description="Contexts used.")
    citations: list[str] = Field(default_factory=list, description="Document paths cited.")
    refused: bool | None = Field(default=None, description="None = detect from the text.")
    asked_clarification: bool | None = Field(default=None, description="None = detect.")
    value: float | None = Field(default=None, description="Number stated, if the agent knows.")
    unit: str | None = Field(default=None, description="Unit of value.")
    usage: TokenUsage = Field(default_factory=TokenUsage, description="LLM spend.")


@runtime_checkable
class Agent(Protocol):
    """A RAG system under test."""

    name: str
    """Short name for reports: 'extractive', a provider:model, or module:callable."""
    model: str | None
    """The LLM behind it (for the self-judge guard); None when there is none."""

    def answer(self, question: str) -> AgentAnswer:
        """Answer one question."""
        ...


# Agents may also define `prepare(questions: Sequence[str]) -> None`; the runner calls it
# once before the first question so work that batches well (embedding) is done in bulk.
