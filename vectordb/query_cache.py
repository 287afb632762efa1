"""Query vectors remembered on disk beside the index, so an unchanged question set loads no model.

A question's vector depends only on the embedding model and the question's text. The cache
file lives in the index folder (`query_vectors.npz`), so a rebuild, which replaces the
folder, starts it afresh; it also records the identity it was made for (the model name,
its dimensions and the sha256 of the index's vectors) and is ignored when that differs.
The file is plain numpy arrays (no pickle), written to a temporary file and renamed, so a
reader never sees half a file.
"""

from __future__ import annotations

import hashlib
import os
import sys
import threading
from collections.abc import Callable
from pathlib import Path

import numpy as np

from vectordb.embeddings import Vectors

CACHE_FILE = "query_vectors.npz"


def _key(text: str) -> str:
    return hashlib.sha256(text.encode("utf-8")).hexdigest()


class QueryVectorCache:
    """Vectors of query texts for one model and one index, kept in `folder/CACHE_FILE`."""

    def __init__(
        self, folder: Path, identity: str, dimensions: int | None, *, name: str = CACHE_FILE
    ) -> None:
        """`dimensions`: the vectors' length, or None to take the file's. `name`: the file
        in `folder` (another name keeps another kind of text apart)."""
        self.path = folder / name
        self.identity = identity
        self.dimensions = dimensions
        self._vectors: dict[str, Vectors] | None = None
        self._lock = threading.Lock()
        self.hits = 0
        """Queries answered from the cache (for reports and tests)."""
        self.misses = 0
        """Queries that had to be embedded."""
        self._unsaved = False

    def _load(self) -> dict[str, Vectors]:
        if self._vectors is None:
            self._vectors = {}
            if self.path.is_file():
                try:
                    with np.load(self.path, allow_pickle=False) as data:
                        identity = str(data["identity"])
                        keys, vectors = data["keys"], data["vectors"]
                except (OSError, ValueError, KeyError) as exc:
                    print(
                        f"ignoring unreadable query-vector cache {self.path}: {exc}",
                        file=sys.stderr,
                    )
                else:
                    if identity == self.identity and (
                        self.dimensions is None or vectors.shape[1:] == (self.dimensions,)
                    ):
                        self._vectors = {
                            str(k): np.asarray(v, dtype=np.float32)
                            for k, v in zip(keys, vectors, strict=True)
                        }
        return self._vectors

    def embed(
        self, texts: list[str], encode: Callable[[list[str]], Vectors], *, save: bool = True
    ) -> Vectors:
        """The vectors of `texts` in order: cached ones read, the others computed by
        `encode` (called once, with the missing texts only, or not at all) and saved
        (with `save=False`, kept until `save()`)."""
        with self._lock:
            known = self._load()
            keys = [_key(text) for text in texts]
            missing = list(
                dict.fromkeys(t for t, k in zip(texts, keys, strict=True) if k not in known)
            )
            self.misses += len(missing)
            self.hits += len(texts) - len(missing)
            if missing:
                fresh = encode(missing)
                for text, vector in zip(missing, fresh, strict=True):
                    known[_key(text)] = np.asarray(vector, dtype=np.float32)
                self._unsaved = True
                if save:
                    self._write()
            if not texts:
                return np.zeros((0, self.dimensions or 0), dtype=np.float32)
            return np.stack([known[k] for k in keys]).astype(np.float32, copy=False)

    def save(self) -> None:
        """Write the vectors computed since the last write, if there are any."""
        with self._lock:
            if self._unsaved:
                self._write()

    def _write(self) -> None:
        self._unsaved = False
        known = self._vectors or {}
        temporary = self.path.with_name(f".{self.path.name}.{os.getpid()}.tmp")
        keys = np.array(sorted(known), dtype="<U64")
        vectors = (
            np.stack([known[k] for k in keys])
            if len(keys)
            else np.zeros((0, self.dimensions or 0), dtype=np.float32)
        )
        try:
            with temporary.open("wb") as handle:
                np.savez(handle, identity=np.array(self.identity), keys=keys, vectors=vectors)
            os.replace(temporary, self.path)
        except OSError as exc:
            # A read-only index folder still answers queries; only the next run pays again.
            temporary.unlink(missing_ok=True)
            print(f"cannot write the query-vector cache {self.path}: {exc}", file=sys.stderr)
