"""A question asking who holds a post wants a person: an e-mail address or an office's own
name is refused, a named person answered. Italian and English."""

from __future__ import annotations

from pathlib import Path

from evaluator.agents.positions import asks_holder, no_holder_named
from evaluator.agents.support import Sentence
from tests.evaluator.one_document import agent_over

RESULTS = (
    "# Corporate information\n\n"
    "The Head of Customer Service is Ing. Marco Rinaldi.\n\n"
    "Investor relations enquiries should be sent to investor.relations@example.com.\n"
)
HANDBOOK = (
    "# Contatti\n\n"
    "Il referente dell'ufficio acquisti è la Dott.ssa Anna Verdi.\n\n"
    "L'help desk IT è un servizio interno raggiungibile all'indirizzo helpdesk@example.com.\n"
)


def _sentence(text: str, lang: str) -> Sentence:
    return Sentence("doc.md", 0, len(text), text, "it" if lang == "it" else "en")


def test_a_post_is_asked_by_its_verb_or_noun() -> None:
    assert asks_holder("Who heads investor relations?")
    assert asks_holder("Who is the director of the Brescia plant?")
    assert asks_holder("Chi è il responsabile dell'help desk IT?")
    assert asks_holder("Chi dirige lo stabilimento di Torino?")
    # An act is answered by a role; the data controller may be a company.
    assert not asks_holder("Who approves expense claims?")
    assert not asks_holder("Chi approva le ferie?")
    assert not asks_holder("Chi è il titolare del trattamento?")
    assert not asks_holder("Chi è il responsabile del trattamento dei dati?")


def test_an_address_or_an_office_names_no_holder() -> None:
    mail = _sentence("Enquiries should be sent to investor.relations@example.com.", "en")
    assert no_holder_named("Who heads investor relations?", [mail])
    office = _sentence("Help desk IT Servizio interno helpdesk@example.com", "it")
    assert no_holder_named("Chi è il responsabile dell'help desk IT?", [office])
    person = _sentence("Il direttore dello stabilimento di Torino è l'Ing. Federica Sala.", "it")
    assert not no_holder_named("Chi dirige lo stabilimento di Torino?", [person])
    assert not no_holder_named("Who runs the Turin plant?", [person])


def test_who_heads_an_office_wants_a_person_in_english(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "results.md", RESULTS)
    refused = agent.answer("Who heads investor relations?")
    assert refused.refused is True
    assert refused.contexts
    answered = agent.answer("Who heads customer service?")
    assert answered.refused is False
    assert "Marco Rinaldi" in answered.answer


def test_who_heads_an_office_wants_a_person_in_italian(tmp_path: Path) -> None:
    agent = agent_over(tmp_path, "manuale.md", HANDBOOK)
    refused = agent.answer("Chi è il responsabile dell'help desk IT?")
    assert refused.refused is True
    answered = agent.answer("Chi è il referente dell'ufficio acquisti?")
    assert answered.refused is False
    assert "Anna Verdi" in answered.answer
