"""The reference agent on the plain words of running and servicing a machine that a person
writes in one language over a manual in the other: run / funzionamento, empty / a vuoto,
drain / scaricare, exceed / superare, wipe with a cloth / pulire con un panno, and the
present forms of Italian "-isc-" verbs (sostituisce, pulisce) (issue 15, third session a). Glossary entries are generic vocabulary; the answers come from a real
index over IT and EN text."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.glossary import agent_translations, isc_form, isc_infinitive
from ragoro.text import stem
from vectordb import VectorIndex, build_index

MANUAL = (
    "# Manutenzione\n\n"
    "Prima del cambio olio far funzionare la macchina a vuoto per circa 8 minuti.\n"
    "Pulire la vasca con un panno asciutto.\n"
    "La temperatura del motore durante il funzionamento non deve superare 60 °C.\n"
    "Il compressore va revisionato ogni 2.000 ore.\n"
    "Il filtro della pompa si controlla ogni 100 ore.\n"
    "Il filtro della pompa si sostituisce ogni 400 ore.\n"
)
GUIDE = (
    "# Operating guide\n\n"
    "The water temperature must not exceed 45 °C while the machine is running.\n"
    "Drain the water tank every 300 operating hours.\n"
    "The spindle bearings are greased every 500 hours.\n"
    "The air filter is inspected every 50 hours.\n"
    "The air filter is cleaned every 250 hours.\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("machine_words")
    docs = base / "docs"
    docs.mkdir()
    (docs / "manutenzione.md").write_text(MANUAL, encoding="utf-8")
    (docs / "guide.md").write_text(GUIDE, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=220, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.fixture(scope="module")
def demo(demo_index: Path) -> ExtractiveAgent:
    return ExtractiveAgent(VectorIndex.open(demo_index), k=3)


@pytest.mark.parametrize(
    ("english", "italian"),
    [
        ("running", "funzionamento"),
        ("empty", "vuoto"),
        ("drain", "scaricare"),
        ("exceeded", "superare"),
        ("hoses", "tubazioni"),
        ("cloth", "panno"),
        ("wipe", "pulire"),
        ("edition", "edizione"),
        ("division", "divisione"),
        ("rooftop", "copertura"),
        ("children", "figli"),
        ("reimbursed", "rimborsate"),
        ("submitted", "presentate"),
        ("maximum", "massimo"),
        ("forbidden", "vietato"),
        ("mandatory", "obbligatorio"),
        ("gloves", "guanti"),
        ("morning", "mattina"),
        ("agreement", "accordo"),
    ],
)
def test_plain_machine_words_translate_both_ways(english: str, italian: str) -> None:
    assert stem(italian, "it") in agent_translations(stem(english, "en"), "en")
    assert stem(english, "en") in agent_translations(stem(italian, "it"), "it")


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How long should the machine run empty before an oil change?", "8 minuti"),
        ("What motor temperature must never be exceeded while the machine is running?", "60 °C"),
        ("Quale temperatura dell'acqua non si deve mai superare?", "45 °C"),
        ("Ogni quante ore di funzionamento va scaricato il serbatoio dell'acqua?", "300"),
    ],
)
def test_a_question_in_the_other_language_finds_the_machine_words(
    agent: ExtractiveAgent, question: str, value: str
) -> None:
    result = agent.answer(question)
    assert result.refused is False
    assert result.answer.startswith(value)


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How long should the press run empty before I drain the old oil?", "10 minuti"),
        ("What oil temperature must never be exceeded while the press is running?", "65 °C"),
    ],
)
def test_the_demo_manual_answers_in_plain_english(
    demo: ExtractiveAgent, question: str, value: str
) -> None:
    result = demo.answer(question)
    assert result.refused is False
    assert result.answer.startswith(value)


def test_the_tank_is_wiped_with_a_lint_free_cloth(demo: ExtractiveAgent) -> None:
    result = demo.answer("What should I wipe the oil tank out with?")
    assert result.refused is False
    assert "panno che non rilascia fibre" in result.answer


def test_isc_present_forms_are_read_as_their_infinitive() -> None:
    assert isc_infinitive(stem("pulisce", "it")) == stem("pulire", "it")
    assert isc_infinitive(stem("sostituiscono", "it")) == stem("sostituire", "it")
    assert isc_form(stem("fornire", "it")) == stem("fornisce", "it")
    # Words with "sc" of other shapes are no such forms: "cresce", "esce", "pesce".
    assert isc_infinitive(stem("cresce", "it")) is None
    assert isc_infinitive(stem("pesce", "it")) is None
    assert stem("cleaned", "en") in agent_translations(stem("pulisce", "it"), "it")


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How many hours before the pump filter is replaced?", "400"),
        ("Ogni quante ore si pulisce il filtro dell'aria?", "250"),
    ],
)
def test_an_isc_verb_is_found_across_languages(
    agent: ExtractiveAgent, question: str, value: str
) -> None:
    result = agent.answer(question)
    assert result.refused is False
    assert result.answer.startswith(value)


def test_an_expense_claim_handed_in_late_is_answered_in_plain_english(
    demo: ExtractiveAgent,
) -> None:
    # "submit" / "reimbursed" are the handbook's "presentate" / "rimborsate".
    result = demo.answer("If I submit my expense claim on the 8th, when do I get reimbursed?")
    assert result.refused is False
    assert "rimborsate con un mese di ritardo" in result.answer
