"""Hybrid retrieval: BM25 (bm25s) over stemmed chunk words plus FAISS, fused by reciprocal rank.

The packaged embedding model is English-only, so vector search alone misses Italian and
cross-language questions; keyword search alone misses paraphrases. Reciprocal-rank fusion
(RRF, Cormack et al. 2009) adds `1 / (c + rank)` from each ranking, so a chunk both find
comes first and either one alone still brings its best chunks, with no score scales to tune.

The two rankings are not equally good here. Over the hand-written dev questions (mostly
Italian text, half the questions in the other language) BM25 put the passage in its top 3 for
91% of them and FAISS for 34% (97% for an English question over English text, 8-21% across
languages): so the vector ranking counts half (`VECTOR_WEIGHT`). And the usual RRF constant
(60) was fitted to fuse 1,000-deep TREC runs: over a pool of 20 of a few dozen chunks it makes
rank 1 worth 1/61 and rank 20 worth 1/80, so a chunk both lists hold anywhere beats the first
of either; a small constant (`RRF_C`) keeps the first ranks apart. (Fused top 3 on that dev
set: 58.7% before, 91.1% after.)

Query words are stemmed in the question's language and widened with their translations
(`ragoro.text.lexicon`); a word the corpus never uses is replaced by the closest word it does
use (a typo: "feire" -> "ferie"), so one misspelt or unusual word never empties a search.

Each question word scores once, by the best of the forms it was widened to (a "dismax" over
its group, as search engines score a word with its synonyms): summed form by form, "work"
(lavoro, lavoratori, lavorativa, lavorazioni...) weighed four times what a word with one
translation weighs, and a chunk writing one word four ways outranked one answering two of the
question's words. Over the tuning pool of hand-written questions (970 items, 724 passages),
BM25's recall@1/3/5 went 68.4/85.8/91.6 -> 71.4/87.8/92.5.
"""

from __future__ import annotations

import difflib
import sys
from collections.abc import Iterable, Sequence
from dataclasses import dataclass
from typing import Any

import numpy as np
from numpy.typing import NDArray

from evaluator.agents.glossary import agent_translations, spelled_out
from evaluator.agents.passages import SentenceIndex, combined, sentence_terms
from ragoro.text import Lang, content_tokens, detect_language, stem, tokenize
from ragoro.text.evidence import soft_match
from ragoro.text.lang import is_number_token
from vectordb import VectorIndex
from vectordb.embeddings import Vectors

__all__ = [
    "RRF_C",
    "VECTOR_WEIGHT",
    "FusedHit",
    "HybridRetriever",
    "KeywordIndex",
    "fuse_ranks",
    "with_retrieved",
]

RRF_C = 5
"""The RRF constant for a pool of a few dozen chunks: rank 1 is worth 1/6, rank 20 1/25, so
the first ranks of one list are not outweighed by a chunk merely present in both."""

VECTOR_WEIGHT = 0.5
"""What a rank of the vector search counts against the same rank of BM25: the packaged
embedding model is English-only and found a third as many passages in its top 3 as BM25."""

_TYPO_CUTOFF = 0.8
_TYPO_MIN_LEN = 5
_SOFT_MIN_LEN = 5


@dataclass(frozen=True)
class FusedHit:
    """One chunk row with its fused score and the cosine similarity of its vector."""

    row: int
    score: float
    cosine: float


def _chunk_terms(text: str, lang: Lang) -> list[str]:
    """A chunk's BM25 terms: its stems in its own language."""
    return content_tokens(text, lang)


def _bm25s() -> Any:
    """bm25s, imported on first use and without scipy when scipy is not loaded yet.

    bm25s imports `scipy.sparse` only to offer its optional "scipy" matrix backend; the
    default `csc_backend="numpy"` used here never touches it, so the scores are the same.
    Importing scipy was ~0.15 CPU s of every offline `evaluator run` (most of the bm25s
    import). A scipy already imported (by the model stack) is left as it is.
    """
    if "bm25s" in sys.modules or "scipy.sparse" in sys.modules:
        import bm25s

        return bm25s
    sys.modules["scipy.sparse"] = None  # type: ignore[assignment]  # ImportError inside bm25s
    try:
        import bm25s
    finally:
        del sys.modules["scipy.sparse"]
    return bm25s


@dataclass(frozen=True)
class KeywordIndex:
    """The BM25 score of every (term, chunk) pair, as bm25s computes and keeps them (its
    "lucene" scores in float32, one column of chunk rows per term), and a query's scores
    added up from them as bm25s adds them: so it can be stored beside the index and a run
    need not import bm25s nor index the chunks again."""

    vocabulary: dict[str, int]
    data: NDArray[np.float32]
    indices: NDArray[np.int32]
    indptr: NDArray[np.int64]
    num_docs: int

    @classmethod
    def build(cls, corpus: Sequence[list[str]]) -> KeywordIndex:
        """bm25s's index of the chunks' terms (a non-empty corpus)."""
        bm25 = _bm25s().BM25()
        bm25.index(list(corpus), show_progress=False)
        if bm25.nonoccurrence_array is not None:  # only other BM25 variants have one
            raise ValueError(f"bm25s {bm25.method!r} scores a missing term; not supported")
        scores = bm25.scores
        return cls(
            dict(bm25.vocab_dict),
            scores["data"],
            scores["indices"],
            scores["indptr"],
            int(scores["num_docs"]),
        )

    def get_scores(self, terms: list[str]) -> NDArray[np.float32]:
        """`bm25s.BM25.get_scores(terms)`: every known term's chunk scores added, term by
        term in the query's order, into float32 zeros (`np.add.at`, as bm25s does), so
        the very same floats; unknown terms add nothing."""
        scores = np.zeros(self.num_docs, dtype=self.data.dtype)
        for term in terms:
            at = self.vocabulary.get(term)
            if at is not None:
                start, end = self.indptr[at], self.indptr[at + 1]
                np.add.at(scores, self.indices[start:end], self.data[start:end])
        return scores

    def grouped_scores(self, groups: list[list[str]]) -> NDArray[np.float32]:
        """A query's chunk scores when each group is one question word's forms: per chunk,
        the best score of a group's terms (bm25s's float32 score of that one term), added
        up over the groups. A word written four ways in a chunk is still one word asked."""
        total = np.zeros(self.num_docs, dtype=self.data.dtype)
        for group in groups:
            best = np.zeros(self.num_docs, dtype=self.data.dtype)
            for term in group:
                at = self.vocabulary.get(term)
                if at is not None:
                    start, end = self.indptr[at], self.indptr[at + 1]
                    rows = self.indices[start:end]
                    best[rows] = np.maximum(best[rows], self.data[start:end])
            total += best
        return total


class HybridRetriever:
    """BM25 + FAISS over one index's chunks, fused with reciprocal-rank fusion."""

    def __init__(
        self,
        index: VectorIndex,
        *,
        rrf_c: int = RRF_C,
        vector_weight: float = VECTOR_WEIGHT,
        corpus: Sequence[list[str]] | None = None,
        keywords: KeywordIndex | None = None,
        sentences: SentenceIndex | None = None,
    ) -> None:
        """`corpus` and `keywords`: the index's `corpus_terms` and their `KeywordIndex`,
        and `sentences`: its `sentence_index`, made before (read back from the store beside
        the index), used instead of reading and indexing the chunks again."""
        self.index = index
        self.rrf_c = rrf_c
        self.vector_weight = vector_weight
        if corpus is None:
            corpus = self.corpus_terms(index)
        self.vocabulary = frozenset(t for terms in corpus for t in terms)
        # Typos rarely hit the first two letters: candidates are bucketed by them, so a
        # correction compares a handful of words, not the whole vocabulary.
        self._words: dict[str, list[str]] = {}
        # Stems sharing a long prefix are one word's forms ("settiman" / "settimanal"); the
        # support score matches them softly, so keyword search must find them too.
        self._forms: dict[str, list[str]] = {}
        for word in sorted(w for w in self.vocabulary if not is_number_token(w)):
            self._words.setdefault(word[:2], []).append(word)
            if len(word) >= _SOFT_MIN_LEN:
                self._forms.setdefault(word[:_SOFT_MIN_LEN], []).append(word)
        if keywords is None and corpus:
            keywords = KeywordIndex.build(corpus)
        self._keywords = keywords
        if sentences is None and index.chunks:
            sentences = self.sentence_index(index)
        self._sentences = sentences
        self._vectors: Vectors | None = None
        self._row_of = {chunk.id: row for row, chunk in enumerate(index.chunks)}

    @staticmethod
    def corpus_terms(index: VectorIndex) -> list[list[str]]:
        """Every chunk's BM25 terms, in order ("\u2205" for a chunk without any)."""
        langs = _languages(index)
        return [
            _chunk_terms(chunk.text, langs.get(chunk.document_path, "en")) or ["\u2205"]
            for chunk in index.chunks
        ]

    @staticmethod
    def sentence_index(index: VectorIndex) -> SentenceIndex | None:
        """The BM25 index of the chunks' sentences (`passages`); None without any."""
        rows, terms = sentence_terms(index, _languages(index), _chunk_terms)
        if not terms:
            return None
        return SentenceIndex(np.asarray(rows, dtype=np.int64), KeywordIndex.build(terms))

    def query_terms(self, question: str) -> list[str]:
        """The question's stems, their translations, and typo corrections into the corpus."""
        return list(dict.fromkeys(t for group in self.query_groups(question) for t in group))

    def query_groups(self, question: str) -> list[list[str]]:
        """The corpus terms each question word reaches (its stems in both languages, their
        translations, the corpus's other forms of them, or a typo's correction), one group a
        word in the question's order; a corpus term belongs to the first word reaching it."""
        lang = detect_language(question)
        question = spelled_out(question, lang)
        groups: list[list[str]] = []
        claimed: set[str] = set()
        # Each word of the question with its stem, read once for all its content tokens.
        words = [(w, stem(w, lang)) for w in tokenize(question)]
        for token in content_tokens(question, lang):
            forms = {token, *agent_translations(token, lang)}
            # A cross-language question is stemmed in the corpus language too.
            raw = [w for w, own in words if own == token]
            forms.update(stem(w, other) for w in raw for other in ("it", "en"))
            known = [f for f in forms if f in self.vocabulary]
            known += self._soft_forms(forms)
            # The lexicon translates it: a real word, not a misspelling.
            real_word = bool(agent_translations(token, lang) - {token})
            if (
                not known
                and not real_word
                and len(token) >= _TYPO_MIN_LEN
                and not is_number_token(token)
            ):
                known = difflib.get_close_matches(
                    token, self._words.get(token[:2], []), n=1, cutoff=_TYPO_CUTOFF
                )
            # A corpus term scores once, for the first question word that reaches it.
            fresh = [t for t in dict.fromkeys(known) if t not in claimed]
            claimed.update(fresh)
            if fresh:
                groups.append(fresh)
        return groups

    def _soft_forms(self, forms: set[str]) -> list[str]:
        """Corpus stems that soft-match one of the forms (a shared prefix of 3/4 the length,
        at least five letters), as `ragoro.text.evidence.soft_in` reads a match."""
        out = []
        for form in sorted(forms):
            if len(form) < _SOFT_MIN_LEN or is_number_token(form):
                continue
            for word in self._forms.get(form[:_SOFT_MIN_LEN], []):
                # soft_in(word, {form}) for two different words of 5+ letters, without a
                # one-word pool (each would be a new entry of soft_in's bounded memo).
                if word != form and soft_match(word, form):
                    out.append(word)
        return out

    def bm25_ranking(self, question: str, n: int) -> list[int]:
        """Rows of the n chunks with the highest BM25 score (score > 0 only)."""
        groups = self.query_groups(question)
        if not groups or not self.index.chunks or self._keywords is None:
            return []
        scores = self._keywords.grouped_scores(groups)
        if self._sentences is not None:
            best = self._sentences.best_per_chunk(groups, len(self.index.chunks))
            scores = combined(scores, best)
        order = np.argsort(-scores, kind="stable")[:n]
        return [int(r) for r in order if scores[r] > 0]

    def search(self, question: str, query: Vectors, n: int) -> list[FusedHit]:
        """The n best chunks by fused rank; `query` is the question's embedding (1 x d)."""
        if not self.index.chunks:
            return []
        pool = min(len(self.index.chunks), max(n, 20))
        vector_rows = [
            self._row_of[hit.chunk.id] for hit in self.index.search_vectors(query, pool)[0]
        ]
        keyword_rows = self.bm25_ranking(question, pool)
        fused = fuse_ranks(((vector_rows, self.vector_weight), (keyword_rows, 1.0)), self.rrf_c)
        best = sorted(fused, key=lambda row: (-fused[row], row))[:n]
        cosines = self._cosines(best, query)
        return [FusedHit(row, fused[row], cosines[row]) for row in best]

    def _cosines(self, rows: Sequence[int], query: Vectors) -> dict[int, float]:
        if self._vectors is None:
            self._vectors = self.index.chunk_vectors()
        return {row: float(np.dot(self._vectors[row], query[0])) for row in rows}


def _languages(index: VectorIndex) -> dict[str, Lang]:
    """Each document's language, read from its first 4,000 characters."""
    return {path: detect_language(d.text[:4000]) for path, d in index.documents.items()}


def fuse_ranks(rankings: Iterable[tuple[Sequence[int], float]], c: int = RRF_C) -> dict[int, float]:
    """Weighted reciprocal-rank fusion: each row's `weight / (c + rank)` summed over the
    rankings it is in (rank 1 first), in the order rows are first met."""
    fused: dict[int, float] = {}
    for ranking, weight in rankings:
        for rank, row in enumerate(ranking):
            fused[row] = fused.get(row, 0.0) + weight / (c + rank + 1)
    return fused


def with_retrieved(chosen: Sequence[int], retrieved: Sequence[int], k: int) -> list[int]:
    """The k chunk rows an agent reports: its chosen rows (best first), of which the last
    third of the k slots (rounded down) give way to the best retrieved rows not chosen.

    The agent chooses chunks by their single best sentence; retrieval ranks whole chunks by
    all their words. The two miss different passages (a chunk whose answer is spread over
    two sentences, a sentence matching the question's words about another matter), so the
    reported contexts hedge with retrieval's own best: over the hand-written dev questions
    the passage was among the 3 contexts for 93.7% of them with the chosen rows alone and
    for 95.2% with two chosen rows and one retrieved.
    """
    keep = max(1, k - k // 3)
    rows = list(dict.fromkeys(chosen))[:keep]
    for row in [*retrieved, *chosen]:
        if len(rows) >= k:
            break
        if row not in rows:
            rows.append(row)
    return rows
