"""Lexical judge: answer accuracy against a reference and answer relevancy to a question."""

import pytest

from judges.lexical import answer_accuracy, answer_relevancy

# --- accuracy ---------------------------------------------------------------------


@pytest.mark.parametrize(
    ("answer", "reference"),
    [
        ("Il serbatoio contiene 28,5 litri.", "Il serbatoio ha una capacità di 28,5 litri."),
        (
            "L'olio va sostituito ogni 500 ore di funzionamento.",
            "La sostituzione dell'olio è richiesta ogni 500 ore.",
        ),
        ("The tank holds 28.5 litres.", "The tank has a capacity of 28.5 litres."),
        ("Helmets are required on site: wear one.", "A helmet is required on site."),
    ],
)
def test_paraphrase_is_accurate(answer: str, reference: str) -> None:
    score = answer_accuracy(answer, reference)
    assert score.passed, score.reason


@pytest.mark.parametrize(
    ("answer", "reference"),
    [
        (
            "I ricavi 2025 sono 1,7025 miliardi di euro.",
            "I ricavi 2025 sono 1.702,5 milioni di euro.",
        ),
        ("Revenue 2025: EUR 1,702.5 million.", "Revenue in 2025 was 1702.5 million euro."),
        ("Il peso a vuoto è 28,5 t.", "Il peso a vuoto è di 28.500 kg."),
        ("The empty weight is 28.5 t.", "The empty weight is 28,500 kg."),
    ],
)
def test_same_number_in_another_format_is_accurate(answer: str, reference: str) -> None:
    score = answer_accuracy(answer, reference)
    assert score.passed, score.reason


@pytest.mark.parametrize(
    ("answer", "reference", "reason"),
    [
        (
            "Il serbatoio ha una capacità di 25,8 litri.",
            "Il serbatoio ha una capacità di 28,5 litri.",
            "number 28,5 litri not in answer",
        ),
        (
            "The tank has a capacity of 25.8 litres.",
            "The tank has a capacity of 28.5 litres.",
            "number 28.5 litres not in answer",
        ),
        (
            "I ricavi 2025 sono 1.800 milioni di euro.",
            "I ricavi 2025 sono 1.702,5 milioni di euro.",
            "not in answer",
        ),
    ],
)
def test_flipped_number_is_inaccurate(answer: str, reference: str, reason: str) -> None:
    score = answer_accuracy(answer, reference)
    assert score.value == 0.0 and score.passed is False
    assert reason in score.reason


@pytest.mark.parametrize(
    ("answer", "reference"),
    [
        ("Il serbatoio ha una capacità di 28,5 kg.", "Il serbatoio ha una capacità di 28,5 litri."),
        ("The tank has a capacity of 28.5 kg.", "The tank has a capacity of 28.5 litres."),
    ],
)
def test_changed_unit_is_inaccurate(answer: str, reference: str) -> None:
    score = answer_accuracy(answer, reference)
    assert score.passed is False
    assert "unit changed: l vs kg" in score.reason


@pytest.mark.parametrize(
    ("answer", "reference"),
    [
        ("Il casco non è obbligatorio in cantiere.", "Il casco è obbligatorio in cantiere."),
        ("Il casco è obbligatorio in cantiere.", "Il casco non è obbligatorio in cantiere."),
        ("A helmet is not required on site.", "A helmet is required on site."),
        ("A helmet is required on site.", "A helmet is not required on site."),
    ],
)
def test_negation_flip_is_inaccurate(answer: str, reference: str) -> None:
    score = answer_accuracy(answer, reference)
    assert score.value == 0.0
    assert "negation flipped" in score.reason


@pytest.mark.parametrize(
    ("answer", "reference", "entity"),
    [
        (
            "Lo stabilimento di Torino produce 1.702 unità al giorno.",
            "Lo stabilimento di Brescia produce 1.702 unità al giorno.",
            "brescia",
        ),
        (
            "The Turin plant produces 1,702 units per day.",
            "The Brescia plant produces 1,702 units per day.",
            "brescia",
        ),
    ],
)
def test_swapped_entity_is_inaccurate(answer: str, reference: str, entity: str) -> None:
    score = answer_accuracy(answer, reference)
    assert score.passed is False
    assert f"entity {entity} not in answer" in score.reason


@pytest.mark.parametrize("answer", ["Non lo so.", "I don't know.", ""])
def test_refusal_or_empty_answer_to_an_answerable_question_scores_zero(answer: str) -> None:
    score = answer_accuracy(answer, "Il serbatoio ha una capacità di 28,5 litri.")
    assert score.value == 0.0 and score.passed is False
    assert score.reason


def test_refusal_reference_rewards_refusing_and_penalises_fabrication() -> None:
    reference = "Non è presente nei documenti."
    assert answer_accuracy("I don't know.", reference).value == 1.0
    fabricated = answer_accuracy("Il serbatoio contiene 40 litri.", reference)
    assert fabricated.value == 0.0 and "declines" in fabricated.reason


def test_missing_reference_is_unscored() -> None:
    score = answer_accuracy("Il serbatoio contiene 28,5 litri.", "  ")
    assert score.value is None and score.passed is None and score.reason


def test_short_answer_is_accurate_when_the_question_carries_the_subject() -> None:
    reference = "A 20 °C lo stabilimento di Brescia lavora a 2,5 bar."
    question = "A quale pressione lavora lo stabilimento di Brescia a 20 °C?"
    assert not answer_accuracy("2,5 bar", reference).passed
    score = answer_accuracy("2,5 bar", reference, question=question)
    assert score.passed, score.reason


def test_unrelated_answer_has_low_recall() -> None:
    score = answer_accuracy(
        "La pompa va lubrificata con grasso.", "Il filtro dell'aria va pulito settimanalmente."
    )
    assert score.passed is False
    assert "recall" in score.reason


# --- relevancy --------------------------------------------------------------------


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Qual è la capacità del serbatoio?", "La capacità del serbatoio è un aspetto importante."),
        ("Qual è la capacità del serbatoio?", "Il serbatoio ha una capacità."),
        ("What is the tank capacity?", "The tank capacity is an important aspect to consider."),
        ("Quali sono i requisiti di sicurezza?", "I requisiti di sicurezza sono molto importanti."),
        ("How many units does the Brescia plant produce?", "The Brescia plant produces units."),
    ],
)
def test_evasive_answer_reusing_the_question_words_is_not_relevant(
    question: str, answer: str
) -> None:
    score = answer_relevancy(question, answer)
    assert score.passed is False, score.reason
    assert score.value is not None and score.value < 0.5


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Qual è la capacità del serbatoio?", "Il serbatoio contiene 28,5 litri."),
        ("Qual è la capacità del serbatoio?", "28,5 l"),
        ("What is the tank capacity?", "It holds 28.5 litres."),
        ("Il casco è obbligatorio in cantiere?", "Sì."),
        ("Is a helmet required on site?", "No, only gloves are."),
        ("Chi è il responsabile della sicurezza?", "Mario Rossi, direttore tecnico."),
        (
            "Come si sostituisce il filtro dell'olio?",
            "Svitare il filtro usurato e montarne uno nuovo.",
        ),
    ],
)
def test_direct_answer_is_relevant(question: str, answer: str) -> None:
    score = answer_relevancy(question, answer)
    assert score.passed, score.reason


def test_wrong_kind_of_quantity_is_not_relevant() -> None:
    score = answer_relevancy("Qual è la capacità del serbatoio?", "Il motore eroga 150 kW.")
    assert score.passed is False
    assert "wrong kind of quantity" in score.reason


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How many days of sick leave are paid in full?", "3,180 MWh, 9.4% less than in 2024."),
        (
            "Quanti giorni di permesso spettano per un lutto?",
            "3.180 MWh, il 9,4% in meno del 2024.",
        ),
        ("At what pressure is the valve set?", "42 kg, up from 39 kg in 2024."),
    ],
)
def test_a_year_the_answer_dates_by_is_no_amount_of_the_asked_unit(
    question: str, answer: str
) -> None:
    # "less than in 2024" dates the figure; the year is not a bare number of days.
    score = answer_relevancy(question, answer)
    assert score.passed is False
    assert "wrong kind of quantity" in score.reason


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How many days of annual leave are there?", "26 days, as in 2024."),
        ("Quanti giorni di ferie spettano?", "26 giorni, come nel 2024."),
        ("How long has the plant been certified?", "Since 2021."),
    ],
)
def test_an_amount_beside_a_year_still_answers(question: str, answer: str) -> None:
    score = answer_relevancy(question, answer)
    assert score.passed, score.reason


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("Qual è la capacità del serbatoio?", "Non lo so."),
        ("What is the tank capacity?", "I don't know."),
    ],
)
def test_refusal_is_not_relevant(question: str, answer: str) -> None:
    score = answer_relevancy(question, answer)
    assert score.value == 0.0 and "refusal" in score.reason


def test_long_off_topic_answer_is_not_relevant() -> None:
    score = answer_relevancy(
        "Come si sostituisce il filtro dell'olio?",
        "Lo stabilimento di Brescia ha ottenuto la certificazione ambientale nel 2019 grazie "
        "a nuovi impianti fotovoltaici, pannelli isolanti e un sistema di recupero termico.",
    )
    assert score.passed is False


def test_clarification_request_counts_as_engaging_the_question() -> None:
    score = answer_relevancy(
        "Quanto produce lo stabilimento?", "Intendi lo stabilimento di Brescia o quello di Torino?"
    )
    assert score.passed is True
    assert "clarification" in score.reason


def test_relevancy_is_pass_or_fail_with_no_partial_credit() -> None:
    given = answer_relevancy("Qual è la capacità del serbatoio?", "28,5 l")
    evasive = answer_relevancy(
        "Qual è la capacità del serbatoio?", "La capacità del serbatoio è un aspetto importante."
    )
    assert (given.value, given.passed) == (1.0, True)
    assert (evasive.value, evasive.passed) == (0.0, False)


@pytest.mark.parametrize(
    ("question", "reference", "answer", "ok"),
    [
        ("Il casco è obbligatorio?", "Sì, il casco è obbligatorio in cantiere.", "No.", False),
        ("Il casco è obbligatorio?", "Sì, il casco è obbligatorio in cantiere.", "Sì.", True),
        ("Il casco è obbligatorio?", "Il casco è obbligatorio in cantiere.", "No.", False),
        ("Is a helmet required?", "No, a helmet is not required.", "Yes.", False),
        ("Is a helmet required?", "No, a helmet is not required.", "No.", True),
        ("Is a helmet required?", "A helmet is not required.", "No, it is not.", True),
    ],
)
def test_bare_yes_no_answer_must_match_the_reference_polarity(
    question: str, reference: str, answer: str, ok: bool
) -> None:
    score = answer_accuracy(answer, reference, question=question)
    assert score.passed is ok, score.reason


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How big is the coolant tank, in litres?", "26 working days."),
        ("Di quanti litri è il serbatoio, espresso in litri?", "Circa 40 kg."),
        ("Di quante persone è cresciuto l'organico nel 2025?", "Sotto i 78 dB(A)."),
        ("How many employees joined the team last year?", "12 kg of spare parts."),
        ("Who manages the northern warehouse?", "0.42 EUR per km."),
    ],
)
def test_a_quantity_of_another_measure_does_not_answer(question: str, answer: str) -> None:
    score = answer_relevancy(question, answer, subject=["Unrelated passage text."])
    assert not score.passed, score.reason


@pytest.mark.parametrize(
    ("question", "answer"),
    [
        ("How big is the coolant tank, in litres?", "28.5 litres."),
        ("Di quante persone è cresciuto l'organico nel 2025?", "Di 34 persone."),
        ("How many employees joined the team last year?", "About 120."),
    ],
)
def test_a_quantity_of_the_asked_measure_answers(question: str, answer: str) -> None:
    score = answer_relevancy(question, answer)
    assert score.passed, score.reason
