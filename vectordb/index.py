"""Build an index from a corpus folder, and open one for search or as a LangChain store."""

from __future__ import annotations

import os
import sys
from collections.abc import Callable
from dataclasses import dataclass, field
from datetime import UTC, datetime
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from vectordb.chunking import Chunk, split_documents
from vectordb.defaults import DEFAULT_INDEX
from vectordb.documents import (
    Document,
    LoadFailure,
    LoadResult,
    iter_corpus_files,
    load_documents,
)
from vectordb.embeddings import DEFAULT_EMBEDDINGS, Encoder, Vectors, get_encoder
from vectordb.errors import VectorDBError
from vectordb.query_cache import QueryVectorCache
from vectordb.store import (
    VECTORS_FILE,
    IndexOpenError,
    Manifest,
    SkippedFile,
    corpus_fingerprint,
    read_artefacts,
    read_manifest,
    stored_vectors,
    write_index,
)

if TYPE_CHECKING:
    from langchain_community.vectorstores import FAISS
    from langchain_core.vectorstores import VectorStoreRetriever

QUERY_BATCH_SIZE = 32
"""Batch size for questions: issue 12 measured 16-32 faster than 64 for short texts on 2 cores."""


class NoDocumentsError(VectorDBError):
    """Not a single document of the corpus could be loaded; `failures` says why each failed."""

    exit_code = 1

    def __init__(self, message: str, failures: list[LoadFailure]) -> None:
        super().__init__(message)
        self.failures = failures
        self.details = tuple(f"skipped {failure}" for failure in failures)


class IndexLineageError(VectorDBError):
    """The index folder holds an index of another corpus folder; it is left untouched."""


def check_index_lineage(docs: Path, index_path: Path) -> None:
    """Refuse to build over an index that was made from another folder (exit 2).

    An index written before folders were recorded counts as another corpus's when none
    of its files is in `docs`. A folder with no readable manifest is not an index: a
    build may replace it."""
    try:
        manifest = read_manifest(index_path)
    except IndexOpenError:
        return
    before = manifest.docs_folder(index_path)
    here = docs.resolve()
    if before is not None:
        if before == here:
            return
        origin = str(before)
    else:
        names = {path.relative_to(docs).as_posix() for path in iter_corpus_files(docs)}
        if not manifest.files or names & set(manifest.files):
            return
        origin = f"another folder (none of its {len(manifest.files)} files is in {docs})"
    raise IndexLineageError(
        f"index {index_path} was built from {origin}, not {docs}: pass --replace to "
        f"rebuild it over {docs}, or give this corpus its own --index folder"
    )


@dataclass
class BuildResult:
    """What a build did: documents, chunks, how many embeddings were reused or computed."""

    index_path: Path
    documents: int
    chunks: int
    reused: int
    embedded: int
    failures: list[LoadFailure] = field(default_factory=list)


def _previous_vectors(folder: Path, model: str) -> dict[str, Vectors]:
    """Vectors of the existing index keyed by chunk text hash, when the model is the same."""
    try:
        manifest = read_manifest(folder)
        if manifest.embedding_model != model:
            return {}
        index, chunks, _ = read_artefacts(folder, manifest)
    except IndexOpenError:
        return {}
    vectors = stored_vectors(index)
    return {chunk.text_sha256: vectors[row] for row, chunk in enumerate(chunks)}


def build_index(
    docs: Path,
    index_path: Path,
    *,
    chunk_size: int = 1000,
    chunk_overlap: int = 200,
    embeddings: str = DEFAULT_EMBEDDINGS,
    progress: bool = False,
    encoder_factory: Callable[[str], Encoder] = get_encoder,
    replace: bool = False,
    loader: Callable[..., LoadResult] | None = None,
) -> BuildResult:
    """Load, chunk and embed a corpus into index_path, reusing unchanged chunks' vectors.

    An index of another folder at index_path raises `IndexLineageError` before any work,
    unless `replace`. `loader(docs, progress=...)` replaces `load_documents` (an executor
    that loads the files elsewhere must return the same `LoadResult`)."""
    if not replace and docs.is_dir():
        check_index_lineage(docs, index_path)
    loaded = (loader or load_documents)(docs, progress=progress)
    if not loaded.documents:
        raise NoDocumentsError(
            f"no document could be loaded from {docs} ({len(loaded.failures)} failed)",
            loaded.failures,
        )
    chunks = split_documents(loaded.documents, chunk_size, chunk_overlap)
    previous = _previous_vectors(index_path, embeddings)
    missing = [chunk for chunk in chunks if chunk.text_sha256 not in previous]
    if missing:
        encoder = encoder_factory(embeddings)
        if progress:
            print(f"embedding {len(missing)} chunk(s) with {embeddings}", file=sys.stderr)
        fresh = encoder.encode([chunk.text for chunk in missing], progress=progress)
        for chunk, vector in zip(missing, fresh, strict=True):
            previous[chunk.text_sha256] = vector
        dimensions = encoder.dimensions
    else:
        # Everything is reused: no need to spend seconds loading the model.
        dimensions = len(previous[chunks[0].text_sha256])
    vectors = np.zeros((len(chunks), dimensions), dtype=np.float32)
    for row, chunk in enumerate(chunks):
        vectors[row] = previous[chunk.text_sha256]
    manifest = Manifest(
        embedding_model=embeddings,
        dimensions=dimensions,
        chunk_size=chunk_size,
        chunk_overlap=chunk_overlap,
        n_chunks=len(chunks),
        n_documents=len(loaded.documents),
        files={document.path: document.sha256 for document in loaded.documents},
        docs=Path(os.path.relpath(docs.resolve(), index_path.resolve())).as_posix(),
        corpus_sha256=corpus_fingerprint({d.path: d.sha256 for d in loaded.documents}),
        skipped=[SkippedFile(path=f.path, reason=f"{f.kind}: {f.detail}") for f in loaded.failures],
        created_at=datetime.now(UTC).isoformat(timespec="seconds"),
    )
    write_index(index_path, manifest, chunks, loaded.documents, vectors)
    return BuildResult(
        index_path=index_path,
        documents=len(loaded.documents),
        chunks=len(chunks),
        reused=len(chunks) - len(missing),
        embedded=len(missing),
        failures=loaded.failures,
    )


@dataclass(frozen=True)
class SearchHit:
    """One retrieved chunk with its cosine similarity to the query."""

    chunk: Chunk
    score: float


class VectorIndex:
    """An opened index: chunks, canonical documents, vectors, and search over them."""

    def __init__(
        self,
        path: Path,
        manifest: Manifest,
        faiss_index: Any,
        chunks: list[Chunk],
        documents: list[Document],
    ) -> None:
        self.path = path
        self.manifest = manifest
        self.faiss_index = faiss_index
        self.chunks = chunks
        self.documents: dict[str, Document] = {d.path: d for d in documents}
        self._encoder: Encoder | None = None
        self.query_cache: QueryVectorCache | None = None
        """Set by `use_query_cache`: query vectors are then read from and saved to disk."""

    @classmethod
    def open(
        cls, path: Path | str = DEFAULT_INDEX, *, embeddings: str | None = None
    ) -> VectorIndex:
        """Open an index; with `embeddings` given, refuse one built with another model."""
        folder = Path(path)
        manifest = read_manifest(folder)
        if embeddings is not None and embeddings != manifest.embedding_model:
            raise IndexOpenError(
                f"index {folder} was built with embeddings {manifest.embedding_model!r}, not "
                f"{embeddings!r}: rebuild with python -m vectordb build --embeddings {embeddings}"
            )
        faiss_index, chunks, documents = read_artefacts(folder, manifest)
        return cls(folder, manifest, faiss_index, chunks, documents)

    @property
    def texts(self) -> dict[str, str]:
        """The canonical text of every indexed document, by path (offsets point into it)."""
        return {path: document.text for path, document in self.documents.items()}

    @property
    def encoder(self) -> Encoder:
        """The embedding model the index was built with, loaded on first use."""
        if self._encoder is None:
            self._encoder = get_encoder(self.manifest.embedding_model)
            if self._encoder.dimensions != self.manifest.dimensions:
                raise IndexOpenError(
                    f"model {self.manifest.embedding_model!r} gives {self._encoder.dimensions} "
                    f"dimensions but index {self.path} has {self.manifest.dimensions}: rebuild it"
                )
        return self._encoder

    def use_query_cache(self) -> QueryVectorCache:
        """Remember query vectors beside the index (see `vectordb.query_cache`): a query
        embedded once is never embedded again, and the model is loaded only for new ones."""
        if self.query_cache is None:
            manifest = self.manifest
            identity = "|".join(
                (
                    manifest.embedding_model,
                    str(manifest.dimensions),
                    manifest.artefacts.get(VECTORS_FILE, ""),
                )
            )
            self.query_cache = QueryVectorCache(self.path, identity, manifest.dimensions)
        return self.query_cache

    def embed_queries(self, queries: list[str]) -> Vectors:
        """Embed queries with the index's own model (through the query cache when used)."""
        if self.query_cache is not None:
            return self.query_cache.embed(queries, self._encode_queries)
        return self._encode_queries(queries)

    def _encode_queries(self, queries: list[str]) -> Vectors:
        return self.encoder.encode(queries, batch_size=QUERY_BATCH_SIZE)

    def search_vectors(self, vectors: Vectors, k: int) -> list[list[SearchHit]]:
        """Top-k chunks for each query vector, best first."""
        if k <= 0 or not self.chunks or len(vectors) == 0:
            return [[] for _ in range(len(vectors))]
        scores, rows = self.faiss_index.search(vectors, min(k, len(self.chunks)))
        return [
            [SearchHit(self.chunks[r], float(s)) for s, r in zip(srow, rrow, strict=True) if r >= 0]
            for srow, rrow in zip(scores, rows, strict=True)
        ]

    def search(self, query: str, k: int = 3) -> list[SearchHit]:
        """Top-k chunks for one text query, best first."""
        return self.search_vectors(self.embed_queries([query]), k)[0]

    def chunk_vectors(self) -> Vectors:
        """The stored vector of every chunk, in chunk order."""
        return stored_vectors(self.faiss_index)

    def as_vectorstore(self) -> FAISS:
        """A LangChain FAISS store built in memory from the JSON docstore (never a pickle)."""
        from langchain_community.docstore.in_memory import InMemoryDocstore
        from langchain_community.vectorstores import FAISS
        from langchain_community.vectorstores.utils import DistanceStrategy
        from langchain_core.documents import Document as LCDocument

        from vectordb.lc_embeddings import EncoderEmbeddings

        docstore = InMemoryDocstore(
            {
                chunk.id: LCDocument(
                    page_content=chunk.text,
                    metadata={
                        "source": chunk.document_path,
                        "page": chunk.page,
                        "start_char": chunk.start_char,
                        "end_char": chunk.end_char,
                        "chunk_id": chunk.id,
                    },
                )
                for chunk in self.chunks
            }
        )
        return FAISS(
            embedding_function=EncoderEmbeddings(self.encoder),
            index=self.faiss_index,
            docstore=docstore,
            index_to_docstore_id={row: chunk.id for row, chunk in enumerate(self.chunks)},
            distance_strategy=DistanceStrategy.MAX_INNER_PRODUCT,
        )

    def as_retriever(self, k: int = 3) -> VectorStoreRetriever:
        """A LangChain retriever returning the top-k chunks with offsets in metadata."""
        return self.as_vectorstore().as_retriever(search_kwargs={"k": k})
