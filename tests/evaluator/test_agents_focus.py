"""The reference agent refuses a sentence about a sibling of what was asked: another year, another
certificate, another category of staff, nobody at all for a "who" question; and answers the
question the same sentence does speak to. Real index built in tmp from Markdown files."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.focus import (
    contradicted_years,
    no_one_named,
    sibling_slots,
    unmet_identifiers,
)
from evaluator.agents.glossary import agent_translations
from evaluator.agents.short_answer import names_someone
from evaluator.agents.support import Sentence
from ragoro.text import stem
from vectordb import VectorIndex, build_index

REPORT = (
    "# Annual Results 2025\n\n"
    "Summary of the consolidated results of the fiscal year. All figures are invented for "
    "demonstration purposes, and the company is fictional. The statements cover the parent "
    "company and every subsidiary, and amounts are in EUR million unless otherwise stated. "
    "Each section reports one area of the business and compares it with the year before, with the same scope and the same accounting "
    "principles, so that the two years can be read side by side by every reader.\n\n"
    "Revenue in 2024 was EUR 1,604.8 million. Revenue in Italy was EUR 442.6 million.\n\n"
    "The carbon intensity of the Group in 2025 was 7.59 tonnes of CO2 per EUR million of revenue.\n\n"
    "The consolidated financial statements were approved by the Board of Directors on 12 March 2026.\n"
)
SUSTAINABILITY = (
    "# Sustainability report\n\n"
    "The Brescia plant has been certified ISO 14001 since 2012.\n\n"
    "All production plants must obtain ISO 45001 certification by 31 December 2027.\n\n"
    "The Sustainability Committee is chaired by Prof. Laura Bianchi, an independent director.\n"
)
HANDBOOK = (
    "# Manuale del dipendente\n\n"
    "Il periodo di prova è di 3 mesi per gli operai e di 6 mesi per gli impiegati e i quadri.\n\n"
    "Le ferie sono approvate dal responsabile diretto.\n\n"
    "L'orario di lavoro per il personale a tempo pieno è di 40 ore settimanali.\n\n"
    "Il limite per una notte in albergo è di 140 EUR in Italia e di 190 EUR all'estero.\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("focus")
    docs = base / "docs"
    docs.mkdir()
    (docs / "report.md").write_text(REPORT, encoding="utf-8")
    (docs / "sustainability.md").write_text(SUSTAINABILITY, encoding="utf-8")
    (docs / "manuale.md").write_text(HANDBOOK, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=400, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


def _sentence(text: str, lang: str = "en") -> Sentence:
    return Sentence("doc.md", 0, len(text), text, lang)  # type: ignore[arg-type]


def test_a_sentence_stating_another_year_is_no_answer(agent: ExtractiveAgent) -> None:
    # 2024 is in the retrieved text (the revenue line), but the asked figure's sentence says 2025.
    refused = agent.answer("What was the Group's carbon intensity in 2024?")
    assert refused.refused is True
    assert "2024" in refused.answer
    assert refused.contexts
    answered = agent.answer("What was the Group's carbon intensity in 2025?")
    assert answered.refused is False
    assert answered.value == pytest.approx(7.59)


def test_contradicted_years_needs_a_stated_year() -> None:
    assert contradicted_years("EBITDA in 2024?", _sentence("EBITDA was 255.4 in 2025.")) == ["2024"]
    assert contradicted_years("EBITDA in 2024?", _sentence("EBITDA 255.4 230.9")) == []
    assert contradicted_years("EBITDA in 2024?", _sentence("255.4 in 2025, 230.9 in 2024.")) == []


def test_a_year_given_only_as_a_days_date_is_no_period() -> None:
    # The day places the approval; the pool's period is the year standing alone.
    en = _sentence("On 12 March 2026 the Board approved a bonus pool of EUR 4.8 million for 2025.")
    assert contradicted_years("How big is the bonus pool for fiscal year 2026?", en) == ["2026"]
    assert contradicted_years("How big is the bonus pool for fiscal year 2025?", en) == []
    # A day asked is met by the sentence naming that day.
    assert contradicted_years("What did the Board approve on 12 March 2026?", en) == []
    it = _sentence(
        "Il 26 marzo 2026 il Consiglio ha approvato un premio di 2,1 milioni di EUR per il 2025.",
        "it",
    )
    assert contradicted_years("A quanto ammonta il premio per il 2026?", it) == ["2026"]
    assert contradicted_years("A quanto ammonta il premio per il 2025?", it) == []
    assert contradicted_years("Cosa ha approvato il Consiglio il 26 marzo 2026?", it) == []
    # A sentence whose only year is a day's still states it.
    day_only = _sentence("The statements were approved on 12 March 2026.")
    assert contradicted_years("What was approved in 2026?", day_only) == []


def test_a_head_dated_only_by_its_issue_day_does_not_date_the_question() -> None:
    # A 2025 report issued on a day of 2026 reports 2025: the 2026 question is not its period.
    head = "Annual Results 2025. Approved by the Board on 12 March 2026."
    en = _sentence("Net profit for 2025 was EUR 118.6 million.")
    assert contradicted_years("What net profit is expected for 2026?", en, head) == ["2026"]
    it_head = "Relazione 2025. Approvata dal Consiglio il 26 marzo 2026."
    it = _sentence("L'utile netto del 2025 è stato di 118,6 milioni di EUR.", "it")
    assert contradicted_years("Quale utile netto è previsto per il 2026?", it, it_head) == ["2026"]
    # A head stating the year standing alone still dates the report.
    assert contradicted_years("Net profit in 2026?", en, "Annual Results 2026.") == []


def test_another_certificate_number_is_a_sibling(agent: ExtractiveAgent) -> None:
    refused = agent.answer("Since when has the Brescia plant been certified ISO 45001?")
    assert refused.refused is True
    assert "45001" in refused.answer
    answered = agent.answer("Since when has the Brescia plant been certified ISO 14001?")
    assert answered.refused is False
    assert "2012" in answered.answer


def test_numbers_in_codes_and_with_units_are_not_identifiers(agent: ExtractiveAgent) -> None:
    sentence = [_sentence("The Brescia plant has been certified ISO 14001 since 2012.")]
    stats = agent.stats
    assert unmet_identifiers("Is the plant ISO 45001 certified?", sentence, stats, "en") == [
        "45001"
    ]
    # A number the corpus never states, a code's number, a number with a unit: none counts.
    assert unmet_identifiers("Is the plant ISO 9001 certified?", sentence, stats, "en") == []
    assert unmet_identifiers("Does the PX-45001 apply?", sentence, stats, "en") == []
    assert unmet_identifiers("A claim of 45001 euros?", sentence, stats, "en") == []


def test_a_category_the_sentence_lists_siblings_of_is_refused(agent: ExtractiveAgent) -> None:
    refused = agent.answer("Quanto dura il periodo di prova per gli apprendisti?")
    assert refused.refused is True
    assert "apprendisti" in refused.answer
    answered = agent.answer("Quanto dura il periodo di prova per gli operai?")
    assert answered.refused is False
    assert "3 mesi" in answered.answer


def test_one_other_noun_in_the_slot_is_a_paraphrase(agent: ExtractiveAgent) -> None:
    # "per il dipendente" against "per il personale": one known word for another, answered.
    answered = agent.answer("Qual è l'orario di lavoro per il dipendente a tempo pieno?")
    assert answered.refused is False
    assert "40 ore" in answered.answer
    sentence = _sentence("L'orario per il personale è di 40 ore.", "it")
    assert sibling_slots("Orario per il dipendente?", "it", sentence, agent.stats) == []
    # The same construction in another language is not compared.
    assert sibling_slots("Hours for apprentices?", "en", sentence, agent.stats) == []


def test_a_who_question_needs_someone_named(agent: ExtractiveAgent) -> None:
    refused = agent.answer("Who chairs the Board of Directors?")
    assert refused.refused is True
    assert refused.contexts
    # A role is an answer too, and a named person is preferred when a sentence names one.
    role = agent.answer("Chi approva le ferie?")
    assert role.refused is False
    assert "responsabile diretto" in role.answer
    person = agent.answer("Who chairs the Sustainability Committee?")
    assert person.refused is False
    assert "Laura Bianchi" in person.answer


def test_names_someone_reads_names_roles_and_addresses() -> None:
    question = "Who chairs the Board of Directors?"
    assert not names_someone(question, "Approved by the Board of Directors on 12 March 2026.")
    assert names_someone(question, "The Board is chaired by Ing. Alessandro Ferraris.")
    assert names_someone(question, "Write to board@example.com.")
    assert names_someone("Chi approva?", "Le ferie sono approvate dal responsabile diretto.")


def test_no_one_named_applies_to_who_questions_only() -> None:
    board = [_sentence("Approved by the Board of Directors on 12 March 2026.")]
    assert no_one_named("Who chairs the Board of Directors?", board)
    assert not no_one_named("When was it approved by the Board of Directors?", board)
    assert not no_one_named(
        "Chi presiede il consiglio?",
        [_sentence("Il consiglio è presieduto dalla Prof.ssa Laura Bianchi.", "it")],
    )


def test_a_name_written_in_the_other_language_is_named(agent: ExtractiveAgent) -> None:
    # "Italy" in the question, "in Italia" in the sentence: the same place, not a sibling.
    answered = agent.answer("What is the hotel limit for one night in Italy?")
    assert answered.refused is False
    assert "140 EUR" in answered.answer


@pytest.mark.parametrize(
    ("english", "italian"),
    [
        ("crane", "gru"),
        ("women", "donne"),
        ("torque", "coppia"),
        ("committee", "comitato"),
        ("recycled", "riciclo"),
        ("net", "netto"),
        ("included", "compreso"),
        ("sustainability", "sostenibilità"),
        ("technician", "tecnico"),
    ],
)
def test_everyday_words_translate_both_ways(english: str, italian: str) -> None:
    # The glossary's everyday words reach the other language from either side.
    assert stem(italian, "it") in agent_translations(stem(english, "en"), "en")
    assert stem(english, "en") in agent_translations(stem(italian, "it"), "it")
