"""Hybrid retrieval (BM25 + FAISS, reciprocal-rank fusion) on a real index."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.hybrid import (
    RRF_C,
    VECTOR_WEIGHT,
    HybridRetriever,
    fuse_ranks,
    with_retrieved,
)
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
    assert best.score == pytest.approx((1 + VECTOR_WEIGHT) / (RRF_C + 1))
    assert -1.0 <= best.cosine <= 1.0


def test_an_empty_index_retrieves_nothing(tmp_path: Path, index: VectorIndex) -> None:
    empty = VectorIndex(tmp_path, index.manifest, index.faiss_index, [], [])
    assert HybridRetriever(empty).search("anything", index.embed_queries(["anything"]), 3) == []


def test_the_first_keyword_hit_is_not_outranked_by_a_chunk_merely_in_both_lists() -> None:
    # Row 9 is tenth by keywords but first by vectors; row 0 is first by keywords only.
    keywords = list(range(10))
    vectors = [9, 20, 21]
    fused = fuse_ranks(((vectors, VECTOR_WEIGHT), (keywords, 1.0)))
    assert max(fused, key=lambda row: fused[row]) == 0
    # With the TREC constant and equal weights the chunk in both lists came first.
    flat = fuse_ranks(((vectors, 1.0), (keywords, 1.0)), c=60)
    assert max(flat, key=lambda row: flat[row]) == 9


def test_both_searches_agreeing_still_come_first() -> None:
    fused = fuse_ranks((([3, 1, 2], VECTOR_WEIGHT), ([3, 2, 1], 1.0)))
    assert max(fused, key=lambda row: fused[row]) == 3


def test_reported_rows_give_the_last_third_to_retrieval() -> None:
    # k = 3: two chosen rows, then retrieval's best row not chosen.
    assert with_retrieved([5, 6, 7], [5, 8, 6], 3) == [5, 6, 8]
    # k = 2 and k = 1 keep the chosen rows.
    assert with_retrieved([5, 6, 7], [8], 2) == [5, 6]
    assert with_retrieved([5], [8, 9], 1) == [5]
    # Too few retrieved rows: the chosen ones fill in.
    assert with_retrieved([5, 6, 7], [5, 6], 3) == [5, 6, 7]
    assert with_retrieved([], [4, 2], 3) == [4, 2]


@pytest.mark.parametrize(
    ("question", "document"),
    [
        # "fatturato" reaches "revenue" by keywords; the English-only model ranks the press
        # manual first for an Italian question.
        ("Quanto vale il fatturato xqzzy vvkwp jjqrt?", "results_2025.md"),
        ("How many holidays xqzzy vvkwp jjqrt?", "manuale_dipendente.txt"),
    ],
)
def test_a_refusal_with_no_chosen_chunk_reports_the_fused_order(
    index: VectorIndex, question: str, document: str
) -> None:
    # More words the corpus never uses than words it knows: refused before any chunk is
    # chosen. Its contexts follow retrieval's fused order, not the vectors' cosine order.
    agent = ExtractiveAgent(index, k=3)
    answered = agent.answer(question)
    assert answered.refused is True
    assert answered.contexts[0].document_path == document
    cosines = agent._cosines(question, [])
    by_cosine = max(cosines, key=lambda row: cosines[row])
    assert index.chunks[by_cosine].document_path != document
