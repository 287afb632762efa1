"""Frequencies in words read as "every <unit>": "weekly", "once a week", "una volta al
mese" and "mensilmente" say once per unit, as "every week" and "ogni mese" do."""

from __future__ import annotations

import pytest

from judges.reading import prepare
from ragoro.text.frequency import spell_frequencies


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("Check it weekly.", "Check it every week."),
        ("Backups run daily", "Backups run every day"),
        ("once a month", "every month"),
        ("once every 2 weeks", "every 2 weeks"),
        ("Paid annually", "Paid every year"),
        ("Si controlla settimanalmente", "Si controlla ogni settimana"),
        ("un controllo mensile", "un controllo ogni mese"),
        ("1 volta al mese", "ogni mese"),
        ("1 volta ogni 10 giorni", "ogni 10 giorni"),
        ("1 volta all'anno", "ogni anno"),
    ],
)
def test_frequencies_are_written_as_every_unit(text: str, expected: str) -> None:
    assert spell_frequencies(text) == expected


@pytest.mark.parametrize(
    "text",
    ["annual revenue", "il fatturato annuale", "once you sign", "una volta firmato"],
)
def test_a_sum_over_a_year_and_once_as_a_conjunction_are_left_alone(text: str) -> None:
    assert spell_frequencies(text) == text


def test_the_checks_read_numbers_then_frequencies() -> None:
    assert prepare("una volta ogni dieci giorni") == "ogni 10 giorni"
    assert prepare("once every two weeks") == "every 2 weeks"
