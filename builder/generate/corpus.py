"""The corpus a run works on: documents, their zero-overlap chunks, the index, and sampling."""

from __future__ import annotations

import hashlib
import random
import re
import sys
from collections import defaultdict
from dataclasses import dataclass, field
from pathlib import Path

from ragoro.errors import InputError
from ragoro.text import Lang, content_tokens, detect_language
from vectordb import (
    Chunk,
    Document,
    IndexOpenError,
    NoDocumentsError,
    VectorIndex,
    build_index,
    split_documents,
)
from vectordb.documents import DocumentLoadError, iter_corpus_files, load_document
from vectordb.embeddings import DEFAULT_EMBEDDINGS
from vectordb.formats.titles import metadata_title

FOOTER_RE = re.compile(r"(?:Pagina|Page|Pag\.)\s+\d+\s+(?:di|of|/)\s+\d+\s*$", re.IGNORECASE)
_WORD_RE = re.compile(r"[^\W\d_]+")
# An e-mail address or a web address spells a name in lowercase ("info@acme.com"): it says
# nothing about how the document writes that word in running text.
_ADDRESS_RE = re.compile(
    r"\S+@\S+|(?:https?://|www\.)\S+|\b[\w-]+(?:\.[\w-]+)*\.(?:com|org|net|it|eu|uk|de|fr|es|io)\b"
)


class CorpusError(InputError):
    """The corpus or the index cannot be used as given; the message says what to do."""


@dataclass
class Corpus:
    """Documents by path, with what the generator needs to know about each."""

    documents: dict[str, Document]
    index: VectorIndex
    chunks: list[Chunk]
    titles: dict[str, str] = field(default_factory=dict)
    vocab: dict[str, frozenset[str]] = field(default_factory=dict)
    footers: dict[str, list[tuple[int, int]]] = field(default_factory=dict)
    chunk_langs: dict[str, Lang] = field(default_factory=dict)
    stems: dict[str, frozenset[str]] = field(default_factory=dict)
    """Each document's content-word stems, read on first use."""

    def lang_of(self, chunk: Chunk) -> Lang:
        """The language of a chunk (detected once)."""
        if chunk.id not in self.chunk_langs:
            self.chunk_langs[chunk.id] = detect_language(chunk.text)
        return self.chunk_langs[chunk.id]

    def named_elsewhere(self, phrase: str, doc: str, lang: Lang) -> bool:
        """True when another document holds every content word of `phrase`: a question
        about it must then say which document it means."""
        words = set(content_tokens(phrase, lang, numbers=False))
        if not words:
            return True
        for path, document in self.documents.items():
            if path == doc:
                continue
            if path not in self.stems:
                text = document.text
                self.stems[path] = frozenset(content_tokens(text, detect_language(text)))
            if words <= self.stems[path]:
                return True
        return False

    def in_footer(self, doc: str, start: int, end: int) -> bool:
        """True when [start, end) touches a page footer/header line of the document."""
        return any(s < end and start < e for s, e in self.footers.get(doc, []))


TITLE_MAX = 80
_HEADING_RE = re.compile(r"^#{1,6}\s+(.+?)\s*#*\s*$", re.MULTILINE)
_MAX_TITLE_WORDS = 14
# "Officine Rossi S.p.A." ends with a full stop and is still a name, not a sentence.
_ABBREVIATION_END_RE = re.compile(r"(?:\b\w\.){2,}$")


def _looks_like_title(line: str) -> bool:
    # A sentence ("Il lavoro da remoto è consentito…") is a paragraph, not a title: a heading
    # is short and does not end like a sentence.
    return (
        0 < len(line) <= TITLE_MAX
        and len(line.split()) <= _MAX_TITLE_WORDS
        and not line.endswith((",", ";", ":"))
        and not (line.endswith(".") and _ABBREVIATION_END_RE.search(line) is None)
        and any(ch.isalpha() for ch in line)
    )


def _name_title(path: str) -> str:
    stem = path.rsplit("/", 1)[-1].rsplit(".", 1)[0]
    words = " ".join(stem.replace("_", " ").replace("-", " ").split())
    return words[:1].upper() + words[1:]


def document_title(text: str, path: str = "", metadata: str | None = None) -> str:
    """A document's title as a person would name it, at most 80 characters: the file's
    metadata title when it is a real one (see `vectordb.formats.titles`), else its first
    Markdown heading, else its first line (joined with a short wrapped continuation) when
    that reads as a heading (short, no final full stop), else its file name humanised
    ("manuale_dipendente.txt" -> "Manuale dipendente")."""
    if metadata is not None and 0 < len(metadata) <= TITLE_MAX:
        return metadata
    heading = _HEADING_RE.search(text[:2000])
    if heading is not None and _looks_like_title(heading.group(1).strip()):
        return heading.group(1).strip()
    lines = [line.strip() for line in text.splitlines() if line.strip()]
    if lines:
        title = lines[0]
        if len(lines) > 1 and len(lines[1].split()) <= 2 and not lines[1].endswith("."):
            title = f"{title} {lines[1]}"
        if _looks_like_title(title):
            return title
        if _looks_like_title(lines[0]):
            return lines[0]
    return _name_title(path)


def footer_spans(text: str) -> list[tuple[int, int]]:
    """Spans of lines like "Acme S.p.A. – Manuale – Pagina 2 di 5"."""
    spans = []
    position = 0
    for line in text.split("\n"):
        if FOOTER_RE.search(line):
            spans.append((position, position + len(line)))
        position += len(line) + 1
    return spans


def _stale_files(docs: Path, index: VectorIndex) -> list[str]:
    """Files added, changed, removed or repaired since the index was built."""
    # The index already holds every canonical text: hash the files to prove it is current
    # instead of parsing every PDF a second time.
    skipped = {entry.path: entry.reason for entry in index.manifest.skipped}
    stale: list[str] = []
    on_disk: set[str] = set()
    for file in iter_corpus_files(docs):
        relative = file.relative_to(docs).as_posix()
        on_disk.add(relative)
        if relative in skipped:
            # A file the index skipped may have been repaired since: then the index is stale.
            try:
                load_document(file, docs)
            except DocumentLoadError:
                print(f"warning: skipped {relative}: {skipped[relative]}", file=sys.stderr)
            else:
                stale.append(relative)
        elif index.manifest.files.get(relative) != hashlib.sha256(file.read_bytes()).hexdigest():
            stale.append(relative)
    return stale + sorted(set(index.manifest.files) - on_disk)


def current_index(docs: Path, index_path: Path, *, progress: bool = True) -> VectorIndex:
    """The index of `docs`, built when missing and refreshed when files changed (unchanged
    chunks keep their vectors), with the same embeddings and chunking as before."""
    try:
        index: VectorIndex | None = VectorIndex.open(index_path)
    except IndexOpenError as exc:
        if (index_path / "manifest.json").exists():
            raise CorpusError(f"{exc} (rebuild it with: python -m vectordb build)") from exc
        index = None
    if index is not None:
        stale = _stale_files(docs, index)
        if not stale:
            return index
        reason = f"{len(stale)} file(s) changed since it was built ({', '.join(stale[:3])})"
        manifest = index.manifest
        embeddings, size, overlap = (
            manifest.embedding_model,
            manifest.chunk_size,
            manifest.chunk_overlap,
        )
    else:
        reason, embeddings, size, overlap = "no index yet", DEFAULT_EMBEDDINGS, 1000, 200
    print(f"index {index_path}: {reason}; building it from {docs}", file=sys.stderr)
    try:
        result = build_index(
            docs,
            index_path,
            chunk_size=size,
            chunk_overlap=overlap,
            embeddings=embeddings,
            progress=progress,
        )
    except NoDocumentsError as exc:
        raise CorpusError(str(exc)) from exc
    print(
        f"indexed {result.documents} document(s) into {result.chunks} chunk(s): "
        f"{result.reused} reused, {result.embedded} embedded",
        file=sys.stderr,
    )
    return VectorIndex.open(index_path)


def load_corpus(docs: Path, index_path: Path, chunk_size: int, *, progress: bool = True) -> Corpus:
    """Load the documents from their index (built or refreshed first when needed) and chunk
    them with zero overlap."""
    if not docs.is_dir():
        raise CorpusError(f"document folder not found: {docs} (use --docs)")
    index = current_index(docs, index_path, progress=progress)
    if not index.documents:
        raise CorpusError(f"no document could be loaded from {docs}")
    loaded = list(index.documents.values())
    documents = {d.path: d for d in loaded}
    corpus = Corpus(
        documents=documents,
        index=index,
        chunks=split_documents(loaded, chunk_size, 0),
    )
    for path, document in documents.items():
        corpus.titles[path] = document_title(document.text, path, metadata_title(docs / path))
        corpus.vocab[path] = document_vocab(document.text)
        corpus.footers[path] = footer_spans(document.text)
    return corpus


def document_vocab(text: str) -> frozenset[str]:
    """The words a document writes in lowercase in its running text (not inside an e-mail
    or web address): a capitalised word among them is a common word, not a name."""
    return frozenset(w for w in _WORD_RE.findall(_ADDRESS_RE.sub(" ", text)) if w.islower())


def sample_size(total: int, fraction: float | None, count: int | None) -> int:
    """How many chunks to sample: --n when given, else round(fraction * total), at least 1."""
    if count is not None:
        return min(count, total)
    assert fraction is not None
    return max(1, min(total, round(fraction * total)))


def stratified_sample(chunks: list[Chunk], size: int, rng: random.Random) -> list[Chunk]:
    """A seeded sample spread across documents: every document gets at least one chunk
    (when size allows), the rest in proportion to its chunk count (largest remainder)."""
    by_doc: dict[str, list[Chunk]] = defaultdict(list)
    for chunk in chunks:
        by_doc[chunk.document_path].append(chunk)
    docs = sorted(by_doc)
    quota = dict.fromkeys(docs, 0)
    if size >= len(docs):
        quota = dict.fromkeys(docs, 1)
    left = size - sum(quota.values())
    total = len(chunks)
    shares = {d: len(by_doc[d]) * left / total for d in docs}
    for d in docs:
        quota[d] += min(int(shares[d]), len(by_doc[d]) - quota[d])
    order = sorted(docs, key=lambda d: (-(shares[d] - int(shares[d])), d))
    if size < len(docs):
        order = sorted(docs, key=lambda d: (rng.random(), d))
    while sum(quota.values()) < size:
        for d in order:
            if sum(quota.values()) < size and quota[d] < len(by_doc[d]):
                quota[d] += 1
    picked: list[Chunk] = []
    for d in docs:
        picked.extend(rng.sample(by_doc[d], quota[d]))
    return sorted(picked, key=lambda c: (c.document_path, c.start_char))
