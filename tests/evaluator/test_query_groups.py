"""Keyword search scores each question word once, by its best form: a word with many forms
and translations in the corpus does not outweigh the question's other words."""

from __future__ import annotations

import pytest

from evaluator.agents.hybrid import HybridRetriever
from vectordb import VectorIndex, build_index

# One chunk writes four forms of "lavoro", the other "lavoro" once and what the question asks.
RULES = (
    "# Regole\n\n"
    "Il lavoro dei lavoratori segue il contratto: ogni lavoratore ha una giornata lavorativa "
    "di otto ore e le lavorazioni sono descritte nel piano di produzione.\n\n"
    "Il lavoro notturno ha una maggiorazione del 25%.\n\n"
    "La mensa aziendale è aperta dalle 12:00 alle 14:00 per il lavoro di ufficio.\n"
)
RESULTS = "# Annual results\n\nThe Group had 6,842 employees at year end and revenue grew by 6%.\n"


@pytest.fixture(scope="module")
def retriever(tmp_path_factory: pytest.TempPathFactory) -> HybridRetriever:
    base = tmp_path_factory.mktemp("groups")
    docs = base / "docs"
    docs.mkdir()
    (docs / "regole.md").write_text(RULES, encoding="utf-8")
    (docs / "results.md").write_text(RESULTS, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=200, chunk_overlap=0)
    return HybridRetriever(VectorIndex.open(base / "index"))


def _first(retriever: HybridRetriever, question: str) -> str:
    rows = retriever.bm25_ranking(question, 3)
    assert rows
    return retriever.index.chunks[rows[0]].text


@pytest.mark.parametrize(
    "question",
    [
        "Quanto vale la maggiorazione del lavoro di notte?",
        "How much extra is night work paid?",
    ],
)
def test_many_forms_of_one_word_do_not_outrank_two_asked_words(
    retriever: HybridRetriever, question: str
) -> None:
    # Summed form by form, the four forms of "lavoro" put the first chunk ahead.
    assert "notturno" in _first(retriever, question)


def test_each_question_word_is_one_group_and_a_term_counts_once(
    retriever: HybridRetriever,
) -> None:
    groups = retriever.query_groups("How much extra is night work paid?")
    work = next(g for g in groups if "lavor" in g)
    assert {"lavorator", "lavorativ"} <= set(work)
    terms = [t for g in groups for t in g]
    assert len(terms) == len(set(terms))
    assert retriever.query_terms("How much extra is night work paid?") == terms
