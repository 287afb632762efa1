"""Words a question in one language uses that a passage in the other does not (issue 15,
fourth session a): quantifier determiners are framing, not content ("every site" is "tutti
gli stabilimenti"), and everyday words the glossary translates. A real index over IT and EN
text."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.lexicon import query_terms
from vectordb import VectorIndex, build_index

DOCS = {
    "sicurezza.md": (
        "# Sicurezza\n\n"
        "Tutti gli stabilimenti devono ottenere la certificazione entro il 31 dicembre 2027.\n"
        "Ciascun reparto nomina un preposto.\n"
    ),
    "sites.md": (
        "# Sites\n\n"
        "Every site has a canteen and a car park.\n"
        "Each plant sends its energy data to head office by the 5th of the month.\n"
    ),
}


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("cross")
    docs = base / "docs"
    docs.mkdir()
    for name, text in DOCS.items():
        (docs / name).write_text(text, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=400, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "lang", "quantifier"),
    [
        ("By when must every site be certified?", "en", "every"),
        ("Entro quando ciascuno stabilimento invia i dati energetici?", "it", "ciascun"),
        ("Qualsiasi stabilimento ha una mensa?", "it", "qualsias"),
    ],
)
def test_a_quantifier_determiner_is_no_content_term(
    question: str, lang: str, quantifier: str
) -> None:
    words = {t.word for t in query_terms(question, lang)}  # type: ignore[arg-type]
    stems = {t.stem for t in query_terms(question, lang)}  # type: ignore[arg-type]
    assert quantifier not in words | stems
    assert not any(s.startswith(quantifier) for s in stems)


def test_an_english_question_with_a_quantifier_is_answered_from_italian_text(
    agent: ExtractiveAgent,
) -> None:
    # A guard: "every" is a word of the English document, a term the Italian sentence
    # ("Tutti gli stabilimenti") can never contain; the answer stays the Italian one.
    result = agent.answer("By when must every site obtain the certification?")
    assert result.refused is False
    assert "2027" in result.answer.split("(")[0]


def test_an_italian_question_with_a_quantifier_is_answered_from_english_text(
    agent: ExtractiveAgent,
) -> None:
    # A guard, the other way round: "ciascun" is a word of the Italian document.
    result = agent.answer("Entro quando ciascuno stabilimento invia i dati energetici alla sede?")
    assert result.refused is False
    assert "5th" in result.answer.split("(")[0]


@pytest.mark.parametrize(
    ("word", "lang", "translation"),
    [
        # English words of a question over Italian text.
        ("systems", "en", "sistem"),
        ("cleanliness", "en", "puliz"),
        ("qualifies", "en", "diritt"),
        ("divided", "en", "ripartit"),
        ("finished", "en", "completament"),
        ("Romanian", "en", "roman"),
        ("escalations", "en", "sollecit"),
        # Italian words of a question over English text.
        ("sistemi", "it", "system"),
        ("sollecitare", "it", "escal"),
        ("ulteriori", "it", "further"),
        ("produttivi", "it", "production"),
        ("brasiliano", "it", "brazil"),
        # A second batch (hw-1345...): attach, item, cap, broken, first, journey, written.
        ("attach", "en", "allegat"),
        ("item", "en", "voc"),
        ("cap", "en", "limit"),
        ("broken", "en", "malfunzion"),
        ("first", "en", "prim"),
        ("journey", "en", "viagg"),
        ("written", "en", "annotat"),
        ("allegato", "it", "attach"),
        ("fusibili", "it", "fus"),
        ("avviare", "it", "initiat"),
    ],
)
def test_the_glossary_translates_everyday_words(word: str, lang: str, translation: str) -> None:
    terms = query_terms(f"{word}?", lang)  # type: ignore[arg-type]
    assert any(t.startswith(translation) for term in terms for t in term.translations)


@pytest.mark.parametrize(
    ("word", "lang", "translation"),
    [
        # A present form in an Italian passage ("il turno termina") is found from English.
        ("finishes", "en", "termin"),
        ("department", "en", "repart"),
        ("reparto", "it", "department"),
    ],
)
def test_the_glossary_lists_present_forms_and_departments(
    word: str, lang: str, translation: str
) -> None:
    terms = query_terms(f"{word}?", lang)  # type: ignore[arg-type]
    assert any(t == translation for term in terms for t in term.translations)


def test_an_italian_slot_needs_a_whole_article() -> None:
    from evaluator.agents.focus import _slot_nouns

    # "per lavorare" is no "per la" + "vorare": an article is a whole word (or ends in an
    # apostrophe), so an infinitive after "per" fills no qualifier slot.
    assert _slot_nouns("Per quanto tempo vale l'accordo per lavorare da casa?", "it") == []
    assert _slot_nouns("Il periodo di prova per gli operai", "it") == ["operai"]
    assert _slot_nouns("una rete per l'impianto", "it") == ["impianto"]
    # English reads "for" + an optional whole determiner already.
    assert _slot_nouns("the rate for allowances", "en") == ["allowances"]


@pytest.mark.parametrize(
    ("question", "lang", "plain"),
    [
        # Idioms whose words alone mean something else, put as the plain word.
        (
            "How many days off in a row can I take?",
            "en",
            "How many holidays consecutive can I take?",
        ),
        ("Can I work from home on Fridays?", "en", "Can I work remote on Fridays?"),
        (
            "Posso lavorare da casa tre giorni di fila?",
            "it",
            "Posso lavorare da remoto tre giorni consecutivi?",
        ),
        ("Chi avvia la diagnosi a distanza?", "it", "Chi avvia la diagnosi da remoto?"),
        # A hyphenated compound the glossary lists is written solid; others are left alone.
        ("Is the two-hand control faulty?", "en", "Is the twohand control faulty?"),
        ("How many part-time staff?", "en", "How many parttime staff?"),
        ("What is the e-mail of the DPO?", "en", "What is the e-mail of the DPO?"),
        # Words of an idiom apart are left alone.
        ("Which row of the table?", "en", "Which row of the table?"),
    ],
)
def test_idioms_and_compounds_are_read_as_one_word(question: str, lang: str, plain: str) -> None:
    from evaluator.agents.glossary import spelled_out

    assert spelled_out(question, lang) == plain  # type: ignore[arg-type]
