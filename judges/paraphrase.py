"""Meaning similarity: the second signal that lets a paraphrase count as support.

Word overlap cannot see that "at most two days a week" restates "up to two days per
week" with few shared words. The packaged sentence model can, but similarity alone cannot
be trusted: "18 years" and "8 years" embed almost identically, and "the tank is made of
steel" sits close to "the tank holds 28 litres" because both are about the tank. So it is
consulted only after every hard check has passed (numbers, dates and names bound in the
same source sentence, the same polarity, the same participants), only for a statement
that still shares a real part of its content words with its source, and two ways at once,
as BERTScore does at the word level:

- the statement as a whole must be close in meaning to one source sentence, and
- the words it adds must, on average, have a near-synonym in that sentence: a paraphrase
  swaps words for synonyms, an invention adds words with no counterpart.

It may close the gap a paraphrase leaves, never vouch for a statement on its own. The
model is loaded on first use, once per process, and each text is embedded once; with a
store beside the index (`use_vector_store`), once per index.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from functools import cache
from pathlib import Path
from typing import TYPE_CHECKING

import numpy as np

from ragoro.text.evidence import Analysis, soft_in
from ragoro.text.lang import STOPWORDS, stem, tokenize
from ragoro.text.sentences import split_sentences

if TYPE_CHECKING:
    from vectordb.embeddings import Encoder, Vectors
    from vectordb.query_cache import QueryVectorCache

__all__ = [
    "MIN_SHARED_COVERAGE",
    "MIN_SIMILARITY",
    "MIN_WORD_ALIGNMENT",
    "VECTORS_FILE",
    "Restatement",
    "restates",
    "save_vectors",
    "use_vector_store",
]

MIN_SHARED_COVERAGE = 1 / 3
"""A paraphrase still shares at least a third of its content words with its source (below
it the model vouches for swapped attributes: "un buono sconto" for "un rimborso")."""

MIN_SIMILARITY = 0.5
"""Sentence cosine of the packaged model above which two sentences may say the same thing
(calibration dev split, 240 cases: faithful paraphrases with few shared words sit at
0.50-0.77, Italian ones lower since the model is English; statements about something else
mostly at or below 0.42). It is a second signal only: every hard check (numbers, names,
polarity, roles) has passed before it is read, and the added words must still align."""

MIN_WORD_ALIGNMENT = 0.35
"""Mean best cosine between each added word and the source sentence's own words (dev
split: synonyms substituted score 0.36-0.49, invented attributes 0.25-0.33)."""

_MIN_WORD_LETTERS = 3


@dataclass(frozen=True)
class Restatement:
    """How closely a statement restates its nearest source sentence."""

    similarity: float
    alignment: float
    sentence: str


@cache
def _encoder() -> Encoder:
    # Imported here: the model stack (torch, sentence-transformers) costs seconds, and
    # most verdicts never reach this signal.
    from vectordb.embeddings import DEFAULT_EMBEDDINGS, Encoder

    return Encoder(DEFAULT_EMBEDDINGS, batch_size=16)


_CACHE_LIMIT = 65536
_cache: dict[str, Vectors] = {}
VECTORS_FILE = "judge_vectors.npz"
"""Beside the index: the vectors this signal embedded, so a rerun loads no model."""
_stores: dict[str, QueryVectorCache] = {}
"""The store in use, under "active" (one per process: the index being evaluated)."""


def use_vector_store(folder: Path | None) -> None:
    """Read and keep this signal's vectors in `folder/VECTORS_FILE` (written by
    `save_vectors`): an unchanged golden set then loads no model at all. None: use no
    store (what is in memory stays: it is what this process computed)."""
    if folder is None:
        _stores.pop("active", None)
        return
    from vectordb.embeddings import DEFAULT_EMBEDDINGS
    from vectordb.query_cache import QueryVectorCache

    active = _stores.get("active")
    if active is None or active.path != folder / VECTORS_FILE:
        # The identity says how the vectors were made: the model, one text per batch.
        identity = f"{DEFAULT_EMBEDDINGS}:one-text"
        _stores["active"] = QueryVectorCache(folder, identity, None, name=VECTORS_FILE)
        # The memory in front of a store is that store's: a text remembered for another
        # index would never reach this one's file.
        _cache.clear()


def save_vectors() -> None:
    """Write the vectors embedded since the store was read (nothing without a store)."""
    active = _stores.get("active")
    if active is not None:
        active.save()


def _embed_each(texts: list[str]) -> Vectors:
    # One text per batch: a vector must not depend on which other texts happened to be
    # new in this process (batch padding moves its last bits), or a similarity at the
    # threshold flips between a local run, a Ray worker and a stored vector.
    return np.stack([_encoder().encode([text])[0] for text in texts])


def _matrix(texts: Sequence[str]) -> Vectors:
    """The texts' vectors, one row each; each text not seen before is read from the store
    or embedded on its own."""
    new = [t for t in dict.fromkeys(texts) if t not in _cache]
    if new:
        if len(_cache) + len(new) > _CACHE_LIMIT:
            _cache.clear()
        store = _stores.get("active")
        vectors = store.embed(new, _embed_each, save=False) if store else _embed_each(new)
        for text, vector in zip(new, vectors, strict=True):
            _cache[text] = vector
    return np.stack([_cache[t] for t in texts])


def _words(analysis: Analysis) -> list[str]:
    stop = STOPWORDS[analysis.lang]
    return [
        w
        for w in dict.fromkeys(tokenize(analysis.text))
        if w.isalpha() and len(w) >= _MIN_WORD_LETTERS and w not in stop
    ]


def restates(
    claim: Analysis, windows: Sequence[Analysis], pool: frozenset[str], coverage: float
) -> Restatement | None:
    """The restatement when `claim`, sharing `coverage` of its content words with the
    source (`pool`, its stems), says what one of `windows` says in other words; None
    when it does not."""
    if coverage < MIN_SHARED_COVERAGE - 1e-9 or not windows:
        return None
    # One sentence at a time: a two-sentence window offers twice the words to align with.
    windows = [w for w in windows if len(split_sentences(w.text)) == 1] or list(windows)
    similarities = _matrix([w.text for w in windows]) @ _matrix([claim.text])[0]
    nearest = windows[int(np.argmax(similarities))]
    similarity = float(np.max(similarities))
    if similarity < MIN_SIMILARITY:
        return None
    added = [w for w in _words(claim) if not soft_in(stem(w, claim.lang), pool)]
    own = [w for w in _words(nearest) if not soft_in(stem(w, nearest.lang), claim.token_set)]
    if not added:
        return Restatement(similarity, 1.0, nearest.text)
    if not own:
        return None
    alignment = float(np.mean(np.max(_matrix(added) @ _matrix(own).T, axis=1)))
    if alignment < MIN_WORD_ALIGNMENT:
        return None
    return Restatement(similarity, alignment, nearest.text)
