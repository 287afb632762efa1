"""Load a folder of documents into canonical texts with page spans.

Which files count, and how each becomes text, is the format registry's business
(`vectordb.formats`: PDF, text, Markdown, Word, PowerPoint and Excel built in). A broken file never stops the
others: each failure is reported with the file name and a reason (empty, corrupt,
encrypted, no text layer, not UTF-8) while every good file loads.
"""

from __future__ import annotations

import hashlib
import sys
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from pathlib import Path

from pydantic import BaseModel, Field, SerializerFunctionWrapHandler, model_serializer

from vectordb.errors import VectorDBError
from vectordb.formats import (
    PAGE_SEPARATOR,
    FailureKind,
    FormatError,
    format_for,
    join_pages,
    supported_suffixes,
)

__all__ = [
    "PAGE_SEPARATOR",
    "Document",
    "DocumentLoadError",
    "FailureKind",
    "LoadFailure",
    "LoadResult",
    "LocatedBlock",
    "iter_corpus_files",
    "join_pages",
    "load_document",
    "load_documents",
    "outside_links",
]


class LocatedBlock(BaseModel):
    """A structural piece of a document's text and where it is in the file."""

    start: int = Field(description="Inclusive start offset in the document text.")
    end: int = Field(description="Exclusive end offset in the document text.")
    locator: str = Field(description="paragraph=4, slide=5,shape=2, table=1,row=2,col=3, S!B3.")
    table: str | None = Field(default=None, description="A cell's table locator, else None.")
    row: int = Field(default=0, description="A cell's 1-based row (1 = header row), else 0.")
    col: int = Field(default=0, description="A cell's 1-based column, else 0.")


class Document(BaseModel):
    """One source file as ragoro sees it: a canonical text, its page spans and, for formats
    that know their structure (docx, pptx, xlsx), a located block per paragraph or cell."""

    path: str = Field(description="Posix path relative to the corpus root.")
    text: str = Field(description="Canonical text; every offset in ragoro points into it.")
    pages: list[tuple[int, int]] = Field(description="[start, end) span of each page in text.")
    sha256: str = Field(description="sha256 of the file bytes.")
    blocks: list[LocatedBlock] = Field(
        default_factory=list,
        description="Located pieces of text in text order; empty for PDF, text and Markdown "
        "(their locator is the page).",
    )

    @model_serializer(mode="wrap")
    def _omit_empty_blocks(self, handler: SerializerFunctionWrapHandler) -> dict[str, object]:
        # Documents without structure serialise exactly as before blocks existed, so an
        # index of PDFs and text files is byte-for-byte what older versions wrote.
        data: dict[str, object] = handler(self)
        if not self.blocks:
            data.pop("blocks", None)
        return data

    def block_at(self, offset: int) -> LocatedBlock | None:
        """The block holding a character offset, or None (no blocks, or between blocks)."""
        for block in self.blocks:
            if block.start <= offset < block.end:
                return block
            if block.start > offset:
                break
        return None

    def locator_at(self, offset: int) -> str:
        """Where an offset is in the file: its block's locator, else `page=N`."""
        block = self.block_at(offset)
        return block.locator if block is not None else f"page={self.page_of(offset)}"

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


def _visible(root: Path) -> Iterator[Path]:
    for path in sorted(root.rglob("*")):
        relative = path.relative_to(root)
        if not any(part.startswith(".") for part in relative.parts):
            yield path


def _leaves_corpus(path: Path, root: Path) -> bool:
    """True for a symlink that points outside the corpus folder (or nowhere)."""
    if not path.is_symlink():
        return False
    return not path.resolve().is_relative_to(root.resolve())


def iter_corpus_files(root: Path) -> Iterator[Path]:
    """Files a registered format reads, under root, recursively, in a stable (sorted) order;
    hidden files and symlinks that point outside root skipped (see `outside_links`)."""
    for path in _visible(root):
        if _leaves_corpus(path, root):
            continue
        if path.is_file() and format_for(path) is not None:
            yield path


def outside_links(root: Path) -> list[LoadFailure]:
    """Symlinks under root that point outside it: never read, each named with its target."""
    return [
        LoadFailure(
            path.relative_to(root).as_posix(),
            "outside the corpus",
            f"symlink to {path.resolve()}, not read",
        )
        for path in _visible(root)
        if _leaves_corpus(path, root)
    ]


def load_document(path: Path, root: Path) -> Document:
    """Load one file into a Document with its format's loader; raise DocumentLoadError
    naming the reason on failure."""
    relative = path.relative_to(root).as_posix()
    document_format = format_for(path)
    if document_format is None:
        detail = f"no document format reads {path.suffix or 'files without a suffix'}; "
        detail += f"supported: {', '.join(supported_suffixes())}"
        raise DocumentLoadError(LoadFailure(relative, "unsupported", detail))
    try:
        data = path.read_bytes()
    except OSError as exc:
        raise DocumentLoadError(
            LoadFailure(relative, "unreadable", exc.strerror or str(exc))
        ) from exc
    if not data:
        raise DocumentLoadError(LoadFailure(relative, "empty", "zero-byte file"))
    try:
        loaded = document_format.load(data)
    except FormatError as exc:
        raise DocumentLoadError(LoadFailure(relative, exc.kind, exc.detail)) from exc
    if not loaded.text.strip():
        detail = f"the {document_format.name} format found no text"
        raise DocumentLoadError(LoadFailure(relative, "empty", detail))
    digest = hashlib.sha256(data).hexdigest()
    blocks = [
        LocatedBlock(
            start=b.start, end=b.end, locator=b.locator, table=b.table, row=b.row, col=b.col
        )
        for b in loaded.blocks
    ]
    return Document(
        path=relative, text=loaded.text, pages=list(loaded.pages), sha256=digest, blocks=blocks
    )


def load_documents(root: Path, *, progress: bool = False) -> LoadResult:
    """Load every supported file under root; failures are collected, never raised."""
    if not root.is_dir():
        raise NotADirectoryError(f"document folder not found: {root}")
    files = list(iter_corpus_files(root))
    result = LoadResult(failures=outside_links(root))
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
