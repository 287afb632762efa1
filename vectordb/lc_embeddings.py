"""The LangChain `Embeddings` adapter over an `Encoder`, imported only by LangChain users."""

from __future__ import annotations

from langchain_core.embeddings import Embeddings

from vectordb.embeddings import Encoder


class EncoderEmbeddings(Embeddings):
    """LangChain `Embeddings` over an Encoder, so FAISS stores and retrievers can use it."""

    def __init__(self, encoder: Encoder) -> None:
        self.encoder = encoder

    def embed_documents(self, texts: list[str]) -> list[list[float]]:
        """Embed documents for a vector store."""
        return [[float(x) for x in row] for row in self.encoder.encode(texts)]

    def embed_query(self, text: str) -> list[float]:
        """Embed one query."""
        return [float(x) for x in self.encoder.encode([text])[0]]
