"""The agent's keyword index scores a query exactly as bm25s does, without bm25s at query time."""

from __future__ import annotations

import itertools

import numpy as np

from evaluator.agents.hybrid import HybridRetriever, KeywordIndex, _bm25s, _languages
from evaluator.agents.passages import combined, sentence_terms
from vectordb import VectorIndex


def _both(corpus: list[list[str]]) -> tuple[KeywordIndex, object]:
    bm25 = _bm25s().BM25()
    bm25.index(corpus, show_progress=False)
    return KeywordIndex.build(corpus), bm25


def _same(ours: KeywordIndex, bm25: object, terms: list[str]) -> None:
    mine = ours.get_scores(terms)
    theirs = np.asarray(bm25.get_scores(terms))  # type: ignore[attr-defined]
    assert mine.dtype == theirs.dtype and np.array_equal(mine, theirs)  # the same floats


def test_every_query_of_the_index_scores_the_same_floats(small_index: VectorIndex) -> None:
    corpus = HybridRetriever.corpus_terms(small_index)
    ours, bm25 = _both(corpus)
    vocabulary = sorted({t for terms in corpus for t in terms})
    for term in vocabulary:
        _same(ours, bm25, [term])
    for pair in itertools.combinations(vocabulary[:40], 2):
        _same(ours, bm25, list(pair))
    # Repeated and unknown terms, and a whole chunk's terms in order, as a long query.
    _same(ours, bm25, [vocabulary[0], "nonesiste", vocabulary[0], vocabulary[-1]])
    for terms in corpus:
        _same(ours, bm25, terms)


def _grouped(bm25: object, groups: list[list[str]], size: int) -> np.ndarray:
    scores = np.zeros(size, dtype=np.float32)
    for group in groups:
        forms = [np.asarray(bm25.get_scores([t])) for t in group]  # type: ignore[attr-defined]
        scores += np.max(forms, axis=0)
    return scores


def test_a_question_ranks_the_same_chunks_as_with_bm25s(small_index: VectorIndex) -> None:
    # Each question word scores by its best form, bm25s's score of that one term, over the
    # whole chunk and over its best sentence (`passages`).
    retriever = HybridRetriever(small_index)
    chunks = len(small_index.chunks)
    _, bm25 = _both(HybridRetriever.corpus_terms(small_index))
    rows, terms = sentence_terms(small_index, _languages(small_index))
    _, by_sentence = _both(terms)
    for question in ("Quanti giorni di ferie?", "How long is the warranty?", "turno di notte"):
        groups = retriever.query_groups(question)
        if not groups:
            continue
        best = np.zeros(chunks, dtype=np.float32)
        np.maximum.at(best, rows, _grouped(by_sentence, groups, len(rows)))
        scores = combined(_grouped(bm25, groups, chunks), best)
        order = np.argsort(-scores, kind="stable")[:20]
        expected = [int(r) for r in order if scores[r] > 0]
        assert retriever.bm25_ranking(question, 20) == expected


def test_hand_made_scores_equal_bm25s() -> None:
    corpus = [["ferie", "giorni"], ["turno", "notte"], ["ferie", "estive", "ferie"], ["\u2205"]]
    ours, bm25 = _both(corpus)
    _same(ours, bm25, ["ferie"])
    _same(ours, bm25, ["ferie", "notte", "ferie"])
    assert ours.get_scores(["mancante"]).tolist() == [0.0, 0.0, 0.0, 0.0]


def test_a_group_scores_its_best_form_once() -> None:
    corpus = [["lavor", "lavorator", "lavorativ"], ["lavor", "notturn"], ["mensa"]]
    ours, bm25 = _both(corpus)
    per_term = {t: np.asarray(bm25.get_scores([t])) for t in ("lavor", "lavorator", "notturn")}  # type: ignore[attr-defined]
    grouped = ours.grouped_scores([["lavor", "lavorator"], ["notturn"]])
    expected = np.maximum(per_term["lavor"], per_term["lavorator"]) + per_term["notturn"]
    assert np.allclose(grouped, expected)
    assert ours.grouped_scores([["mancante"]]).tolist() == [0.0, 0.0, 0.0]
