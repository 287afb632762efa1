"""Which gate refused a question (`evaluator.agents.gates`): a debug reading that leaves the
outcome's bytes alone (issue 15, session a4). A real index over IT and EN text."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.gates import early_gate, refusal_gate
from vectordb import VectorIndex, build_index

REGOLAMENTO = (
    "# Regolamento di linea\n\n"
    "Il sensore di prossimità deve essere verificato all'inizio di ogni turno di lavoro.\n"
    "Il magazzino dei ricambi è aperto dal lunedì al venerdì.\n"
)
SECURITY = (
    "# Site security\n\n"
    "Video recordings of the loading bay are overwritten after 14 days.\n"
    "Visitors must wear a badge at all times.\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("gates")
    docs = base / "docs"
    docs.mkdir()
    (docs / "regolamento.md").write_text(REGOLAMENTO, encoding="utf-8")
    (docs / "security.md").write_text(SECURITY, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=220, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    "question",
    ["Qual è il prezzo delle azioni della società quotata?", "What is the share price?"],
)
def test_a_question_the_corpus_does_not_cover_names_an_early_gate(
    agent: ExtractiveAgent, question: str
) -> None:
    gate = refusal_gate(agent, question)
    assert gate in {"no-terms", "no-candidates", "unknown-majority", "headless"}


@pytest.mark.parametrize(
    "question",
    [
        "Quando deve essere verificato il sensore di prossimità?",
        "After how many days are the video recordings of the loading bay overwritten?",
    ],
)
def test_an_answer_has_no_gate(agent: ExtractiveAgent, question: str) -> None:
    assert refusal_gate(agent, question) is None


@pytest.mark.parametrize(
    "question",
    ["Qual è il prezzo delle azioni della società quotata?", "What is the share price?"],
)
def test_reading_the_gate_leaves_the_outcome_as_it_was(
    agent: ExtractiveAgent, question: str
) -> None:
    before = agent.answer(question).model_dump_json()
    refusal_gate(agent, question)
    assert agent.answer(question).model_dump_json() == before


def test_the_early_gates_are_named_in_order() -> None:
    assert early_gate(known=0, candidates=0, unknown=2) == "no-terms"
    assert early_gate(known=2, candidates=0, unknown=0) == "no-candidates"
    assert early_gate(known=1, candidates=3, unknown=2) == "unknown-majority"
    assert early_gate(known=2, candidates=3, unknown=1) == "headless"
