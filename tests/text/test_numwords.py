"""Numbers and clock times written in words are read as digits, in the text's language."""

import pytest

from ragoro.text import extract_quantities, numwords
from ragoro.text.lang import Lang
from ragoro.text.numwords import spell_numbers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Entro trenta giorni dalla notifica.", "Entro 30 giorni dalla notifica."),
        ("two weeks", "2 weeks"),
        ("one hundred and twenty-five pounds", "125 pounds"),
        ("ventitré persone", "23 persone"),
        ("duecentocinquanta euro", "250 euro"),
        ("Half an hour.", "0.5 hour."),
        ("mezz'ora", "0.5 ora"),
        ("Dalle otto di sera alle otto del mattino.", "Dalle 20:00 alle 08:00."),
        ("mezzanotte", "00:00"),
        ("8 pm", "20:00"),
        ("una settimana", "1 settimana"),
        ("fino a mezzo milione di euro", "fino a 0.5 milione di euro"),
        ("up to half a million euros", "up to 0.5 million euros"),
        ("per un quarto d'ora", "per 15 minuti"),
        ("for a quarter of an hour", "for 15 minutes"),
        ("once a fortnight", "once 2 weeks"),
    ],
)
def test_number_words_become_digits(text: str, expected: str) -> None:
    assert spell_numbers(text) == expected


@pytest.mark.parametrize(
    "text",
    [
        "due to higher costs",  # English "due" is not the Italian two
        "2 giorni a settimana",  # Italian "a" is a preposition, not one
        "Tu sei qui",  # "sei" is "you are" unless a unit follows
        "the one who signed",
        "1,7025 miliardi di euro",  # a scale word after digits is their scale
    ],
)
def test_words_that_only_look_like_numbers_stay(text: str) -> None:
    assert spell_numbers(text) == text


def test_a_number_in_words_is_the_same_quantity_as_in_digits() -> None:
    (words,) = extract_quantities(spell_numbers("due settimane", "it"), "it")
    (days,) = extract_quantities("14 giorni", "it")
    assert words.unit == days.unit == "h" and words.value == days.value


@pytest.mark.parametrize(
    ("text", "value", "unit"),
    [
        ("fino a mezzo milione di euro", 500_000.0, "EUR"),
        ("up to half a million euros", 500_000.0, "EUR"),
        ("per un quarto d'ora", 0.25, "h"),
        ("for a quarter of an hour", 0.25, "h"),
        ("once a fortnight", 336.0, "h"),
    ],
)
def test_fractions_of_a_scale_or_unit_are_read_as_amounts(
    text: str, value: float, unit: str
) -> None:
    lang: Lang = "it" if " di " in text or "quarto" in text else "en"
    (quantity,) = extract_quantities(spell_numbers(text), lang)
    assert quantity.value == pytest.approx(value)
    assert quantity.unit == unit


@pytest.mark.parametrize(
    ("text", "lang", "expected"),
    [
        ("novantotto virgola due per cento", "it", "98,2 percento"),
        ("uno virgola cinque chili", "it", "1,5 chili"),
        ("il venti per cento dei soci", "it", "il 20 percento dei soci"),
        ("pagato per cento euro", "it", "pagato per 100 euro"),
        ("twelve point five tonnes", "en", "12.5 tonnes"),
        ("one point five litres", "en", "1.5 litres"),
        ("a three point plan", "en", "a 3 point plan"),
        ("At one point 3 machines stopped", "en", "At one point 3 machines stopped"),
        ("a un certo punto 3 macchine", "it", "a un certo punto 3 macchine"),
    ],
)
def test_decimals_read_aloud_and_per_cento(text: str, lang: Lang, expected: str) -> None:
    """ "virgola" / "point" is the decimal separator said aloud; "per cento" after a number
    is the percent sign, before a unit it is "for a hundred"."""
    assert spell_numbers(text, lang) == expected


@pytest.mark.parametrize(
    ("text", "lang"),
    [("La pompa va pulita ogni mattina.", "it"), ("The pump is cleaned every morning.", "en")],
)
def test_a_text_without_number_words_is_handed_back_unchanged(text: str, lang: Lang) -> None:
    # the fast path of `_replace_runs`: no word of the text is a number word
    assert numwords._replace_runs(text, lang) is text
    assert spell_numbers(text, lang) == text
