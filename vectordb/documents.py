"""Load a folder of PDF, text and Markdown files into canonical documents with page spans.

A broken file never stops the others: each failure is reported with the file name and a
reason (empty, corrupt, encrypted, no text layer, not UTF-8) while every good file loads.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from vectordb.errors import VectorDBError
from vectordb.pdf import PdfProblem, extract_pdf_pages

SUPPORTED_SUFFIXES = (".pdf", ".txt", ".md")
# Joins PDF pages into one canonical text; the newlines let splitters cut at page ends.
PAGE_SEPARATOR = "\n\f\n"

FailureKind = Literal["empty", "corrupt", "encrypted", "no text layer", "not UTF-8", "unreadable"]


class Document(BaseModel):
    """One source file as ragoro sees it: a canonical text and its page spans."""

    path: str = Field(description="Posix path relative to the corpus root.")
    text: str = Field(description="Canonical text; every offset in ragoro points into it.")
    pages: list[tuple[int, int]] = Field(description="[start, end) span of each page in text.")
    sha256: str = Field(description="sha256 of the file bytes.")

    def page_of(self, offset: int) -> int:
        """The 1-based page that holds a character offset (the last page for offsets past it)."""
        for number, (start, end) in enumerate(self.pages, start=1):
            if start <= offset < end:
                return number
            if offset < start:
                return max(1, number - 1)
        return max(1, len(self.pages))


@dataclass(frozen=True)
class LoadFailure:
    """A file that could not be loaded, and why."""

    path: str
    kind: FailureKind
    detail: str

    def __str__(self) -> str:
        return f"{self.path}: {self.kind} ({self.detail})"


@dataclass
class LoadResult:
    """The documents that loaded and the files that did not."""

    documents: list[Document] = field(default_factory=list)
    failures: list[LoadFailure] = field(default_factory=list)


class DocumentLoadError(VectorDBError):
    """Raised by `load_document` for a file that cannot become a document."""

    def __init__(self, failure: LoadFailure) -> None:
        super().__init__(str(failure))
        self.failure = failure


def iter_corpus_files(root: Path) -> Iterator[Path]:
    """Supported files under root, recursively, in a stable (sorted) order; hidden files skipped."""
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if any(part.startswith(".") for part in relative.parts):
            continue
        if path.is_file() and path.suffix.lower() in SUPPORTED_SUFFIXES:
            yield path


def load_document(path: Path, root: Path) -> Document:
    """Load one file into a Document; raise DocumentLoadError naming the reason on failure."""
    relative = path.relative_to(root).as_posix()
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DocumentLoadError(
            LoadFailure(relative, "unreadable", exc.strerror or str(exc))
        ) from exc
    if not data:
        raise DocumentLoadError(LoadFailure(relative, "empty", "zero-byte file"))
    digest = hashlib.sha256(data).hexdigest()
    if path.suffix.lower() == ".pdf":
        return _pdf_document(relative, data, digest)
    return _text_document(relative, data, digest)


def _text_document(relative: str, data: bytes, digest: str) -> Document:
    try:
        text = data.decode("utf-8")
    except UnicodeDecodeError as exc:
        detail = f"invalid byte 0x{data[exc.start]:02x} at offset {exc.start}; re-save as UTF-8"
        raise DocumentLoadError(LoadFailure(relative, "not UTF-8", detail)) from exc
    if not text.strip():
        raise DocumentLoadError(LoadFailure(relative, "empty", "only whitespace"))
    return Document(path=relative, text=text, pages=[(0, len(text))], sha256=digest)


def _pdf_document(relative: str, data: bytes, digest: str) -> Document:
    try:
        page_texts = extract_pdf_pages(data)
    except PdfProblem as exc:
        raise DocumentLoadError(LoadFailure(relative, exc.kind, exc.detail)) from exc
    text, pages = join_pages(page_texts)
    return Document(path=relative, text=text, pages=pages, sha256=digest)


def join_pages(page_texts: Iterable[str]) -> tuple[str, list[tuple[int, int]]]:
    """Join page texts with PAGE_SEPARATOR; return the text and each page's span in it."""
    parts: list[str] = []
    spans: list[tuple[int, int]] = []
    cursor = 0
    for index, page in enumerate(page_texts):
        if index:
            parts.append(PAGE_SEPARATOR)
            cursor += len(PAGE_SEPARATOR)
        parts.append(page)
        spans.append((cursor, cursor + len(page)))
        cursor += len(page)
    return "".join(parts), spans


def load_documents(root: Path, *, progress: bool = False) -> LoadResult:
    """Load every supported file under root; failures are collected, never raised."""
    if not root.is_dir():
        raise NotADirectoryError(f"document folder not found: {root}")
    files = list(iter_corpus_files(root))
    result = LoadResult()
    iterator: Iterable[Path] = files
    if progress and files:
        from tqdm import tqdm

        iterator = tqdm(files, desc="loading documents", unit="file", file=sys.stderr)
    for path in iterator:
        try:
            result.documents.append(load_document(path, root))
        except DocumentLoadError as exc:
            result.failures.append(exc.failure)
    return result
