"""An answer is checked against its reference for the flips a source is checked for: an
order in time or a comparison turned round ("after" for "before", "less" for "more") and a
predicate swapped for its antonym ("increased" for "decreased"). Each keeps the
reference's words and numbers, so word recall alone passed it."""

from __future__ import annotations

from judges.accuracy import answer_accuracy


def test_an_order_in_time_turned_round_en_it() -> None:
    ref = "The expense form is filed after the trip, within 30 days."
    assert answer_accuracy("The expense form is filed after the trip, within 30 days.", ref).passed
    assert not answer_accuracy(
        "The expense form is filed before the trip, within 30 days.", ref
    ).passed
    ref = "Il forno A consuma più energia del forno B."
    assert answer_accuracy("Il forno B consuma meno energia del forno A.", ref).passed
    assert not answer_accuracy("Il forno A consuma meno energia del forno B.", ref).passed


def test_a_predicate_swapped_for_its_antonym_it_en() -> None:
    ref = "Nel 2024 gli abbonati sono diminuiti del 9%."
    assert answer_accuracy("Nel 2024 gli abbonati sono calati del 9%.", ref).passed
    assert not answer_accuracy("Nel 2024 gli abbonati sono aumentati del 9%.", ref).passed
    ref = "In 2024 the number of subscribers decreased by 9%."
    assert answer_accuracy("In 2024 subscribers fell by 9%.", ref).passed
    assert not answer_accuracy("In 2024 the number of subscribers increased by 9%.", ref).passed
