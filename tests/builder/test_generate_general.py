"""Rules the offline writer needed on a corpus it was not written for (three documents in
other domains): each one in Italian and English, with invented sentences."""

from __future__ import annotations

from types import SimpleNamespace
from typing import Any

import pytest

from builder.generate.corpus import document_vocab
from builder.generate.facts import Fact
from builder.generate.grammar import grammar_problem
from builder.generate.offline import enumerated_qualifier, fact_question
from builder.generate.paraphrase import paraphrase
from builder.generate.phrasing import about_question, split_clause
from builder.generate.styles import keywords
from builder.generate.summary import too_easy
from builder.generate.typed import typed_question
from ragoro.contracts import GoldenItem
from ragoro.text import Lang, extract_quantities


def _prose_fact(sentence: str, lang: Lang) -> Fact:
    clause = split_clause(sentence, lang)
    assert clause is not None, sentence
    found = [q for q in extract_quantities(sentence, lang) if q.unit is not None]
    quantity = found[0] if found else None
    return Fact(
        "d.txt", 0, len(sentence), sentence, lang, "prose", clause, clause.subject, quantity
    )


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


def _corpus_of(fact: Fact) -> Any:
    words = frozenset(w.lower() for w in fact.text.split() if w.isalpha())
    return SimpleNamespace(
        vocab={fact.doc: words}, titles={fact.doc: "T"}, named_elsewhere=lambda *_: False
    )


@pytest.mark.parametrize(
    ("sentence", "lang", "question"),
    [
        (
            "L'altezza utile è di 7,5 m nella Sala Grande, di 4,2 m nella Sala Piccola.",
            "it",
            "Qual è l'altezza utile nella Sala Grande?",
        ),
        (
            "The floor load is 500 kg/m² in Hall A and 300 kg/m² in the other halls.",
            "en",
            "What is the floor load in Hall A?",
        ),
    ],
)
def test_a_value_among_several_is_asked_with_what_tells_it_apart(
    sentence: str, lang: Lang, question: str
) -> None:
    fact = _prose_fact(sentence, lang)
    assert fact_question(fact, _corpus_of(fact)) == question


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("Il peso del carico è di 10 kg e di 12 kg.", "it"),
        ("The weight of the load is 10 kg and 12 kg.", "en"),
    ],
)
def test_several_values_with_nothing_between_give_no_question(sentence: str, lang: Lang) -> None:
    fact = _prose_fact(sentence, lang)
    assert fact_question(fact, _corpus_of(fact)) is None


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("Il fatturato è di 40,5 milioni di EUR, in crescita del 6% da 38,2 milioni di EUR.", "it"),
        ("Net revenue was EUR 40.5 million, up 6% from EUR 38.2 million in 2024.", "en"),
    ],
)
def test_a_compared_value_is_no_enumeration(sentence: str, lang: Lang) -> None:
    fact = _prose_fact(sentence, lang)
    assert fact.clause is not None
    assert enumerated_qualifier(fact.clause.predicate, lang) is None


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


@pytest.mark.parametrize(
    ("sentence", "lang", "question", "answer"),
    [
        (
            "Il parcheggio interno ha 180 posti auto, di cui 8 riservati ai disabili.",
            "it",
            "Quanti posti auto ha il parcheggio interno?",
            "180 posti auto",
        ),
        (
            "Il cortile ha 4 colonnine di ricarica per veicoli elettrici.",
            "it",
            "Quante colonnine di ricarica ha il cortile?",
            "4 colonnine di ricarica",
        ),
        (
            "The Leeds depot has 40 loading bays and a cold store.",
            "en",
            "How many loading bays does the Leeds depot have?",
            "40 loading bays",
        ),
        (
            "The two depots have 12 forklifts in total.",
            "en",
            "How many forklifts do the two depots have?",
            "12 forklifts",
        ),
    ],
)
def test_a_count_that_something_has_is_asked_how_many(
    sentence: str, lang: Lang, question: str, answer: str
) -> None:
    clause = split_clause(sentence, lang)
    assert clause is not None
    vocab = frozenset(w.lower() for w in sentence.split() if w.isalpha())
    typed = typed_question(clause, vocab, lang)
    assert typed is not None and (typed.question, typed.answer) == (question, answer)


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("La sala ha un proiettore da 8.000 lumen.", "it"),
        ("The hall has a projector of 8,000 lumen.", "en"),
    ],
)
def test_what_something_has_without_a_count_is_not_asked_how_many(
    sentence: str, lang: Lang
) -> None:
    clause = split_clause(sentence, lang)
    assert clause is not None and typed_question(clause, frozenset(), lang) is None


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
    ("sentence", "lang", "question", "answer"),
    [
        (  # a place something goes to
            "Gli scontrini di carta termica vanno nel secco residuo.",
            "it",
            "Dove vanno gli scontrini di carta termica?",
            "nel secco residuo",
        ),
        (
            "I bidoni vanno esposti sul marciapiede davanti al numero civico dalle 20:00.",
            "it",
            "Dove vanno esposti i bidoni?",
            "sul marciapiede davanti al numero civico",
        ),
        (
            "USB storage devices are blocked on all company computers.",
            "en",
            "Where are USB storage devices blocked?",
            "on all company computers",
        ),
        (  # what something counts as
            "Una riduzione degli ospiti superiore al 25% è trattata come una cancellazione.",
            "it",
            "Come è trattata una riduzione degli ospiti superiore al 25%?",
            "come una cancellazione",
        ),
        (  # an English subject may open with the article "A"
            "A reduction of more than 25% of the guests is treated as a cancellation.",
            "en",
            "How is a reduction of more than 25% of the guests treated?",
            "as a cancellation",
        ),
        (  # a clock time takes "le"
            "Lo smontaggio deve essere completato entro le 2:00 della notte successiva.",
            "it",
            "Entro quando deve essere completato lo smontaggio?",
            "entro le 2:00 della notte successiva",
        ),
        (
            "The stand must be dismantled by 2:00 on the following night.",
            "en",
            "By when must the stand be dismantled?",
            "by 2:00 on the following night",
        ),
    ],
)
def test_a_place_a_classification_and_a_clock_deadline_get_their_question_word(
    sentence: str, lang: Lang, question: str, answer: str
) -> None:
    clause = split_clause(sentence, lang)
    assert clause is not None
    vocab = frozenset(w.lower() for w in sentence.split() if w.isalpha())
    typed = typed_question(clause, vocab, lang)
    assert typed is not None and (typed.question, typed.answer) == (question, answer)


def test_an_italian_subject_never_opens_with_the_preposition_a() -> None:
    assert split_clause("A partire dal 2025 il servizio è gestito da Acme.", "it") is None


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("Le simulazioni di phishing sono inviate nel corso di ogni trimestre.", "it"),
        ("Phishing simulations are sent at least four times a year.", "en"),
        ("The bins are emptied on Mondays by the council.", "en"),
    ],
)
def test_a_time_or_a_measure_after_at_or_on_is_no_place(sentence: str, lang: Lang) -> None:
    clause = split_clause(sentence, lang)
    assert clause is not None
    typed = typed_question(clause, frozenset(), lang)
    assert typed is None or not typed.question.startswith(("Dove", "Where"))


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


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        ("I terminali del magazzino sono l'unica eccezione e usano un accesso condiviso.", "it"),
        ("Shared logins on the scanners are the only exception and are limited to one app.", "en"),
    ],
)
def test_a_complement_that_needs_what_came_before_is_not_asked_what(
    sentence: str, lang: Lang
) -> None:
    from builder.generate.phrasing import what_question

    clause = split_clause(sentence, lang)
    assert clause is not None and what_question(clause, frozenset(), lang) is None
