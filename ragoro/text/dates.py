"""Find calendar dates in IT/EN text and normalise them to ISO strings."""

from __future__ import annotations

import re
from dataclasses import dataclass
from functools import lru_cache

from ragoro.text.gates import Gated, lacks

# One month a line: its Italian name, Italian abbreviation, English name, English
# abbreviations.
_MONTH_NAMES = (
    "gennaio gen january jan",
    "febbraio feb february",
    "marzo mar march",
    "aprile apr april",
    "maggio mag may",
    "giugno giu june jun",
    "luglio lug july jul",
    "agosto ago august aug",
    "settembre set september sep sept",
    "ottobre ott october oct",
    "novembre nov november",
    "dicembre dic december dec",
)
_MONTHS: dict[str, int] = {}
for _i, _names in enumerate(_MONTH_NAMES, start=1):
    for _name in _names.split():
        _MONTHS[_name] = _i

_MONTH_ALT = "|".join(sorted(_MONTHS, key=len, reverse=True))
_ORD = r"(?:°|º|st|nd|rd|th)?"

_PATTERNS: tuple[tuple[re.Pattern[str], str], ...] = (
    (re.compile(r"(?<![\d.,/-])(?P<y>\d{4})-(?P<m>\d{1,2})-(?P<d>\d{1,2})(?![\d/-])"), "num"),
    (
        re.compile(
            r"(?<![\d.,/-])(?P<d>\d{1,2})(?P<sep>[/.\-])(?P<m>\d{1,2})(?P=sep)(?P<y>\d{4}|\d{2})"
            r"(?![\d/-]|[.,]\d)"
        ),
        "num",
    ),
    (
        re.compile(
            rf"(?<!\d)(?P<d>\d{{1,2}}){_ORD}\s+(?:of\s+)?(?P<mn>{_MONTH_ALT})\.?,?\s+(?P<y>\d{{4}})(?!\d)",
            re.IGNORECASE,
        ),
        "name",
    ),
    (
        re.compile(
            rf"(?<![^\W_])(?P<mn>{_MONTH_ALT})\.?\s+(?P<d>\d{{1,2}}){_ORD},?\s+(?P<y>\d{{4}})(?!\d)",
            re.IGNORECASE,
        ),
        "name",
    ),
    (
        re.compile(rf"(?<![^\W_])(?P<mn>{_MONTH_ALT})\.?\s+(?P<y>\d{{4}})(?!\d)", re.IGNORECASE),
        "name",
    ),
)


@dataclass(frozen=True)
class DateMention:
    """A date found in text: char span, ISO form (YYYY-MM-DD or YYYY-MM), how it was written."""

    start: int
    end: int
    iso: str
    numeric: bool
    """True for 12/06/2026-style dates, whose parts are not separate numbers in prose."""
    year_span: tuple[int, int]


def _iso(year: int, month: int, day: int | None) -> str | None:
    if not 1 <= month <= 12 or (day is not None and not 1 <= day <= 31):
        return None
    return f"{year:04d}-{month:02d}" + (f"-{day:02d}" if day is not None else "")


# What each pattern cannot match without: 0, a year of four digits; 1, a digit, a separator
# and a digit. Most texts have neither, and the month-name patterns are slow to scan:
# skipping a pattern that cannot match finds the same dates.
_PREREQUISITES: tuple[re.Pattern[str], ...] = (re.compile(r"\d{4}"), re.compile(r"\d[/.\-]\d"))
_NEEDS = (0, 1, 0, 0, 0)


YEAR_RE = re.compile(r"(?<![\w/.-])(?:19|20)\d\d(?![\w/-])")
"""A year standing alone, not inside a code, a date-like reference or a serial
("2006/42/EC", "PX200-2021-0001")."""


def years_in(text: str) -> set[str]:
    """Every year standing alone in the text ("2024", "1999"), as written."""
    return set(YEAR_RE.findall(text))


def is_month_name(word: str) -> bool:
    """Is the word an IT or EN month name or its abbreviation ("December", "dic.")?"""
    return word.lower().rstrip(".") in _MONTHS


def find_dates(text: str) -> list[DateMention]:
    """All non-overlapping dates in text, in order (day-first for ambiguous numeric dates)."""
    return list(_find_dates(text))


# Pure, and asked twice of every text `evidence.analyse` reads (once for its quantities,
# whose numbers inside dates are no quantities, once for its dates). Bounded: most texts
# are per case. A fresh list is handed out; the mentions themselves are frozen.
@lru_cache(maxsize=4096)
def _find_dates(text: str) -> tuple[DateMention, ...]:
    found: list[DateMention] = []
    taken: list[tuple[int, int]] = []
    possible = [p.search(text) is not None for p in _PREREQUISITES]
    for (pattern, kind), needs in zip(_PATTERNS, _NEEDS, strict=True):
        if not possible[needs]:
            continue
        for m in pattern.finditer(text):
            if any(m.start() < e and s < m.end() for s, e in taken):
                continue
            groups = m.groupdict()
            year = int(groups["y"])
            if len(groups["y"]) == 2:
                year += 2000
            if kind == "name":
                month = _MONTHS[groups["mn"].lower()]
                day = int(groups["d"]) if groups.get("d") else None
            else:
                day, month = int(groups["d"]), int(groups["m"])
                # US order only when the day-first reading is impossible (06/13/2026).
                if month > 12 >= day and groups.get("sep") is not None:
                    day, month = month, day
            iso = _iso(year, month, day)
            if iso is None:
                continue
            taken.append((m.start(), m.end()))
            found.append(
                DateMention(m.start(), m.end(), iso, kind == "num", (m.start("y"), m.end("y")))
            )
    return tuple(sorted(found, key=lambda d: d.start))


_WEEKDAYS: dict[str, int] = {}
for _i, _names in enumerate(
    (
        "lunedì lunedi monday",
        "martedì martedi tuesday",
        "mercoledì mercoledi wednesday",
        "giovedì giovedi thursday",
        "venerdì venerdi friday",
        "sabato sabati saturday",
        "domenica domeniche sunday",
    )
):
    for _name in _names.split():
        _WEEKDAYS[_name] = _i
# Full names only: the short forms "sun" and "sat" are also common words.
_WEEKDAY_RE = re.compile(
    r"(?<![^\W_])(" + "|".join(sorted(_WEEKDAYS, key=len, reverse=True)) + r")s?(?![^\W_])",
    re.IGNORECASE,
)


_DAY_NAME = "|".join(sorted(_WEEKDAYS, key=len, reverse=True))
# A span of days names every day in it: "dal lunedì al venerdì", "Monday to Friday",
# "lunedì-venerdì" (a span that wraps past Sunday, "Friday to Monday", too).
_DAY_SPAN_RE = re.compile(
    rf"(?<![^\W_])({_DAY_NAME})s?\s*(?:-|–|to|through|thru|until|till|al|a|fino a)\s*"
    rf"({_DAY_NAME})s?(?![^\W_])",
    re.IGNORECASE,
)
# Words for a fixed set of days: the weekend is Saturday and Sunday, the weekdays Monday to
# Friday. Italian "giorni feriali" is left out: it counts Saturday as a working day.
_DAY_SETS: tuple[tuple[re.Pattern[str], frozenset[int]], ...] = (
    (
        re.compile(r"(?<![^\W_])(?:week-?ends?|fine[\s-]?settimana)(?![^\W_])", re.IGNORECASE),
        frozenset({5, 6}),
    ),
    (re.compile(r"(?<![^\W_])weekdays?(?![^\W_])", re.IGNORECASE), frozenset(range(5))),
)


_DAY_WORDS = ("day", "lune", "mart", "merc", "giov", "vene", "saba", "dome", "week", "settimana")
"""One of them is in every day name (English ones end in "day") and in "weekend",
"weekdays" and "fine settimana": a text with none names no day (`gates.lacks`)."""


def _day_index(name: str) -> int:
    """Monday = 0 for a day name the weekday patterns matched."""
    day = _WEEKDAYS.get(name.lower())
    if day is None:
        # re.IGNORECASE equates letters that str.lower does not map onto the key's ("İ" with
        # "i", "ſ" with "s"): find the key the pattern matched.
        day = next(v for k, v in _WEEKDAYS.items() if re.fullmatch(k, name, re.IGNORECASE))
    return day


def weekdays(text: str) -> frozenset[int]:
    """The days of the week a text names, Monday = 0, in either language ("martedì",
    "Tuesdays"), with every day of a span ("Monday to Friday") and of "weekend"/"fine
    settimana" (5, 6) and "weekdays" (0-4)."""
    # Most texts name no day: the four patterns below are not run on them.
    if lacks(text, _DAY_WORDS):
        return frozenset()
    days = {_day_index(m.group(1)) for m in _WEEKDAY_RE.finditer(text)}
    for span in _DAY_SPAN_RE.finditer(text):
        first, last = _day_index(span.group(1)), _day_index(span.group(2))
        days.update((first + step) % 7 for step in range((last - first) % 7 + 1))
    for pattern, named in _DAY_SETS:
        if pattern.search(text):
            days |= named
    return frozenset(days)


# Full names only: "mar", "set", "may" are words too. Each bound word takes its own
# language's months: English "fine" is a penalty ("the fine may be paid"), no month's end.
_IT_MONTHS = "|".join(names.split()[0] for names in _MONTH_NAMES)
_EN_MONTHS = "|".join(names.split()[2] for names in _MONTH_NAMES)
_LAST_DAY = {1: 31, 3: 31, 4: 30, 5: 31, 6: 30, 7: 31, 8: 31, 9: 30, 10: 31, 11: 30, 12: 31}
"""Days of each month but February, whose last day depends on the year."""
_MONTH_BOUND_RE = re.compile(
    rf"(?<![^\W_])(?:(?:the\s+)?(?P<en>end|start|beginning)\s+of\s+(?P<en_month>{_EN_MONTHS})"
    rf"|(?P<it>fine|inizio)\s+(?:di\s+)?(?P<it_month>{_IT_MONTHS}))(?![^\W_])",
    re.IGNORECASE,
)


_BOUND_WORDS = ("end", "start", "beginning", "fine", "inizio")
"""One of them is in every match of `_MONTH_BOUND_RE` (`gates.Gated`)."""


def _bound_day(match: re.Match[str]) -> str:
    bound = (match.group("en") or match.group("it")).lower()
    month = match.group("en_month") or match.group("it_month")
    number = _MONTHS[month.lower()]
    if bound in ("start", "beginning", "inizio"):
        return f"1 {month}"
    return f"{_LAST_DAY[number]} {month}" if number in _LAST_DAY else match.group(0)


def spell_month_bounds(text: str) -> str:
    """ "The end of March" as "31 March", "inizio novembre" as "1 novembre": the first or
    last day of a month named by its bound (February's end, which depends on the year,
    is left as written)."""
    gated = Gated(text)
    gated.sub(_MONTH_BOUND_RE, _bound_day, _BOUND_WORDS)
    return gated.text
