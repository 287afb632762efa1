"""`python -m builder review`: a local page to accept, edit or reject golden items.

It listens on 127.0.0.1 only. A page from any other site cannot drive it: every POST must
carry the token this process printed into its own form, and the Host header must name the
loopback address (no DNS-rebinding). One request at a time, so decisions never interleave.
"""

from __future__ import annotations

import secrets
from collections.abc import Mapping
from html import escape
from http import HTTPStatus
from http.server import BaseHTTPRequestHandler, HTTPServer
from pathlib import Path
from urllib.parse import parse_qs, urlsplit

from builder.review.decide import Edit, ReviewError
from builder.review.page import render_item
from builder.review.store import ReviewStore
from ragoro.errors import InputError
from vectordb import Document

HOST = "127.0.0.1"
MAX_FORM_BYTES = 1_000_000


class ReviewServer(HTTPServer):
    """The HTTP server and the state its handler reads."""

    def __init__(self, store: ReviewStore, documents: Mapping[str, Document], port: int) -> None:
        self.store = store
        self.documents = documents
        self.token = secrets.token_urlsafe(24)
        super().__init__((HOST, port), _Handler)

    @property
    def url(self) -> str:
        """The address to open in a browser."""
        return f"http://{HOST}:{self.server_address[1]}/"


class _Handler(BaseHTTPRequestHandler):
    server: ReviewServer

    def log_message(self, format: str, *args: object) -> None:
        """Quiet: a decision is reported by the page, not by an access log."""

    def _host_ok(self) -> bool:
        port = self.server.server_address[1]
        return self.headers.get("Host", "") in (f"{HOST}:{port}", f"localhost:{port}")

    def _send(self, status: HTTPStatus, body: str, location: str = "") -> None:
        data = body.encode("utf-8")
        self.send_response(status)
        if location:
            self.send_header("Location", location)
        self.send_header("Content-Type", "text/html; charset=utf-8")
        self.send_header("Content-Length", str(len(data)))
        self.send_header("X-Frame-Options", "DENY")
        self.send_header("Cache-Control", "no-store")
        self.end_headers()
        self.wfile.write(data)

    def _page(self, number: int, **extra: object) -> str:
        store = self.server.store
        return render_item(
            store.items,
            number,
            self.server.documents,
            token=self.server.token,
            path=str(store.path),
            **extra,  # type: ignore[arg-type]
        )

    def do_GET(self) -> None:
        """Show one item (?i=N; default the first one not reviewed yet)."""
        if not self._host_ok():
            self._send(HTTPStatus.FORBIDDEN, "wrong Host header")
            return
        url = urlsplit(self.path)
        if url.path != "/":
            self._send(HTTPStatus.NOT_FOUND, "not found")
            return
        store = self.server.store
        try:
            store.refresh()  # edited elsewhere since: show what the file says now
        except InputError as exc:
            self._send(HTTPStatus.CONFLICT, f"<p>{escape(str(exc))}</p>")
            return
        if not store.items:
            self._send(HTTPStatus.OK, f"<p>{escape(str(store.path))} has no items</p>")
            return
        asked = parse_qs(url.query).get("i", [""])[0]
        pending = [n for n, item in enumerate(store.items) if item.review is None]
        number = int(asked) if asked.isdigit() else (pending[0] if pending else 0)
        self._send(HTTPStatus.OK, self._page(min(number, len(store.items) - 1)))

    def do_POST(self) -> None:
        """Apply one decision, then go to the next item; a refused edit is shown again."""
        length = int(self.headers.get("Content-Length") or 0)
        if not self._host_ok() or urlsplit(self.path).path != "/decide":
            self._send(HTTPStatus.FORBIDDEN, "not allowed")
            return
        if length > MAX_FORM_BYTES:
            self._send(HTTPStatus.REQUEST_ENTITY_TOO_LARGE, "form too large")
            return
        form = {
            k: v[0] for k, v in parse_qs(self.rfile.read(length).decode("utf-8", "replace")).items()
        }
        if not secrets.compare_digest(form.get("token", ""), self.server.token):
            self._send(HTTPStatus.FORBIDDEN, "missing or wrong form token: reload the page")
            return
        store = self.server.store
        edit = Edit.from_form(
            form.get("question", ""),
            form.get("answer", ""),
            form.get("answers", ""),
            form.get("case_type", ""),
        )
        note = form.get("note", "")
        try:
            number = store.index_of(form.get("id", ""))
            store.apply(store.items[number].id, form.get("action", ""), edit, note)
        except ReviewError as exc:
            asked = form.get("i", "0")
            number = min(int(asked), len(store.items) - 1) if asked.isdigit() else 0
            page = self._page(number, error=str(exc), edit=edit, note=note)
            self._send(HTTPStatus.BAD_REQUEST, page)
            return
        following = min(number + 1, len(store.items) - 1)
        self._send(HTTPStatus.SEE_OTHER, "", location=f"/?i={following}")


def make_server(golden: Path, documents: Mapping[str, Document], port: int = 0) -> ReviewServer:
    """A review server for `golden` on 127.0.0.1:`port` (0 = any free port), not started."""
    return ReviewServer(ReviewStore(golden), documents, port)
