"""Faithfulness and accuracy: the agent of a passive is the doer, whether or not the
participants are names, and a nominalisation states its verb's event."""

from __future__ import annotations

from judges.derivation import root
from judges.lexical import answer_accuracy, faithfulness
from judges.reading import analysed
from judges.support import source_of, support
from judges.voice import passive_swap


def faithful(answer: str, context: str, question: str) -> bool:
    return faithfulness(answer, [context], question=question).value == 1.0


def test_a_passive_read_backwards_gives_the_role_to_the_other_participant() -> None:
    context = "Club news. The new volunteers were coached by the head ranger Tom Reyes in May."
    question = "Who coached the new volunteers?"
    assert faithful("Tom Reyes coached the new volunteers in May.", context, question)
    assert faithful("The new volunteers were coached by Tom Reyes.", context, question)
    assert not faithful("Tom Reyes was coached by the new volunteers in May.", context, question)
    assert not faithful("The new volunteers coached Tom Reyes in May.", context, question)


def test_an_active_claim_on_a_passive_source_keeps_the_agent_the_doer() -> None:
    context = "Cronaca. Durante la fiera il sindaco è stato premiato dalla camera di commercio."
    question = "Chi ha premiato il sindaco?"
    assert faithful("La camera di commercio ha premiato il sindaco.", context, question)
    assert not faithful("Il sindaco ha premiato la camera di commercio.", context, question)


def test_accuracy_fails_a_reference_read_backwards() -> None:
    reference = "Le domande sono valutate dalla commissione tecnica."
    question = "Chi valuta le domande?"
    assert answer_accuracy(
        "La commissione tecnica valuta le domande.", [reference], question=question
    ).passed
    assert not answer_accuracy(
        "Le domande valutano la commissione tecnica.", [reference], question=question
    ).passed


def test_a_noun_or_an_infinitive_is_not_read_as_the_verb() -> None:
    source = "All bids were reviewed by an external panel of three engineers."
    assert not passive_swap(
        "The review of the bids was done by an external panel.", source, "en", "en"
    )
    italian = "Il progetto è guidato dall'ingegnera Sara Conti."
    assert not passive_swap(
        "Il responsabile del progetto è la persona incaricata di guidare il progetto.",
        italian,
        "it",
        "it",
    )


def test_a_nominalisation_covers_its_verb() -> None:
    assert root("arrival", "en") == root("arriv", "en")
    assert root("inaugurazion", "it") == root("inaugurat", "it")
    claim = analysed("Its closure is on 4 May.", "en")
    assert support(claim, source_of(["The bridge will close on 4 May."]), 0.6, 0.5).coverage == 1.0
    italian = analysed("L'approvazione arriva il 3 giugno.", "it")
    backed = support(
        italian, source_of(["Il piano viene approvato e arriva il 3 giugno."]), 0.6, 0.5
    )
    assert backed.coverage == 1.0
