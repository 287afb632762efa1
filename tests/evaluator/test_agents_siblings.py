"""A sentence about a sibling part ("filtro di ritorno" for "filtro di aspirazione") or with no
code for a question asking one is refused; a qualifier the corpus never writes is read as a
paraphrase and answered. Real index built in tmp from Markdown files."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.focus import no_code_given, no_time_given, sibling_qualifiers
from evaluator.agents.support import Sentence
from vectordb import VectorIndex, build_index

MANUAL = (
    "# Manuale di manutenzione\n\n"
    "Le viti del coperchio del filtro di ritorno vanno serrate a una coppia di 25 Nm.\n\n"
    "Il filtro di aspirazione deve essere sostituito ogni 4.000 ore di funzionamento.\n\n"
    "Il codice della cartuccia del filtro di ritorno è FR-200-10.\n\n"
    "L'accumulatore idraulico ha una capacità di 10 litri.\n\n"
    "L'orario di lavoro del personale a tempo pieno è di 40 ore settimanali.\n\n"
    "Il servizio assistenza risponde entro 4 ore. La coppia del motore è di 200 Nm.\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("siblings")
    docs = base / "docs"
    docs.mkdir()
    (docs / "manuale.md").write_text(MANUAL, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=300, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


def test_a_sibling_part_is_refused_and_the_asked_one_answered(agent: ExtractiveAgent) -> None:
    refused = agent.answer("Qual è la coppia delle viti del coperchio del filtro di aspirazione?")
    assert refused.refused is True
    assert "aspirazione" in refused.answer
    assert refused.contexts
    answered = agent.answer("Qual è la coppia delle viti del coperchio del filtro di ritorno?")
    assert answered.refused is False
    assert "25 Nm" in answered.answer


def test_a_qualifier_the_corpus_never_writes_is_a_paraphrase(agent: ExtractiveAgent) -> None:
    # "orario di servizio" appears nowhere: it paraphrases "orario di lavoro".
    answered = agent.answer("Qual è l'orario di servizio del personale a tempo pieno?")
    assert answered.refused is False
    assert "40 ore" in answered.answer
    sentence = Sentence("manuale.md", 0, 60, "L'orario di lavoro del personale è di 40 ore.", "it")
    assert sibling_qualifiers("Orario di servizio?", "it", sentence, agent.stats) == []
    assert sibling_qualifiers("Orario di servizio?", "en", sentence, agent.stats) == []


def test_a_code_question_needs_a_code(agent: ExtractiveAgent) -> None:
    refused = agent.answer("Qual è il codice ricambio dell'accumulatore idraulico?")
    assert refused.refused is True
    answered = agent.answer("Qual è il codice della cartuccia del filtro di ritorno?")
    assert answered.refused is False
    assert "FR-200-10" in answered.answer
    plain = Sentence("m.md", 0, 40, "L'accumulatore ha una capacità di 10 litri.", "it")
    coded = Sentence("m.md", 0, 40, "Il codice è FR-200-10.", "it")
    assert no_code_given("Which part code?", [plain])
    assert not no_code_given("Which part code?", [coded])
    assert not no_code_given("How big is it?", [plain])
    # A code the question already names is no answer to it.
    assert no_code_given("Is FR-200-10 the code?", [coded])


def test_a_what_time_question_needs_a_time_of_day(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "manuale.md").write_text(
        "# Manuale\n\nIl personale di produzione lavora su tre turni di otto ore.\n\n"
        "Il terzo turno va dalle 22:00 alle 6:00.\n\n"
        "La mensa aziendale è aperta a tutto il personale.\n",
        encoding="utf-8",
    )
    build_index(docs, tmp_path / "index", chunk_size=200, chunk_overlap=20)
    agent = ExtractiveAgent(VectorIndex.open(tmp_path / "index"), k=2)
    # The sentence stating a time is preferred to a better-worded one that states none.
    answered = agent.answer("A che ora inizia il terzo turno di produzione?")
    assert answered.refused is False
    assert "22:00" in answered.answer
    # Nothing in the chunks states when the canteen opens: no time, no answer.
    refused = agent.answer("A che ora apre la mensa aziendale del personale?")
    assert refused.refused is True
    plain = Sentence("m.md", 0, 40, "Il personale lavora su tre turni di otto ore.", "it")
    assert no_time_given("What time does it start?", [plain])
    assert not no_time_given("How many shifts?", [plain])
