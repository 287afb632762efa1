"""Accuracy and relevancy on alternative questions ("A or B?"): the reply picks one of
the alternatives, in the question's own words; partitive and elided wh-words."""

from __future__ import annotations

from judges.lexical import answer_accuracy, answer_relevancy
from judges.question_type import answer_kind


def correct(answer: str, reference: str, question: str) -> bool:
    return bool(answer_accuracy(answer, [reference], question=question).passed)


def relevant(answer: str, question: str) -> bool:
    return bool(answer_relevancy(question, answer).passed)


def test_the_answer_must_pick_the_reference_alternative() -> None:
    question = "Which bag is bigger, the red bag or the green bag?"
    assert correct("The green bag.", "The green bag.", question)
    assert not correct("The red bag.", "The green bag.", question)
    # Naming both in a comparison picks the one on the question's side.
    assert correct("The red bag is smaller than the green one.", "The green bag.", question)
    assert not correct("The red bag is bigger than the green one.", "The green bag.", question)
    domanda = "Quale lago è più profondo, il lago Scuro o il lago Chiaro?"
    assert correct("Il lago Chiaro.", "Il lago Chiaro.", domanda)
    assert not correct("Il lago Scuro.", "Il lago Chiaro.", domanda)


def test_picking_an_alternative_is_relevant_and_repeating_them_is_not() -> None:
    question = "Which bag is bigger, the red bag or the green bag?"
    assert relevant("The green one: the red bag is smaller.", question)
    assert not relevant("The red bag or the green bag.", question)
    domanda = "Quale lago è più profondo, il lago Scuro o il lago Chiaro?"
    assert relevant("Il lago Chiaro.", domanda)
    assert not relevant("Il lago Scuro o il lago Chiaro.", domanda)


def test_a_partitive_question_asks_which_member_not_a_measure() -> None:
    assert answer_kind("Quale dei due motori consuma più carburante?") == "description"
    assert answer_kind("Which of the two engines uses more fuel?") == "description"
    assert answer_kind("Quanto carburante consuma il motore?") == "quantity"


def test_an_elided_come_is_a_wh_word() -> None:
    assert answer_kind("Com'è cambiata la produzione nel 2024?") == "description"
    assert answer_kind("È cambiata la produzione nel 2024?") == "yes_no"
