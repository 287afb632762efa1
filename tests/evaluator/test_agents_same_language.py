"""The reference agent on same-language paraphrases: a question that says in other words of
its own language what the passage says (issue 15, session a3). A real index over IT and EN
text."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.glossary import agent_synonyms
from evaluator.agents.lexicon import query_terms
from evaluator.agents.support import term_in
from ragoro.text import stem
from vectordb import VectorIndex, build_index

REGOLAMENTO = (
    "# Regolamento di linea\n\n"
    "Il sensore di prossimità deve essere verificato all'inizio di ogni turno di lavoro.\n"
    "In caso di malfunzionamento del sensore di prossimità la linea non deve essere avviata.\n"
    "Il magazzino dei ricambi è aperto dal lunedì al venerdì.\n"
    "Un guasto del carrello elevatore va segnalato al capoturno.\n"
)
SECURITY = (
    "# Site security\n\n"
    "Video recordings of the loading bay are overwritten after 14 days.\n"
    "Visitors must wear a badge at all times.\n"
    "The gatehouse is staffed around the clock.\n"
    "Erased or damaged badges are replaced at the gatehouse.\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("same_language")
    docs = base / "docs"
    docs.mkdir()
    (docs / "regolamento.md").write_text(REGOLAMENTO, encoding="utf-8")
    (docs / "security.md").write_text(SECURITY, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=220, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


def test_words_on_one_side_of_a_glossary_line_are_synonyms_in_their_language() -> None:
    assert stem("malfunzionamento", "it") in agent_synonyms(stem("guasto", "it"), "it")
    assert stem("video", "en") in agent_synonyms(stem("footage", "en"), "en")
    # Not across languages: a translation is no synonym.
    assert stem("fault", "en") not in agent_synonyms(stem("guasto", "it"), "it")


def test_a_question_term_finds_its_synonym_in_a_sentence_of_its_language() -> None:
    (guasto,) = [t for t in query_terms("Il sensore è guasto?", "it") if t.word == "guasto"]
    assert term_in(guasto, frozenset({stem("malfunzionamento", "it")}))
    (footage,) = [t for t in query_terms("Is the footage kept?", "en") if t.word == "footage"]
    assert term_in(footage, frozenset({stem("recordings", "en")}))


def test_a_synonym_leaves_the_terms_weight_alone(agent: ExtractiveAgent) -> None:
    (term,) = [t for t in query_terms("footage", "en")]
    assert term.synonyms
    bare = type(term)(term.word, term.stem, term.translations)
    assert agent.stats.weight(term) == agent.stats.weight(bare)


def test_an_italian_paraphrase_of_an_italian_rule_is_answered(agent: ExtractiveAgent) -> None:
    answer = agent.answer("E se il sensore è guasto?")
    assert not answer.refused, answer.answer
    assert "malfunzionamento" in answer.answer


def test_an_english_paraphrase_of_an_english_rule_is_answered(agent: ExtractiveAgent) -> None:
    answer = agent.answer("When is the video footage erased?")
    assert not answer.refused, answer.answer
    assert "14 days" in answer.answer
