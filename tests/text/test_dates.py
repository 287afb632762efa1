"""Dates: the patterns skipped because a text lacks what they need find nothing anyway."""

import re
from pathlib import Path

import pytest

from ragoro.text import dates
from ragoro.text.dates import DateMention, find_dates

CORPUS = Path(__file__).resolve().parents[2] / "corpus_src"


def _every_pattern(text: str) -> list[DateMention]:
    """`find_dates` with every pattern scanned (no prerequisite check)."""
    saved = dates._PREREQUISITES
    dates._PREREQUISITES = (re.compile(""),) * len(saved)
    try:
        return find_dates(text)
    finally:
        dates._PREREQUISITES = saved


@pytest.mark.parametrize(
    "text",
    [
        "Scadenza il 12/06/2026, poi il 3.7.26 e il 2026-06-12.",
        "Approved on 12 June 2026; due June 12th, 2026; valid from March 2027.",
        "dal 1° gennaio 2026 al 31 dic. 2026",
        "versione 1.2.3 del 12-6-26",
        "EUR 1.702,5 milioni nel 2025",
        "nessuna data qui, solo 3 giorni",
        "Sept 2026",
        "",
    ],
)
def test_same_dates_as_scanning_every_pattern(text: str) -> None:
    assert find_dates(text) == _every_pattern(text)


def test_same_dates_on_the_demo_corpus() -> None:
    texts = [p.read_text(encoding="utf-8") for p in sorted(CORPUS.glob("*.md"))]
    lines = [line for text in texts for line in text.splitlines()]
    assert lines
    assert [find_dates(line) for line in lines] == [_every_pattern(line) for line in lines]
    assert any(find_dates(line) for line in lines)


def test_a_prerequisite_for_every_pattern() -> None:
    assert len(dates._NEEDS) == len(dates._PATTERNS)
    assert all(0 <= i < len(dates._PREREQUISITES) for i in dates._NEEDS)


def test_texts_without_a_year_or_numeric_date_have_no_dates() -> None:
    assert find_dates("il 12 giugno, alle 9.30") == []
    assert find_dates("12 giugno 2026")[0].iso == "2026-06-12"


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Aperto dal lunedì al venerdì", {0, 1, 2, 3, 4}),
        ("Open Monday to Friday", {0, 1, 2, 3, 4}),
        ("lunedì-mercoledì", {0, 1, 2}),
        ("from Friday to Monday", {4, 5, 6, 0}),
        ("solo nel fine settimana", {5, 6}),
        ("closed at weekends", {5, 6}),
        ("on weekdays", {0, 1, 2, 3, 4}),
        ("lunedì e venerdì", {0, 4}),
        ("Monday and Friday", {0, 4}),
    ],
)
def test_weekdays_of_spans_and_of_the_weekend(text: str, days: set[int]) -> None:
    """A span of days names every day in it; the weekend is Saturday and Sunday, the
    weekdays Monday to Friday."""
    assert dates.weekdays(text) == days


@pytest.mark.parametrize(
    ("text", "days"),
    [
        ("Aperto LUNEDİ e martedì", {0, 1}),
        ("dal LUNEDİ al venerdì", {0, 1, 2, 3, 4}),
        ("open on ſaturdays", {5}),
        ("ſunday to Tueſday", {6, 0, 1}),
    ],
)
def test_a_day_name_spelt_with_a_letter_lower_reads_otherwise_is_still_read(
    text: str, days: set[int]
) -> None:
    """The patterns ignore case the way `re` does ("İ" is "i", "ſ" is "s"); looking the name
    up after `str.lower` ("lunedi̇") raised KeyError and stopped the judge on such a text."""
    assert dates.weekdays(text) == days


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("until the end of March", "until 31 March"),
        ("from the beginning of June", "from 1 June"),
        ("entro la fine di aprile", "entro la 30 aprile"),
        ("dall'inizio di settembre", "dall'1 settembre"),
        ("by the end of February", "by the end of February"),
        ("at the end of the meeting", "at the end of the meeting"),
    ],
)
def test_a_month_named_by_its_bound_is_its_first_or_last_day(text: str, expected: str) -> None:
    """February's last day depends on the year and is left as written."""
    assert dates.spell_month_bounds(text) == expected


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("The fine may be paid in two instalments.", "The fine may be paid in two instalments."),
        ("A fine may apply.", "A fine may apply."),
        ("Iscrizioni aperte fino a fine maggio.", "Iscrizioni aperte fino a 31 maggio."),
        ("Open until the end of May.", "Open until 31 May."),
    ],
)
def test_a_month_bound_is_read_in_its_own_language(text: str, expected: str) -> None:
    """English "fine" is a penalty or an adjective, and "fine may" no month's end: an Italian
    bound word takes an Italian month, an English one an English month."""
    assert dates.spell_month_bounds(text) == expected
