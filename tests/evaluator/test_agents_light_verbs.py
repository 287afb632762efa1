"""A light verb + noun asks what a full verb says ("fare la richiesta" = richiedere, "make a
request" = request): the light verb is no content term (issue 15, session a4). A real index
over IT and EN text that uses the light verbs elsewhere, so they are words the corpus knows."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.lexicon import query_terms
from evaluator.agents.support import term_in
from ragoro.text import Lang, content_tokens
from vectordb import VectorIndex, build_index

REGOLAMENTO = (
    "# Regolamento del personale\n\n"
    "Le ferie devono essere richieste con almeno 15 giorni di anticipo.\n"
    "In caso di guasto bisogna fare subito una telefonata al capoturno.\n"
    "Il magazzino dei ricambi è aperto dal lunedì al venerdì.\n"
    "Le ore di straordinario non autorizzate non vengono pagate.\n"
    "Le pulizie sono fatte dalla ditta esterna ogni sera.\n"
)
HANDBOOK = (
    "# Staff handbook\n\n"
    "Leave must be requested at least 15 days in advance.\n"
    "Backups of the press settings are made every Friday.\n"
    "The spare parts store is open Monday to Friday.\n"
    "Overtime that was not authorised is not paid.\n"
    "Visitors get a badge at the gatehouse.\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("light_verbs")
    docs = base / "docs"
    docs.mkdir()
    (docs / "regolamento.md").write_text(REGOLAMENTO, encoding="utf-8")
    (docs / "handbook.md").write_text(HANDBOOK, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=220, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "lang", "light"),
    [
        ("Entro quando va fatta la richiesta di ferie?", "it", "fatta"),
        ("Di quanto pensa di far crescere il fatturato il gruppo?", "it", "far"),
        ("How many days ahead must I make the request for leave?", "en", "make"),
        ("Who gives approval for overtime?", "en", "gives"),
    ],
)
def test_a_light_verb_is_no_content_term(question: str, lang: str, light: str) -> None:
    words = {t.word for t in query_terms(question, lang)}  # type: ignore[arg-type]
    assert light not in words
    assert words  # its complement still is


@pytest.mark.parametrize(
    "question",
    ["Quanti dati personali fanno parte del registro?", "Which data are stored?"],
)
def test_a_noun_that_looks_like_a_light_verb_form_stays(question: str) -> None:
    # "dati" (data) and "data" are nouns, not forms of "dare": they are not listed.
    lang: Lang = "it" if question.startswith("Quanti") else "en"
    assert any(t.word in {"dati", "data"} for t in query_terms(question, lang))


@pytest.mark.parametrize(
    "question",
    [
        "Con quanti giorni di anticipo si deve fare la richiesta di ferie?",
        "How many days ahead must I make the request for leave?",
    ],
)
def test_a_light_verb_paraphrase_is_answered(agent: ExtractiveAgent, question: str) -> None:
    outcome = agent.answer(question)
    assert not outcome.refused
    assert "15" in outcome.answer


@pytest.mark.parametrize(
    ("question", "sentence", "lang"),
    [
        (
            "Le ore fatte senza autorizzazione vengono pagate?",
            "Le ore di straordinario non autorizzate non vengono pagate.",
            "it",
        ),
        (
            "Is overtime made without authorisation paid?",
            "Overtime that was not authorised is not paid.",
            "en",
        ),
    ],
)
def test_the_full_verbs_sentence_finds_every_term_of_the_light_verb_question(
    question: str, sentence: str, lang: str
) -> None:
    # Without the rule "fatte" / "made" is a term the full verb's sentence lacks: where the
    # corpus uses the light verb elsewhere it is a known word and lowers the sentence's support.
    tokens = frozenset(content_tokens(sentence, lang))  # type: ignore[arg-type]
    terms = query_terms(question, lang)  # type: ignore[arg-type]
    assert [t.word for t in terms if not term_in(t, tokens)] == []
