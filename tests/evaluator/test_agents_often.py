""" "How often" questions are answered by a sentence stating a recurrence ("ogni turno",
"every night"), which may state no number (issue 15, fourth session a). A real index over
IT and EN text."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.often import asks_deadline, asks_frequency, states_deadline, states_frequency
from tests.evaluator.one_document import agent_over
from vectordb import VectorIndex, build_index

DOCS = {
    "barriera.md": (
        "# Barriera\n\n"
        "La barriera di sicurezza della zona di lavoro è di tipo 4 e garantisce un livello di "
        "prestazione elevato.\n"
        "La funzionalità della barriera deve essere verificata all'inizio di ogni turno di "
        "lavoro.\n"
    ),
    "backup.md": (
        "# Backups\n\n"
        "The backup copies of the servers are kept 50 km away.\n"
        "Backup copies of the servers are made every night.\n"
    ),
}


def _agent(base: Path, name: str) -> ExtractiveAgent:
    return agent_over(base, name, DOCS[name])


@pytest.fixture(scope="module")
def italian(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    return _agent(tmp_path_factory.mktemp("it"), "barriera.md")


@pytest.fixture(scope="module")
def english(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    return _agent(tmp_path_factory.mktemp("en"), "backup.md")


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("How often must the safety barrier be checked?", True),
        ("How frequently are backups made?", True),
        ("Ogni quanto va verificata la barriera?", True),
        ("Ogni quante ore va sostituito il filtro?", True),
        ("Con che frequenza si fanno i backup?", True),
        ("How much does the barrier weigh?", False),
        ("Quanto costa la barriera?", False),
    ],
)
def test_a_frequency_question_is_told_apart(question: str, asks: bool) -> None:
    assert asks_frequency(question) is asks


@pytest.mark.parametrize(
    ("text", "states"),
    [
        ("deve essere verificata all'inizio di ogni turno", True),
        ("va sostituita ogni 500 ore di funzionamento", True),
        ("il campione è analizzato una volta al mese", True),
        ("le copie sono eseguite ogni notte", True),
        ("backups are made every night", True),
        ("the filter is cleaned every 500 hours", True),
        ("drain the water tank every 300 operating hours", True),
        ("the report is published annually", True),
        ("la barriera è di tipo 4", False),
        ("ogni dipendente ha diritto a 26 giorni", False),
        ("each employee gets 26 days", False),
    ],
)
def test_a_stated_recurrence_is_read(text: str, states: bool) -> None:
    assert states_frequency(text) is states


def test_an_english_how_often_question_over_italian_text(italian: ExtractiveAgent) -> None:
    result = italian.answer("How often do I need to test the safety barrier?")
    assert result.refused is False
    # The answer is the recurrence, not the barrier's type number ("4 — ...").
    assert result.value is None
    assert not result.answer.startswith("4")
    assert "ogni turno" in result.answer


def test_an_italian_how_often_question_over_english_text(english: ExtractiveAgent) -> None:
    result = english.answer("Ogni quanto si fanno le copie di backup dei server?")
    assert result.refused is False
    assert "every night" in result.answer.split("(")[0]


DEADLINE_DOCS = {
    "spese.md": (
        "# Note spese\n\n"
        "I rimborsi sono pagati con lo stipendio del mese successivo alla presentazione della "
        "nota spese.\n"
        "La nota spese deve essere presentata entro il 5 del mese successivo.\n"
    ),
    "claims.md": (
        "# Expense claims\n\n"
        "Refunds are paid with the salary of the month after the expense claim is submitted.\n"
        "The expense claim must be submitted by the 5th of the following month.\n"
    ),
}


def _deadline_agent(base: Path, name: str) -> ExtractiveAgent:
    docs = base / "docs"
    docs.mkdir()
    (docs / name).write_text(DEADLINE_DOCS[name], encoding="utf-8")
    build_index(docs, base / "index", chunk_size=400, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "asks"),
    [
        ("By when must I hand in my expense claim?", True),
        ("What's the deadline for the training plan?", True),
        ("Entro quando va presentata la nota spese?", True),
        ("Qual è la scadenza per il piano di formazione?", True),
        ("When was the plant opened?", False),
        ("Quanto dura la garanzia?", False),
    ],
)
def test_a_deadline_question_is_told_apart(question: str, asks: bool) -> None:
    assert asks_deadline(question) is asks


@pytest.mark.parametrize(
    ("text", "states"),
    [
        ("deve essere presentata entro il 5 del mese successivo", True),
        ("devono essere segnalati entro la fine del turno", True),
        ("must be completed by 31 March", True),
        ("must be reported within 24 hours", True),
        ("i rimborsi sono pagati con lo stipendio del mese successivo", False),
        ("refunds are paid with the salary of the following month", False),
    ],
)
def test_a_stated_deadline_is_read(text: str, states: bool) -> None:
    assert states_deadline(text) is states


def test_an_english_by_when_question_over_italian_text(tmp_path: Path) -> None:
    agent = _deadline_agent(tmp_path, "spese.md")
    result = agent.answer("By when must I submit my expense claim?")
    assert result.refused is False
    assert "entro il 5" in result.answer
    assert "rimborsi" not in result.answer


def test_an_italian_by_when_question_over_english_text(tmp_path: Path) -> None:
    agent = _deadline_agent(tmp_path, "claims.md")
    result = agent.answer("Entro quando va presentata la nota spese?")
    assert result.refused is False
    assert "by the 5th" in result.answer
    assert "Refunds" not in result.answer


@pytest.mark.parametrize(
    "question",
    [
        "Con quanto anticipo devo chiedere l'anticipo spese?",
        "Con quanto preavviso vanno chieste le ferie?",
        "How far in advance must I request a cash advance?",
        "How much notice do I have to give for holidays?",
    ],
)
def test_how_far_in_advance_asks_a_span(question: str) -> None:
    # A span before an event: a duration answers it, not the advance's amount in euros.
    from evaluator.agents.quantities import asks_span

    assert asks_span(question)


@pytest.mark.parametrize(
    ("text", "states"),
    [
        # "By" before an amount is a difference or an agent, not a limit in time.
        ("the price of the service rose by 5% in the last year", False),
        ("the form is signed by 2 managers of the department", False),
        ("the shift was extended by 2 hours", False),
        ("the report must be sent by the 5th of the month", True),
        ("the report must be sent by 2027", True),
        ("the report must be sent by 17:00", True),
        # Italian states an amount with "di", a deadline with "entro": both are read as before.
        ("il prezzo è aumentato del 5% nell'ultimo anno", False),
        ("il modulo va firmato entro il 5 del mese", True),
    ],
)
def test_by_before_an_amount_states_no_deadline(text: str, states: bool) -> None:
    assert states_deadline(text) is states
