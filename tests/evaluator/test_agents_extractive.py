"""The offline extractive agent on a real index: answers, refusals, clarifications."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from evaluator.agents import ExtractiveAgent, make_agent
from evaluator.agents.base import AgentAnswer
from evaluator.agents.vocabulary import asked_head, asked_subject
from ragoro.text import is_clarification_request, is_refusal
from tests.evaluator.test_agents_corpus import build_agents_index
from vectordb import VectorIndex, build_index

ROOT = Path(__file__).resolve().parents[2]


@pytest.fixture(scope="module")
def index(tmp_path_factory: pytest.TempPathFactory) -> VectorIndex:
    return build_agents_index(tmp_path_factory.mktemp("agents"))


@pytest.fixture(scope="module")
def agent(index: VectorIndex) -> ExtractiveAgent:
    return ExtractiveAgent(index, k=3)


def assert_contexts_exact(answer: AgentAnswer, index: VectorIndex) -> None:
    assert answer.contexts
    for context in answer.contexts:
        assert context.start_char is not None and context.end_char is not None
        text = index.documents[context.document_path].text
        assert text[context.start_char : context.end_char] == context.text
        assert context.score is not None and context.page == 1


def test_numeric_question_gets_value_unit_citation_and_exact_offsets(
    agent: ExtractiveAgent, index: VectorIndex
) -> None:
    result = agent.answer("Qual è la capacità del serbatoio dell'olio idraulico della pressa?")
    assert not result.refused and not result.asked_clarification
    assert (result.value, result.unit) == (28.5, "l")
    assert "28,5 litri" in result.answer
    assert result.citations == ["manuale_pressa.md"]
    assert "(Fonte: manuale_pressa.md)" in result.answer
    assert_contexts_exact(result, index)
    # A short answer first, then the sentence that says it, quoted from a returned context.
    short, quoted = result.answer.split(" (Fonte")[0].split(" — ", 1)
    assert short == "28,5 litri"
    assert any(quoted in " ".join(c.text.split()) for c in result.contexts)


def test_english_numeric_question_reports_scaled_currency(agent: ExtractiveAgent) -> None:
    result = agent.answer("What was the consolidated revenue for fiscal year 2025?")
    assert (result.value, result.unit) == (1702.5, "EUR_M")
    assert result.answer.endswith("(Source: results_2025.md)")
    assert result.citations == ["results_2025.md"]


def test_count_question_takes_the_number_of_the_named_thing(agent: ExtractiveAgent) -> None:
    result = agent.answer("Quanti giorni di ferie spettano a un dipendente a tempo pieno?")
    assert (result.value, result.unit) == (26.0, "day")


@pytest.mark.parametrize(
    ("question", "opening"),
    [
        ("Qual è lo stipendio annuo dell'amministratore delegato?", "Non lo so"),
        ("Quali sono gli orari della mensa aziendale?", "Non lo so"),
        ("What is the company's share price?", "I don't know"),
        ("What is the employee parking policy?", "I don't know"),
    ],
)
def test_unanswerable_question_is_refused_in_its_language(
    agent: ExtractiveAgent, question: str, opening: str
) -> None:
    result = agent.answer(question)
    assert result.refused is True and result.asked_clarification is False
    assert result.answer.startswith(opening)
    assert is_refusal(result.answer)
    assert result.value is None and result.citations == []


def test_refusal_names_the_missing_term(agent: ExtractiveAgent) -> None:
    result = agent.answer("Qual è lo stipendio annuo dell'amministratore delegato?")
    assert "stipendio" in result.answer


def test_conflicting_values_in_two_documents_ask_which_one(
    agent: ExtractiveAgent, index: VectorIndex
) -> None:
    result = agent.answer("Quanta energia elettrica ha consumato lo stabilimento nel 2025?")
    assert result.asked_clarification is True and result.refused is False
    assert is_clarification_request(result.answer)
    assert result.answer.startswith("Intendi lo stabilimento di Brescia (4.250 MWh)")
    assert "Torino (3,180 MWh)" in result.answer
    assert set(result.citations) == {"sostenibilita_2025.md", "results_2025.md"}
    assert {c.document_path for c in result.contexts} >= set(result.citations)
    assert_contexts_exact(result, index)


def test_naming_the_entity_removes_the_ambiguity(agent: ExtractiveAgent) -> None:
    result = agent.answer("Quanta energia elettrica ha consumato lo stabilimento di Brescia?")
    assert result.asked_clarification is False
    assert (result.value, result.unit) == (4250.0, "MWh")
    english = agent.answer("How much electricity did the Torino plant consume in 2025?")
    assert (english.value, english.unit) == (3180.0, "MWh")


def test_clarifying_question_follows_an_english_question(agent: ExtractiveAgent) -> None:
    result = agent.answer("How much electricity did the plant consume in 2025?")
    assert result.asked_clarification is True
    assert result.answer.startswith("Do you mean")
    assert "Brescia" in result.answer and "Torino" in result.answer


def test_answer_wording_follows_the_question_language(agent: ExtractiveAgent) -> None:
    italian = agent.answer("Ogni quante ore va sostituito l'olio idraulico?")
    assert "(Fonte:" in italian.answer and (italian.value, italian.unit) == (4000.0, "h")
    english = agent.answer("What was the net profit?")
    assert "(Source:" in english.answer and (english.value, english.unit) == (118.6, "EUR_M")


def test_same_question_same_answer(agent: ExtractiveAgent) -> None:
    question = "Qual è il valore del buono pasto?"
    first, second = agent.answer(question), agent.answer(question)
    assert first == second
    assert (first.value, first.unit) == (8.0, "EUR")


def test_make_agent_builds_the_extractive_agent(index: VectorIndex) -> None:
    agent = make_agent("extractive", index=index, k=2)
    assert isinstance(agent, ExtractiveAgent) and agent.model is None
    assert len(agent.answer("Quanti giorni di ferie spettano?").contexts) == 2


def test_bad_parameters_are_rejected(index: VectorIndex) -> None:
    with pytest.raises(ValueError, match="k must be"):
        ExtractiveAgent(index, k=0)
    with pytest.raises(ValueError, match="support_threshold"):
        ExtractiveAgent(index, support_threshold=0.0)


@pytest.mark.slow
def test_demo_golden_cases(tmp_path: Path) -> None:
    """The hand-checked demo golden set, on an index built here from documenti_pdf."""
    build_index(ROOT / "documenti_pdf", tmp_path / "index")
    agent = ExtractiveAgent(VectorIndex.open(tmp_path / "index"))
    lines = (ROOT / "tests" / "data" / "demo_golden.jsonl").read_text(encoding="utf-8")
    cases = {item["id"]: item for item in map(json.loads, lines.splitlines())}
    for case_id in ("num-001", "num-002"):
        result = agent.answer(cases[case_id]["question"])
        expected = cases[case_id]["expected"]
        assert (result.value, result.unit) == (expected["value"], expected["unit"]), case_id
        assert result.citations == [expected["source"]["doc"]], case_id
    assert "72 ore" in agent.answer(cases["nar-001"]["question"]).answer
    assert "24 months" in agent.answer(cases["nar-002"]["question"]).answer
    for case_id in ("ref-001", "ref-002"):
        assert agent.answer(cases[case_id]["question"]).refused is True, case_id
    clarification = agent.answer(cases["clr-001"]["question"])
    assert clarification.asked_clarification is True
    assert "4.250 MWh" in clarification.answer and "3,180 MWh" in clarification.answer


def test_a_topic_the_corpus_never_mentions_is_refused_even_if_other_words_match(
    agent: ExtractiveAgent,
) -> None:
    result = agent.answer("Quali sono le regole per il parcheggio dei dipendenti?")
    assert result.refused is True
    assert "parcheggio" in result.answer


def test_a_refusal_still_reports_what_was_retrieved(agent: ExtractiveAgent) -> None:
    # Retrieval metrics are judged from what was retrieved, never from whether it answered.
    result = agent.answer("Quali sono le regole per il parcheggio dei dipendenti?")
    assert result.refused is True
    assert 0 < len(result.contexts) <= agent.k
    assert all(c.start_char is not None for c in result.contexts)


def test_one_word_the_corpus_does_not_use_does_not_make_it_refuse(agent: ExtractiveAgent) -> None:
    # "reservoir" is nowhere in the corpus ("serbatoio"): the rest of the question is enough.
    result = agent.answer("How many litres does the hydraulic oil reservoir hold?")
    assert result.refused is False
    assert (result.value, result.unit) == (28.5, "l")


def test_a_misspelt_word_is_read_as_the_corpus_word_it_misspells(agent: ExtractiveAgent) -> None:
    result = agent.answer("Quanti giorni di feire spettano a un dipendente a tempo pieno?")
    assert result.refused is False
    assert "26 giorni" in result.answer


def test_the_other_entitys_figure_is_not_an_answer(agent: ExtractiveAgent) -> None:
    # Waste recovery is reported for the Brescia report only; Torino is named elsewhere.
    result = agent.answer(
        "Qual è la quota di rifiuti avviati a recupero dello stabilimento di Torino?"
    )
    assert result.refused is True
    assert "torino" in result.answer.lower()
    assert result.contexts


def test_who_question_gets_the_name_as_short_answer(tmp_path: Path) -> None:
    docs = tmp_path / "docs"
    docs.mkdir()
    (docs / "org.md").write_text(
        "# Organisation\n\nThe plant director of the Leeds site is Ing. Mara Conti. "
        "The site opened in 1998.\n\n## Safety\n\nSafety shoes are required on the shop floor.\n",
        encoding="utf-8",
    )
    build_index(docs, tmp_path / "index")
    result = ExtractiveAgent(VectorIndex.open(tmp_path / "index")).answer(
        "Who is the director of the Leeds plant?"
    )
    assert result.answer.startswith("Ing. Mara Conti — The plant director")
    assert result.citations == ["org.md"]


@pytest.mark.parametrize(
    ("question", "head"),
    [
        ("What is the company's share price?", "price"),
        ("What was the EBITDA of the Asia-Pacific region in 2025?", "ebitda"),
        ("Qual è lo stipendio annuo dell'amministratore delegato?", "stipendio"),
        ("Qual è l'importo del buono pasto?", "importo"),
        ("How long is the warranty?", None),
        # "between" ends the noun phrase as "of" does: the height is asked, not the slide.
        ("What is the maximum open height between the table and the slide?", "height"),
        ("Qual è l'altezza massima tra il piano e la slitta?", "altezza"),
    ],
)
def test_asked_head_is_the_noun_a_what_is_question_asks_for(
    question: str, head: str | None
) -> None:
    assert asked_head(question) == head


@pytest.mark.parametrize(
    ("question", "subject"),
    [
        ("How long is the gap between the two shifts?", "gap"),
        ("Quanto dura il passaggio tra i due turni?", "passaggio"),
    ],
)
def test_asked_subject_ends_at_between(question: str, subject: str) -> None:
    assert asked_subject(question) == subject
