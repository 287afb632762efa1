"""Fake chat models that go through the real `BaseChatModel` interface.

`ScriptedChatModel` is `GenericFakeChatModel` that also records what it received and can
raise scripted exceptions; it has no native structured output (parser path).
`ToolCallingChatModel` implements `bind_tools`, so LangChain's own
`with_structured_output` works on it (native path).
"""

from __future__ import annotations

from collections.abc import Iterator, Sequence
from typing import Any, Self

from langchain_core.callbacks import CallbackManagerForLLMRun
from langchain_core.language_models.fake_chat_models import GenericFakeChatModel
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.outputs import ChatGeneration, ChatResult
from langchain_core.runnables import Runnable
from pydantic import BaseModel, Field

SPEC = "fake:model"


class Answer(BaseModel):
    """A small schema used across the tests."""

    answer: str
    confidence: float = Field(ge=0.0, le=1.0)


def reply(text: str, input_tokens: int = 10, output_tokens: int = 5) -> AIMessage:
    """An AIMessage carrying usage metadata, like a real provider reply."""
    return AIMessage(
        content=text,
        usage_metadata={
            "input_tokens": input_tokens,
            "output_tokens": output_tokens,
            "total_tokens": input_tokens + output_tokens,
        },
    )


def tool_reply(args: dict[str, Any], name: str = "Answer") -> AIMessage:
    """An AIMessage with one tool call, as native structured output produces."""
    return AIMessage(
        content="",
        tool_calls=[{"name": name, "args": args, "id": "call-1"}],
        usage_metadata={"input_tokens": 7, "output_tokens": 3, "total_tokens": 10},
    )


class ScriptedChatModel(GenericFakeChatModel):
    """Replies from a script; an Exception in the script is raised instead of replying."""

    messages: Iterator[Any]
    received: list[list[BaseMessage]] = Field(default_factory=list)

    @classmethod
    def of(cls, *script: Any) -> Self:
        """Build from a list of replies (str, AIMessage or Exception)."""
        return cls(messages=iter(script))

    @property
    def calls(self) -> int:
        """How many times the model was invoked."""
        return len(self.received)

    def _generate(
        self,
        messages: list[BaseMessage],
        stop: list[str] | None = None,
        run_manager: CallbackManagerForLLMRun | None = None,
        **kwargs: Any,
    ) -> ChatResult:
        self.received.append(list(messages))
        item = next(self.messages)
        if isinstance(item, BaseException):
            raise item
        message = AIMessage(content=item) if isinstance(item, str) else item
        return ChatResult(generations=[ChatGeneration(message=message)])


class ToolCallingChatModel(ScriptedChatModel):
    """A scripted model that supports tool binding, hence native structured output."""

    bound_tools: list[Any] = Field(default_factory=list)

    def bind_tools(
        self, tools: Sequence[Any], *, tool_choice: str | None = None, **kwargs: Any
    ) -> Runnable[Any, AIMessage]:
        self.bound_tools.extend(tools)
        return self


class RateLimited(Exception):
    """Looks like an SDK's HTTP 429 error."""

    status_code = 429


class BadRequest(Exception):
    """Looks like an SDK's HTTP 400 error."""

    status_code = 400
