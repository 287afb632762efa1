"""Faithfulness: a comparison, an order in time and a direction of change have a
direction; the claim must state it the way its source does, or its converse."""

from __future__ import annotations

from judges.lexical import faithfulness
from judges.ordering import order_flip


def faithful(answer: str, context: str, question: str) -> bool:
    return faithfulness(answer, [context], question=question).value == 1.0


def test_a_reversed_comparison_fails_and_its_converse_holds() -> None:
    context = "Camping gear. The red tent weighs 3 kg, more than the blue tent at 2 kg."
    question = "Which tent is heavier?"
    assert faithful("The red tent is heavier than the blue tent.", context, question)
    assert faithful("The blue tent is lighter than the red tent.", context, question)
    assert not faithful("The blue tent is heavier than the red tent.", context, question)
    italian = "Impianti. La caldaia nuova consuma meno gas della caldaia vecchia."
    domanda = "Quale caldaia consuma meno gas?"
    assert faithful("La caldaia vecchia consuma più gas della caldaia nuova.", italian, domanda)
    assert not faithful(
        "La caldaia vecchia consuma meno gas della caldaia nuova.", italian, domanda
    )


def test_the_low_pole_of_an_adjective_reverses_piu() -> None:
    source = "Il sentiero alto è più lungo del sentiero basso."
    assert order_flip("Il sentiero alto è più corto del sentiero basso.", source, "it", "it")
    assert not order_flip("Il sentiero basso è più corto del sentiero alto.", source, "it", "it")


def test_before_and_after_are_opposite_orders() -> None:
    context = "Regole. Il casco va indossato prima di salire sulla bicicletta."
    question = "Quando va indossato il casco?"
    assert faithful("Prima di salire sulla bicicletta, va indossato il casco.", context, question)
    assert not faithful(
        "Il casco va indossato dopo essere salito sulla bicicletta.", context, question
    )
    english = "Hiring steps. Candidates submit the skills test after the interview."
    asked = "When do candidates submit the skills test?"
    assert faithful("After the interview.", english, asked)
    # A fragment with no number or name still states when, read with its question.
    assert not faithful("Before the interview.", english, asked)


def test_an_ordinal_prima_orders_nothing() -> None:
    source = "La prima rata si paga a marzo, la seconda dopo l'estate."
    assert not order_flip("La prima rata si paga a marzo.", source, "it", "it")


def test_a_rise_stated_where_the_source_says_a_fall_fails() -> None:
    context = "Annual report. Exports fell by 3% last year, after two years of growth."
    question = "How did exports change last year?"
    assert faithful("Exports fell by 3% last year.", context, question)
    assert not faithful("Exports increased by 3% last year.", context, question)
    italian = "Bilancio. Nel 2023 le vendite sono calate del 5% rispetto al 2022."
    domanda = "Come sono andate le vendite nel 2023?"
    assert faithful("Nel 2023 le vendite sono calate del 5%.", italian, domanda)
    assert not faithful("Nel 2023 le vendite sono cresciute del 5%.", italian, domanda)
