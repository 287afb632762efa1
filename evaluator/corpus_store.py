"""The extractive agent's reading of an index, computed once per index and stored beside it.

Before it answers a question the agent reads the whole index: each document's language,
each chunk's stemmed tokens (its IDF statistics) and BM25 terms, the BM25 index of the
chunks' sentences (`passages`), every document sentence with its tokens and quantities (the sentences it scores, and the vocabulary its term
matches are collected over), and the corpus's surface words (typo correction). Those
depend only on the index's texts and on the agent's and the text utilities' code, and the
same index is read run after run, so the first offline evaluation of an index computes them
and saves them beside it (`corpus_reading.jsonl`); later runs read them back instead. A
hit gives exactly the values the computation would (`CorpusStats.reading`,
`HybridRetriever.corpus_terms` and `HybridRetriever.sentence_index` make what is saved), so the answers are the same with or
without the file.

The file follows the rules of every store beside an index (`ragoro.stored`): JSON, never a
pickle; a header naming the schema, the index's fingerprint, the code's version (a hash
of `evaluator.agents` and `ragoro.text`) and the body's sha256; a stale, foreign or
damaged file is ignored, named on stderr and rewritten; a folder that cannot be written is
named and the run goes on. `--no-cache` neither reads nor writes it.
"""

from __future__ import annotations

import sys
from dataclasses import dataclass
from functools import cache
from importlib.util import find_spec
from pathlib import Path
from typing import Any

import numpy as np

import evaluator.agents.support
import ragoro.text.lang
from evaluator.agents.base import Agent
from evaluator.agents.extractive import ExtractiveAgent
from evaluator.agents.hybrid import HybridRetriever, KeywordIndex
from evaluator.agents.passages import SentenceIndex, check_rows
from evaluator.agents.support import CorpusReading, CorpusStats, Sentence
from evaluator.chunk_analyses import index_fingerprint
from ragoro.stored import (
    StringTable,
    checked_strings,
    code_hash,
    paused_collection,
    quantity_key,
    quantity_row,
    read_body,
    read_quantity,
    write_body,
)
from ragoro.text import Lang
from vectordb import VectorIndex

__all__ = ["CORPUS_FILE", "SCHEMA", "SCHEMA_VERSION", "CorpusStoreUse", "use_corpus_store"]

CORPUS_FILE = "corpus_reading.jsonl"
SCHEMA = "ragoro.corpus_reading"
SCHEMA_VERSION = 3
_LANGS: frozenset[str] = frozenset({"it", "en"})
_WHAT_DIFFERS = {"index": "another index", "code_version": "another version of the agent"}


@cache
def code_version() -> str | None:
    """A hash of every source file of `evaluator.agents`, `ragoro.text` and bm25s (found,
    not imported), and the Python version: what the stored values are computed by. None
    when one cannot be found or read."""
    bm25s = find_spec("bm25s")
    if bm25s is None or bm25s.origin is None:
        return None
    return code_hash(
        (
            Path(evaluator.agents.support.__file__).parent,
            Path(ragoro.text.lang.__file__).parent,
            Path(bm25s.origin).parent,
        )
    )


@dataclass(frozen=True)
class CorpusStoreUse:
    """What `use_corpus_store` did with the file beside one index."""

    path: Path
    loaded: bool
    """The reading came from the file (or from this process's earlier read of it)."""
    saved: bool
    """The file was (re)written."""


@dataclass(frozen=True)
class _Stored:
    reading: CorpusReading
    corpus: list[list[str]]
    keywords: KeywordIndex | None
    """None for an index without chunks."""
    sentences: SentenceIndex | None
    """The chunks' sentences' keyword index (`passages`); None without any sentence."""


_READ: dict[tuple[Path, str], _Stored] = {}
"""(file, index fingerprint) -> the reading this process has read or computed (immutable
values: a later agent of the same index in this process builds on them)."""


def use_corpus_store(agent: Agent, index: VectorIndex) -> CorpusStoreUse | None:
    """Give an extractive agent its index's reading from the file beside the index when it
    was made for this index, schema and code; otherwise compute it now and save it there.
    Other agents read nothing (None)."""
    if not isinstance(agent, ExtractiveAgent):
        return None
    path = index.path / CORPUS_FILE
    fingerprint = index_fingerprint(index)
    key = (path.resolve(), fingerprint)
    header = {
        "schema": SCHEMA,
        "schema_version": SCHEMA_VERSION,
        "index": fingerprint,
        "code_version": code_version(),
    }
    # Read, decoded and handed to the agent with the collector paused (`ragoro.stored`):
    # one young collection afterwards instead of dozens during and older ones walking them.
    with paused_collection():
        stored = _READ.get(key)
        if stored is None:
            stored = _read(path, header, index)
        if stored is not None:
            _READ[key] = stored
            _give(agent, index, stored)
            return CorpusStoreUse(path, True, False)
    stored, saved = _compute(path, header, index)
    _READ[key] = stored
    _give(agent, index, stored)
    return CorpusStoreUse(path, False, saved)


def _give(agent: ExtractiveAgent, index: VectorIndex, stored: _Stored) -> None:
    stats = CorpusStats(index.chunks, index.documents, known=stored.reading)
    retriever = HybridRetriever(
        index, corpus=stored.corpus, keywords=stored.keywords, sentences=stored.sentences
    )
    agent.use_index_reading(stats, retriever)


def _read(path: Path, header: dict[str, Any], index: VectorIndex) -> _Stored | None:
    """The reading stored at `path` when it was made for `header`; else None (named)."""
    if header["code_version"] is None or not path.is_file():
        return None
    why, data = read_body(path, header, _WHAT_DIFFERS)
    if not why:
        try:
            return _decode(data, index)
        except (KeyError, IndexError, TypeError, ValueError) as exc:
            why = f"malformed ({type(exc).__name__}: {exc})"
    print(f"ignoring {path}: {why}; reading the index again", file=sys.stderr)
    return None


def _compute(path: Path, header: dict[str, Any], index: VectorIndex) -> tuple[_Stored, bool]:
    """The reading computed now, and whether it was saved at `path`."""
    corpus = HybridRetriever.corpus_terms(index)
    stored = _Stored(
        CorpusStats(index.chunks, index.documents).reading(),
        corpus,
        KeywordIndex.build(corpus) if corpus else None,
        HybridRetriever.sentence_index(index),
    )
    if header["code_version"] is None:
        return stored, False
    failed = write_body(path, header, _encode(stored))
    if failed is not None:
        print(f"cannot save the agent's reading of the index to {path}: {failed}", file=sys.stderr)
    return stored, failed is None


# -- the schema ------------------------------------------------------------------------
# One JSON object; strings and quantities are written once (`ragoro.stored`) and named by
# their place in their table:
#   strings:       [text, ...]
#   quantities:    [quantity row, ...]                      (ragoro.stored.quantity_row)
#   doc_lang:      [[path, lang], ...]                      (in the index's document order)
#   chunk_tokens:  [[token, ...], ...]                      (a set per chunk, sorted)
#   sentences:     [[path, [[text, start, end, [token...], [quantity...], header], ...]], ...]
#                  (header: a table row's header line, "" for a sentence)
#   surface_words: [word, stem, word, stem, ...]            (in their order)
#   corpus:        [[term, ...], ...]                       (BM25 terms per chunk, in order)
#   keywords:      [[term...], data, indices, indptr, num_docs, [dtype...]] or null
#                  (a KeywordIndex: its terms in the order of their ids, its arrays as
#                  lists of numbers and their numpy dtypes; a float32 written as the
#                  float it is reads back to the same float32)
#   sentence_rows: [row, ...]                               (each chunk sentence's chunk row)
#   sentence_keywords: a KeywordIndex of the sentences, as keywords, or null (no sentence)
# A sentence's language is its document's. Every row has exactly the index's chunks and
# documents, or the file is malformed.


def _encode(stored: _Stored) -> dict[str, Any]:
    string = StringTable()
    quantities: dict[tuple[Any, ...], int] = {}
    rows: list[Any] = []

    def quantity(q: Any) -> int:
        key = quantity_key(q)
        if key not in quantities:
            quantities[key] = len(rows)
            rows.append(quantity_row(q, string))
        return quantities[key]

    reading = stored.reading
    sentences = [
        [
            string(path),
            [
                [
                    string(s.text),
                    s.start,
                    s.end,
                    string.sorted_set(s.tokens),
                    [quantity(q) for q in s.quantities],
                    string(s.header),
                ]
                for s in group
            ],
        ]
        for path, group in reading.sentences.items()
    ]
    body = {
        "doc_lang": [[string(path), lang] for path, lang in reading.doc_lang.items()],
        "chunk_tokens": [string.sorted_set(tokens) for tokens in reading.chunk_tokens],
        "sentences": sentences,
        "surface_words": [string(w) for pair in reading.surface_words.items() for w in pair],
        "corpus": [[string(t) for t in terms] for terms in stored.corpus],
        "keywords": None if stored.keywords is None else _encode_keywords(stored.keywords, string),
        **_encode_sentences(stored.sentences, string),
    }
    return {"strings": string.table(), "quantities": rows, **body}


def _encode_keywords(keywords: KeywordIndex, string: StringTable) -> list[Any]:
    terms = sorted(keywords.vocabulary, key=keywords.vocabulary.__getitem__)
    arrays = (keywords.data, keywords.indices, keywords.indptr)
    return [
        [string(t) for t in terms],
        *(array.tolist() for array in arrays),
        keywords.num_docs,
        [str(array.dtype) for array in arrays],
    ]


def _encode_sentences(sentences: SentenceIndex | None, string: StringTable) -> dict[str, Any]:
    if sentences is None:
        return {"sentence_rows": [], "sentence_keywords": None}
    return {
        "sentence_rows": sentences.rows.tolist(),
        "sentence_keywords": _encode_keywords(sentences.keywords, string),
    }


def _decode_sentences(data: Any, strings: list[str], chunks: int) -> SentenceIndex | None:
    rows, keywords = data["sentence_rows"], data["sentence_keywords"]
    check_rows(rows, chunks)
    if keywords is None:
        if rows:
            raise ValueError("its sentences' keyword index is missing")
        return None
    return SentenceIndex(
        np.asarray(rows, dtype=np.int64), _decode_keywords(keywords, strings, len(rows))
    )


def _decode_keywords(row: Any, strings: list[str], chunks: int) -> KeywordIndex:
    terms, data, indices, indptr, num_docs, dtypes = row
    vocabulary = {strings[t]: i for i, t in enumerate(terms)}
    keywords = KeywordIndex(
        vocabulary,
        np.asarray(data, dtype=np.dtype(dtypes[0])),
        np.asarray(indices, dtype=np.dtype(dtypes[1])),
        np.asarray(indptr, dtype=np.dtype(dtypes[2])),
        num_docs,
    )
    # bm25s gives the empty term it adds to the vocabulary no column of its own.
    if num_docs != chunks or len(vocabulary) != len(terms) or not 0 < len(indptr) <= len(terms) + 1:
        raise ValueError("its keyword index does not fit the index's chunks")
    if not len(data) == len(indices) == indptr[-1] or not all(0 <= i < num_docs for i in indices):
        raise ValueError("its keyword index does not fit the index's chunks")
    return keywords


def _lang(value: Any) -> Lang:
    if value not in _LANGS:
        raise ValueError(f"unknown language {value!r}")
    return "it" if value == "it" else "en"


def _decode(data: Any, index: VectorIndex) -> _Stored:
    strings, text = checked_strings(data)
    quantities = [read_quantity(row, strings) for row in data["quantities"]]
    doc_lang = {strings[path]: _lang(lang) for path, lang in data["doc_lang"]}
    chunk_tokens = [frozenset(map(text, tokens)) for tokens in data["chunk_tokens"]]
    sentences: dict[str, list[Sentence]] = {}
    for path_at, rows in data["sentences"]:
        path = strings[path_at]
        lang = doc_lang[path]
        sentences[path] = [
            Sentence.known(
                path,
                start,
                end,
                strings[at],
                lang,
                tokens=frozenset(map(text, tokens)),
                quantities=tuple(map(quantities.__getitem__, among)),
                header=strings[header_at],
            )
            for at, start, end, tokens, among, header_at in rows
        ]
    words = list(map(text, data["surface_words"]))
    corpus = [list(map(text, terms)) for terms in data["corpus"]]
    documents = list(index.documents)
    if list(doc_lang) != documents or list(sentences) != documents:
        raise ValueError("its documents are not the index's")
    if not len(chunk_tokens) == len(corpus) == len(index.chunks):
        raise ValueError("its chunks are not the index's")
    if len(words) % 2:
        raise ValueError("a surface word without its stem")
    reading = CorpusReading(
        doc_lang, chunk_tokens, sentences, dict(zip(words[::2], words[1::2], strict=True))
    )
    keywords = data["keywords"]
    if keywords is not None:
        keywords = _decode_keywords(keywords, strings, len(index.chunks))
    elif index.chunks:
        raise ValueError("its keyword index is missing")
    return _Stored(reading, corpus, keywords, _decode_sentences(data, strings, len(index.chunks)))
