"""The reference agent on a kind of a known thing the corpus never names: "permesso per un
trasloco", "pranzo in mensa", "paternity leave" are not answered by what the documents say
of leave or lunch in general (issue 15, third session a). A real index over IT and EN text."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.lexicon import query_terms
from evaluator.agents.modifiers import unmet_modifiers, unmet_owners
from evaluator.agents.vocabulary import split_terms
from ragoro.text import Lang
from vectordb import VectorIndex, build_index

HANDBOOK = (
    "# Regolamento\n\n"
    "Ogni dipendente ha diritto a 64 ore annue di permessi retribuiti.\n"
    "Il pranzo in trasferta è rimborsato fino a 30 euro.\n"
    "Lo stabilimento di Padova produce pompe.\n"
)
POLICY = (
    "# Leave policy\n\n"
    "Every employee is entitled to 25 days of paid leave per year.\n"
    "Overtime is limited to 150 hours per year.\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("modifiers")
    docs = base / "docs"
    docs.mkdir()
    (docs / "regolamento.md").write_text(HANDBOOK, encoding="utf-8")
    (docs / "policy.md").write_text(POLICY, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=220, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "kind"),
    [
        ("Quante ore di permesso per un trasloco ha un dipendente?", "trasloco"),
        ("Quanto viene rimborsato il pranzo in mensa?", "mensa"),
        ("How many days of paternity leave does an employee get?", "paternity"),
    ],
)
def test_a_kind_the_corpus_never_names_is_refused(
    agent: ExtractiveAgent, question: str, kind: str
) -> None:
    result = agent.answer(question)
    assert result.refused is True
    assert kind in result.answer
    assert result.contexts


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Quante ore di permesso spettano a un dipendente?", "64 ore"),
        ("Quanto viene rimborsato il pranzo in trasferta?", "30 euro"),
        ("How many days of leave does an employee get?", "25 days"),
    ],
)
def test_the_thing_itself_or_a_known_kind_is_answered(
    agent: ExtractiveAgent, question: str, value: str
) -> None:
    result = agent.answer(question)
    assert result.refused is False
    assert result.answer.startswith(value)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # A name is no kind; a "di" complement is often the material of a thing the
        # document names in other words.
        ("Quante ore di permesso spettano in Germania?", "it"),
        ("Quante ore di permesso spettano ai dipendenti di carta?", "it"),
        ("How many days of leave does an employee get in Germany?", "en"),
        # An English modifier without a noun's suffix is as often an adjective the
        # document says in other words.
        ("How many extra hours can an employee work in a year?", "en"),
    ],
)
def test_names_and_other_slots_are_no_kind(
    agent: ExtractiveAgent, question: str, lang: Lang
) -> None:
    split = split_terms(query_terms(question, lang), agent.stats, lang)
    assert split.unknown
    assert unmet_modifiers(question, lang, split.known, split.unknown) == []


OWNER_DOCS = {
    "dispositivi.md": "# Dispositivi\n\nIl furto di un dispositivo aziendale va segnalato entro 24 ore.\n",
    "ingresso.md": "# Ingresso\n\nIl badge si ritira alla portineria il primo giorno.\n",
    "tank.md": "# Tank\n\nThe capacity of the oil tank is 40 litres.\n",
    "pumps.md": "# Pumps\n\nThe water pump is checked every month.\n",
}


@pytest.fixture(scope="module")
def owners_agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("owners")
    docs = base / "docs"
    docs.mkdir()
    for name, text in OWNER_DOCS.items():
        (docs / name).write_text(text, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=220, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "owner"),
    [
        ("Entro quante ore va segnalato il furto del badge?", "badge"),
        ("What is the capacity of the water tank?", "water"),
    ],
)
def test_a_noun_of_another_owner_is_refused(
    owners_agent: ExtractiveAgent, question: str, owner: str
) -> None:
    # The corpus knows the badge and the water pump, but the sentence with the figure is
    # about a device and the oil tank.
    result = owners_agent.answer(question)
    assert result.refused is True
    assert owner in result.answer
    assert "another entity" in result.answer or "un altro soggetto" in result.answer


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Entro quante ore va segnalato il furto del dispositivo?", "24 ore"),
        ("What is the capacity of the oil tank?", "40 litres"),
    ],
)
def test_a_noun_of_the_asked_owner_is_answered(
    owners_agent: ExtractiveAgent, question: str, value: str
) -> None:
    result = owners_agent.answer(question)
    assert result.refused is False
    assert result.answer.startswith(value)


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        # A bare "di" / "of" complement classifies; only a definite owner names one thing.
        ("Entro quante ore va segnalato il furto di badge?", "it"),
        ("What is the capacity of water pumps?", "en"),
        # The owned noun must be a known word of the question; nothing before the first word.
        ("badge furto ore", "it"),
    ],
)
def test_a_classifying_complement_is_no_owner(
    owners_agent: ExtractiveAgent, question: str, lang: Lang
) -> None:
    split = split_terms(query_terms(question, lang), owners_agent.stats, lang)
    assert unmet_owners(question, lang, split.known, frozenset()) == []
