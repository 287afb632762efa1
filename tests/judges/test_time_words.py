"""Clock times with a part of the day in English, and the distributive article: read as
a person reads them ("eleven in the morning" is 11:00, "20 cents a day" is no 1 day)."""

from __future__ import annotations

import pytest

from judges.lexical import faithfulness
from ragoro.text.numwords import spell_numbers


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("at eleven in the morning", "at 11:00"),
        ("at 7 in the evening", "at 19:00"),
        ("at 3 o'clock in the afternoon", "at 15:00"),
        ("at 10 at night", "at 22:00"),
        ("at 12 at night", "at 00:00"),
        ("It takes an hour", "It takes 1 hour"),
        ("You pay 20 cents a day", "You pay 20 cents a day"),
        ("3 times a week", "3 times a week"),
    ],
)
def test_english_times_of_day_and_the_distributive_article(text: str, expected: str) -> None:
    assert spell_numbers(text, "en") == expected


def test_a_time_of_day_in_words_matches_the_clock_and_a_wrong_one_does_not() -> None:
    context = "The fire alarms are tested every Monday at 11 am."
    assert faithfulness("They are tested each Monday at eleven in the morning.", [context]).passed
    assert not faithfulness(
        "They are tested each Monday at eleven in the evening.", [context]
    ).passed


def test_a_price_per_day_is_not_one_day() -> None:
    context = "Late returns are charged 20 cents per day per item."
    assert faithfulness("Late returns cost 20 cents a day per item.", [context]).passed
    assert not faithfulness("Late returns cost 30 cents a day per item.", [context]).passed
