"""What both fake servers share: a neutral view of a request, a reply, faults, a threaded
HTTP server on 127.0.0.1 with an ephemeral port, and request counting.

A test gives a server a `Responder` (request -> reply) and, optionally, faults: one-shot
faults are consumed one per request, in order; a persistent fault hits every request.
"""

from __future__ import annotations

import json
import threading
import time
from collections import deque
from collections.abc import Callable
from dataclasses import dataclass, field
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from typing import Any, Literal, Self

Fault = Literal[
    "429",  # rate limited, with Retry-After (OpenAI) / retryDelay (Gemini)
    "500",
    "503",
    "hang",  # no answer until the client gives up (up to `hang_s`)
    "malformed_body",  # HTTP 200 whose body is not JSON
    "malformed_json",  # the model's structured reply is broken JSON
    "schema_invalid",  # valid JSON that does not match the asked schema
    "length",  # cut at the token limit (finish_reason=length / MAX_TOKENS)
    "empty",  # no choices / no candidates
    "401",  # bad key; the error echoes the key it was sent, as some providers do
]
FAULTS: tuple[Fault, ...] = (
    "429",
    "500",
    "503",
    "hang",
    "malformed_body",
    "malformed_json",
    "schema_invalid",
    "length",
    "empty",
    "401",
)


@dataclass
class Request:
    """One model request, whatever the protocol."""

    system: str
    """The system prompt ("" when none)."""
    turns: list[tuple[str, str]]
    """(role, text) of every other message: user, assistant, tool."""
    tools: list[str]
    """Names of the tools offered."""
    schema: dict[str, Any] | None
    """The JSON schema of a structured reply (response format or the forced tool)."""
    structured_tool: str | None = None
    """The tool the reply must call to give its structured output (OpenAI function calling)."""
    key: str = ""
    """The API key the client sent."""

    @property
    def user(self) -> str:
        """All user turns joined."""
        return "\n".join(text for role, text in self.turns if role == "user")

    @property
    def tool_results(self) -> list[str]:
        """Texts of the tool results the conversation carries."""
        return [text for role, text in self.turns if role == "tool"]


@dataclass
class Reply:
    """What the fake model answers: text, or tool calls, or a structured object."""

    text: str = ""
    tool_calls: list[tuple[str, dict[str, Any]]] = field(default_factory=list)
    data: dict[str, Any] | None = None
    """A structured reply; the server puts it where the protocol expects it."""
    input_tokens: int = 11
    output_tokens: int = 7


Responder = Callable[[Request], Reply]


@dataclass
class Recorded:
    """One HTTP request as the server saw it."""

    path: str
    headers: dict[str, str]
    body: Any
    fault: Fault | None
    at: float


class FakeServer:
    """Base of the two protocol servers; subclasses translate requests and replies."""

    def __init__(
        self,
        responder: Responder,
        *,
        latency: float = 0.0,
        retry_after: float = 0.0,
        hang_s: float = 5.0,
    ) -> None:
        self.responder = responder
        self.latency = latency
        self.retry_after = retry_after
        self.hang_s = hang_s
        self.faults: deque[Fault] = deque()
        self.always: Fault | None = None
        self.requests: list[Recorded] = []
        self._lock = threading.Lock()
        self._stopping = threading.Event()
        self._httpd: ThreadingHTTPServer | None = None
        self._thread: threading.Thread | None = None

    # -- test-facing API ---------------------------------------------------------------
    def fail(self, *faults: Fault) -> Self:
        """Queue one-shot faults: the next len(faults) requests get them, in order."""
        with self._lock:
            self.faults.extend(faults)
        return self

    def fail_always(self, fault: Fault | None) -> Self:
        """Every request gets `fault` (None: none) until changed."""
        self.always = fault
        return self

    @property
    def count(self) -> int:
        """HTTP requests received so far."""
        with self._lock:
            return len(self.requests)

    def settled_count(self, expected: int, within: float = 3.0) -> int:
        """The requests received once `expected` have arrived or `within` seconds passed.

        A client that gave up on a hanging request has sent it, but on a loaded machine
        the server thread may not have read it yet: counting at once can miss it."""
        deadline = time.monotonic() + within
        while self.count < expected and time.monotonic() < deadline:
            time.sleep(0.01)
        return self.count

    def reset(self) -> None:
        """Forget the requests received and the faults queued."""
        with self._lock:
            self.requests.clear()
            self.faults.clear()
        self.always = None

    @property
    def url(self) -> str:
        """http://127.0.0.1:PORT (the server must be started)."""
        assert self._httpd is not None, "start() the server first"
        host, port = self._httpd.server_address[:2]
        return f"http://{host!s}:{port}"

    def start(self) -> Self:
        """Serve on 127.0.0.1, an ephemeral port, in a daemon thread."""
        server = self

        class Handler(BaseHTTPRequestHandler):
            protocol_version = "HTTP/1.1"
            # One buffered write per reply and no Nagle: otherwise headers and body go
            # out as two packets and delayed ACKs add ~40 ms to every request.
            wbufsize = 1 << 16
            disable_nagle_algorithm = True

            def do_POST(self) -> None:
                server._handle(self)

            def log_message(self, format: str, *args: Any) -> None:
                return

        self._httpd = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
        self._httpd.daemon_threads = True
        self._thread = threading.Thread(
            target=self._httpd.serve_forever, kwargs={"poll_interval": 0.02}, daemon=True
        )
        self._thread.start()
        return self

    def stop(self) -> None:
        """Stop serving (a hanging request is released)."""
        self._stopping.set()
        if self._httpd is not None:
            self._httpd.shutdown()
            self._httpd.server_close()

    def __enter__(self) -> Self:
        return self.start()

    def __exit__(self, *exc: object) -> None:
        self.stop()

    # -- protocol hooks ----------------------------------------------------------------
    def parse(self, path: str, headers: dict[str, str], body: Any) -> Request:
        """The neutral view of a protocol request."""
        raise NotImplementedError

    def render(self, request: Request, reply: Reply, fault: Fault | None) -> dict[str, Any]:
        """The protocol's success body for `reply` (faults that shape the body applied)."""
        raise NotImplementedError

    def error(
        self, status: int, message: str, fault: Fault
    ) -> tuple[dict[str, Any], dict[str, str]]:
        """The protocol's error body and extra headers."""
        raise NotImplementedError

    # -- plumbing ----------------------------------------------------------------------
    def _next_fault(self) -> Fault | None:
        with self._lock:
            if self.faults:
                return self.faults.popleft()
        return self.always

    def _handle(self, http: BaseHTTPRequestHandler) -> None:
        length = int(http.headers.get("content-length") or 0)
        raw = http.rfile.read(length)
        headers = {k.lower(): v for k, v in http.headers.items()}
        try:
            body = json.loads(raw or b"{}")
        except json.JSONDecodeError:
            body = raw.decode("utf-8", "replace")
        fault = self._next_fault()
        with self._lock:
            self.requests.append(Recorded(http.path, headers, body, fault, time.monotonic()))
        if self.latency:
            time.sleep(self.latency)
        request = self.parse(http.path, headers, body)
        if fault == "hang":
            self._stopping.wait(self.hang_s)
            return self._close(http)
        if fault in ("429", "500", "503", "401"):
            status = int(fault)
            message = {
                429: "Rate limit reached, too many requests",
                500: "The server had an error while processing your request",
                503: "The model is overloaded",
                401: f"Incorrect API key provided: {request.key}",
            }[status]
            payload, extra = self.error(status, message, fault)
            return self._send(http, status, json.dumps(payload).encode(), extra)
        if fault == "malformed_body":
            return self._send(http, 200, b'{"id": "x", "choices": [', {})
        reply = self.responder(request)
        payload = self.render(request, reply, fault)
        self._send(http, 200, json.dumps(payload).encode(), {})

    def _send(
        self, http: BaseHTTPRequestHandler, status: int, data: bytes, headers: dict[str, str]
    ) -> None:
        try:
            http.send_response(status)
            http.send_header("content-type", "application/json")
            http.send_header("content-length", str(len(data)))
            for name, value in headers.items():
                http.send_header(name, value)
            http.end_headers()
            http.wfile.write(data)
        except (BrokenPipeError, ConnectionResetError):
            return  # the client gave up (its timeout): nothing to answer

    def _close(self, http: BaseHTTPRequestHandler) -> None:
        http.close_connection = True


def broken(data: dict[str, Any]) -> str:
    """`data` as JSON with its end cut off: what a malformed structured reply looks like."""
    text = json.dumps(data)
    return text[: max(1, len(text) // 2)]


def off_schema() -> dict[str, Any]:
    """Valid JSON that fails any schema of ours: nothing it asks for is there."""
    return {"unexpected": True, "note": "not what was asked"}
