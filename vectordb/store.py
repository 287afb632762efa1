"""The on-disk index format: FAISS vectors plus JSON/JSONL for everything else. No pickle.

Layout of an index folder:

- `index.faiss`     the vectors, written with `faiss.write_index` (inner product on
                    L2-normalised vectors = cosine similarity);
- `chunks.jsonl`    one Chunk per line, in vector order;
- `documents.jsonl` one Document per line (canonical text, page spans, file hash);
- `manifest.json`   embedding model, dimensions, chunking parameters, file hashes, and the
                    sha256 of each artefact above so that damage is detected on open.
"""

from __future__ import annotations

import hashlib
import os
import shutil
from pathlib import Path
from typing import Any

import numpy as np
from pydantic import BaseModel, Field, ValidationError

from vectordb.chunking import Chunk
from vectordb.documents import Document
from vectordb.embeddings import Vectors
from vectordb.errors import VectorDBError

FORMAT_VERSION = 1
VECTORS_FILE = "index.faiss"
CHUNKS_FILE = "chunks.jsonl"
DOCUMENTS_FILE = "documents.jsonl"
MANIFEST_FILE = "manifest.json"
ARTEFACTS = (VECTORS_FILE, CHUNKS_FILE, DOCUMENTS_FILE)


class IndexOpenError(VectorDBError):
    """An index folder that cannot be used; the message is one line that says what to do."""


class SkippedFile(BaseModel):
    """A corpus file left out of the index, and why."""

    path: str
    reason: str


class Manifest(BaseModel):
    """What an index was built from and with."""

    format_version: int = FORMAT_VERSION
    embedding_model: str = Field(description="Name or path given to --embeddings.")
    dimensions: int
    chunk_size: int
    chunk_overlap: int
    n_chunks: int
    n_documents: int
    files: dict[str, str] = Field(description="Corpus path -> sha256 of the file bytes.")
    skipped: list[SkippedFile] = Field(default_factory=list)
    artefacts: dict[str, str] = Field(default_factory=dict, description="File -> sha256.")
    created_at: str = ""
    docs: str = Field(
        default="",
        description="The corpus folder it was built from, relative to the index folder "
        "(empty in indexes built before lineage was kept).",
    )
    corpus_sha256: str = Field(
        default="", description="corpus_fingerprint(files): the corpus's identity."
    )

    def docs_folder(self, index_folder: Path) -> Path | None:
        """The absolute corpus folder this index was built from; None when not recorded."""
        if not self.docs:
            return None
        return (index_folder / self.docs).resolve()


def corpus_fingerprint(files: dict[str, str]) -> str:
    """One sha256 for a corpus: its relative paths and their files' sha256, sorted."""
    lines = "".join(f"{path}\t{digest}\n" for path, digest in sorted(files.items()))
    return hashlib.sha256(lines.encode("utf-8")).hexdigest()


def _sha256_file(path: Path) -> str:
    digest = hashlib.sha256()
    with path.open("rb") as handle:
        for block in iter(lambda: handle.read(1 << 20), b""):
            digest.update(block)
    return digest.hexdigest()


def _write_jsonl(path: Path, rows: list[BaseModel]) -> None:
    with path.open("w", encoding="utf-8") as handle:
        for row in rows:
            handle.write(row.model_dump_json())
            handle.write("\n")


def write_index(
    folder: Path,
    manifest: Manifest,
    chunks: list[Chunk],
    documents: list[Document],
    vectors: Vectors,
) -> None:
    """Write a complete index into a staging folder, then swap it into place."""
    if len(chunks) != vectors.shape[0]:
        raise ValueError(f"{len(chunks)} chunks but {vectors.shape[0]} vectors")
    staging = folder.with_name(f".{folder.name}.staging-{os.getpid()}")
    shutil.rmtree(staging, ignore_errors=True)
    staging.mkdir(parents=True)
    import faiss  # on use: a command's --help never needs it

    index = faiss.IndexFlatIP(manifest.dimensions)
    if len(chunks):
        index.add(vectors)
    faiss.write_index(index, str(staging / VECTORS_FILE))
    _write_jsonl(staging / CHUNKS_FILE, list(chunks))
    _write_jsonl(staging / DOCUMENTS_FILE, list(documents))
    manifest.artefacts = {name: _sha256_file(staging / name) for name in ARTEFACTS}
    (staging / MANIFEST_FILE).write_text(manifest.model_dump_json(indent=2), encoding="utf-8")
    retired = folder.with_name(f".{folder.name}.old-{os.getpid()}")
    if folder.exists():
        folder.rename(retired)
    staging.rename(folder)
    shutil.rmtree(retired, ignore_errors=True)


def read_manifest(folder: Path) -> Manifest:
    """Read and validate manifest.json, or raise IndexOpenError saying what to do."""
    rebuild = f"rebuild it with: python -m vectordb build --index {folder}"
    if not folder.is_dir():
        raise IndexOpenError(f"no index at {folder}: {rebuild}")
    path = folder / MANIFEST_FILE
    if not path.is_file():
        raise IndexOpenError(f"index {folder} has no {MANIFEST_FILE}: {rebuild}")
    try:
        manifest = Manifest.model_validate_json(path.read_text(encoding="utf-8"))
    except (ValidationError, ValueError, UnicodeDecodeError) as exc:
        first = str(exc).splitlines()[0]
        raise IndexOpenError(
            f"index {folder}: {MANIFEST_FILE} is corrupt ({first}); {rebuild}"
        ) from exc
    if manifest.format_version != FORMAT_VERSION:
        raise IndexOpenError(
            f"index {folder} has format {manifest.format_version}, this ragoro reads "
            f"{FORMAT_VERSION}: {rebuild}"
        )
    return manifest


def _read_jsonl(path: Path, model: type[BaseModel], rebuild: str) -> list[Any]:
    rows = []
    with path.open(encoding="utf-8") as handle:
        for number, line in enumerate(handle, start=1):
            try:
                rows.append(model.model_validate_json(line))
            except ValidationError as exc:
                raise IndexOpenError(
                    f"{path}:{number} is corrupt ({exc.errors()[0]['msg']}); {rebuild}"
                ) from exc
    return rows


def read_artefacts(folder: Path, manifest: Manifest) -> tuple[Any, list[Chunk], list[Document]]:
    """Load vectors, chunks and documents, checking presence, hashes and counts."""
    import faiss  # on use: a command's --help never needs it

    rebuild = f"rebuild it with: python -m vectordb build --index {folder}"
    for name in ARTEFACTS:
        path = folder / name
        if not path.is_file():
            raise IndexOpenError(f"index {folder} is missing {name}: {rebuild}")
        expected = manifest.artefacts.get(name)
        if expected and _sha256_file(path) != expected:
            raise IndexOpenError(f"index {folder}: {name} is corrupt (hash mismatch); {rebuild}")
    try:
        vectors = faiss.read_index(str(folder / VECTORS_FILE))
    except RuntimeError as exc:
        raise IndexOpenError(f"index {folder}: {VECTORS_FILE} is corrupt; {rebuild}") from exc
    chunks: list[Chunk] = _read_jsonl(folder / CHUNKS_FILE, Chunk, rebuild)
    documents: list[Document] = _read_jsonl(folder / DOCUMENTS_FILE, Document, rebuild)
    if vectors.ntotal != len(chunks) or len(chunks) != manifest.n_chunks:
        raise IndexOpenError(
            f"index {folder} is inconsistent ({vectors.ntotal} vectors, {len(chunks)} chunks, "
            f"manifest says {manifest.n_chunks}); {rebuild}"
        )
    return vectors, chunks, documents


def stored_vectors(index: Any) -> Vectors:
    """All vectors of a flat FAISS index as a (n, d) float32 array."""
    if index.ntotal == 0:
        return np.zeros((0, index.d), dtype=np.float32)
    return np.asarray(index.reconstruct_n(0, index.ntotal), dtype=np.float32)
