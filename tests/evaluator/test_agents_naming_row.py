"""A table row naming the asked entity answers for it when a prose sentence on another
entity's same attribute (the total of all) outranks it (issue 15, session a5). Invented
tables, IT and EN."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from vectordb import VectorIndex, build_index

DEPOSITI = (
    "# Rapporto sui depositi\n\n"
    "Il consumo totale di acqua dei depositi nel 2025 è stato di 14.450 m³.\n"
    "La quota riciclata di acqua di tutti i depositi nel 2025 è stata del 15%.\n"
    "Zona Consumo di acqua Quota riciclata\n"
    "Zona Nord 6.310 m³ 18%\n"
    "Zona Sud 8.140 m³ 12%\n"
)
DEPOTS = (
    "# Depot report\n\n"
    "Total water use of the depots in 2025 was 14,450 m³.\n"
    "The recycled share of water across all depots in 2025 was 15%.\n"
    "Zone Water use Recycled share\n"
    "North Zone 6,310 m³ 18%\n"
    "South Zone 8,140 m³ 12%\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("naming_row")
    docs = base / "docs"
    docs.mkdir()
    (docs / "depositi.md").write_text(DEPOSITI, encoding="utf-8")
    (docs / "depots.md").write_text(DEPOTS, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=500, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    "question",
    [
        "Che quota riciclata di acqua hanno raggiunto i depositi della Zona Sud nel 2025?",
        "What recycled share of water did the depots of the South Zone reach in 2025?",
    ],
)
def test_the_row_naming_the_asked_entity_answers_for_it(
    agent: ExtractiveAgent, question: str
) -> None:
    reply = agent.answer(question)
    assert not reply.refused
    assert "12%" in reply.answer and "15%" not in reply.answer.split("—")[0]


@pytest.mark.parametrize(
    "question",
    [
        "Che quota riciclata di acqua hanno raggiunto i depositi della Zona Est nel 2025?",
        "What recycled share of water did the depots of the East Zone reach in 2025?",
    ],
)
def test_no_row_names_an_entity_the_table_lacks(agent: ExtractiveAgent, question: str) -> None:
    reply = agent.answer(question)
    assert reply.refused or "12%" not in reply.answer
