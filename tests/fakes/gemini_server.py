"""A fake Gemini API server (POST /v1beta/models/MODEL:generateContent) on 127.0.0.1.

Point langchain-google-genai at it with `GOOGLE_GEMINI_BASE_URL=<server.url>` (read by
the google-genai SDK) or `base_url=`. Structured output arrives as
`generationConfig.responseJsonSchema` (or `responseSchema`) and goes back as JSON text;
function declarations come back as `functionCall` parts.
"""

from __future__ import annotations

import json
from typing import Any

from tests.fakes.wire import FakeServer, Fault, Reply, Request, broken, off_schema


def _parts_text(parts: list[dict[str, Any]]) -> str:
    out = []
    for part in parts:
        if "text" in part:
            out.append(str(part["text"]))
        elif "functionResponse" in part:
            out.append(json.dumps(part["functionResponse"].get("response"), ensure_ascii=False))
    return "".join(out)


class GeminiServer(FakeServer):
    """Speaks the generateContent wire format; see `FakeServer` for faults and counting."""

    def parse(self, path: str, headers: dict[str, str], body: Any) -> Request:
        """Contents, function declarations and the response schema of one request."""
        assert ":generateContent" in path, path
        system = _parts_text(body.get("systemInstruction", {}).get("parts", []))
        turns = []
        for content in body.get("contents", []):
            parts = content.get("parts", [])
            role = content.get("role", "user")
            if any("functionResponse" in p for p in parts):
                role = "tool"
            elif role == "model":
                role = "assistant"
            turns.append((role, _parts_text(parts)))
        tools = [
            d["name"] for t in body.get("tools", []) for d in t.get("functionDeclarations", [])
        ]
        config = body.get("generationConfig", {})
        schema = config.get("responseJsonSchema") or config.get("responseSchema")
        key = headers.get("x-goog-api-key", "")
        forced = None
        mode = body.get("toolConfig", {}).get("functionCallingConfig", {})
        if mode.get("mode") == "ANY" and mode.get("allowedFunctionNames"):
            forced = mode["allowedFunctionNames"][0]
            decl = next(
                d
                for t in body["tools"]
                for d in t.get("functionDeclarations", [])
                if d["name"] == forced
            )
            schema = decl.get("parametersJsonSchema") or decl.get("parameters")
        return Request(system, turns, tools, schema, forced, key)

    def render(self, request: Request, reply: Reply, fault: Fault | None) -> dict[str, Any]:
        """A GenerateContentResponse for the reply."""
        parts: list[dict[str, Any]] = []
        finish = "STOP"
        if reply.data is not None:
            data = json.dumps(reply.data)
            if fault == "malformed_json":
                data = broken(reply.data)
            elif fault == "schema_invalid":
                data = json.dumps(off_schema())
            elif fault == "length":
                data, finish = broken(reply.data), "MAX_TOKENS"
            if request.structured_tool is not None:
                try:
                    args = json.loads(data)
                except json.JSONDecodeError:
                    args = {}
                parts.append({"functionCall": {"name": request.structured_tool, "args": args}})
            else:
                parts.append({"text": data})
        elif reply.text:
            text = reply.text
            if fault == "length":
                text, finish = text[:5], "MAX_TOKENS"
            parts.append({"text": text})
        for name, args in reply.tool_calls:
            parts.append({"functionCall": {"name": name, "args": args}})
        candidates = (
            []
            if fault == "empty"
            else [
                {"content": {"role": "model", "parts": parts}, "finishReason": finish, "index": 0}
            ]
        )
        return {
            "candidates": candidates,
            "usageMetadata": {
                "promptTokenCount": reply.input_tokens,
                "candidatesTokenCount": reply.output_tokens,
                "totalTokenCount": reply.input_tokens + reply.output_tokens,
            },
            "modelVersion": "fake",
        }

    def error(
        self, status: int, message: str, fault: Fault
    ) -> tuple[dict[str, Any], dict[str, str]]:
        """Google's error object; a 429 carries a RetryInfo retryDelay."""
        state = {
            429: "RESOURCE_EXHAUSTED",
            401: "UNAUTHENTICATED",
            503: "UNAVAILABLE",
        }.get(status, "INTERNAL")
        error: dict[str, Any] = {"code": status, "message": message, "status": state}
        if status == 429:
            error["details"] = [
                {
                    "@type": "type.googleapis.com/google.rpc.RetryInfo",
                    "retryDelay": f"{self.retry_after:g}s",
                }
            ]
        return {"error": error}, {}
