"""The refusal and weekday patterns run only on a text holding a word their matches need.

`behaviour._REFUSAL_NEEDS` must be in every match of `_REFUSAL_RE`: each branch has an
example below, its match must hold a word of the list, and a refusal is read the same
with the gate and without it (IT + EN, and the letters `str.lower` reads otherwise).
"""

from __future__ import annotations

import re

import pytest

from ragoro.text import behaviour, dates, gates
from ragoro.text.behaviour import is_refusal

# One sentence for each branch of the pattern, in its order.
_EXAMPLES = [
    "Non lo so.",
    "Non saprei.",
    "Non so rispondere a questa domanda.",
    "Non sono in grado di dirlo.",
    "Non posso rispondere con i testi forniti.",
    "Impossibile determinare la data.",
    "Non ho trovato il dato.",
    "Non trovo il valore.",
    "Non dispongo di alcuna informazione.",
    "Nessuna informazione sul prezzo.",
    "Le informazioni non sono disponibili.",
    "Non ho idea.",
    "Non ne ho idea.",
    "Non sono sicuro.",
    "Non posso aiutarti.",
    "Non è specificato nei documenti.",
    "Non risulta dai documenti.",
    "Non c'è traccia del prezzo.",
    "I don't know.",
    "We did not find any information on it.",
    "I have no idea.",
    "No idea.",
    "I can't help with that.",
    "It cannot be determined.",
    "The price is not stated.",
    "I'm not sure.",
    "I was unable to find the date.",
    "Unable to determine the cost.",
    "It is not possible to say.",
    "No information on the deadline.",
    "There is not enough information.",
    "Insufficient data to answer.",
    "There is no mention of it.",
    "It is not in the provided documents.",
]

_OTHERS = [
    "La capacità del serbatoio è di 28,5 litri.",
    "The warranty lasts two years from delivery.",
    "Il manuale non indica la data, ma la capacità è 28,5 l.",
    "The documents do not mention the price.",
    "Nonostante il ritardo, la consegna è avvenuta.",
    # Letters the pattern reads as "i" or "s" that lowercase otherwise: never gated.
    "İ don't know.",
    "Non lo ſo.",
    "Iı have no idea.",
]


def test_every_branch_has_an_example_and_its_match_holds_a_needed_word() -> None:
    assert len(_EXAMPLES) == len(behaviour._REFUSAL_PHRASES)
    assert all(word == word.lower() for word in behaviour._REFUSAL_NEEDS)
    for branch, example in zip(behaviour._REFUSAL_PHRASES, _EXAMPLES, strict=True):
        match = re.compile(branch, re.IGNORECASE).search(example)
        assert match is not None, (branch, example)
        assert any(word in match.group(0).lower() for word in behaviour._REFUSAL_NEEDS)


@pytest.mark.parametrize("text", _EXAMPLES + _OTHERS)
def test_refusals_read_the_same_gated_and_ungated_it_en(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    gated = [is_refusal(text, lang) for lang in ("it", "en", None)]
    behaviour._is_refusal.cache_clear()
    monkeypatch.setattr(behaviour, "lacks", lambda _text, _needs: False)
    assert gated == [is_refusal(text, lang) for lang in ("it", "en", None)]
    behaviour._is_refusal.cache_clear()


def test_a_sentence_without_the_words_is_passed_over() -> None:
    assert gates.lacks("La garanzia dura due anni.", behaviour._REFUSAL_NEEDS)
    assert not gates.lacks("Non lo so.", behaviour._REFUSAL_NEEDS)
    assert not gates.lacks("İ have no idea.", behaviour._REFUSAL_NEEDS)


_DAY_TEXTS = [
    "Aperto dal lunedì al venerdì, chiuso la domenica.",
    "Open Monday to Friday, closed on Sundays.",
    "Consegna nel fine settimana o il sabato.",
    "Deliveries on weekends and weekdays.",
    "La consegna avviene in due giorni.",
    "Delivery takes two days.",
    # A letter `str.lower` reads otherwise turns the gate off for the whole text.
    "Chiuso il lunedì, aperto a İstanbul.",
    "Closed on Sundays in Dıyarbakır.",
]


def test_every_day_name_holds_a_day_word() -> None:
    for name in dates._WEEKDAYS:
        assert any(word in name for word in dates._DAY_WORDS), name
    for word in ("weekend", "week-end", "weekday", "fine settimana", "fine-settimana"):
        assert any(needed in word for needed in dates._DAY_WORDS), word


@pytest.mark.parametrize("text", _DAY_TEXTS)
def test_days_read_the_same_gated_and_ungated_it_en(
    text: str, monkeypatch: pytest.MonkeyPatch
) -> None:
    gated = dates.weekdays(text)
    monkeypatch.setattr(dates, "lacks", lambda _text, _needs: False)
    assert gated == dates.weekdays(text)
