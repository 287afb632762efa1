"""Short facts get short answers and questions whose word fits the answer (issue 15):
where / how often, a name without its apposition, a measure without a parsed unit, a
copula's complement; the document is named only when another document names the same
thing; a sentence cut after a title abbreviation is joined to the name it introduces."""

from __future__ import annotations

from typing import Any

import pytest

from builder.generate.facts import Fact, _sentences
from builder.generate.offline import complement_of, short_answer
from builder.generate.phrasing import about_question, split_clause, value_question
from builder.generate.typed import typed_question
from ragoro.text import Lang
from tests.builder.generate_support import demo_candidates, demo_corpus


def _fact(sentence: str, lang: Lang) -> Fact:
    clause = split_clause(sentence, lang)
    assert clause is not None, sentence
    return Fact("doc.txt", 0, len(sentence), sentence, lang, "prose", clause, clause.subject, None)


@pytest.mark.parametrize(
    ("sentence", "lang", "question", "answer"),
    [
        (
            "La sede legale di Acme S.p.A. si trova in Via Roma 12, 20100 Milano.",
            "it",
            "Dove si trova la sede legale di Acme S.p.A.?",
            "Via Roma 12",
        ),
        (
            "The head office of Acme is located in Leeds, next to the station.",
            "en",
            "Where is the head office of Acme located?",
            "Leeds",
        ),
        (
            "Il filtro dell'aria deve essere pulito ogni 500 ore di funzionamento.",
            "it",
            "Ogni quanto deve essere pulito il filtro dell'aria?",
            "ogni 500 ore di funzionamento",
        ),
        (
            "The air filter must be cleaned every 500 operating hours by a technician.",
            "en",
            "How often must the air filter be cleaned?",
            "every 500 operating hours",
        ),
        (
            "Le viti devono essere serrate con una chiave dinamometrica tarata.",
            "it",
            "Come devono essere serrate le viti?",
            "con una chiave dinamometrica tarata",
        ),
        (
            "The screws must be tightened with a calibrated torque wrench.",
            "en",
            "How must the screws be tightened?",
            "with a calibrated torque wrench",
        ),
        (
            "Il presente manuale è approvato dal Responsabile HR, Dott.ssa Anna Neri.",
            "it",
            "Da chi è approvato il presente manuale?",
            "dal Responsabile HR",
        ),
        (
            "The foundation drawing is supplied by Acme Presses together with the order.",
            "en",
            "By whom is the foundation drawing supplied?",
            "by Acme Presses",
        ),
    ],
)
def test_the_question_word_fits_the_answer(
    sentence: str, lang: Lang, question: str, answer: str
) -> None:
    fact = _fact(sentence, lang)
    assert fact.clause is not None
    typed = typed_question(fact.clause, frozenset(), lang)
    assert typed is not None and typed.question == question
    assert short_answer(fact) == answer


@pytest.mark.parametrize(
    ("sentence", "lang"),
    [
        # "da"/"by" before a date or a lowercase noun is a time or a place, not an agent.
        ("Lo stabilimento è certificato dal 2012 secondo la norma ISO 14001.", "it"),
        ("The plant was certified by 2012 under the ISO 14001 standard.", "en"),
        ("Il verbale è inviato dalla sede centrale ogni settimana.", "it"),
        ("The report is sent by the head office every week.", "en"),
    ],
)
def test_a_time_or_a_place_is_not_asked_as_an_agent(sentence: str, lang: Lang) -> None:
    fact = _fact(sentence, lang)
    assert fact.clause is not None
    typed = typed_question(fact.clause, frozenset(), lang)
    assert typed is None or not typed.question.startswith(("Da chi", "By whom"))


@pytest.mark.parametrize(
    ("sentence", "lang", "answer"),
    [
        # A name followed by its apposition: the name is the answer.
        (
            "La responsabile del progetto è la Dott.ssa Anna Neri, direttrice tecnica del Gruppo.",
            "it",
            "Dott.ssa Anna Neri",
        ),
        (
            "The project lead is Dr. Jane Smith, technical director of the Group.",
            "en",
            "Dr. Jane Smith",
        ),
        # A number whose unit words no unit table knows: the number and those words.
        (
            "Il tempo di risposta per i clienti è di 4 ore lavorative dall'apertura del ticket.",
            "it",
            "4 ore lavorative",
        ),
        (
            "The support response time is 4 business hours from the opening of the ticket.",
            "en",
            "4 business hours",
        ),
        ("L'indice di frequenza degli infortuni del Gruppo è stato di 2,1.", "it", "2,1"),
        ("The injury frequency rate of the Group was 2.1 in the year.", "en", "2.1"),
        ("Il numero di telefono della segreteria è 0464 555 0101.", "it", "0464 555 0101"),
        ("The phone number of the office is 0116 496 0123.", "en", "0116 496 0123"),
    ],
)
def test_a_short_fact_gets_a_short_answer(sentence: str, lang: Lang, answer: str) -> None:
    assert short_answer(_fact(sentence, lang)) == answer


@pytest.mark.parametrize(
    ("predicate", "lang", "complement"),
    [
        (
            "un touch screen da 15 pollici che visualizza le ore di lavoro",
            "it",
            "un touch screen da 15 pollici",
        ),
        (
            "un rifiuto pericoloso e deve essere smaltito da un'azienda autorizzata",
            "it",
            "un rifiuto pericoloso",
        ),
        (
            "a four-column hydraulic press, designed for stamping",
            "en",
            "a four-column hydraulic press",
        ),
        ("a touch screen which shows the operating hours", "en", "a touch screen"),
        (
            "the legal basis and the purpose of the processing",
            "en",
            "the legal basis and the purpose of the processing",
        ),
    ],
)
def test_a_what_question_is_answered_with_the_copulas_complement(
    predicate: str, lang: Lang, complement: str
) -> None:
    assert complement_of(predicate, lang) == complement


def test_the_document_is_named_only_when_another_document_names_the_same_thing() -> None:
    corpus = demo_corpus()
    privacy = next(p for p in corpus.documents if p.startswith("informativa"))
    faq = next(p for p in corpus.documents if p.startswith("product_faq"))
    handbook = next(p for p in corpus.documents if p.startswith("manuale_dipendente"))
    assert corpus.named_elsewhere("I dati personali", privacy, "it")
    assert not corpus.named_elsewhere("Le password", handbook, "it")
    assert not corpus.named_elsewhere("The foundation drawing", faq, "en")
    assert corpus.named_elsewhere("Officine Ferraris", faq, "en")
    assert about_question("Le password", None, frozenset(), "it") == (
        "Cosa c'è da sapere sulle password?"
    )
    assert about_question("L'allarme A-114", None, frozenset(), "it") == (
        "Cosa c'è da sapere sull'allarme A-114?"
    )
    assert about_question("The foundation drawing", None, frozenset(), "en") == (
        "What should I know about the foundation drawing?"
    )
    assert "«T»" in about_question("Le password", "T", frozenset(), "it")
    assert value_question("Massa della macchina", None, frozenset(), "it") == (
        "Qual è il valore di «Massa della macchina»?"
    )
    assert value_question("Machine mass", None, frozenset(["machine"]), "en") == (
        "What is the machine mass?"
    )


@pytest.mark.parametrize(
    ("text", "lang", "first"),
    [
        (
            "Il RSPP di Acme è il Per. Ind. Mario Rossi. Altro testo qui.",
            "it",
            "Il RSPP di Acme è il Per. Ind. Mario Rossi.",
        ),
        (
            "The safety officer of Acme is Dr. John Smith. Other things follow.",
            "en",
            "The safety officer of Acme is Dr. John Smith.",
        ),
    ],
)
def test_a_sentence_cut_after_a_title_is_joined_to_the_name(
    text: str, lang: Lang, first: str
) -> None:
    start, end = _sentences(text)[0]
    assert text[start:end] == first


def test_a_bridge_question_may_ask_who_or_where_and_never_needs_one_passage() -> None:
    bridges = [b for found in demo_candidates(True).bridges.values() for b in found]
    questions = [b.question for b in bridges]
    assert any(q.startswith("Chi è il Responsabile del Servizio di Prevenzione") for q in questions)
    # The privacy notice says where the controller's office is in the same sentence that
    # names it: "Dove si trova la sede legale del titolare ...?" needs that passage only.
    assert not any(q.startswith("Dove si trova la sede legale") for q in questions)


def _doc_fact(doc: str, sentence: str, lang: Lang) -> Fact:
    fact = _fact(sentence, lang)
    return Fact(doc, 0, len(sentence), sentence, lang, "prose", fact.clause, fact.label, None)


@pytest.mark.parametrize(
    ("first", "second", "lang", "question"),
    [
        (
            "Il titolare del trattamento dei dati è Acme S.p.A., con sede a Milano.",
            "La sede legale di Acme S.p.A. si trova in Via Roma 12, Milano.",
            "it",
            "Dove si trova la sede legale del titolare del trattamento dei dati?",
        ),
        (
            "The data controller is Acme Ltd, a company registered in England.",
            "The head office of Acme Ltd is located in Leeds, next to the station.",
            "en",
            "Where is the head office of the data controller located?",
        ),
    ],
)
def test_a_bridge_asks_document_bs_fact_with_the_word_that_fits_it(
    first: str, second: str, lang: Lang, question: str
) -> None:
    from types import SimpleNamespace

    from builder.generate.bridge import find_bridges

    corpus: Any = SimpleNamespace(vocab={"a.txt": frozenset(), "b.txt": frozenset()})
    facts = [_doc_fact("a.txt", first, lang), _doc_fact("b.txt", second, lang)]
    assert [b.question for b in find_bridges(corpus, facts)] == [question]


@pytest.mark.parametrize(
    ("first", "second", "lang"),
    [
        (
            "Il titolare del trattamento dei dati è Acme S.p.A., con sede in Via Roma 12, Milano.",
            "La sede legale di Acme S.p.A. si trova in Via Roma 12, Milano.",
            "it",
        ),
        (
            "The data controller is Acme Ltd, with its head office in Leeds.",
            "The head office of Acme Ltd is located in Leeds.",
            "en",
        ),
    ],
)
def test_no_bridge_when_document_a_states_the_answer_too(
    first: str, second: str, lang: Lang
) -> None:
    from types import SimpleNamespace

    from builder.generate.bridge import find_bridges

    corpus: Any = SimpleNamespace(vocab={"a.txt": frozenset(), "b.txt": frozenset()})
    facts = [_doc_fact("a.txt", first, lang), _doc_fact("b.txt", second, lang)]
    assert find_bridges(corpus, facts) == []
