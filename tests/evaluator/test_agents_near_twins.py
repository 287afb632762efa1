"""Near-misses and their answerable twins: the question's constraint (a kind of unit, a year,
an identifier of a series, a member of a closed set) must be met by the sentence that
answers, not merely be near it; the twin that meets it is still answered."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from evaluator.agents.about import someone_elses
from evaluator.agents.contrasts import (
    sibling_holders,
    sibling_identifiers,
    sibling_members,
)
from evaluator.agents.focus import contradicted_years
from evaluator.agents.quantities import asks_span, spans
from evaluator.agents.support import Sentence
from ragoro.text import Lang, content_tokens
from ragoro.text.numbers import extract_quantities
from tests.evaluator.test_agents_corpus import build_agents_index
from vectordb import VectorIndex, build_index


@pytest.mark.parametrize(
    ("question", "text", "lang"),
    [
        (
            "Quanti giorni di malattia sono pagati per intero?",
            "Il dipendente avvisa entro le ore 9:00 del primo giorno di assenza.",
            "it",
        ),
        (
            "How many days of sick leave are paid in full?",
            "Tell your manager by 9:00 on the first day of absence.",
            "en",
        ),
    ],
)
def test_a_count_of_days_is_not_answered_by_a_time_of_day(
    question: str, text: str, lang: Lang
) -> None:
    assert asks_span(question)
    clock = extract_quantities(text, lang)[0]
    assert not spans(text, clock)


@pytest.mark.parametrize(
    ("question", "text", "lang"),
    [
        (
            "Quanti giorni di ferie spettano?",
            "Ogni dipendente ha diritto a 26 giorni di ferie.",
            "it",
        ),
        ("How many hours of training do I get?", "Every employee gets 24 hours of training.", "en"),
    ],
)
def test_a_count_of_days_is_answered_by_a_number_of_days(
    question: str, text: str, lang: Lang
) -> None:
    assert asks_span(question)
    assert spans(text, extract_quantities(text, lang)[0])


def test_a_count_of_things_is_no_span() -> None:
    assert not asks_span("Quanti dipendenti aveva il Gruppo?")
    assert not asks_span("How many employees did the Group have?")


REPORT_EN = (
    "# Aurora Group annual results 2025\n\n"
    "Summary of the consolidated results of the fiscal year. All figures are invented for "
    "demonstration purposes, and the company is fictional. The statements cover the parent "
    "company and every subsidiary, and amounts are in EUR million unless otherwise stated. "
    "Each section reports one area of the business and compares it with the year before, "
    "with the same scope and accounting principles, so that both years read side by side.\n\n"
    "## Highlights\n\n"
    "Net profit for 2025 was EUR 118.6 million, up 19.6% from EUR 99.2 million in 2024. The "
    "net profit margin was 7.0% of revenue.\n\n"
    "EBITDA for 2025 was EUR 255.4 million, up 10.6% from EUR 230.9 million in 2024.\n\n"
    "Order intake in 2024 was EUR 1,652.0 million. The Group had 6,615 employees at the end "
    "of 2024. Capital expenditure in 2024 was EUR 64.5 million.\n"
)
REPORT_IT = (
    "# Relazione annuale del Gruppo Aurora 2025\n\n"
    "Sintesi dei risultati consolidati dell'esercizio. Tutti i dati sono inventati a scopo "
    "dimostrativo e la società è fittizia. Il bilancio comprende la capogruppo e tutte le "
    "controllate, e gli importi sono in milioni di euro salvo diversa indicazione. Ogni "
    "sezione riporta un'area dell'attività e la confronta con l'anno precedente, con lo "
    "stesso perimetro e gli stessi principi contabili, per leggere i due anni affiancati.\n\n"
    "## Risultati\n\n"
    "L'utile netto del 2025 è stato di 118,6 milioni di euro, in crescita del 19,6% rispetto "
    "ai 99,2 milioni del 2024. Il margine netto sui ricavi è stato pari al 7,0%.\n\n"
    "Il margine operativo lordo del 2025 è stato di 255,4 milioni di euro, in crescita del "
    "10,6% rispetto ai 230,9 milioni del 2024.\n\n"
    "Gli ordini acquisiti nel 2024 sono stati pari a 1.652,0 milioni di euro. Alla fine del "
    "2024 il Gruppo contava 6.615 dipendenti. Gli investimenti del 2024 sono stati di 64,5 "
    "milioni di euro.\n"
)
HANDBOOK_IT = (
    "# Manuale del dipendente\n\n"
    "## Ferie\n\n"
    "Ogni dipendente a tempo pieno ha diritto a 26 giorni lavorativi di ferie per anno solare. "
    "Nel 2026 la chiusura collettiva estiva degli stabilimenti è fissata dal 10 al 21 agosto "
    "2026. I giorni di chiusura collettiva sono conteggiati come ferie.\n"
)

WASTE_EN = (
    "# Waste report\n\n"
    "In 2025 the Group produced 9,870 tonnes of waste, of which 87% was recovered or "
    "recycled. Hazardous waste amounted to 640 tonnes, mostly spent oils and sludges.\n"
)
WASTE_IT = (
    "# Rapporto rifiuti\n\n"
    "Nel 2025 il Gruppo ha prodotto 9.870 tonnellate di rifiuti, di cui l'87% è stato avviato a "
    "recupero o riciclo. I rifiuti pericolosi sono stati pari a 640 tonnellate.\n"
)

ACCUMULATOR = (
    "# Accumulatore\n\n"
    "La pressa è dotata di un accumulatore idraulico a sacca con capacità di 10 litri. La "
    "pressione di precarica dell'azoto dell'accumulatore è di 130 bar.\n\n"
    "The press has a hydraulic accumulator with a capacity of 10 litres. The nitrogen "
    "precharge pressure of the accumulator is 130 bar.\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("twins")
    docs = base / "docs"
    docs.mkdir()
    texts = {
        "results.md": REPORT_EN,
        "relazione.md": REPORT_IT,
        "manuale.md": HANDBOOK_IT,
        "waste.md": WASTE_EN,
        "rifiuti.md": WASTE_IT,
        "accumulatore.md": ACCUMULATOR,
    }
    for name, text in texts.items():
        (docs / name).write_text(text, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=400, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    "question",
    ["What was the net profit margin in 2024?", "Qual è stato il margine netto nel 2024?"],
)
def test_a_comparisons_base_year_does_not_date_the_next_sentence(
    agent: ExtractiveAgent, question: str
) -> None:
    # "...up from 99.2 in 2024. The net profit margin was 7.0%": the margin is 2025's.
    result = agent.answer(question)
    assert result.refused is True
    assert "2024" in result.answer


@pytest.mark.parametrize(
    "question",
    ["What was the net profit margin in 2025?", "Qual è stato il margine netto nel 2025?"],
)
def test_the_year_the_section_reports_is_answered(agent: ExtractiveAgent, question: str) -> None:
    result = agent.answer(question)
    assert result.refused is False
    assert "7," in result.answer or "7." in result.answer


def _sentence(text: str, lang: Lang) -> Sentence:
    return Sentence("doc.md", 0, len(text), text, lang)


@pytest.mark.parametrize(
    ("question", "text", "lang", "years"),
    [
        (
            "By how much did EBITDA grow in 2024 compared with 2023?",
            "EBITDA for 2025 was EUR 255.4 million, up 10.6% from EUR 230.9 million in 2024.",
            "en",
            ["2023"],
        ),
        (
            "Di quanto è cresciuto il margine nel 2024 rispetto al 2023?",
            "Il margine del 2025 è stato di 255,4 milioni, in crescita del 10,6% rispetto ai "
            "230,9 milioni del 2024.",
            "it",
            ["2023"],
        ),
        (
            "By how much did EBITDA grow in 2025 compared with 2024?",
            "EBITDA for 2025 was EUR 255.4 million, up 10.6% from EUR 230.9 million in 2024.",
            "en",
            [],
        ),
        (
            "Di quanto è cresciuto il margine nel 2025 rispetto al 2024?",
            "Il margine del 2025 è stato di 255,4 milioni, in crescita del 10,6% rispetto ai "
            "230,9 milioni del 2024.",
            "it",
            [],
        ),
    ],
)
def test_every_asked_year_must_be_one_the_sentence_is_for(
    question: str, text: str, lang: Lang, years: list[str]
) -> None:
    assert contradicted_years(question, _sentence(text, lang)) == years


@pytest.mark.parametrize(
    ("question", "sentences", "siblings"),
    [
        (
            "A quale temperatura dell'olio scatta l'allarme A-203?",
            ["L'allarme A-114 indica che l'olio ha raggiunto 70 °C.", "Allarme A-203 Barriera"],
            ["A-203"],
        ),
        (
            "By when must every plant obtain ISO 50001 certification?",
            [
                "The Brescia plant has held ISO 14001 since 2012 and ISO 50001 since 2019.",
                "All plants must obtain ISO 45001 certification by 31 December 2027.",
            ],
            ["ISO 50001"],
        ),
        (
            "A quale temperatura dell'olio scatta l'allarme A-114?",
            ["L'allarme A-114 indica che l'olio ha raggiunto 70 °C."],
            [],
        ),
        (
            "By when must every plant obtain ISO 45001 certification?",
            ["All plants must obtain ISO 45001 certification by 31 December 2027."],
            [],
        ),
        # The product and its serial number are one thing; an amount is no series.
        (
            "Where is the serial number of the PX-200?",
            ["Presses from serial PX200-2021-0001 onwards."],
            [],
        ),
        ("Is a EUR 2,000 claim approved by my manager?", ["Claims up to EUR 1,500."], []),
    ],
)
def test_another_member_of_the_asked_identifiers_series_is_a_sibling(
    question: str, sentences: list[str], siblings: list[str]
) -> None:
    assert sibling_identifiers(question, sentences) == siblings


@pytest.mark.parametrize(
    ("question", "lang", "passage", "passage_lang", "siblings"),
    [
        (
            "When is the winter shutdown of the plants?",
            "en",
            "La chiusura collettiva estiva degli stabilimenti è dal 10 al 21 agosto.",
            "it",
            ["winter"],
        ),
        (
            "Quando è la chiusura invernale degli stabilimenti?",
            "it",
            "The plants close for the summer from 10 to 21 August.",
            "en",
            ["invernale"],
        ),
        (
            "Quanta energia hanno prodotto le pale eoliche dello stabilimento?",
            "it",
            "The plant's photovoltaic roof produced 1,380 MWh.",
            "en",
            ["eoliche"],
        ),
        (
            "technical support fax number",
            "en",
            "Technical support can be reached by phone at +39 030 555 0200.",
            "en",
            ["fax"],
        ),
        # The twins: the passage names the asked member.
        (
            "When is the summer shutdown of the plants?",
            "en",
            "La chiusura collettiva estiva degli stabilimenti è dal 10 al 21 agosto.",
            "it",
            [],
        ),
        (
            "Quanta energia ha prodotto il fotovoltaico dello stabilimento?",
            "it",
            "The plant's solar roof produced 1,380 MWh.",
            "en",
            [],
        ),
        ("numero di telefono dell'assistenza", "it", "Call us by phone at 030 555.", "en", []),
        # A passage naming no member of the set says nothing of a sibling.
        (
            "How much did the wind turbines produce?",
            "en",
            "The plant consumed 4,250 MWh of electricity.",
            "en",
            [],
        ),
    ],
)
def test_a_passage_naming_another_member_of_a_closed_set_speaks_of_a_sibling(
    question: str, lang: Lang, passage: str, passage_lang: Lang, siblings: list[str]
) -> None:
    tokens = content_tokens(passage, passage_lang)
    assert sibling_members(question, lang, {passage_lang: tokens}) == siblings


@pytest.mark.parametrize(
    ("question", "refused"),
    [
        ("Quando è prevista la chiusura invernale degli stabilimenti nel 2026?", True),
        ("When is the winter shutdown of the plants in 2026?", True),
        ("Quando è prevista la chiusura estiva degli stabilimenti nel 2026?", False),
        ("When is the summer shutdown of the plants in 2026?", False),
    ],
)
def test_the_agent_refuses_a_season_its_passage_does_not_speak_of(
    agent: ExtractiveAgent, question: str, refused: bool
) -> None:
    result = agent.answer(question)
    assert result.refused is refused
    assert result.contexts
    if not refused:
        assert "agosto" in result.answer


@pytest.fixture(scope="module")
def two_plants(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    # Brescia's electricity in one document, Torino's in another.
    return ExtractiveAgent(build_agents_index(tmp_path_factory.mktemp("plants")), k=3)


@pytest.mark.parametrize(
    ("question", "wording"),
    [
        (
            "Quanta energia elettrica ha consumato lo stabilimento di Verona nel 2025?",
            "solo per un altro soggetto",
        ),
        ("How much electricity did the Verona plant consume in 2025?", "only for another entity"),
    ],
)
def test_a_plant_the_question_names_is_no_choice_between_two_others(
    two_plants: ExtractiveAgent, question: str, wording: str
) -> None:
    result = two_plants.answer(question)
    assert result.asked_clarification is False
    assert result.refused is True
    assert wording in result.answer


@pytest.mark.parametrize(
    "question",
    [
        "Quanta energia elettrica ha consumato lo stabilimento nel 2025?",
        "How much electricity did the plant consume in 2025?",
    ],
)
def test_a_question_naming_no_plant_still_asks_which_one(
    two_plants: ExtractiveAgent, question: str
) -> None:
    assert two_plants.answer(question).asked_clarification is True


@pytest.mark.parametrize(
    ("question", "refused"),
    [
        ("What share of the hazardous waste was recovered or recycled in 2025?", True),
        ("Quale percentuale dei rifiuti pericolosi è stata avviata a recupero nel 2025?", True),
        ("What share of the waste was recovered or recycled in 2025?", False),
        ("Quale percentuale dei rifiuti è stata avviata a recupero nel 2025?", False),
    ],
)
def test_a_kind_the_passage_tells_apart_is_not_answered_by_the_whole(
    agent: ExtractiveAgent, question: str, refused: bool
) -> None:
    # The passage gives 87% for all waste and writes "hazardous waste" as a kind of its own.
    result = agent.answer(question)
    assert result.refused is refused
    if not refused:
        assert "87" in result.answer


_OWN_CAR = ("Il rimborso chilometrico per l'utilizzo dell'auto propria è di 0,42 EUR/km.", "it")


@pytest.mark.parametrize(
    ("question", "lang", "sentence", "siblings"),
    [
        ("Qual è il rimborso chilometrico per l'auto aziendale?", "it", _OWN_CAR, ["aziendale"]),
        ("Is there a company car for managers?", "en", _OWN_CAR, ["company"]),
        (
            "Can I use my personal phone on the line?",
            "en",
            ("Company phones only.", "en"),
            ["personal"],
        ),
        # The twins: the same holder, or none asked.
        ("Qual è il rimborso chilometrico per l'auto propria?", "it", _OWN_CAR, []),
        ("What is the mileage refund for my own car?", "en", _OWN_CAR, []),
        ("Quanto mi rimborsano al chilometro se uso la mia auto?", "it", _OWN_CAR, []),
        # A holder of another noun says nothing of the asked one.
        (
            "Chi approva l'uso della VPN aziendale?",
            "it",
            ("Lo approva il proprio responsabile diretto.", "it"),
            [],
        ),
    ],
)
def test_a_sentence_on_another_holders_thing_speaks_of_a_sibling(
    question: str, lang: Lang, sentence: tuple[str, Lang], siblings: list[str]
) -> None:
    assert sibling_holders(question, lang, [sentence]) == siblings


_DIRECTOR = "Il direttore dello stabilimento di Torino è l'Ing. Federica Sala."


@pytest.mark.parametrize(
    ("question", "lang", "siblings"),
    [
        ("Who is the plant manager in Suzhou?", "en", ["suzhou"]),
        ("Chi è il direttore dello stabilimento di Suzhou?", "it", ["suzhou"]),
        # The twins: the sentence's person is the asked plant's.
        ("Who runs the Turin plant?", "en", []),
        ("Chi è il direttore dello stabilimento di Torino?", "it", []),
        # Not a "who" question: the owner checks of values read it.
        ("Where is the Suzhou plant?", "en", []),
    ],
)
def test_a_person_the_sentence_gives_another_plant_is_a_siblings(
    agent: ExtractiveAgent, question: str, lang: Lang, siblings: list[str]
) -> None:
    sentence = Sentence("relazione.md", 0, len(_DIRECTOR), _DIRECTOR, "it")
    assert someone_elses(question, lang, [sentence], agent.stats) == siblings


@pytest.mark.parametrize(
    "question",
    [
        "Qual è la pressione di precarica dell'accumulatore idraulico?",
        "What is the nitrogen precharge pressure of the hydraulic accumulator?",
    ],
)
def test_a_kind_introduced_before_the_answer_is_the_same_thing_said_short(
    agent: ExtractiveAgent, question: str
) -> None:
    # "un accumulatore idraulico ... La pressione ... dell'accumulatore": one accumulator.
    result = agent.answer(question)
    assert result.refused is False
    assert "130" in result.answer


@pytest.mark.parametrize(
    ("question", "lang", "passage", "passage_lang", "siblings"),
    [
        # "Estate" is a summer only in Italian: the English "real estate" names no season.
        ("Who manages the real estate of the company?", "en", "The office closes in winter.",
         "en", []),
        ("Chi gestisce la chiusura d'estate dell'azienda?", "it", "The office closes in winter.",
         "en", ["estate"]),
        ("Chi gestisce la chiusura d'estate dell'azienda?", "it", "L'ufficio chiude d'inverno.",
         "it", ["estate"]),
        # So is the passage's: an English passage on the real estate office names no summer,
        # an Italian one on the summer shutdown does.
        ("Quando è la chiusura invernale?", "it", "The real estate office is closed on Fridays.",
         "en", []),
        ("When is the winter shutdown?", "en", "La chiusura estiva è ad agosto.", "it",
         ["winter"]),
    ],
)  # fmt: skip
def test_a_member_is_read_in_the_questions_own_language(
    question: str, lang: Lang, passage: str, passage_lang: Lang, siblings: list[str]
) -> None:
    tokens = content_tokens(passage, passage_lang)
    assert sibling_members(question, lang, {passage_lang: tokens}) == siblings


@pytest.mark.parametrize(
    ("question", "lang", "sentence", "siblings"),
    [
        # The holder as the question writes it, not a word hidden inside another one
        # ("own" in "known").
        ("Is a well known personal phone allowed?", "en", ("Company phones only.", "en"),
         ["personal"]),
        ("È noto se il telefono personale è ammesso?", "it",
         ("Sono ammessi solo i telefoni aziendali.", "it"), ["personale"]),
    ],
)  # fmt: skip
def test_a_holder_is_named_as_the_question_writes_it(
    question: str, lang: Lang, sentence: tuple[str, Lang], siblings: list[str]
) -> None:
    assert sibling_holders(question, lang, [sentence]) == siblings
