"""The review page of one item: the editable fields, its passages highlighted in their
documents, and the way to the other items. Server-rendered, every value escaped, no
script at all: a plain form POSTs each decision."""

from __future__ import annotations

from collections.abc import Mapping
from html import escape

from builder.review.decide import Edit, review_counts
from ragoro.contracts import CASE_TYPES, GoldenItem
from ragoro.render import HIGHLIGHT_CSS, Span, excerpt_html
from vectordb import Document

_CSS = (
    """
body { font: 14px/1.45 system-ui, sans-serif; margin: 0; color: #222; display: flex; }
nav { width: 17em; height: 100vh; overflow-y: auto; border-right: 1px solid #ddd; padding: .8em;
  box-sizing: border-box; position: sticky; top: 0; font-size: 12px; }
nav a { display: block; text-decoration: none; color: #222; padding: .1em .3em; }
nav a.current { background: #e8eefc; font-weight: 600; }
.st { display: inline-block; width: 1.3em; }
main { padding: 1em 2em; flex: 1; max-width: 70em; }
h1 { font-size: 1.3em; margin: 0 0 .3em; }
label { display: block; margin: .6em 0 .15em; color: #555; }
input[type=text], textarea, select { width: 100%; box-sizing: border-box; font: inherit; padding: .3em; }
textarea { min-height: 4em; }
.buttons { margin: 1em 0; } .buttons button { font-size: 1em; padding: .35em 1.2em; margin-right: .8em; }
.error { background: #fde2e4; border: 1px solid #b00020; padding: .5em .8em; border-radius: 4px; }
.status { padding: .2em .6em; border-radius: 3px; background: #eee; }
.status.accepted { background: #d9f2df; } .status.edited { background: #dbe9ff; }
.status.rejected { background: #f8d0d5; }
.readonly { color: #555; font-size: 12px; }
.docpath { font-family: ui-monospace, monospace; margin: .8em 0 .2em; }
"""
    + HIGHLIGHT_CSS
)
_MARK = {"accepted": "✓", "edited": "✎", "rejected": "✗", "not reviewed": "·"}


def _status(item: GoldenItem) -> str:
    return item.review.status if item.review else "not reviewed"


def _nav(items: list[GoldenItem], current: int) -> str:
    counts = review_counts(items)
    summary = ", ".join(f"{counts[s]} {s}" for s in _MARK if counts[s])
    links = []
    for number, item in enumerate(items):
        css = " class='current'" if number == current else ""
        status = _status(item)
        links.append(
            f"<a href='/?i={number}'{css} data-status='{escape(status)}'>"
            f"<span class='st' title='{escape(status)}'>{_MARK[status]}</span>"
            f"{escape(item.id)}</a>"
        )
    return f"<nav><p id='counts'>{escape(summary)}</p>{''.join(links)}</nav>"


def _passages(item: GoldenItem, documents: Mapping[str, Document]) -> str:
    if not item.passages:
        return "<p><em>no passages (a refusal or clarification case)</em></p>"
    spans: dict[str, list[Span]] = {}
    for number, passage in enumerate(item.passages):
        spans.setdefault(passage.document_path, []).append(
            Span(passage.start_char, passage.end_char, "gold", number)
        )
    parts = ["<p class='legend'><mark class='gold'>golden passage</mark></p>"]
    for path, found in spans.items():
        document = documents.get(path)
        body = (
            excerpt_html(document.text, found, pages=document.pages, paged=len(document.pages) > 1)
            if document
            else ""
        ) or "<p><em>document text not available (pass --index or --docs)</em></p>"
        parts.append(f"<div class='doc'><div class='docpath'>{escape(path)}</div>{body}</div>")
    return "".join(parts)


def _form(item: GoldenItem, edit: Edit, number: int, token: str, note: str) -> str:
    types = "".join(
        f"<option value='{t}'{' selected' if t == edit.case_type else ''}>{t}</option>"
        for t in CASE_TYPES
    )
    return (
        "<form method='post' action='/decide' id='decision'>"
        f"<input type='hidden' name='token' value='{escape(token)}'>"
        f"<input type='hidden' name='id' value='{escape(item.id)}'>"
        f"<input type='hidden' name='i' value='{number}'>"
        "<label for='question'>question</label>"
        f"<input type='text' id='question' name='question' value='{escape(edit.question)}'>"
        "<label for='answer'>answer</label>"
        f"<textarea id='answer' name='answer'>{escape(edit.answer)}</textarea>"
        "<label for='answers'>alternative answers (one per line)</label>"
        f"<textarea id='answers' name='answers'>{escape(chr(10).join(edit.answers))}</textarea>"
        f"<label for='case_type'>case type</label><select id='case_type' name='case_type'>{types}"
        "</select><label for='note'>note</label>"
        f"<input type='text' id='note' name='note' value='{escape(note)}'>"
        "<div class='buttons'><button type='submit' name='action' value='accept' id='accept'>"
        "Accept (with my edits)</button><button type='submit' name='action' value='reject' "
        "id='reject'>Reject</button></div></form>"
    )


def render_item(
    items: list[GoldenItem],
    number: int,
    documents: Mapping[str, Document],
    *,
    token: str,
    path: str,
    error: str = "",
    edit: Edit | None = None,
    note: str | None = None,
) -> str:
    """The page of item `number`; `error` with the reviewer's `edit` re-shows a refused one."""
    item = items[number]
    status = _status(item)
    shown_note = note if note is not None else (item.review.note if item.review else "")
    previous = f"<a href='/?i={number - 1}'>← previous</a>" if number > 0 else ""
    following = f"<a href='/?i={number + 1}'>next →</a>" if number + 1 < len(items) else ""
    facts = f"tags {item.tags} · expected {item.expected.model_dump(exclude_none=True)}"
    problem = f"<p class='error' id='error'>{escape(error)}</p>" if error else ""
    return (
        "<!doctype html><html lang='en'><head><meta charset='utf-8'>"
        "<meta http-equiv='Content-Security-Policy' content=\"default-src 'none'; "
        "style-src 'unsafe-inline'; form-action 'self'\">"
        f"<title>review {escape(item.id)}</title><style>{_CSS}</style></head><body>"
        f"{_nav(items, number)}<main><h1>{escape(path)}: item {number + 1} of {len(items)}</h1>"
        f"<p><span class='cid'>{escape(item.id)}</span> · <span class='status {status}' "
        f"id='status'>{escape(status)}</span> · {previous} {following}</p>{problem}"
        f"{_form(item, edit or Edit.of(item), number, token, shown_note)}"
        f"<p class='readonly'>{escape(facts)}</p>{_passages(item, documents)}</main></body></html>\n"
    )
