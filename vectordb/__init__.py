"""Document loading with exact offsets, chunking, and a pickle-free FAISS index.

This package imports nothing else of ragoro: every other package builds on it.
"""

from vectordb.chunking import Chunk, split_document, split_documents, split_text_spans
from vectordb.documents import (
    PAGE_SEPARATOR,
    Document,
    DocumentLoadError,
    LoadFailure,
    LoadResult,
    load_document,
    load_documents,
)
from vectordb.embeddings import DEFAULT_EMBEDDINGS, EmbeddingModelError, Encoder, get_encoder
from vectordb.index import (
    DEFAULT_DOCS,
    DEFAULT_INDEX,
    BuildResult,
    NoDocumentsError,
    SearchHit,
    VectorIndex,
    build_index,
)
from vectordb.store import IndexOpenError, Manifest

__all__ = [
    "DEFAULT_DOCS",
    "DEFAULT_EMBEDDINGS",
    "DEFAULT_INDEX",
    "PAGE_SEPARATOR",
    "BuildResult",
    "Chunk",
    "Document",
    "DocumentLoadError",
    "EmbeddingModelError",
    "Encoder",
    "IndexOpenError",
    "LoadFailure",
    "LoadResult",
    "Manifest",
    "NoDocumentsError",
    "SearchHit",
    "VectorIndex",
    "build_index",
    "get_encoder",
    "load_document",
    "load_documents",
    "split_document",
    "split_documents",
    "split_text_spans",
]
