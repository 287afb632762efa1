"""Rules the offline writer needed on a corpus it was not written for (three documents in
other domains): each one in Italian and English, with invented sentences."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from builder.generate.corpus import document_vocab
from builder.generate.facts import Fact
from builder.generate.paraphrase import paraphrase
from builder.generate.phrasing import about_question, split_clause
from builder.generate.styles import keywords
from builder.generate.summary import too_easy
from ragoro.contracts import GoldenItem
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
    ("question", "passage", "lang", "wrong"),
    [
        (
            "Chi è il responsabile del servizio di catering?",
            "Il responsabile del servizio di catering è il Sig. Neri.",
            "it",
            "lavoro",
        ),
        (
            "Who is the manager of the catering service?",
            "The manager of the catering service is Mr. Neri.",
            "en",
            "work",
        ),
    ],
)
def test_a_service_is_never_paraphrased_as_work(
    question: str, passage: str, lang: Lang, wrong: str
) -> None:
    # "servizio" names a service or an office ("Servizio Assistenza"), which "lavoro" never does.
    said = paraphrase(question, passage, lang)
    assert said is None or wrong not in said


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        ("Le sanzioni previste dal regolamento comunale sono le seguenti.\n", "it"),
        ("The penalties set by the council rules are the following.\n", "en"),
    ],
)
def test_a_sentence_pointing_to_a_list_after_it_is_no_fact(text: str, lang: Lang) -> None:
    from builder.generate.facts import _prose_facts

    corpus: Any = SimpleNamespace(in_footer=lambda *_: False)

    def facts(body: str) -> list[Fact]:
        chunk: Any = SimpleNamespace(text=body, start_char=0, document_path="d.txt")
        return _prose_facts(corpus, chunk, lang)

    assert facts(text) == []
    assert len(facts(text.replace("le seguenti", "cinque").replace("the following", "five"))) == 1


@pytest.mark.parametrize(
    ("text", "lang"),
    [
        (
            "Sala Nord 120 m² 80 posti 900 euro\nGiardino delle\nRose 1.400 m² non disponibile 400 posti 2.600 euro\n"
            "La tariffa comprende la pulizia della sala.\n",
            "it",
        ),
        (
            "Small van 3.5 t 12 m³ 90 pounds\nLarge box\nVan 7.5 t not available 30 m³ 140 pounds\n"
            "The daily rate includes fuel and insurance.\n",
            "en",
        ),
    ],
)
def test_a_table_row_glued_to_the_next_sentence_is_no_fact(text: str, lang: Lang) -> None:
    from builder.generate.facts import _prose_facts

    corpus: Any = SimpleNamespace(in_footer=lambda *_: False)
    chunk: Any = SimpleNamespace(text=text, start_char=0, document_path="d.txt")
    assert all("\n" not in f.text for f in _prose_facts(corpus, chunk, lang))


@pytest.mark.parametrize(
    ("text", "lang", "labels"),
    [
        (
            "Sala Nord prese monofase 230 V\nMassa della macchina 120 kg\n",
            "it",
            ["Massa della macchina"],
        ),
        ("Hall North single phase 230 V\nMachine weight 120 kg\n", "en", ["Machine weight"]),
    ],
)
def test_a_name_cell_glued_to_the_next_cell_is_no_row_label(
    text: str, lang: Lang, labels: list[str]
) -> None:
    from builder.generate.facts import _row_facts

    corpus: Any = SimpleNamespace(in_footer=lambda *_: False)
    chunk: Any = SimpleNamespace(text=text, start_char=0, document_path="d.txt")
    assert [f.label for f in _row_facts(corpus, chunk, lang)] == labels


def _composite(question: str, first: str, second: str, answer: str) -> GoldenItem:
    def passage(text: str, doc: str) -> dict[str, object]:
        return {"content": text, "document_path": doc, "start_char": 0, "end_char": len(text)}

    return GoldenItem.model_validate(
        {
            "id": "comp-1",
            "question": question,
            "answer": answer,
            "passages": [passage(first, "a.txt"), passage(second, "b.txt")],
            "case_type": "composite",
            "expected": {},
        }
    )


@pytest.mark.parametrize(
    ("question", "first", "second", "answer"),
    [
        (
            "Chi è il custode del museo che si trova in Piazza Duomo 4?",
            "Il museo di Arco si trova in Piazza Duomo 4.",
            "Il custode del museo di Arco è il Sig. Neri.",
            "Sig. Neri",
        ),
        (
            "Who is the keeper of the museum located at 4 Duomo Square?",
            "The Arco museum is located at 4 Duomo Square.",
            "The keeper of the Arco museum is Mr. Neri.",
            "Mr. Neri",
        ),
    ],
)
def test_a_bridge_is_not_too_easy_for_the_key_passage_matching_its_words(
    question: str, first: str, second: str, answer: str
) -> None:
    # The first passage holds most of the question's words but not the answer.
    assert not too_easy(_composite(question, first, second, answer))
    assert too_easy(_composite(question, f"{first} {second}", second, answer))


@pytest.mark.parametrize(
    ("question", "lang", "query"),
    [
        ("Dove vanno esposti i contenitori?", "it", "esposti contenitori"),
        ("Where must backup tapes be stored?", "en", "backup tapes stored"),
    ],
)
def test_a_keyword_query_drops_auxiliaries_and_modals(
    question: str, lang: Lang, query: str
) -> None:
    assert keywords(question, lang) == query
