"""Quality gates after writing: round-trip retrieval difficulty and near-duplicate removal."""

from __future__ import annotations

from collections.abc import Collection
from dataclasses import dataclass

import numpy as np

from ragoro.contracts import GoldenItem
from vectordb import VectorIndex

REFUSAL_TEMPTING_SCORE = 0.5
"""A refusal whose best retrieved chunk scores at least this is "hard": it looks answerable."""


def difficulty(item: GoldenItem, index: VectorIndex, k: int) -> str:
    """ "easy" when the question retrieves every passage's document span in the top-k,
    else "hard". A refusal is "hard" when some chunk looks relevant (score >= 0.5)."""
    hits = index.search(item.question, k)
    if item.case_type == "refusal" or not item.passages:
        top = hits[0].score if hits else 0.0
        return "hard" if top >= REFUSAL_TEMPTING_SCORE else "easy"
    for passage in item.passages:
        found = any(
            hit.chunk.document_path == passage.document_path
            and hit.chunk.start_char < passage.end_char
            and passage.start_char < hit.chunk.end_char
            for hit in hits
        )
        if not found:
            return "hard"
    return "easy"


@dataclass(frozen=True)
class Duplicate:
    """An item dropped because an earlier one asks (nearly) the same thing."""

    item: GoldenItem
    of: str
    similarity: float


def _norm(question: str) -> str:
    return " ".join(question.lower().split()).rstrip("?").strip()


def _without(question: str, boilerplate: Collection[str]) -> str:
    for phrase in boilerplate:
        question = question.replace(phrase, "")
    return question


def deduplicate(
    items: list[GoldenItem],
    index: VectorIndex,
    threshold: float,
    boilerplate: Collection[str] = (),
) -> tuple[list[GoldenItem], list[Duplicate]]:
    """Keep the first of every group of exact or near-duplicate questions (cosine of the
    index encoder's embeddings >= threshold), in the given order.

    `boilerplate` phrases (document titles quoted by template questions) are removed
    before embedding: shared by many questions, they would make distinct ones look alike.
    """
    if not items:
        return [], []
    vectors = index.embed_queries([_without(item.question, boilerplate) for item in items])
    kept: list[int] = []
    dropped: list[Duplicate] = []
    seen: dict[str, int] = {}
    for position, item in enumerate(items):
        exact = seen.get(_norm(item.question))
        if exact is not None:
            dropped.append(Duplicate(item, items[exact].id, 1.0))
            continue
        # A refusal is built to look like an answerable question (another year, a sibling
        # name): it is never the duplicate of one, nor one of it.
        peers = [k for k in kept if items[k].expected.refuse == item.expected.refuse]
        if peers:
            sims = np.asarray(vectors[peers] @ vectors[position])
            best = int(np.argmax(sims))
            if float(sims[best]) >= threshold:
                dropped.append(Duplicate(item, items[peers[best]].id, float(sims[best])))
                continue
        kept.append(position)
        seen[_norm(item.question)] = position
    return [items[p] for p in kept], dropped
