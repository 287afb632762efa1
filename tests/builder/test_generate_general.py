"""Rules the offline writer needed on a corpus it was not written for (three documents in
other domains): each one in Italian and English, with invented sentences."""

from __future__ import annotations

import pytest

from builder.generate.corpus import document_vocab
from builder.generate.grammar import grammar_problem
from builder.generate.phrasing import about_question, split_clause
from builder.generate.styles import keywords
from ragoro.text import Lang


@pytest.mark.parametrize(
    ("subject", "lang", "query"),
    [
        ("I bidoni del vetro", "it", "bidoni vetro"),
        ("Suspicious emails", "en", "suspicious emails"),
    ],
)
def test_a_keyword_query_drops_the_words_of_the_about_template(
    subject: str, lang: Lang, query: str
) -> None:
    # "Cosa c'è da sapere sui bidoni del vetro?": nobody types "sapere" into a search box.
    question = about_question(subject, None, frozenset(), lang)
    assert keywords(question, lang) == query


@pytest.mark.parametrize(
    ("text", "lang", "subject", "question"),
    [
        (
            "Scrivere a info@valdora.it. Valdora Servizi è una cooperativa di Trento.",
            "it",
            "Valdora Servizi",
            "Cosa c'è da sapere su Valdora Servizi?",
        ),
        (
            "See www.kestrelhaulage.co.uk for details. Kestrel Haulage is a carrier.",
            "en",
            "Kestrel Haulage",
            "What should I know about Kestrel Haulage?",
        ),
    ],
)
def test_a_name_spelt_in_an_address_keeps_its_capital(
    text: str, lang: Lang, subject: str, question: str
) -> None:
    vocab = document_vocab(text)
    assert about_question(subject, None, vocab, lang) == question


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("Tutti i soci pagano la quota ogni anno; i nuovi soci devono pagarla entro marzo.", "it"),
        (
            "All staff complete the course every year; new starters must complete it in 30 days.",
            "en",
        ),
    ],
)
def test_a_subject_never_spans_a_semicolon(sentence: str, lang: Lang) -> None:
    assert split_clause(sentence, lang) is None


@pytest.mark.parametrize(
    ("sentence", "lang", "subject"),
    [
        (
            "Valdora Servizi (una società fittizia) è una cooperativa di Trento.",
            "it",
            "Valdora Servizi",
        ),
        (
            "Kestrel Haulage (a fictional company) is a carrier based in York.",
            "en",
            "Kestrel Haulage",
        ),
        (
            "Il Responsabile della Sicurezza (RSPP) è il Sig. Rossi.",
            "it",
            "Il Responsabile della Sicurezza (RSPP)",
        ),
        (
            "The Data Protection Officer (DPO) is Ms. Hale.",
            "en",
            "The Data Protection Officer (DPO)",
        ),
    ],
)
def test_an_aside_in_brackets_leaves_the_subject_an_acronym_stays(
    sentence: str, lang: Lang, subject: str
) -> None:
    clause = split_clause(sentence, lang)
    assert clause is not None and clause.subject == subject


@pytest.mark.parametrize(
    ("question", "lang"),
    [
        ("Qual è l'obiettivo di raccolta fissato dal Piano per il 2025?", "it"),
        ("What is the recycling budget for 2025?", "en"),
    ],
)
def test_a_question_ending_on_a_number_does_not_dangle(question: str, lang: Lang) -> None:
    assert grammar_problem(question, lang) is None
