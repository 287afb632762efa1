"""Hybrid retrieval (BM25 + FAISS, reciprocal-rank fusion) on a real index."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents.hybrid import RRF_C, HybridRetriever
from tests.evaluator.test_agents_corpus import build_agents_index
from vectordb import VectorIndex


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> VectorIndex:
    return build_agents_index(tmp_path_factory.mktemp("hybrid"))


@pytest.fixture(scope="module")
def retriever(index: VectorIndex) -> HybridRetriever:
    return HybridRetriever(index)


def _paths(index: VectorIndex, rows: list[int]) -> list[str]:
    return [index.chunks[r].document_path for r in rows]


def test_bm25_finds_an_italian_chunk_from_an_english_question(
    retriever: HybridRetriever, index: VectorIndex
) -> None:
    # "holidays" reaches "ferie" through the shared lexicon's translations.
    rows = retriever.bm25_ranking("How many days of holidays does a full-time employee get?", 3)
    assert rows and _paths(index, rows)[0] == "manuale_dipendente.txt"


def test_a_misspelt_word_is_corrected_into_the_corpus_vocabulary(
    retriever: HybridRetriever,
) -> None:
    terms = retriever.query_terms("serbatoyo dell'olio")
    assert "serbato" in terms  # the stem of "serbatoio"
    assert retriever.bm25_ranking("zzzz qqqq", 3) == []


def test_fused_ranking_sums_reciprocal_ranks_of_both_searches(
    retriever: HybridRetriever, index: VectorIndex
) -> None:
    question = "Qual è la capacità del serbatoio dell'olio idraulico?"
    query = index.embed_queries([question])
    hits = retriever.search(question, query, 5)
    assert len(hits) == 5
    assert [h.score for h in hits] == sorted((h.score for h in hits), reverse=True)
    best = hits[0]
    assert index.chunks[best.row].document_path == "manuale_pressa.md"
    # Found first by both searches: the largest score fusion can give.
    assert best.score == pytest.approx(2 / (RRF_C + 1))
    assert -1.0 <= best.cosine <= 1.0


def test_an_empty_index_retrieves_nothing(tmp_path: Path, index: VectorIndex) -> None:
    empty = VectorIndex(tmp_path, index.manifest, index.faiss_index, [], [])
    assert HybridRetriever(empty).search("anything", index.embed_queries(["anything"]), 3) == []
