"""A fake OpenAI Chat Completions server (POST /v1/chat/completions) on 127.0.0.1.

Point langchain-openai at it with `OPENAI_BASE_URL=<server.url>/v1` (or `base_url=`).
Structured output arrives as a forced function call (`tools` + `tool_choice`) or a
`response_format` JSON schema; the reply goes back the same way.
"""

from __future__ import annotations

import json
from typing import Any

from tests.fakes.wire import FakeServer, Fault, Reply, Request, broken, off_schema


def _text(content: Any) -> str:
    if isinstance(content, str):
        return content
    if isinstance(content, list):
        return "".join(str(p.get("text", "")) for p in content if isinstance(p, dict))
    return ""


class OpenAIServer(FakeServer):
    """Speaks the Chat Completions wire format; see `FakeServer` for faults and counting."""

    def parse(self, path: str, headers: dict[str, str], body: Any) -> Request:
        """Messages, tools and the structured-output schema of one request."""
        assert path.endswith("/chat/completions"), path
        system, turns = "", []
        for message in body.get("messages", []):
            role, text = message.get("role"), _text(message.get("content"))
            if role in ("system", "developer"):
                system += text
            else:
                turns.append((str(role), text))
        tools = [t["function"]["name"] for t in body.get("tools", []) if "function" in t]
        schema: dict[str, Any] | None = None
        forced: str | None = None
        choice = body.get("tool_choice")
        if isinstance(choice, dict) and "function" in choice:
            forced = choice["function"]["name"]
        elif choice == "required" and len(tools) == 1:
            forced = tools[0]
        if forced is not None:
            spec = next(t["function"] for t in body["tools"] if t["function"]["name"] == forced)
            schema = spec.get("parameters")
        fmt = body.get("response_format")
        if isinstance(fmt, dict) and fmt.get("type") == "json_schema":
            schema = fmt["json_schema"].get("schema")
        key = headers.get("authorization", "").removeprefix("Bearer ")
        return Request(system, turns, tools, schema, forced, key)

    def render(self, request: Request, reply: Reply, fault: Fault | None) -> dict[str, Any]:
        """A chat.completion object for the reply."""
        message: dict[str, Any] = {"role": "assistant", "content": reply.text or None}
        finish = "stop"
        calls = list(reply.tool_calls)
        if reply.data is not None:
            data: str = json.dumps(reply.data)
            if fault == "malformed_json":
                data = broken(reply.data)
            elif fault == "schema_invalid":
                data = json.dumps(off_schema())
            elif fault == "length":
                data, finish = broken(reply.data), "length"
            if request.structured_tool is not None:
                message["tool_calls"] = [_call(0, request.structured_tool, data)]
                finish = "length" if finish == "length" else "tool_calls"
            else:
                message["content"] = data
        elif fault == "length":
            message["content"], finish = (reply.text or "cut")[:5], "length"
        if calls:
            message["tool_calls"] = [
                _call(i, name, json.dumps(args)) for i, (name, args) in enumerate(calls)
            ]
            finish = "tool_calls"
        choices = (
            []
            if fault == "empty"
            else [{"index": 0, "message": message, "finish_reason": finish, "logprobs": None}]
        )
        return {
            "id": f"chatcmpl-{self.count}",
            "object": "chat.completion",
            "created": 1700000000,
            "model": "fake",
            "choices": choices,
            "usage": {
                "prompt_tokens": reply.input_tokens,
                "completion_tokens": reply.output_tokens,
                "total_tokens": reply.input_tokens + reply.output_tokens,
            },
        }

    def error(
        self, status: int, message: str, fault: Fault
    ) -> tuple[dict[str, Any], dict[str, str]]:
        """OpenAI's error object; a 429 carries Retry-After."""
        kind = {429: "rate_limit_exceeded", 401: "invalid_api_key"}.get(status, "server_error")
        body = {"error": {"message": message, "type": kind, "param": None, "code": kind}}
        headers = {"retry-after": f"{self.retry_after:g}"} if status == 429 else {}
        return body, headers


def _call(number: int, name: str, arguments: str) -> dict[str, Any]:
    return {
        "id": f"call_{number}",
        "type": "function",
        "function": {"name": name, "arguments": arguments},
    }
