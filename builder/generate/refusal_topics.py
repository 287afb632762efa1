"""Refusal topics: plausible questions a company corpus may not answer, IT and EN.

The bilingual concepts that tell when two documents state the same metric are in the
shared lexicon, `ragoro.text.concepts`.
"""

from __future__ import annotations

from dataclasses import dataclass

from ragoro.text import Lang


@dataclass(frozen=True)
class RefusalTopic:
    """A plausible question the corpus may not answer, with the terms an answer needs.

    The topic is kept only if no top-k retrieved chunk matches every term group (each
    group is a set of alternatives, IT and EN).
    """

    key: str
    question: dict[Lang, str]
    topic: dict[Lang, str]
    """How the refusal answer names the topic ("lo stipendio dell'amministratore delegato")."""
    groups: tuple[tuple[str, ...], ...]


REFUSAL_TOPICS: tuple[RefusalTopic, ...] = (
    RefusalTopic(
        "ceo_salary",
        {
            "it": "Qual è lo stipendio annuo dell'amministratore delegato?",
            "en": "What is the annual salary of the Chief Executive Officer?",
        },
        {"it": "lo stipendio dell'amministratore delegato", "en": "the CEO's salary"},
        (
            ("amministratore delegato", "ceo", "chief executive"),
            ("stipendi", "salar", "compens", "remuner", "retribu"),
        ),
    ),
    RefusalTopic(
        "share_price",
        {
            "it": "Qual è il prezzo attuale delle azioni della società in borsa?",
            "en": "What is the current share price of the company on the stock exchange?",
        },
        {"it": "il prezzo delle azioni", "en": "the share price"},
        (("share price", "quotazione", "stock exchange", "dividend", "prezzo delle azioni"),),
    ),
    RefusalTopic(
        "parking",
        {
            "it": "Quali sono le regole per il parcheggio dei dipendenti nello stabilimento?",
            "en": "What is the employee parking policy at the plant?",
        },
        {"it": "il parcheggio dei dipendenti", "en": "employee parking"},
        (("parcheggi", "parking", "posto auto", "posti auto"),),
    ),
    RefusalTopic(
        "list_price",
        {
            "it": "Qual è il prezzo di listino del prodotto?",
            "en": "What is the list price of the product?",
        },
        {"it": "il prezzo di listino del prodotto", "en": "the list price of the product"},
        (("listino", "list price", "prezzo di acquisto", "purchase price", "costa", "costs"),),
    ),
    RefusalTopic(
        "canteen",
        {
            "it": "Quali sono gli orari di apertura della mensa aziendale?",
            "en": "What are the opening hours of the company canteen?",
        },
        {"it": "la mensa aziendale", "en": "the company canteen"},
        (("mensa", "canteen", "cafeteria"),),
    ),
    RefusalTopic(
        "maternity",
        {
            "it": "Quanti mesi di congedo di maternità integrativo offre l'azienda?",
            "en": "How many months of extra maternity leave does the company offer?",
        },
        {"it": "il congedo di maternità", "en": "maternity leave"},
        (("maternit", "parental", "parentale"),),
    ),
    RefusalTopic(
        "gym",
        {
            "it": "L'azienda offre una palestra aziendale ai dipendenti?",
            "en": "Does the company offer an on-site gym to employees?",
        },
        {"it": "la palestra aziendale", "en": "an on-site gym"},
        (("palestra", "gym", "fitness"),),
    ),
)


def matches_all_groups(text: str, groups: tuple[tuple[str, ...], ...]) -> bool:
    """True when the text contains at least one alternative of every group."""
    low = text.lower()
    return all(any(term in low for term in group) for group in groups)
