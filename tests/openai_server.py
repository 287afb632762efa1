"""A loopback OpenAI-compatible chat server for command-line tests of the LLM paths.

It answers `POST /v1/chat/completions` on 127.0.0.1: the fail-fast probe (its prompt is
`ragoro.probe.PROBE_PROMPT`) gets `probe_status` and "OK"; every other call gets
`status` and `content`. It counts the calls of each kind.
"""

from __future__ import annotations

import json
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any

from ragoro.probe import PROBE_PROMPT


@dataclass
class Script:
    """How the server answers, and what it was asked."""

    status: int = 200
    content: str = '{"grade": 5, "grade_reasoning": "no metric scored"}'
    """A reply that parses but scores no metric: every LLM metric is unscored."""
    probe_status: int = 200
    probes: int = 0
    calls: int = 0


def _completion(content: str) -> dict[str, Any]:
    return {
        "id": "chatcmpl-test",
        "object": "chat.completion",
        "created": 0,
        "model": "gpt-test",
        "choices": [
            {
                "index": 0,
                "message": {"role": "assistant", "content": content},
                "finish_reason": "stop",
            }
        ],
        "usage": {"prompt_tokens": 5, "completion_tokens": 1, "total_tokens": 6},
    }


def _handler(script: Script) -> type[BaseHTTPRequestHandler]:
    class Handler(BaseHTTPRequestHandler):
        def log_message(self, format: str, *args: Any) -> None:
            return

        def do_POST(self) -> None:
            body = self.rfile.read(int(self.headers.get("Content-Length", "0")))
            probe = PROBE_PROMPT in body.decode("utf-8", "replace")
            if probe:
                script.probes += 1
                status, payload = script.probe_status, _completion("OK")
            else:
                script.calls += 1
                status, payload = script.status, _completion(script.content)
            if status != 200:
                payload = {"error": {"message": "Incorrect API key provided", "type": "auth"}}
            data = json.dumps(payload).encode("utf-8")
            self.send_response(status)
            self.send_header("Content-Type", "application/json")
            self.send_header("Content-Length", str(len(data)))
            self.end_headers()
            self.wfile.write(data)

    return Handler


@contextmanager
def openai_server(script: Script) -> Iterator[str]:
    """Serve `script` on a free loopback port; yields the base URL (".../v1")."""
    server = ThreadingHTTPServer(("127.0.0.1", 0), _handler(script))
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{server.server_address[1]}/v1"
    finally:
        server.shutdown()
        server.server_close()
