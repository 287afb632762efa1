"""The rewrites that prepare a text skip only where they could not match (`gates.Gated`).

Every text below is rewritten twice, gated and with every gate open, and must come out
the same; each rewrite table's words must be in every match its pattern makes.
"""

from __future__ import annotations

import re

import pytest

from ragoro.text import dates, frequency, gates, numwords
from ragoro.text.dates import spell_month_bounds
from ragoro.text.frequency import spell_frequencies
from ragoro.text.lang import Lang
from ragoro.text.numwords import spell_numbers

_TEXTS: list[tuple[str, Lang]] = [
    ("La riunione dura mezz'ora e si tiene a mezzanotte.", "it"),
    ("The meeting takes half an hour and starts at midnight.", "en"),
    ("Serve mezza giornata; il premio è di mezzo milione.", "it"),
    ("It takes half a day; the prize is half a million.", "en"),
    ("Attendere un quarto d'ora, poi due settimane.", "it"),
    ("Wait a quarter of an hour, then a fortnight.", "en"),
    ("Il negozio apre a mezzogiorno e chiude alle 8 di sera.", "it"),
    ("The shop opens at noon and closes at 8 in the evening.", "en"),
    ("Il filtro si cambia una volta al mese, il controllo è settimanale.", "it"),
    ("The filter is changed once a week and checked daily.", "en"),
    ("Il tasso è del venti per cento, cioè novantotto virgola due.", "it"),
    ("The rate is twice the base, twelve point five percent.", "en"),
    ("La gara è di 42 chilometri e mezzo, a fine maggio.", "it"),
    ("The race is 3 and a half miles, at the end of May.", "en"),
    ("Il corso inizia a inizio giugno alle 9 del mattino.", "it"),
    ("The course starts at 9 am at the beginning of June.", "en"),
    ("Nessuna parola da riscrivere qui.", "it"),
    ("Nothing to rewrite here.", "en"),
    # Letters the regular expressions read as "i" or "s" that lowercase otherwise.
    ("Checked DAİLY by the staff.", "en"),
    ("Controllo ſettimanale del filtro.", "it"),
    ("Renewed TWİCE, at MİDNIGHT.", "en"),
]


def _prepared(text: str, lang: Lang) -> str:
    return spell_month_bounds(spell_frequencies(spell_numbers(text, lang)))


@pytest.mark.parametrize(("text", "lang"), _TEXTS)
def test_gated_rewrites_equal_the_ungated_ones_it_en(
    text: str, lang: Lang, monkeypatch: pytest.MonkeyPatch
) -> None:
    gated = _prepared(text, lang)
    monkeypatch.setattr(gates, "_lowered", lambda _text: None)
    assert gated == _prepared(text, lang)


def test_a_letter_lowercase_misses_is_never_gated() -> None:
    # "İ" lowercases to "i" and a combining dot, so "daily" is not in "dai̇ly".lower();
    # the regular expression still matches it, and so must the gate let it through.
    assert spell_frequencies("Checked DAİLY") == "Checked every day"
    assert spell_frequencies("Controllo ſettimanale") == "Controllo ogni settimana"
    assert spell_frequencies("Checked daily") == "Checked every day"


def test_a_word_made_by_an_earlier_rewrite_is_seen_by_a_later_gate() -> None:
    seen = gates.Gated("due volte")
    seen.sub(re.compile("due"), "mezzanotte", None)
    seen.sub(re.compile("mezzanotte"), "00:00", ("mezzanotte",))
    assert seen.text == "00:00 volte"


_EXAMPLES = {
    "0.5 ora": "mezz'ora",
    "0.5 hour": "half an hour",
    "0.5 day": "half a day",
    "0.5 giorno": "mezza giornata",
    "15 minuti": "un quarto d'ora",
    "15 minutes": "a quarter of an hour",
    "2 weeks": "a fortnight",
    "00:00": "Mezzanotte",
    "12:00": "Mezzodì",
}


def test_every_table_entry_needs_a_word_its_example_holds() -> None:
    tables = [*numwords._HALF, *numwords._CLOCK_WORDS, *frequency._REWRITES]
    for pattern, replacement, needs in tables:
        assert all(word == word.lower() for word in needs)
        example = _EXAMPLES.get(replacement)
        if example is not None:
            match = pattern.search(example)
            assert match is not None, pattern.pattern
            assert any(word in match.group(0).lower() for word in needs)
    for example in ("the end of March", "fine maggio", "inizio novembre", "the start of May"):
        match = dates._MONTH_BOUND_RE.search(example)
        assert match is not None
        assert any(word in match.group(0).lower() for word in dates._BOUND_WORDS)
