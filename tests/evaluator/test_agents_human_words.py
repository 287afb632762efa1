"""The reference agent on words people write that the documents do not: Italian verb forms,
inflected translations, month names, "EU", contact details asked by name, and an address
stated without the word "address" (issue 15, session a). A real index over IT and EN text."""

from __future__ import annotations

from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.glossary import agent_translations, spelled_out
from evaluator.agents.kinds import asked_contact, gives_contact, states_subject
from evaluator.agents.lexicon import query_terms
from evaluator.agents.support import CorpusStats
from evaluator.agents.vocabulary import split_terms
from ragoro.text import Lang, stem
from vectordb import VectorIndex, build_index

HANDBOOK = (
    "# Regolamento interno\n\n"
    "L'orario di lavoro contrattuale per il personale a tempo pieno è di 38 ore settimanali, "
    "distribuite dal lunedì al venerdì.\n"
    "Nel 2026 la chiusura collettiva estiva della fabbrica è fissata dal 3 al 14 agosto.\n"
    "I giorni di chiusura collettiva sono conteggiati come ferie.\n"
    "Il responsabile della protezione dei dati può essere contattato all'indirizzo "
    "dpo@example.org oppure per posta ordinaria.\n"
    "Lo stabilimento di Milano si trova in Viale Monza 120, 20127 Milano.\n"
    "Lo stabilimento di Milano produce valvole industriali.\n"
)
SUPPORT = (
    "# Customer support\n\n"
    "Technical support can be contacted by phone at +39 02 555 0100 or by email at "
    "help@example.org.\n"
    "Remote sessions are automatically closed after 2 hours of inactivity.\n"
    "Spare parts are shipped within 24 hours to customers inside the European Union.\n"
)


@pytest.fixture(scope="module")
def demo(demo_index: Path) -> ExtractiveAgent:
    """The agent over a real index of the demo corpus, built by the test session (a fresh
    checkout has no faiss_index_locale/)."""
    return ExtractiveAgent(VectorIndex.open(demo_index), k=3)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("human_words")
    docs = base / "docs"
    docs.mkdir()
    (docs / "regolamento.md").write_text(HANDBOOK, encoding="utf-8")
    (docs / "support.md").write_text(SUPPORT, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=220, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


def test_an_italian_verb_form_is_read_as_the_listed_infinitive() -> None:
    # "chiude" (it closes) stems apart from the listed "chiudere": still "close".
    assert stem("closed", "en") in agent_translations(stem("chiude", "it"), "it")
    # A longer English stem is often another word: "factory" is no form of "factor".
    assert stem("fattori", "it") not in agent_translations(stem("factory", "en"), "en")
    # "care" stems to "car": a car is no assistance.
    assert stem("assistenza", "it") not in agent_translations(stem("car", "en"), "en")


def test_an_italian_verb_form_finds_the_english_sentence(demo: ExtractiveAgent) -> None:
    # "si chiude" reaches the FAQ's "automatically closed after 4 hours of inactivity".
    result = demo.answer(
        "Dopo quanto tempo si chiude la sessione di assistenza remota se resta inattiva?"
    )
    assert result.refused is False
    assert "4 hours of inactivity" in result.answer


@pytest.mark.parametrize("fixture", ["agent", "demo"])
def test_hours_a_week_over_italian_text_is_answered(
    fixture: str, request: pytest.FixtureRequest
) -> None:
    bot: ExtractiveAgent = request.getfixturevalue(fixture)
    result = bot.answer("How many hours a week is a full-time contract?")
    assert result.refused is False
    assert result.value == (38 if fixture == "agent" else 40)


@pytest.mark.parametrize(
    ("english", "italian"), [("August", "agosto"), ("January", "gennaio"), ("May", "maggio")]
)
def test_month_names_translate(english: str, italian: str) -> None:
    assert stem(italian, "it") in agent_translations(stem(english.lower(), "en"), "en")


def test_an_english_question_about_an_italian_month_is_answered(demo: ExtractiveAgent) -> None:
    # Without "August" -> "agosto" the handbook's holiday-allowance sentence wins.
    result = demo.answer("Do the days of the August shutdown count as holidays?")
    assert result.refused is False
    assert "conteggiati come ferie" in result.answer


def test_eu_is_spelled_out_in_the_questions_language() -> None:
    assert "European Union" in spelled_out("Are parts shipped fast inside the EU?", "en")
    assert "Unione europea" in spelled_out("Spedite in 24 ore nella UE?", "it")


def test_contact_kinds_are_read_from_the_question_and_the_value_form() -> None:
    assert asked_contact("What is the phone number of the DPO?") == "phone"
    assert asked_contact("Qual è il numero di telefono del DPO?") == "phone"
    assert asked_contact("Qual è l'indirizzo email dell'ufficio viaggi?") == "email"
    # Using a phone is no question about its number.
    assert asked_contact("Posso usare il telefono cellulare in reparto?") is None
    assert gives_contact("phone", ["call +39 02 555 0100 any time"])
    assert gives_contact("phone", ["raggiungibile al numero interno 3344"])
    # A weight with a thousands separator, a size or a date is no phone number.
    assert not gives_contact("phone", ["La massa è di 12.400 kg, 3.200 × 2.150 mm, 2026/03"])


def test_a_phone_number_asked_of_a_sentence_that_gives_none_is_refused(
    agent: ExtractiveAgent,
) -> None:
    # The DPO is reachable by e-mail and post only: no phone number is stated for them.
    refused = agent.answer("What is the phone number of the data protection officer?")
    assert refused.refused is True
    assert refused.contexts
    answered = agent.answer("What is the phone number of technical support?")
    assert answered.refused is False
    # The short answer is the number, not its country code read as a quantity.
    assert answered.answer.startswith("+39 02 555 0100 — ")


def test_the_demo_dpo_has_no_phone_number(demo: ExtractiveAgent) -> None:
    # The data-breach sentence says to call the IT help desk "within 24 hours": no number.
    result = demo.answer("What is the phone number of the data protection officer?")
    assert result.refused is True
    assert demo.answer("What is the phone number of technical support?").answer.startswith(
        "+39 030 555 0200 — "
    )


def test_an_address_is_stated_by_its_form() -> None:
    assert states_subject("address", "si trova in Viale Monza 120, 20127 Milano.")
    assert states_subject("indirizzo", "Write to 10 Downing Street, London.")
    assert not states_subject("address", "The plant builds industrial valves.")


@pytest.mark.parametrize(
    ("fixture", "question", "street"),
    [
        ("agent", "What is the street address of the Milano plant?", "Viale Monza 120"),
        ("demo", "What is the street address of the Turin plant?", "Corso Vercelli 240"),
    ],
)
def test_the_street_address_of_a_plant_is_answered_without_the_word(
    fixture: str, question: str, street: str, request: pytest.FixtureRequest
) -> None:
    bot: ExtractiveAgent = request.getfixturevalue(fixture)
    result = bot.answer(question)
    assert result.refused is False
    assert street in result.answer


@pytest.mark.parametrize(
    ("english", "italian"),
    [
        ("sample", "campione"),
        ("lab", "laboratorio"),
        ("analysis", "analisi"),
        ("directors", "amministrazione"),
        ("union", "unione"),
    ],
)
def test_plain_report_and_lab_words_translate(english: str, italian: str) -> None:
    assert stem(italian, "it") in agent_translations(stem(english, "en"), "en")
    assert stem(english, "en") in agent_translations(stem(italian, "it"), "it")


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("How often does an oil sample have to be sent to a lab for analysis?", "2.000"),
        (
            "Quando il Consiglio di Amministrazione ha approvato il bilancio consolidato 2025?",
            "12 March 2026",
        ),
    ],
)
def test_a_question_in_the_other_languages_plain_words_is_answered(
    demo: ExtractiveAgent, question: str, value: str
) -> None:
    result = demo.answer(question)
    assert result.refused is False
    assert value in result.answer


@pytest.mark.parametrize(
    ("question", "lang", "typo"),
    [
        ("what shoud i do when the pump is noisy", "en", "shoud"),
        ("qunado va cambiato l'olio della pompa?", "it", "qunado"),
    ],
)
def test_a_misspelt_function_word_is_dropped_not_corrected(
    tmp_path: Path, question: str, lang: Lang, typo: str
) -> None:
    # "shoud" is closest to the corpus's "should", "qunado" to "quando": function words the
    # question has no content in, so they must not lower every sentence's support.
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "pump.md").write_text(
        "# Pump\n\nYou should check the pump when it is noisy.\n\n"
        "# Pompa\n\nQuando la pompa è rumorosa va cambiato l'olio.\n",
        encoding="utf-8",
    )
    build_index(docs, tmp_path / "index", chunk_size=200, chunk_overlap=20)
    index = VectorIndex.open(tmp_path / "index")
    stats = CorpusStats(index.chunks, index.documents)
    split = split_terms(query_terms(question, lang), stats, lang)
    assert typo not in [t.word for t in split.known + split.unknown]
    assert split.known  # the content words stay
