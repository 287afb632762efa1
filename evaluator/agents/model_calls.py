"""Each model call of a tool-calling agent (`--mode agent`) goes through ragoro's gate and
cache, one call at a time: the agent middleware sees every request LangChain's
`create_agent` makes, so caps and rate limits count requests, not questions, and a rerun
of the same question over the same index replays every step from the cache.

The cache key is the model spec, the system prompt, the tools offered and the whole
conversation so far — which holds the retrieved passages the tool returned — so a changed
prompt, index or model misses.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from typing import Any

from langchain.agents.middleware import AgentMiddleware, ModelRequest, ModelResponse
from langchain_core.messages import AIMessage, BaseMessage
from langchain_core.tools import BaseTool

from ragoro.llm import CachedResponse, CallCache, RequestGate, make_key, usage_from_message
from ragoro.llm.errors import UnreadableReply
from ragoro.llm.parsing import is_empty

__all__ = ["GatedModelCalls", "is_cached", "message_from_cache", "message_to_cache"]

_CACHED = "ragoro_cached"


def message_to_cache(message: AIMessage) -> str:
    """What the cache keeps of one agent step: the text and the tool calls (with ids, so
    the replayed tool results still answer them)."""
    calls = [{"name": c["name"], "args": c["args"], "id": c.get("id")} for c in message.tool_calls]
    return json.dumps({"content": message.content, "tool_calls": calls}, ensure_ascii=False)


def message_from_cache(raw: str) -> AIMessage:
    """The agent step `message_to_cache` stored."""
    data = json.loads(raw)
    calls = [
        {"name": c["name"], "args": c["args"], "id": c.get("id"), "type": "tool_call"}
        for c in data.get("tool_calls", [])
    ]
    return AIMessage(
        content=data.get("content", ""), tool_calls=calls, response_metadata={_CACHED: True}
    )


def is_cached(message: AIMessage) -> bool:
    """True for an agent step replayed from the cache (it cost no request, no tokens)."""
    return bool(message.response_metadata.get(_CACHED))


def _tool_names(tools: list[BaseTool | dict[str, Any]]) -> list[str]:
    return sorted(t.name if isinstance(t, BaseTool) else str(t.get("name", t)) for t in tools)


class GatedModelCalls(AgentMiddleware):
    """Agent middleware: cache lookup, then one gated request per model call."""

    def __init__(
        self,
        spec: str,
        gate: RequestGate,
        cache: CallCache | None,
        params: dict[str, Any],
    ) -> None:
        super().__init__()
        self.spec = spec
        self.gate = gate
        self.cache = cache
        self.params = params

    def _key(self, request: ModelRequest) -> str:
        messages: list[BaseMessage] = list(request.messages)
        if request.system_message is not None:
            messages = [request.system_message, *messages]
        params = {**self.params, "method": "agent", "tools": _tool_names(request.tools)}
        return make_key(self.spec, messages, params)

    def wrap_model_call(
        self,
        request: ModelRequest,
        handler: Callable[[ModelRequest], ModelResponse],
    ) -> ModelResponse | AIMessage:
        """Answer from the cache, else send the request through the gate and store it."""
        key = self._key(request)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                self.gate.accounting.record_cache_hit(self.spec)
                return message_from_cache(hit.raw)

        def attempt() -> ModelResponse:
            response = handler(request)
            replies = [m for m in response.result if isinstance(m, AIMessage)]
            if not replies or is_empty(replies[-1]):
                raise UnreadableReply("empty reply: no text and no tool call")
            return response

        response = self.gate.send(attempt)
        message = next(m for m in reversed(response.result) if isinstance(m, AIMessage))
        usage = usage_from_message(message)
        self.gate.accounting.record_call(self.spec, usage)
        if self.cache is not None:
            self.cache.put(key, self.spec, CachedResponse(message_to_cache(message), usage))
        return response
