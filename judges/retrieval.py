"""Context recall and precision from character offsets, with a text fallback.

Contexts from ragoro's own agent carry offsets into the canonical document text. A foreign
agent's contexts may carry only text: they are located in the document when its text is
known, else compared with the passages by (whitespace-normalised) containment.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

from ragoro.contracts import Passage, RetrievedContext
from ragoro.locate import locate

__all__ = [
    "RetrievalScore",
    "context_precision",
    "context_recall",
    "context_texts",
    "same_document",
]


@dataclass(frozen=True)
class RetrievalScore:
    """A retrieval metric's value with the reason it got it."""

    value: float
    reason: str


@dataclass(frozen=True)
class _Ctx:
    """A context resolved to a span when possible, else kept as normalised text (empty
    when it has a span: the text is only read without one)."""

    document_path: str
    span: tuple[int, int] | None
    text: str


def _norm_path(path: str) -> str:
    return path.replace("\\", "/").removeprefix("./").strip().casefold()


def same_document(a: str, b: str) -> bool:
    """Same posix path, tolerating a prefix on either side (foreign agents often send
    absolute paths or paths from another root): 'docs/x.pdf' matches 'x.pdf'."""
    x, y = _norm_path(a), _norm_path(b)
    return x == y or x.endswith("/" + y) or y.endswith("/" + x)


def _squash(text: str) -> str:
    return " ".join(text.split()).casefold()


def _document_text(documents: Mapping[str, str] | None, path: str) -> str | None:
    if not documents:
        return None
    if path in documents:
        return documents[path]
    return next((text for p, text in documents.items() if same_document(p, path)), None)


def context_texts(
    contexts: Sequence[RetrievedContext], documents: Mapping[str, str] | None = None
) -> list[str]:
    """The non-empty texts of the contexts; a context with offsets but no text is read
    from its document when the document text is known."""
    out = []
    for c in contexts:
        text = c.text
        if not text.strip() and c.start_char is not None and c.end_char is not None:
            doc = _document_text(documents, c.document_path)
            text = doc[c.start_char : c.end_char] if doc is not None else ""
        if text.strip():
            out.append(text)
    return out


def _resolve(
    contexts: Sequence[RetrievedContext], documents: Mapping[str, str] | None
) -> list[_Ctx]:
    out = []
    for c in contexts:
        span: tuple[int, int] | None = None
        if c.start_char is not None and c.end_char is not None and c.end_char > c.start_char:
            span = (c.start_char, c.end_char)
        elif c.text.strip():
            doc = _document_text(documents, c.document_path)
            found = locate(doc, c.text) if doc is not None else None
            if found is not None:
                span = (found.start, found.end)
        # The normalised text is read only for a context without a span: squashing every
        # chunk's text (two passes over it, each metric) for nothing was most of the cost.
        out.append(_Ctx(c.document_path, span, _squash(c.text) if span is None else ""))
    return out


def _overlap(a: tuple[int, int], b: tuple[int, int]) -> int:
    return max(0, min(a[1], b[1]) - max(a[0], b[0]))


def _covered(passage: Passage, spans: list[tuple[int, int]]) -> int:
    """Characters of the passage covered by the union of spans."""
    clipped = sorted(
        (max(s, passage.start_char), min(e, passage.end_char))
        for s, e in spans
        if min(e, passage.end_char) > max(s, passage.start_char)
    )
    total, reach = 0, passage.start_char
    for start, end in clipped:
        begin = max(start, reach)
        if end > begin:
            total += end - begin
            reach = end
    return total


def _text_contains(ctx: _Ctx, passage: Passage) -> bool:
    content = _squash(passage.content)
    return bool(content) and content in ctx.text


def context_recall(
    passages: Sequence[Passage],
    contexts: Sequence[RetrievedContext],
    *,
    coverage: float = 0.5,
    documents: Mapping[str, str] | None = None,
) -> RetrievalScore:
    """Share of golden passages recalled: at least `coverage` of a passage's characters
    lie inside retrieved spans of the same document, or (text-only contexts that could
    not be located) one context contains the whole passage text."""
    if not passages:
        raise ValueError("context_recall needs golden passages (see judges.applicability)")
    if not contexts:
        return RetrievalScore(0.0, "no contexts retrieved")
    resolved = _resolve(contexts, documents)
    missed = []
    for p in passages:
        mine = [c for c in resolved if same_document(c.document_path, p.document_path)]
        spans = [c.span for c in mine if c.span is not None]
        share = _covered(p, spans) / (p.end_char - p.start_char)
        texts = any(_text_contains(c, p) for c in mine if c.span is None)
        if share < coverage and not texts:
            missed.append(f"{p.document_path}[{p.start_char}:{p.end_char}] ({share:.0%} covered)")
    found = len(passages) - len(missed)
    reason = f"{found}/{len(passages)} golden passages retrieved"
    if missed:
        reason += "; missed " + ", ".join(missed[:3])
    return RetrievalScore(found / len(passages), reason)


def _relevant(ctx: _Ctx, passages: Sequence[Passage], share: float) -> bool:
    for p in passages:
        if not same_document(ctx.document_path, p.document_path):
            continue
        if ctx.span is not None:
            length = min(ctx.span[1] - ctx.span[0], p.end_char - p.start_char)
            if _overlap(ctx.span, (p.start_char, p.end_char)) >= share * length:
                return True
        elif ctx.text and (_text_contains(ctx, p) or ctx.text in _squash(p.content)):
            return True
    return False


def context_precision(
    passages: Sequence[Passage],
    contexts: Sequence[RetrievedContext],
    *,
    overlap: float = 0.5,
    documents: Mapping[str, str] | None = None,
) -> RetrievalScore:
    """Rank-aware precision (average precision over the ranks of relevant contexts, as in
    ragas): 1.0 when every relevant context comes before every irrelevant one.

    A context is relevant when it overlaps a golden passage of the same document by at
    least `overlap` of the shorter of the two (a neighbour chunk sharing a few characters
    is not), or, text-only, when one contains the other.
    """
    if not passages:
        raise ValueError("context_precision needs golden passages (see judges.applicability)")
    if not contexts:
        return RetrievalScore(0.0, "no contexts retrieved")
    flags = [_relevant(c, passages, overlap) for c in _resolve(contexts, documents)]
    hits, total = 0, 0.0
    for rank, relevant in enumerate(flags, start=1):
        if relevant:
            hits += 1
            total += hits / rank
    ranks = [str(i) for i, f in enumerate(flags, start=1) if f]
    if not hits:
        return RetrievalScore(0.0, f"none of {len(flags)} contexts overlaps a golden passage")
    reason = f"relevant at rank(s) {', '.join(ranks)} of {len(flags)}"
    return RetrievalScore(total / hits, reason)
