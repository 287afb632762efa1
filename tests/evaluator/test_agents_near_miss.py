"""The reference agent on near-misses a person writes: a year the documents do not report, a
how-long question next to a percentage, and framing words that are content words in the other
language. Real index built in tmp from Markdown files; only the embedding model is the real
packaged one."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.glossary import agent_translations
from evaluator.agents.lexicon import query_terms
from evaluator.agents.quantities import asks_span, spans
from evaluator.agents.vocabulary import asked_head, asked_subject
from ragoro.text import extract_quantities, stem
from vectordb import VectorIndex, build_index

REPORT = (
    "# Annual Results 2025\n\n"
    "Summary of the consolidated results for the fiscal year 2025.\n\n"
    "Revenue in Italy was EUR 442.6 million, up from EUR 410.2 million in 2024.\n"
    "The Group had 6,842 employees at year end.\n"
)
POLICY = (
    "# Manuale del dipendente\n\n"
    "La quota di energia rinnovabile acquistata con garanzia di origine è del 52%.\n"
    "La garanzia della pressa dura 24 mesi dalla consegna.\n"
    "L'accordo individuale di lavoro agile ha durata di 12 mesi ed è rinnovabile.\n"
    "In caso di malattia il dipendente avvisa il responsabile entro le ore 9:00.\n"
)
FAQ = "# Spare parts FAQ\n\nSpare parts in stock are shipped within 24 hours of the order.\n"


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("near_miss")
    docs = base / "docs"
    docs.mkdir()
    (docs / "report.md").write_text(REPORT, encoding="utf-8")
    (docs / "manuale.md").write_text(POLICY, encoding="utf-8")
    (docs / "faq.md").write_text(FAQ, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=200, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


def test_a_year_the_documents_do_not_report_is_refused(agent: ExtractiveAgent) -> None:
    result = agent.answer("What was the revenue in Italy in 2022?")
    assert result.refused is True
    assert "2022" in result.answer
    assert result.contexts  # retrieval is still reported


@pytest.mark.parametrize(
    "question",
    [
        "What was the revenue in Italy in 2025?",  # the report's year, stated in its head
        "What was the revenue in Italy in 2024?",  # stated in the sentence itself
    ],
)
def test_a_year_the_retrieved_text_states_is_answered(
    agent: ExtractiveAgent, question: str
) -> None:
    result = agent.answer(question)
    assert result.refused is False
    assert result.value == 442.6


def test_a_how_long_question_is_not_answered_with_a_percentage(agent: ExtractiveAgent) -> None:
    result = agent.answer("How long is the warranty?")
    assert result.refused is False
    assert "24 mesi" in result.answer
    assert "52%" not in result.answer


def test_a_time_of_day_is_no_duration() -> None:
    text = "entro le ore 9:00 del primo giorno, per 5 giorni, al 52%, 12 caratteri"
    kinds = {q.raw: spans(text, q) for q in extract_quantities(text)}
    assert kinds == {"9": False, "00": False, "5 giorni": True, "52%": False, "12": True}
    assert asks_span("Per quanto tempo vale l'accordo?")
    assert asks_span("How soon will a technician arrive?")
    assert not asks_span("Quanto costa il pasto?")


def test_a_frame_word_of_one_language_is_a_content_word_of_the_other(
    agent: ExtractiveAgent,
) -> None:
    # "according" frames an English question; "accordo" (same stem) is what this one asks about.
    assert "accordo" in [t.word for t in query_terms("Per quanto tempo vale l'accordo?", "it")]
    assert [
        t.word for t in query_terms("How long, according to the policy, is probation?", "en")
    ] == [
        "policy",
        "probation",
    ]
    result = agent.answer("Per quanto tempo vale l'accordo per lavorare da casa?")
    assert result.refused is False
    assert "12 mesi" in result.answer


def test_an_answer_that_never_names_the_asked_subject_is_refused(agent: ExtractiveAgent) -> None:
    # "warranty" is a corpus word, but the sentence about spare parts is about shipping.
    result = agent.answer("How long is the warranty on spare parts?")
    assert "shipped" not in result.answer
    assert result.refused is True
    assert result.contexts
    # The subject named by the answer's text is answered.
    shipped = agent.answer("How long is the shipping of spare parts in stock?")
    assert shipped.refused is False
    assert "24 hours" in shipped.answer


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("How long is the warranty on spare parts bought separately?", "warranty"),
        ("How much is the mileage refund if I use my own car?", "refund"),
        ("Quanto costa il pranzo in mensa?", "pranzo"),
        ("Qual è stato l'indice di frequenza degli infortuni?", "indice"),
        ("What was the Group's net profit for 2025?", "profit"),
        ("How long do you keep the footage?", None),  # not a shape it reads
        ("How much was spent on R&D last year?", None),  # a verb, not a thing
        ("Quanto dura al massimo la pausa?", None),
    ],
)
def test_asked_subject_is_the_thing_whose_attribute_is_asked(
    question: str, subject: str | None
) -> None:
    assert asked_subject(question) == subject


def test_an_italian_auxiliary_is_not_the_asked_noun() -> None:
    assert asked_head("Quali sono state le emissioni del Gruppo?") == "emissioni"


def test_italian_modal_verbs_frame_the_question_like_english_ones() -> None:
    assert [t.word for t in query_terms("Posso usare l'aria compressa?", "it")] == [
        "usare",
        "aria",
        "compressa",
    ]
    assert [t.word for t in query_terms("Ogni quante ore va cambiata la cartuccia?", "it")] == [
        "ore",
        "cambiata",
        "cartuccia",
    ]


def test_the_glossary_reads_a_word_in_the_questions_language() -> None:
    # English "spent" and Italian "spento" (switched off) share a stem; only the Italian word
    # means a shutdown.
    spent = stem("spent", "en")
    assert spent == stem("spento", "it")
    assert stem("stop", "en") not in agent_translations(spent, "en")
    assert stem("stop", "en") in agent_translations(spent, "it")
    assert stem("hydraulic", "en") in agent_translations(stem("idraulico", "it"), "it")


def test_a_business_abbreviation_is_spelled_out_for_retrieval() -> None:
    words = [t.word for t in query_terms("How much was spent on R&D last year?", "en")]
    assert "research" in words and "development" in words
    assert [t.word for t in query_terms("Chi è il responsabile HR?", "it")][-2:] == [
        "risorse",
        "umane",
    ]
