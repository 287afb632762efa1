"""Document loading with exact offsets, chunking, and a pickle-free FAISS index.

This package imports nothing else of ragoro: every other package builds on it.
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from vectordb.chunking import Chunk, split_document, split_documents, split_text_spans
    from vectordb.defaults import DEFAULT_DOCS, DEFAULT_EMBEDDINGS, DEFAULT_INDEX
    from vectordb.documents import (
        PAGE_SEPARATOR,
        Document,
        DocumentLoadError,
        LoadFailure,
        LoadResult,
        load_document,
        load_documents,
    )
    from vectordb.embeddings import EmbeddingModelError, Encoder, get_encoder
    from vectordb.index import (
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

# Loaded on first use: importing the package (every command's --help) stays cheap.
_HOME = {
    "Chunk": "vectordb.chunking",
    "split_document": "vectordb.chunking",
    "split_documents": "vectordb.chunking",
    "split_text_spans": "vectordb.chunking",
    "PAGE_SEPARATOR": "vectordb.documents",
    "Document": "vectordb.documents",
    "DocumentLoadError": "vectordb.documents",
    "LoadFailure": "vectordb.documents",
    "LoadResult": "vectordb.documents",
    "load_document": "vectordb.documents",
    "load_documents": "vectordb.documents",
    "DEFAULT_EMBEDDINGS": "vectordb.defaults",
    "EmbeddingModelError": "vectordb.embeddings",
    "Encoder": "vectordb.embeddings",
    "get_encoder": "vectordb.embeddings",
    "DEFAULT_DOCS": "vectordb.defaults",
    "DEFAULT_INDEX": "vectordb.defaults",
    "BuildResult": "vectordb.index",
    "NoDocumentsError": "vectordb.index",
    "SearchHit": "vectordb.index",
    "VectorIndex": "vectordb.index",
    "build_index": "vectordb.index",
    "IndexOpenError": "vectordb.store",
    "Manifest": "vectordb.store",
}


# vectordb's library imports nothing of ours (it stands alone), so it keeps its own copy of
# ragoro.lazy.lazy_getattr's few lines.
def __getattr__(name: str) -> Any:
    home = _HOME.get(name)
    if home is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(import_module(home), name)
    globals()[name] = value
    return value
