"""`python -m builder review`: decisions, the local server, and what they leave in the file."""

from __future__ import annotations

import http.client
import json
import shutil
import socket
import threading
from collections.abc import Iterator
from pathlib import Path
from urllib.parse import urlencode

import pytest

from builder.review import Edit, ReviewError, ReviewServer, decide, make_server
from builder.review.cli import corpus_documents
from ragoro.contracts import GoldenItem
from ragoro.golden import load_golden
from tests.conftest import ROOT, run_cli
from tests.html_probe import probe

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"


def _items() -> list[GoldenItem]:
    return load_golden(GOLDEN)


def test_accept_unchanged_is_accepted_and_an_edit_is_edited() -> None:
    item = next(i for i in _items() if i.case_type == "narrative")
    accepted = decide(item, "accept", Edit.of(item), note="ok", at="2026-12-01T10:00:00+00:00")
    assert accepted.review is not None and accepted.review.status == "accepted"
    assert accepted.review.note == "ok" and accepted.question == item.question
    edit = Edit.from_form(
        "  A better question?  ", item.answer, "alt one\n\n alt two \n", "narrative"
    )
    edited = decide(item, "accept", edit)
    assert edited.review is not None and edited.review.status == "edited"
    assert edited.question == "A better question?" and edited.answers == ["alt one", "alt two"]
    again = decide(edited, "accept", Edit.of(edited))
    assert again.review is not None and again.review.status == "edited"  # stays an edited item


def test_invalid_edits_are_refused_with_the_rule_they_break() -> None:
    item = next(i for i in _items() if i.case_type == "narrative")
    with pytest.raises(ReviewError, match=r"numeric case needs expected\.value"):
        decide(item, "accept", Edit(item.question, item.answer, [], "numeric"))
    with pytest.raises(ReviewError, match="question"):
        decide(item, "accept", Edit("", item.answer, [], "narrative"))
    with pytest.raises(ReviewError, match="not one of"):
        decide(item, "accept", Edit(item.question, item.answer, [], "poem"))
    with pytest.raises(ReviewError, match="unknown action"):
        decide(item, "delete", Edit.of(item))


def test_reject_keeps_the_fields_and_records_the_note() -> None:
    item = _items()[0]
    rejected = decide(item, "reject", Edit("changed?", "x", [], "narrative"), note="ambiguous")
    assert rejected.question == item.question and rejected.review is not None
    assert (rejected.review.status, rejected.review.note) == ("rejected", "ambiguous")


@pytest.fixture
def served(tmp_path: Path, demo_index: Path) -> Iterator[ReviewServer]:
    golden = tmp_path / "golden.jsonl"
    shutil.copy(GOLDEN, golden)
    server = make_server(golden, corpus_documents(None, demo_index), port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


def _request(
    server: ReviewServer, method: str, path: str, form: dict[str, str] | None = None,
    host: str | None = None,
) -> tuple[int, str, str]:  # fmt: skip
    port = server.server_address[1]
    conn = http.client.HTTPConnection("127.0.0.1", port, timeout=30)
    body = urlencode(form).encode() if form is not None else None
    headers = {"Host": host or f"127.0.0.1:{port}"}
    if body is not None:
        headers["Content-Type"] = "application/x-www-form-urlencoded"
    conn.request(method, path, body=body, headers=headers)
    response = conn.getresponse()
    text = response.read().decode("utf-8")
    conn.close()
    return response.status, response.getheader("Location") or "", text


def _form(server: ReviewServer, item: GoldenItem, number: int, **changes: str) -> dict[str, str]:
    form = {
        "token": server.token, "id": item.id, "i": str(number), "action": "accept",
        "question": item.question, "answer": item.answer, "answers": "\n".join(item.answers),
        "case_type": item.case_type, "note": "",
    }  # fmt: skip
    form.update(changes)
    return form


def test_server_listens_on_loopback_only(served: ReviewServer) -> None:
    assert served.server_address[0] == "127.0.0.1"


def test_page_shows_the_item_with_its_passage_highlighted(served: ReviewServer) -> None:
    status, _, page = _request(served, "GET", "/?i=0")
    assert status == 200
    item = served.store.items[0]
    marks = page.split('<mark class="gold" data-p="0">')[1:]
    highlighted = "".join(m.split("</mark>")[0] for m in marks)
    import html

    assert html.unescape(highlighted) == item.passages[0].content
    assert "page 2" in page  # the tank capacity sits on page 2 of its PDF
    assert probe(page).tags  # parses as HTML


def test_an_edit_is_validated_written_atomically_and_recorded(served: ReviewServer) -> None:
    item = served.store.items[2]
    status, location, _ = _request(
        served, "POST", "/decide",
        _form(served, item, 2, question="Entro quante ore si notifica una violazione?",
              answers="72 ore", note="sharper question"),
    )  # fmt: skip
    assert (status, location) == (303, "/?i=3")
    stored = {i.id: i for i in load_golden(served.store.path)}[item.id]
    assert stored.question == "Entro quante ore si notifica una violazione?"
    assert stored.answers == ["72 ore"] and stored.review is not None
    assert (stored.review.status, stored.review.note) == ("edited", "sharper question")
    assert stored.review.at.endswith("+00:00")
    rows = served.store.path.read_text(encoding="utf-8").splitlines()
    assert len(rows) == len(_items()) and json.loads(rows[2])["id"] == item.id  # order kept


def test_an_invalid_edit_is_shown_again_and_nothing_is_written(served: ReviewServer) -> None:
    before = served.store.path.read_bytes()
    item = served.store.items[2]
    status, _, page = _request(
        served, "POST", "/decide", _form(served, item, 2, case_type="refusal", question="Nuova?")
    )
    assert status == 400 and "refusal case must have no passages" in page
    assert "value='Nuova?'" in page  # the reviewer's text is kept for another try
    assert served.store.path.read_bytes() == before


def test_a_post_without_the_token_or_from_another_host_is_refused(served: ReviewServer) -> None:
    before = served.store.path.read_bytes()
    item = served.store.items[0]
    assert _request(served, "POST", "/decide", _form(served, item, 0, token="guess"))[0] == 403
    evil = _form(served, item, 0)
    assert _request(served, "POST", "/decide", evil, host="evil.example:80")[0] == 403
    assert _request(served, "GET", "/", host="evil.example:80")[0] == 403
    assert served.store.path.read_bytes() == before


def test_a_file_changed_on_disk_is_never_overwritten(served: ReviewServer) -> None:
    item = served.store.items[0]
    path = served.store.path
    path.write_text(path.read_text(encoding="utf-8") + "\n", encoding="utf-8")
    status, _, page = _request(served, "POST", "/decide", _form(served, item, 0))
    assert status == 400 and "changed on disk" in page
    assert _request(served, "GET", "/?i=0")[0] == 200  # a reload reads the file again
    status, _, _ = _request(served, "POST", "/decide", _form(served, item, 0))
    assert status == 303


def test_validate_counts_reviews_and_evaluator_runs_reviewed_only(
    tmp_path: Path, demo_index: Path
) -> None:
    items = _items()
    decided = [
        decide(items[0], "accept", Edit.of(items[0])),
        decide(items[1], "accept", Edit(items[1].question, items[1].answer, ["alt"], items[1].case_type)),
        decide(items[2], "reject", Edit.of(items[2])),
        *items[3:],
    ]  # fmt: skip
    golden = tmp_path / "golden.jsonl"
    golden.write_text("".join(i.model_dump_json(exclude_none=True) + "\n" for i in decided))
    result = run_cli("builder", "validate", str(golden), "--index", str(demo_index))
    assert result.returncode == 0, result.stdout + result.stderr
    assert (
        f"reviewed: 2 (1 accepted, 1 edited), 1 rejected, {len(items) - 3} not reviewed"
        in result.stdout
    )
    for flag, expected in (("--reviewed-only", 2), ("", len(items) - 1)):
        run = run_cli(
            "evaluator", "run", "--golden", str(golden), "--index", str(demo_index),
            "--report", str(tmp_path / "r.json"), "--outcomes", str(tmp_path / "o.jsonl"),
            "--baseline", str(tmp_path / f"b{expected}.json"), "--no-progress",
            *([flag] if flag else []),
        )  # fmt: skip
        assert run.returncode == 0, run.stdout + run.stderr
        report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
        assert report["n_cases"] == expected
        assert items[2].id not in report["case_results"]  # rejected: never evaluated


def test_review_on_a_busy_port_is_a_usage_error(tmp_path: Path, demo_index: Path) -> None:
    with socket.socket() as busy:
        busy.bind(("127.0.0.1", 0))
        busy.listen(1)
        port = busy.getsockname()[1]
        result = run_cli(
            "builder", "review", str(GOLDEN), "--port", str(port), "--index", str(demo_index)
        )
    assert result.returncode == 2
    assert "cannot listen on 127.0.0.1" in result.stderr + result.stdout


def test_the_review_command_serves_the_page_from_a_docs_folder(tmp_path: Path) -> None:
    import os
    import subprocess
    import sys
    import time
    import urllib.request

    golden = tmp_path / "golden.jsonl"
    shutil.copy(GOLDEN, golden)
    with socket.socket() as probe_socket:
        probe_socket.bind(("127.0.0.1", 0))
        port = probe_socket.getsockname()[1]
    env = dict(os.environ, PYTHONPATH=str(ROOT))
    command = [sys.executable, "-m", "builder", "review", str(golden), "--port", str(port),
               "--docs", str(ROOT / "documenti_pdf")]  # fmt: skip
    server = subprocess.Popen(command, cwd=ROOT, env=env, stdout=subprocess.PIPE, text=True)
    try:
        assert server.stdout is not None
        first = server.stdout.readline()
        assert f"at http://127.0.0.1:{port}/" in first
        deadline = time.monotonic() + 60
        while True:
            try:
                with urllib.request.urlopen(f"http://127.0.0.1:{port}/?i=0", timeout=10) as page:
                    body = page.read().decode("utf-8")
                break
            except OSError:
                if time.monotonic() > deadline:
                    raise
                time.sleep(0.2)
        assert 'mark class="gold"' in body and "page 2" in body
    finally:
        server.terminate()
        server.wait(timeout=30)
