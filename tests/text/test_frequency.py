"""Frequencies in words read as "every <unit>": "weekly", "once a week", "una volta al
mese" and "mensilmente" say once per unit, as "every week" and "ogni mese" do."""

from __future__ import annotations

import pytest

from judges.reading import prepare
from ragoro.text.frequency import period_units, spell_frequencies, unsaid_periods


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


@pytest.mark.parametrize(
    ("text", "units"),
    [
        ("3 times a week", {"week"}),
        ("20 cents per day", {"day"}),
        ("every month", {"month"}),
        ("2 giorni a settimana", {"week"}),
        ("1.702 unità al giorno", {"day"}),
        ("40 km per ora", {"hour"}),
        ("il canone annuale", {"year"}),
    ],
)
def test_a_rate_repeats_by_its_unit(text: str, units: set[str]) -> None:
    assert period_units(text) == units


@pytest.mark.parametrize(
    "text",
    [
        "ha lavorato per mesi al progetto",  # a duration: "for months"
        "he waited for hours",
        "per anni nessuno lo ha controllato",
        "il saldo al mese di marzo",  # one named period
        "ci vediamo all'ora di pranzo",
        "after a year of testing",
        "al giorno d'oggi",
        "per ora il servizio è sospeso",  # "for now"
    ],
)
def test_a_duration_a_named_period_and_for_now_are_not_rates(text: str) -> None:
    assert period_units(text) == frozenset()


def test_a_duration_does_not_contradict_a_monthly_source() -> None:
    source = ("La revisione si fa ogni mese.",)
    assert unsaid_periods("Per anni la revisione si è fatta ogni mese.", source) == set()
    assert unsaid_periods("La revisione si fa ogni anno.", source) == {"year"}
