"""Near-misses of a range's end and of a kind, and their answerable twins: "the *minimum*
pressure" is not answered by the sentence giving the maximum, and "what kind of battery" not
by one that only says how often to change it."""

from __future__ import annotations

import pytest

from evaluator.agents.contrasts import sibling_bounds
from evaluator.agents.focus import asks_kind, gives_kind
from evaluator.agents.modifiers import unmet_kind
from evaluator.agents.support import Sentence
from ragoro.text import Lang

_POWER = ("La potenza del motore principale della pressa è di 37 kW.", "it")
_OIL = ("La pressa utilizza olio idraulico minerale di tipo HLP 46.", "it")
_GREASE = ("Lubrificare le guide della slitta con grasso al litio NLGI 2.", "it")


@pytest.mark.parametrize(
    ("question", "sentence", "missing"),
    [
        ("Che tipo di grasso va usato per i cuscinetti del motore?", _POWER, ["grasso"]),
        ("Which kind of grease goes on the main motor bearings?", _POWER, ["grease"]),
        # The twins: the sentence names the thing, in either language.
        ("Che tipo di grasso va usato per le guide della slitta?", _GREASE, []),
        ("What type of oil does the press use?", _OIL, []),
        ("Which brand of hydraulic oil should I use?", _OIL, []),
        # Not a kind question.
        ("Quanto è potente il motore principale?", _POWER, []),
    ],
)
def test_a_kind_question_needs_a_sentence_naming_the_thing(
    question: str, sentence: tuple[str, Lang], missing: list[str]
) -> None:
    text, lang = sentence
    found = unmet_kind(question, [Sentence("m.md", 0, len(text), text, lang)])
    assert [t.word for t in found] == missing


def test_a_kind_question_prefers_a_sentence_naming_the_thing() -> None:
    # `extractive` picks, among supported sentences, one that `gives_kind`.
    question = "What grade of oil does the press take?"
    assert asks_kind(question) and asks_kind("Che tipo di grasso si usa?")
    oil = Sentence("m.md", 0, len(_OIL[0]), _OIL[0], "it")
    power = Sentence("m.md", 0, len(_POWER[0]), _POWER[0], "it")
    assert gives_kind(question, oil) and not gives_kind(question, power)


@pytest.mark.parametrize(
    ("question", "text", "lang", "missing"),
    [
        (
            "Che tipo di batteria usa il PLC?",
            "La batteria tampone del PLC deve essere sostituita ogni 3 anni.",
            "it",
            ["batteria"],
        ),
        (
            "What kind of filter does the cabinet's air conditioner use?",
            "The air conditioner's filter must be cleaned every 500 operating hours.",
            "en",
            ["filter"],
        ),
        # An amount in a currency's code is a price, not a designation of a kind.
        (
            "Che tipo di batteria usa il PLC?",
            "La batteria del PLC va sostituita ogni 3 anni (ricambio: EUR 40).",
            "it",
            ["batteria"],
        ),
        (
            "What type of filter does the air conditioner use?",
            "The air conditioner's filter is replaced every year at a cost of USD 25.",
            "en",
            ["filter"],
        ),
        # The twins: a schedule that also names the kind, or a sentence saying what it is.
        (
            "Che tipo di grasso va sulle guide?",
            "Ogni 50 ore lubrificare le guide con grasso al litio NLGI 2.",
            "it",
            [],
        ),
        (
            "What type of battery does the PLC use?",
            "The PLC's backup battery is a 3 V lithium battery of type CR2032, replaced every 3 years.",
            "en",
            [],
        ),
        (
            "Che tipo di filtro usa il condizionatore?",
            "Il condizionatore usa un filtro in fibra sintetica lavabile.",
            "it",
            [],
        ),
    ],
)
def test_a_sentence_that_only_schedules_the_thing_tells_no_kind(
    question: str, text: str, lang: Lang, missing: list[str]
) -> None:
    found = unmet_kind(question, [Sentence("m.md", 0, len(text), text, lang)])
    assert [t.word for t in found] == missing
    if not missing:
        assert gives_kind(question, Sentence("m.md", 0, len(text), text, lang))


@pytest.mark.parametrize(
    ("question", "sentence", "siblings"),
    [
        (
            "What is the minimum operating pressure of the press?",
            "The maximum operating pressure of the press is 210 bar.",
            ["minimum"],
        ),
        (
            "Qual è il numero minimo di giorni di lavoro da remoto al mese?",
            "Si può lavorare da remoto per un massimo di 8 giorni al mese.",
            ["minimo"],
        ),
        # Across languages: the words of both are read.
        (
            "Qual è la pressione massima di esercizio?",
            "The minimum operating pressure is 40 bar.",
            ["massima"],
        ),
        # A name is no end of a range: "Massimo Rossi", "Max Weber" are people, not maxima.
        (
            "Qual è l'importo minimo del rimborso?",
            "Le richieste di rimborso sono approvate da Massimo Rossi.",
            [],
        ),
        (
            "What is the minimum refund per trip?",
            "Refunds are approved by Max Weber in the finance office.",
            [],
        ),
        # The twins: the asked end is stated, or no end at all, or the question asks both.
        (
            "What is the maximum operating pressure of the press?",
            "The maximum operating pressure of the press is 210 bar.",
            [],
        ),
        (
            "Quanti giorni al massimo posso lavorare da remoto?",
            "Si può lavorare da remoto per un massimo di 8 giorni al mese.",
            [],
        ),
        ("A che distanza minima sono le copie?", "Le copie sono ad almeno 50 km.", []),
        (
            "What are the minimum and maximum pause lengths?",
            "The pause lasts at most 90 minutes.",
            [],
        ),
        (
            "Qual è la durata minima della pausa?",
            "La pausa ha una durata minima di 30 minuti e massima di 90 minuti.",
            [],
        ),
    ],
)
def test_a_sentence_giving_the_other_end_of_a_range_speaks_of_a_sibling(
    question: str, sentence: str, siblings: list[str]
) -> None:
    assert sibling_bounds(question, sentence) == siblings
