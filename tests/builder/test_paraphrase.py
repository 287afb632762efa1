"""Paraphrases avoid the passage's words and stay grammatical: synonyms of the same gender
and number, the Italian article re-chosen for the new word, measured nouns turned into
their verbs; titles and names untouched. Every paraphrase passes the rules checker."""

from __future__ import annotations

import pytest

from builder.generate.grammar import grammar_problem
from builder.generate.paraphrase import agree, frame, paraphrase
from builder.generate.summary import overlap
from ragoro.text import Lang


@pytest.mark.parametrize(
    ("article", "old", "new", "want"),
    [
        ("dell'", "olio", "lubrificante", "del"),
        ("dello", "stabilimento", "impianto", "dell'"),
        ("lo", "stabilimento", "impianto", "l'"),
        ("il", "consumo", "utilizzo", "l'"),
        ("Il", "limite", "tetto", "Il"),
        ("gli", "stabilimenti", "impianti", "gli"),
        ("degli", "infortuni", "incidenti", "degli"),
        ("la", "trasferta", "missione", "la"),
        ("all'", "avvio", "inizio", "all'"),
        ("un", "pasto", "vitto", "un"),
        ("l'", "indice", "tasso", None),  # -e: the gender cannot be told
        ("per", "x", "y", None),  # no article
    ],
)
def test_the_article_agrees_with_the_new_word(
    article: str, old: str, new: str, want: str | None
) -> None:
    assert agree(article, old, new) == want


@pytest.mark.parametrize(
    ("question", "lang", "want"),
    [
        ("Qual è la massa della pressa PX-200?", "it", "Quanto pesa la pressa PX-200?"),
        ("Qual è la durata di ogni turno?", "it", "Quanto dura ogni turno?"),
        ("Qual è il costo dell'abbonamento?", "it", "Quanto costa l'abbonamento?"),
        ("What is the weight of the press?", "en", "How much does the press weigh?"),
        ("Qual è la capacità del serbatoio?", "it", None),
    ],
)
def test_a_measured_noun_becomes_its_verb(question: str, lang: Lang, want: str | None) -> None:
    assert frame(question, lang) == want


@pytest.mark.parametrize(
    ("question", "passage", "lang", "want"),
    [
        (
            "Qual è stato il consumo di energia elettrica dello stabilimento nel 2025?",
            "Nel 2025 il consumo di energia elettrica dello stabilimento è stato di 18,4 GWh.",
            "it",
            "Qual è stato l'utilizzo di energia elettrica dell'impianto nel 2025?",
        ),
        (
            "Qual è il limite massimo di rimborso per un pasto in trasferta in Italia?",
            "Il limite massimo di rimborso per un pasto in trasferta in Italia è 35,00 EUR.",
            "it",
            "Qual è il tetto massimo di indennizzo per un pasto in missione in Italia?",
        ),
        (
            "What is the support response time for PX-200 customers?",
            "The support response time for PX-200 customers is 4 business hours.",
            "en",
            "What is the assistance reply time for PX-200 clients?",
        ),
    ],
)
def test_a_paraphrase_avoids_the_passage_words_and_reads_well(
    question: str, passage: str, lang: Lang, want: str
) -> None:
    said = paraphrase(question, passage, lang)
    assert said == want
    assert grammar_problem(said, lang) is None
    assert overlap(said, passage) <= 0.8 < overlap(question, passage)


def test_titles_and_names_are_kept_and_nothing_to_swap_gives_none() -> None:
    question = "Cosa prevede il documento «Manuale del dipendente» riguardo alle ferie?"
    passage = "Le ferie del Manuale del dipendente sono 26 giorni."
    said = paraphrase(question, passage, "it")
    assert said == "Cosa prevede il documento «Manuale del dipendente» riguardo alle vacanze?"
    assert paraphrase("Chi è Marta Zeni?", "Marta Zeni è la segretaria.", "it") is None


def test_two_words_never_get_the_same_synonym() -> None:
    question = (
        "Cosa prevede il documento «R» riguardo all'impianto fotovoltaico dello stabilimento?"
    )
    passage = "L'impianto fotovoltaico dello stabilimento produce 1,2 GWh."
    said = paraphrase(question, passage, "it")
    assert said == "Cosa prevede il documento «R» riguardo al sito fotovoltaico dello stabilimento?"
