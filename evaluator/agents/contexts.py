"""Turn retrieved chunks into the contexts an agent reports, offsets and page included."""

from __future__ import annotations

from ragoro.contracts import RetrievedContext
from vectordb import Chunk, SearchHit


def chunk_context(chunk: Chunk, score: float | None = None) -> RetrievedContext:
    """The context for one chunk: its exact text and offsets in the canonical document."""
    return RetrievedContext(
        document_path=chunk.document_path,
        text=chunk.text,
        start_char=chunk.start_char,
        end_char=chunk.end_char,
        score=score,
        page=chunk.page,
    )


def hit_context(hit: SearchHit) -> RetrievedContext:
    """The context for one vector search hit, with its cosine similarity as the score."""
    return chunk_context(hit.chunk, round(hit.score, 6))
