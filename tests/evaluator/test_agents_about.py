"""The reference agent reads what a sentence is about: the year its section dates it by and
the entity its value belongs to, not the document's title. Real index built in tmp from
Markdown files; only the embedding model is the real packaged one."""

from __future__ import annotations

import pytest

from evaluator.agents import ExtractiveAgent
from ragoro.text import is_refusal
from vectordb import VectorIndex, build_index

_INTRO_IT = (
    "La presente relazione descrive le attività ambientali e sociali del Gruppo Aurora, "
    "i suoi stabilimenti produttivi e le sue persone. I dati sono raccolti da ciascun sito "
    "secondo le procedure interne e verificati dalla funzione di controllo di gestione prima "
    "della pubblicazione, insieme alle note metodologiche sulle fonti e sui criteri usati. "
)
_INTRO_EN = (
    "This report describes the environmental and social activities of the Aurora Group, "
    "its production plants and its people. The figures are collected by every site under "
    "the internal procedures and checked by the management control function before they "
    "are published, together with the notes on the sources and criteria that were used. "
)
RELAZIONE = (
    "# Relazione ambientale del Gruppo Aurora\n\n"
    f"{_INTRO_IT}\n\n"
    "## Persone\n\n"
    "Al 31 dicembre 2025 il Gruppo contava 1.200 dipendenti. Le donne rappresentavano il "
    "31,5% dei dipendenti. Nel 2023 il Gruppo ha aperto una nuova sede a Padova.\n\n"
    "## Acqua\n\n"
    "Il prelievo idrico dello stabilimento di Verona nel 2025 è stato di 12.300 m³.\n"
)
REPORT = (
    "# Aurora Group environmental report\n\n"
    f"{_INTRO_EN}\n\n"
    "## People\n\n"
    "At 31 December 2025 the Group had 1,200 employees. Women made up 31.5% of the "
    "employees. In 2023 the Group opened a new office in Padova.\n\n"
    "## Water and investment\n\n"
    "Water withdrawal at the Verona plant in 2025 was 12,300 cubic metres.\n"
    "Capital expenditure in 2026 is expected to be EUR 80 million, including a new line in "
    "Verona.\n"
)
OTHER = (
    "# Manuale tecnico\n\n"
    "La pressa pesa 12.400 kg e il serbatoio dell'olio contiene 28,5 litri.\n"
    "Le guide della slitta si lubrificano ogni 50 ore di funzionamento.\n"
)


@pytest.fixture(scope="module")
def agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("about")
    docs = base / "docs"
    docs.mkdir()
    (docs / "relazione.md").write_text(RELAZIONE, encoding="utf-8")
    (docs / "report.md").write_text(REPORT, encoding="utf-8")
    (docs / "manuale.md").write_text(OTHER, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=300, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    "question",
    [
        "Quale quota dei dipendenti erano donne nel 2023?",
        "What share of the employees were women in 2023?",
    ],
)
def test_a_sentence_without_a_year_is_for_the_year_its_section_states(
    agent: ExtractiveAgent, question: str
) -> None:
    # "Le donne rappresentavano il 31,5%" states no year; the sentence before it dates the
    # section to 2025. 2023 is in the same chunk, about something else.
    result = agent.answer(question)
    assert result.refused is True
    assert "2023" in result.answer
    assert result.contexts


@pytest.mark.parametrize(
    "question",
    [
        "Quale quota dei dipendenti erano donne nel 2025?",
        "What share of the employees were women in 2025?",
    ],
)
def test_the_year_its_section_states_is_answered(agent: ExtractiveAgent, question: str) -> None:
    result = agent.answer(question)
    assert result.refused is False
    assert "31" in result.answer


@pytest.mark.parametrize(
    "question",
    [
        "Quanta acqua ha prelevato il Gruppo nel 2025?",
        "How much water did the Group withdraw in 2025?",
    ],
)
def test_a_value_one_plant_owns_is_not_the_groups(agent: ExtractiveAgent, question: str) -> None:
    # The title names the Group; the sentence gives the value to the Verona plant.
    result = agent.answer(question)
    assert result.refused is True
    assert "grupp" in result.answer.lower() or "group" in result.answer.lower()
    assert result.contexts


@pytest.mark.parametrize(
    ("question", "values"),
    [
        # Either document's sentence answers: the value in either spelling.
        ("Quanta acqua ha prelevato lo stabilimento di Verona nel 2025?", ("12.300", "12,300")),
        ("How much water did the Verona plant withdraw in 2025?", ("12.300", "12,300")),
        ("How much capital expenditure does the Group expect in 2026?", ("80 million",)),
    ],
)
def test_the_owner_the_sentence_names_is_answered(
    agent: ExtractiveAgent, question: str, values: tuple[str, ...]
) -> None:
    # A name after the value ("including a new line in Verona") does not own it.
    result = agent.answer(question)
    assert result.refused is False
    assert any(v in result.answer for v in values)


@pytest.mark.parametrize(
    ("question", "wording"),
    [
        ("Quanta acqua ha prelevato il Gruppo nel 2025?", "solo per un altro soggetto"),
        ("How much water did the Group withdraw in 2025?", "only for another entity"),
        ("Quale quota dei dipendenti erano donne nel 2023?", "solo per un altro anno"),
        ("What share of the employees were women in 2023?", "only for another year"),
    ],
)
def test_a_refusal_for_another_owner_or_year_says_so(
    agent: ExtractiveAgent, question: str, wording: str
) -> None:
    # The documents do speak of the Group and of the employees: the refusal must not claim
    # they hold no information about them, and must still read as a refusal.
    result = agent.answer(question)
    assert result.refused is True
    assert wording in result.answer
    assert "no information" not in result.answer and "non ho trovato" not in result.answer
    assert is_refusal(result.answer)


_MANUALE = (
    "# Manuale di manutenzione\n\n"
    "La cartuccia del filtro di ritorno deve essere sostituita ogni 500 ore di funzionamento.\n\n"
    "Il filtro del condizionatore del quadro elettrico deve essere pulito ogni 800 ore di "
    "funzionamento.\n"
)
_MANUAL = (
    "# Maintenance manual\n\n"
    "The return filter cartridge must be replaced every 500 operating hours.\n\n"
    "The air filter of the control cabinet must be cleaned every 800 operating hours.\n"
)


@pytest.fixture(scope="module")
def manuals(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("actions")
    docs = base / "docs"
    docs.mkdir()
    (docs / "manuale.md").write_text(_MANUALE, encoding="utf-8")
    (docs / "manual.md").write_text(_MANUAL, encoding="utf-8")
    (docs / "relazione.md").write_text(RELAZIONE, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=300, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "word"),
    [
        (
            "Ogni quante ore va sostituito il filtro del condizionatore del quadro elettrico?",
            "sostituito",
        ),
        ("How often must the air filter of the control cabinet be replaced?", "replaced"),
    ],
)
def test_a_sentence_about_another_action_is_refused(
    manuals: ExtractiveAgent, question: str, word: str
) -> None:
    # The cabinet's filter is cleaned every 800 hours; replacing is what another filter gets.
    result = manuals.answer(question)
    assert result.refused is True
    assert word in result.answer
    assert result.contexts


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Ogni quante ore va pulito il filtro del condizionatore del quadro elettrico?", "800"),
        ("How often must the air filter of the control cabinet be cleaned?", "800"),
        ("Ogni quante ore va sostituita la cartuccia del filtro di ritorno?", "500"),
        ("How often must the return filter cartridge be replaced?", "500"),
    ],
)
def test_the_asked_action_is_answered(manuals: ExtractiveAgent, question: str, value: str) -> None:
    result = manuals.answer(question)
    assert result.refused is False
    assert value in result.answer


_RICAVI = (
    "# Risultati del Gruppo Aurora\n\n"
    "Nel 2025 i ricavi del Resto d'Europa sono stati di 639,1 milioni di euro.\n\n"
    "La pressa pesa 12.400 kg.\n"
)
_REVENUE = (
    "# Aurora Group results\n\n"
    "In 2025 revenue in the Rest of Europe was EUR 639.1 million.\n\n"
    "The press weighs 12,400 kg.\n"
)


@pytest.fixture(scope="module")
def regions(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("regions")
    docs = base / "docs"
    docs.mkdir()
    (docs / "ricavi.md").write_text(_RICAVI, encoding="utf-8")
    (docs / "revenue.md").write_text(_REVENUE, encoding="utf-8")
    (docs / "manuale.md").write_text(_MANUALE, encoding="utf-8")
    (docs / "manual.md").write_text(_MANUAL, encoding="utf-8")
    (docs / "relazione.md").write_text(RELAZIONE, encoding="utf-8")
    (docs / "report.md").write_text(REPORT, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=300, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "name"),
    [
        ("Quali sono stati i ricavi in Germania nel 2025?", "germania"),
        ("What was the revenue in Germany in 2025?", "germany"),
    ],
)
def test_a_value_of_a_region_is_not_a_country_the_corpus_never_names(
    regions: ExtractiveAgent, question: str, name: str
) -> None:
    # The sentence gives its value to the Rest of Europe; Germany is named nowhere.
    result = regions.answer(question)
    assert result.refused is True
    assert name in result.answer.lower()
    assert result.contexts


@pytest.mark.parametrize(
    "question",
    [
        "Quali sono stati i ricavi del Resto d'Europa nel 2025?",
        "What was the revenue in the Rest of Europe in 2025?",
    ],
)
def test_the_region_the_sentence_names_is_answered(regions: ExtractiveAgent, question: str) -> None:
    result = regions.answer(question)
    assert result.refused is False
    assert "639" in result.answer


_MONTHLY_REPORT = (
    "# Aurora Group people report\n\n"
    f"{_INTRO_EN}\n\n"
    "## People\n\n"
    "The workforce at 31 December 2025 was 1,200 employees, all on permanent contracts.\n"
)
_RELAZIONE_MENSILE = (
    "# Relazione del personale del Gruppo Aurora\n\n"
    f"{_INTRO_IT}\n\n"
    "## Persone\n\n"
    "L'organico al 31 Dicembre 2025 era di 1.200 dipendenti, tutti a tempo indeterminato.\n"
)


@pytest.fixture(scope="module")
def dated(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("dated")
    docs = base / "docs"
    docs.mkdir()
    (docs / "report.md").write_text(_MONTHLY_REPORT, encoding="utf-8")
    (docs / "relazione.md").write_text(_RELAZIONE_MENSILE, encoding="utf-8")
    (docs / "manuale.md").write_text(OTHER, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=300, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    "question",
    [
        "Quanti dipendenti aveva il Gruppo alla fine del 2025?",
        "How many employees did the Group have at the end of 2025?",
    ],
)
def test_a_month_before_the_value_owns_no_value(dated: ExtractiveAgent, question: str) -> None:
    # "31 December 2025" dates the headcount; "December" is no entity the value belongs to.
    result = dated.answer(question)
    assert result.refused is False
    assert "1,200" in result.answer or "1.200" in result.answer


_EMISSIONI = (
    "# Relazione sulle emissioni del Gruppo Aurora\n\n"
    f"{_INTRO_IT}\n\n"
    "## Emissioni\n\n"
    "Nel 2025 le emissioni dirette (Scope 1) sono state pari a 4.321 tonnellate di CO2.\n\n"
    "## Investimenti\n\n"
    "Come riportato nella Tabella 3, gli investimenti ambientali nel 2025 sono stati pari a "
    "12 milioni di euro.\n"
)
_EMISSIONS = (
    "# Aurora Group emissions report\n\n"
    f"{_INTRO_EN}\n\n"
    "## Emissions\n\n"
    "In 2025 the direct emissions (Scope 1) were 4,321 tonnes of CO2.\n\n"
    "## Investment\n\n"
    "As reported in Table 3, the environmental investments in 2025 were EUR 12 million.\n"
)


@pytest.fixture(scope="module")
def labelled(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("labelled")
    docs = base / "docs"
    docs.mkdir()
    (docs / "emissioni.md").write_text(_EMISSIONI, encoding="utf-8")
    (docs / "emissions.md").write_text(_EMISSIONS, encoding="utf-8")
    (docs / "manuale.md").write_text(OTHER, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=300, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "values"),
    [
        ("Quali sono state le emissioni dirette del Gruppo nel 2025?", ("4.321", "4,321")),
        ("What were the Group's direct emissions in 2025?", ("4.321", "4,321")),
        ("Quanto ha investito il Gruppo in investimenti ambientali nel 2025?", ("12 milioni",)),
        ("What were the Group's environmental investments in 2025?", ("12 million",)),
    ],
)
def test_a_label_before_the_value_owns_no_value(
    labelled: ExtractiveAgent, question: str, values: tuple[str, ...]
) -> None:
    # "(Scope 1)" and "Table 3" label the value; neither is whose value it is.
    result = labelled.answer(question)
    assert result.refused is False, result.answer
    assert any(v in result.answer for v in values)


_ACCOGLIENZA = (
    "# Guida all'accoglienza\n\n"
    "Il kit di benvenuto viene consegnato il primo giorno e contiene un badge, un portatile "
    "e un manuale di sicurezza.\n\n"
    "Le scarpe antinfortunistiche vengono fornite con la dotazione personale e devono essere "
    "sostituite ogni 12 mesi.\n"
)
_ONBOARDING = (
    "# Onboarding guide\n\n"
    "The welcome kit is delivered on the first day and contains a badge, a laptop and a "
    "safety manual.\n\n"
    "The safety shoes are included in the personal allowance and must be replaced every 12 "
    "months.\n"
)


@pytest.fixture(scope="module")
def onboarding(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("onboarding")
    docs = base / "docs"
    docs.mkdir()
    (docs / "accoglienza.md").write_text(_ACCOGLIENZA, encoding="utf-8")
    (docs / "onboarding.md").write_text(_ONBOARDING, encoding="utf-8")
    (docs / "manuale.md").write_text(_MANUALE, encoding="utf-8")
    (docs / "manual.md").write_text(_MANUAL, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=300, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    "question",
    [
        "Cosa viene fornito nel kit di benvenuto?",
        "What is included in the welcome kit?",
    ],
)
def test_a_question_about_a_state_names_no_sibling_action(
    onboarding: ExtractiveAgent, question: str
) -> None:
    # "is included" asks what the kit holds; "is delivered" in the answer is no other action.
    result = onboarding.answer(question)
    assert result.refused is False, result.answer
    assert "badge" in result.answer


INCLUSION_DOCS = {
    "consumi.md": (
        "# Consumi\n\n"
        "Nel 2025 il consumo complessivo dello stabilimento, comprensivo di elettricità, "
        "gas e gasolio, è stato di 900 MWh.\n"
    ),
    "spending.md": (
        "# Spending\n\n"
        "In 2025 total travel spending, including flights, meals and hotels, was EUR 2.4 "
        "million.\n"
    ),
}


@pytest.fixture(scope="module")
def inclusion_agent(tmp_path_factory: pytest.TempPathFactory) -> ExtractiveAgent:
    base = tmp_path_factory.mktemp("inclusion")
    docs = base / "docs"
    docs.mkdir()
    for name, text in INCLUSION_DOCS.items():
        (docs / name).write_text(text, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=220, chunk_overlap=40)
    return ExtractiveAgent(VectorIndex.open(base / "index"), k=3)


@pytest.mark.parametrize(
    ("question", "part"),
    [
        ("Quanto gas ha consumato lo stabilimento nel 2025?", "gas"),
        ("How much was spent on meals in 2025?", "meals"),
    ],
)
def test_a_part_the_value_includes_does_not_own_it(
    inclusion_agent: ExtractiveAgent, question: str, part: str
) -> None:
    result = inclusion_agent.answer(question)
    assert result.refused is True
    assert part in result.answer


@pytest.mark.parametrize(
    ("question", "value"),
    [
        ("Quanto è stato il consumo complessivo dello stabilimento nel 2025?", "900 MWh"),
        ("How much was total travel spending in 2025?", "EUR 2.4"),
    ],
)
def test_the_whole_that_includes_the_parts_is_answered(
    inclusion_agent: ExtractiveAgent, question: str, value: str
) -> None:
    result = inclusion_agent.answer(question)
    assert result.refused is False
    assert result.answer.startswith(value)
