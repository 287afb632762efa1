"""Corpus statistics and sentence support scores for the extractive agent.

A question term weighs its inverse document frequency over the chunks of the index, so a
rare, specific word ("stipendio", "warranty") decides more than a common one (the
company name). A sentence supports the question by the weighted share of question terms
it contains, matched by stem, soft prefix or translation.
"""

from __future__ import annotations

import bisect
import math
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from functools import cached_property

from evaluator.agents.lexicon import QueryTerm
from evaluator.agents.quantities import Reading, readings
from evaluator.agents.rows import column_headers, table_rows, year_headers
from evaluator.agents.term_matches import TermMatches, long_forms
from ragoro.text import (
    Lang,
    Quantity,
    content_tokens,
    detect_language,
    split_sentences,
    stem,
    tokenize,
)
from ragoro.text.evidence import prefix_groups, soft_in, soft_match
from ragoro.text.lang import is_number_token
from ragoro.text.numbers import extract_quantities
from vectordb import Chunk, Document

_PREFIX = 5
# A name in more than this share of the chunks (the company's) tells nothing apart.
_SPECIFIC_SHARE = 0.3


@dataclass(frozen=True)
class Sentence:
    """One sentence of a document, with the analysis the scorer needs."""

    document_path: str
    start: int
    end: int
    text: str
    lang: Lang
    header: str = ""
    """For a table row, its table's header line: a cell is read under its column's name."""

    @cached_property
    def tokens(self) -> frozenset[str]:
        """Stemmed content tokens (the header's too), numbers included."""
        if not self.header:
            return self.own_tokens
        return self.own_tokens | frozenset(content_tokens(self.header, self.lang))

    @cached_property
    def own_tokens(self) -> frozenset[str]:
        """Stemmed content tokens of the sentence's own text (a row without its header)."""
        return frozenset(content_tokens(self.text, self.lang))

    @cached_property
    def quantities(self) -> tuple[Quantity, ...]:
        """Numbers with their units, in order (offsets relative to the sentence)."""
        # A PDF line wrap between "4.250" and "MWh" must not cut the unit off; replacing
        # newlines by spaces keeps every offset.
        flat = self.text.replace("\n", " ").replace("\f", " ")
        return tuple(extract_quantities(flat, self.lang))

    @classmethod
    def known(
        cls,
        document_path: str,
        start: int,
        end: int,
        text: str,
        lang: Lang,
        *,
        tokens: frozenset[str],
        quantities: tuple[Quantity, ...],
        header: str = "",
    ) -> Sentence:
        """A sentence whose tokens and quantities were computed before (read back from the
        store beside the index, `evaluator.corpus_store`): the values the properties give."""
        sentence = cls(document_path, start, end, text, lang, header)
        sentence.__dict__.update(tokens=tokens, quantities=quantities)
        return sentence

    @cached_property
    def readings(self) -> tuple[Reading, ...]:
        """The quantities that may answer some question (`quantities.readings`)."""
        return readings(self.quantities, self.text)

    @cached_property
    def is_question(self) -> bool:
        """A sentence that ends in a question mark asks, it states nothing: an FAQ's question
        line ("What is not covered by the warranty?") names what its answer is about."""
        return self.text.rstrip().endswith("?")

    @cached_property
    def is_heading(self) -> bool:
        """A short line without final punctuation: a title, rarely an answer."""
        return len(self.text.split()) < 8 and not self.text.rstrip().endswith((".", "!", "?"))


def term_in(term: QueryTerm, tokens: frozenset[str]) -> bool:
    """Is the question term (or one of its translations) among the tokens?"""
    if term.is_number:
        return term.word in tokens
    if soft_in(term.stem, tokens) or not term.translations.isdisjoint(tokens):
        return True
    # A translation names one form of the word in the other language; a longer form of it
    # there is the same word inflected ("week" -> "settiman" finds "settimanali"). Only a
    # form that extends a long translation counts: a shared prefix alone is too loose across
    # languages.
    long = long_forms(term.translations)
    if not long:
        return False
    # A token extending a 6+ letter form shares its first 5 letters: only that prefix
    # group of the pool is scanned (the groups are made once per pool).
    groups = prefix_groups(tokens)
    return any(other.startswith(t) for t in long for other in groups.get(t[:_PREFIX], ()))


@dataclass(frozen=True)
class CorpusReading:
    """What `CorpusStats` reads from an index's texts, as it can be stored beside the index
    (`evaluator.corpus_store`) and given back to a `CorpusStats` of the same index."""

    doc_lang: dict[str, Lang]
    chunk_tokens: list[frozenset[str]]
    sentences: dict[str, list[Sentence]]
    """Every document's sentences in order, their tokens and quantities known."""
    surface_words: dict[str, str]


class CorpusStats:
    """Per-chunk token sets, document frequencies and document sentences of one index."""

    def __init__(
        self,
        chunks: Sequence[Chunk],
        documents: dict[str, Document],
        *,
        known: CorpusReading | None = None,
    ) -> None:
        """`known`: this index's reading made before (`reading()`), used instead of reading
        the texts again."""
        self.chunks = list(chunks)
        self.documents = documents
        self._sentences: dict[str, tuple[list[int], list[Sentence]]] = {}
        if known is None:
            self._doc_lang = {
                path: detect_language(doc.text[:5000]) for path, doc in documents.items()
            }
            self.chunk_tokens: list[frozenset[str]] = [
                frozenset(content_tokens(c.text, self.lang_of(c.document_path)))
                for c in self.chunks
            ]
        else:
            self._doc_lang = dict(known.doc_lang)
            self.chunk_tokens = list(known.chunk_tokens)
            for path, sentences in known.sentences.items():
                self._sentences[path] = ([s.start for s in sentences], list(sentences))
            self.__dict__["surface_words"] = dict(known.surface_words)
        self._postings: dict[str, set[int]] = {}
        for row, tokens in enumerate(self.chunk_tokens):
            for token in tokens:
                self._postings.setdefault(token, set()).add(row)
        # soft_in needs a shared prefix of 5+ characters, so 5-letter buckets find every
        # candidate without scanning the whole vocabulary.
        self._buckets: dict[str, list[str]] = {}
        for token in self._postings:
            self._buckets.setdefault(token[:_PREFIX], []).append(token)
        self._rows_cache: dict[QueryTerm, frozenset[int]] = {}

    def reading(self) -> CorpusReading:
        """Everything this index's statistics read from its texts, every document sentence's
        tokens and quantities included (computed now where not yet)."""
        sentences = {path: self._document_sentences(path)[1] for path in self.documents}
        for sentence in (s for group in sentences.values() for s in group):
            _ = sentence.tokens, sentence.quantities
        return CorpusReading(
            dict(self._doc_lang), list(self.chunk_tokens), sentences, dict(self.surface_words)
        )

    @property
    def vocabulary(self) -> frozenset[str]:
        """Every stemmed token some chunk contains."""
        return frozenset(self._postings)

    @cached_property
    def surface_words(self) -> dict[str, str]:
        """Every word of the chunks as written (lowercase) -> its stem, for typo correction."""
        out: dict[str, str] = {}
        for chunk in self.chunks:
            lang = self.lang_of(chunk.document_path)
            for word in tokenize(chunk.text):
                if word not in out and not is_number_token(word):
                    out[word] = stem(word, lang)
        return out

    @cached_property
    def term_matches(self) -> TermMatches:
        """The tokens that find each question term, over every token of the index: every
        chunk's and every document sentence's (`term_matches`)."""
        vocabulary = set(self._postings)
        for path in self.documents:
            for sentence in self._document_sentences(path)[1]:
                vocabulary.update(sentence.tokens)
        return TermMatches(vocabulary)

    @cached_property
    def surface_words_by_start(self) -> dict[str, tuple[str, ...]]:
        """`surface_words` grouped by their first two letters, in the same order (tuples: every
        question reads the same groups)."""
        out: dict[str, list[str]] = {}
        for word in self.surface_words:
            out.setdefault(word[:2], []).append(word)
        return {start: tuple(words) for start, words in out.items()}

    def lang_of(self, document_path: str) -> Lang:
        """The language of a document (detected once from its opening)."""
        return self._doc_lang.get(document_path, "en")

    def is_specific(self, name: str) -> bool:
        """Is the (lowercase) name in at most 30% of the chunks? A name in more of them (the
        company's own) tells no value or reading apart."""
        return len(self.rows_with(QueryTerm(name, name))) <= _SPECIFIC_SHARE * len(self.chunks)

    def rows_with(self, term: QueryTerm) -> frozenset[int]:
        """Rows of the chunks that contain a term, soft matches and translations included."""
        if term not in self._rows_cache:
            rows = set(self._postings.get(term.stem, set()))
            for translation in term.translations:
                rows |= self._postings.get(translation, set())
            # A longer form of a translation is the word inflected, as `term_in` reads it.
            for form in long_forms(term.translations):
                for token in self._buckets.get(form[:_PREFIX], []):
                    if token.startswith(form):
                        rows |= self._postings[token]
            if not term.is_number and len(term.stem) >= _PREFIX:
                for token in self._buckets.get(term.stem[:_PREFIX], []):
                    # soft_in(token, {stem}) without a one-word pool (each would be a
                    # new entry of soft_in's bounded memo): the bucket shares 5 letters.
                    if token == term.stem or soft_match(token, term.stem):
                        rows |= self._postings[token]
            self._rows_cache[term] = frozenset(rows)
        return self._rows_cache[term]

    def weight(self, term: QueryTerm) -> float:
        """Smoothed IDF; a term found in no chunk weighs the most."""
        n = len(self.chunks)
        return math.log((n + 1) / (len(self.rows_with(term)) + 1)) + 1.0

    def sentences_in(self, chunk: Chunk) -> list[Sentence]:
        """Document sentences lying wholly inside a chunk (cut-off fragments left out)."""
        starts, sentences = self._document_sentences(chunk.document_path)
        first = bisect.bisect_left(starts, chunk.start_char)
        out = []
        for sentence in sentences[first:]:
            if sentence.start >= chunk.end_char:
                break
            if sentence.end <= chunk.end_char:
                out.append(sentence)
        return out

    def sentences_before(self, sentence: Sentence, n: int) -> list[Sentence]:
        """Up to n sentences of the same document just before a sentence, in order."""
        starts, sentences = self._document_sentences(sentence.document_path)
        at = bisect.bisect_left(starts, sentence.start)
        return sentences[max(0, at - n) : at]

    def _document_sentences(self, path: str) -> tuple[list[int], list[Sentence]]:
        if path not in self._sentences:
            text = self.documents[path].text
            lang = self.lang_of(path)
            # A run of table rows is read row by row under its header (`rows`): a row's
            # value is its own.
            spans = split_sentences(text)
            texts = [s.text for s in spans]  # made once: each sentence is given those before it
            pieces = [
                (s.start + a, s.start + b, header)
                for i, s in enumerate(spans)
                for (a, b), header in table_rows(s.text, texts[:i], lang)
            ]
            # A row of a table whose columns are years is read under that header too.
            texts = [text[a:b] for a, b, _ in pieces]
            years = year_headers(texts, lang)
            # A table laid out one row per line is read under the column names above it.
            columns = column_headers(texts, lang)
            sentences = [
                Sentence(path, a, b, text[a:b], lang, header or year_header or column)
                for (a, b, header), year_header, column in zip(pieces, years, columns, strict=True)
            ]
            self._sentences[path] = ([s.start for s in sentences], sentences)
        return self._sentences[path]


def coverage(
    terms: Sequence[QueryTerm], tokens: frozenset[str], weights: dict[QueryTerm, float]
) -> float:
    """Weighted share of the question terms found in tokens (1.0 for a question without terms)."""
    total = sum(weights[t] for t in terms)
    if total == 0:
        return 1.0
    return sum(weights[t] for t in terms if term_in(t, tokens)) / total


def missing_terms(terms: Iterable[QueryTerm], tokens: frozenset[str]) -> list[QueryTerm]:
    """The question terms not found in tokens."""
    return [t for t in terms if not term_in(t, tokens)]


ACROSS_LANGUAGES = 0.75
"""The share of the support bar a sentence in the other language than the question's needs."""


def support_bar(threshold: float, question_lang: Lang, sentence: Sentence) -> float:
    """The support the best sentence needs for an answer: the threshold, or three quarters of
    it for a sentence in the other language than the question's. Across languages a
    question word is found only through a translation the glossary lists, and no glossary
    lists every word a person writes ("okay", "two weeks" for "approvate", "10 giorni"), so
    the same evidence covers fewer of the question's terms than within one language."""
    return threshold * (ACROSS_LANGUAGES if sentence.lang != question_lang else 1.0)
