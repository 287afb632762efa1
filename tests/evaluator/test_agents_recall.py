"""Keyword search finds a word's other forms, and a name the document's title writes in the
other language counts as named. Real index built in tmp from Markdown files."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from ragoro.text import stem
from vectordb import VectorIndex, build_index

REPORT = (
    "# Relazione di sostenibilità 2025 – Gruppo Acme\n\n"
    "L'orario di lavoro del personale a tempo pieno è di 40 ore settimanali.\n\n"
    "Nel 2025 il Gruppo ha prodotto 9.870 tonnellate di rifiuti, in gran parte riciclati.\n"
    "I rifiuti pericolosi sono stati pari a 640 tonnellate, costituiti da oli esausti.\n"
)
RESULTS = "# Annual results\n\nThe Group had 6,842 employees at year end.\n"


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("recall")
    docs = base / "docs"
    docs.mkdir()
    (docs / "relazione.md").write_text(REPORT, encoding="utf-8")
    (docs / "results.md").write_text(RESULTS, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=200, chunk_overlap=20)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=2)


def test_keyword_search_takes_the_corpus_forms_of_a_translation(agent: ExtractiveAgent) -> None:
    # "week" translates to "settiman-", which the corpus writes "settimanali".
    terms = agent.retriever.query_terms("How many hours a week?")
    assert stem("settimanali", "it") in terms
    assert stem("settimana", "it") not in agent.retriever.vocabulary


def test_a_name_the_title_translates_is_named(agent: ExtractiveAgent) -> None:
    # The sentence says only "I rifiuti pericolosi ...": the Group is the report's, by its title.
    answered = agent.answer("How much hazardous waste did the Group produce?")
    assert answered.refused is False
    assert "640" in answered.answer
