"""Document excerpts as escaped HTML, golden passages and retrieved contexts highlighted.

Every offset points into a document's canonical text (see DESIGN: the index keeps it), so
highlighting needs no PDF parsing: the text is cut at span and page boundaries and each
piece is escaped on its own. Document text is untrusted: nothing of it reaches the page
unescaped.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from html import escape
from itertools import pairwise
from typing import Literal

SpanKind = Literal["gold", "ctx"]
DEFAULT_CONTEXT = 240


@dataclass(frozen=True)
class Span:
    """One highlighted span of a document: a golden passage or a retrieved context."""

    start: int
    end: int
    kind: SpanKind
    label: int
    """Index of the passage (gold) or context (ctx) in its case, kept on the mark."""


def page_of(pages: Sequence[tuple[int, int]], offset: int) -> int:
    """The 1-based page holding a character offset (page 1 when no page spans are known)."""
    number = 1
    for index, (start, _end) in enumerate(pages, start=1):
        if start <= offset:
            number = index
        else:
            break
    return number


def _windows(spans: Sequence[Span], size: int, context: int) -> list[tuple[int, int]]:
    """Merged [start, end) windows of text around the spans."""
    ranges = sorted((max(0, s.start - context), min(size, s.end + context)) for s in spans)
    merged: list[tuple[int, int]] = []
    for start, end in ranges:
        if merged and start <= merged[-1][1]:
            merged[-1] = (merged[-1][0], max(merged[-1][1], end))
        else:
            merged.append((start, end))
    return merged


def _piece(text: str, covering: list[Span]) -> str:
    body = escape(text)
    if not covering:
        return body
    kinds = sorted({s.kind for s in covering})
    attrs = [f'class="{" ".join(kinds)}"']
    for kind, name in (("gold", "data-p"), ("ctx", "data-c")):
        labels = sorted({str(s.label) for s in covering if s.kind == kind})
        if labels:
            attrs.append(f'{name}="{" ".join(labels)}"')
    return f"<mark {' '.join(attrs)}>{body}</mark>"


def _window_html(
    text: str,
    window: tuple[int, int],
    spans: Sequence[Span],
    pages: Sequence[tuple[int, int]],
    paged: bool,
) -> str:
    start, end = window
    cuts = {start, end}
    for span in spans:
        cuts.update(c for c in (span.start, span.end) if start < c < end)
    page_starts = {p_start for p_start, _ in pages if start < p_start < end} if paged else set()
    cuts.update(page_starts)
    ordered = sorted(cuts)
    parts: list[str] = []
    for left, right in pairwise(ordered):
        if paged and left in page_starts:
            parts.append(f'<span class="page-break">page {page_of(pages, left)}</span>')
        covering = [s for s in spans if s.start <= left and right <= s.end]
        parts.append(_piece(text[left:right], covering))
    head = f'<div class="page-label">page {page_of(pages, start)}</div>' if paged else ""
    lead = "… " if start > 0 else ""
    tail = " …" if end < len(text) else ""
    return f'<div class="window">{head}<pre>{lead}{"".join(parts)}{tail}</pre></div>'


def excerpt_html(
    text: str,
    spans: Sequence[Span],
    *,
    pages: Sequence[tuple[int, int]] = (),
    paged: bool = False,
    context: int = DEFAULT_CONTEXT,
) -> str:
    """The text around `spans` (±`context` characters) as escaped HTML with `<mark>`s.

    Golden spans get class "gold", contexts "ctx", overlaps both. With `paged`, each window
    is labelled with its page and page breaks inside it are marked. Spans outside the text
    are dropped (the caller reports them).
    """
    size = len(text)
    inside = [s for s in spans if 0 <= s.start < s.end <= size]
    if not inside:
        return ""
    windows = _windows(inside, size, context)
    return "".join(_window_html(text, w, inside, pages, paged) for w in windows)


HIGHLIGHT_CSS = """
mark.gold { background: #ffd966; color: inherit; }
mark.ctx { background: #9fd3ff; color: inherit; }
mark.gold.ctx { background: #ffd966; box-shadow: inset 0 -0.35em #4aa3f0; }
.window { border-left: 3px solid #ccc; margin: .5em 0; padding-left: .6em; }
.window pre { white-space: pre-wrap; font: 13px/1.45 ui-monospace, monospace; margin: 0; }
.page-label, .page-break { display: inline-block; font: 11px sans-serif; color: #555;
  background: #eee; border-radius: 3px; padding: 0 .4em; margin: .2em 0; }
.legend mark { padding: 0 .4em; }
"""
"""Shared CSS for excerpts: golden passages yellow, retrieved contexts blue, overlaps both."""
