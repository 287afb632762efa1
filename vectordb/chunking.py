"""Split canonical document texts into chunks that carry exact character offsets.

The splitter works on spans of the original text, never on copies, so
`chunk.text == document.text[chunk.start_char:chunk.end_char]` holds by construction.
It cuts at the coarsest separator that fits (page break, paragraph, line, sentence, word)
and merges neighbouring pieces up to `chunk_size`, repeating up to `chunk_overlap`
characters of the previous chunk.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterable, Sequence

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from vectordb.documents import PAGE_SEPARATOR, Document

SEPARATORS: tuple[str, ...] = (PAGE_SEPARATOR, "\n\n", "\n", ". ", "? ", "! ", "; ", ", ", " ", "")

Span = tuple[int, int]


class Chunk(BaseModel):
    """A contiguous piece of one document's canonical text."""

    id: str = Field(description="Stable id derived from path, offsets and text.")
    document_path: str = Field(description="Posix path relative to the corpus root.")
    start_char: int = Field(description="Inclusive start offset in the document text.")
    end_char: int = Field(description="Exclusive end offset in the document text.")
    text: str = Field(description="document.text[start_char:end_char].")
    page: int = Field(description="1-based page holding start_char.")
    locator: str | None = Field(
        default=None,
        description="Locator of the block holding start_char (slide=5,table=1,row=2,col=3, "
        "Sheet!B3) for formats with structure; None when the page is the locator.",
    )

    @model_serializer(mode="wrap")
    def _omit_missing_locator(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        # Chunks of PDFs and text files serialise exactly as before locators existed.
        data: dict[str, object] = handler(self)
        if self.locator is None:
            data.pop("locator", None)
        return data

    @property
    def where(self) -> str:
        """The chunk's position for people and golden `source.locator`: locator or page=N."""
        return self.locator or f"page={self.page}"

    @property
    def text_sha256(self) -> str:
        """Content hash used to reuse embeddings across rebuilds."""
        return hashlib.sha256(self.text.encode("utf-8")).hexdigest()


def chunk_id(document_path: str, start: int, end: int, text: str) -> str:
    """Deterministic chunk id: the same text at the same place always gets the same id."""
    digest = hashlib.sha256(f"{document_path}\0{start}\0{end}\0{text}".encode()).hexdigest()
    return digest[:16]


def _pieces(text: str, start: int, end: int, separators: Sequence[str], size: int) -> list[Span]:
    """Contiguous spans covering [start, end), each at most `size` long where possible."""
    if end - start <= size:
        return [(start, end)]
    for position, separator in enumerate(separators):
        if separator == "":
            return [(s, min(s + size, end)) for s in range(start, end, size)]
        if text.find(separator, start, end) == -1:
            continue
        spans: list[Span] = []
        cursor = start
        while cursor < end:
            hit = text.find(separator, cursor, end)
            stop = end if hit == -1 else hit + len(separator)
            spans.append((cursor, stop))
            cursor = stop
        finer = separators[position + 1 :]
        result: list[Span] = []
        for span_start, span_end in spans:
            if span_end - span_start <= size:
                result.append((span_start, span_end))
            else:
                result.extend(_pieces(text, span_start, span_end, finer, size))
        return result
    return [(start, end)]


def _merge(pieces: Sequence[Span], size: int, overlap: int) -> list[Span]:
    """Greedily merge contiguous pieces into windows of at most `size`, overlapping by `overlap`."""
    windows: list[Span] = []
    current: list[Span] = []
    length = 0
    for piece in pieces:
        piece_length = piece[1] - piece[0]
        if current and length + piece_length > size:
            windows.append((current[0][0], current[-1][1]))
            while current and (length > overlap or length + piece_length > size):
                length -= current[0][1] - current[0][0]
                current.pop(0)
        current.append(piece)
        length += piece_length
    if current:
        windows.append((current[0][0], current[-1][1]))
    return windows


def _trim(text: str, start: int, end: int) -> Span:
    while start < end and text[start].isspace():
        start += 1
    while end > start and text[end - 1].isspace():
        end -= 1
    return start, end


def split_text_spans(text: str, chunk_size: int, chunk_overlap: int) -> list[Span]:
    """Chunk spans of a text, whitespace trimmed, with no empty chunk and no repeated span."""
    if chunk_size <= 0:
        raise ValueError(f"chunk_size must be positive, got {chunk_size}")
    if not 0 <= chunk_overlap < chunk_size:
        raise ValueError(
            f"chunk_overlap must be in [0, chunk_size), got {chunk_overlap} for size {chunk_size}"
        )
    pieces = _pieces(text, 0, len(text), SEPARATORS, chunk_size)
    spans: list[Span] = []
    for start, end in _merge(pieces, chunk_size, chunk_overlap):
        trimmed = _trim(text, start, end)
        if trimmed[0] < trimmed[1] and (not spans or spans[-1] != trimmed):
            spans.append(trimmed)
    return spans


def split_document(
    document: Document, chunk_size: int = 1000, chunk_overlap: int = 200
) -> list[Chunk]:
    """Split one document into chunks with exact offsets and page numbers."""
    chunks = []
    for start, end in split_text_spans(document.text, chunk_size, chunk_overlap):
        text = document.text[start:end]
        chunks.append(
            Chunk(
                id=chunk_id(document.path, start, end, text),
                document_path=document.path,
                start_char=start,
                end_char=end,
                text=text,
                page=document.page_of(start),
                locator=document.locator_at(start) if document.blocks else None,
            )
        )
    return chunks


def split_documents(
    documents: Iterable[Document], chunk_size: int = 1000, chunk_overlap: int = 200
) -> list[Chunk]:
    """Split many documents; chunks keep document order, then text order."""
    return [
        chunk
        for document in documents
        for chunk in split_document(document, chunk_size, chunk_overlap)
    ]
