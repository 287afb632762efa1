"""An extractive agent over a real index of one small document, for the agent's rule tests."""

from __future__ import annotations

from pathlib import Path

from evaluator.agents.extractive import ExtractiveAgent
from vectordb import VectorIndex, build_index


def agent_over(base: Path, name: str, text: str) -> ExtractiveAgent:
    """An agent (k=3) over a FAISS index built under `base` from one document `name`."""
    docs = base / "docs"
    docs.mkdir()
    (docs / name).write_text(text, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=400, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)
