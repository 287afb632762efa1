"""Frequencies said with an adverb or a "once" phrase, rewritten as "every <unit>" (IT/EN).

"weekly", "once a week", "once every week" and "every week" state one frequency, as do
"settimanalmente", "una volta alla settimana", "una volta ogni settimana" and "ogni
settimana". A restatement swaps one form for another, so the checks read them all as
"every <unit>" / "ogni <unit>", and `period_units` tells which units a text repeats by
("every week" is not "every month"):

- "once" or "una volta" before "every"/"ogni" adds nothing: "once every two weeks" is
  "every two weeks", "una volta ogni dieci giorni" is "ogni dieci giorni";
- "once a week" / "una volta al mese" is one time per unit: "every week" / "ogni mese";
- an adverb of frequency is "every" + its unit: "daily" is "every day", "mensilmente"
  "ogni mese". The Italian adjectives in -ale/-ile ("controllo settimanale") say the same,
  but "annuale"/"annual" are left alone: "annual revenue" is a sum over a year, not
  something that recurs.

Runs after `ragoro.text.numwords.spell_numbers`, which has already turned "una volta"
into "1 volta" and "a week" into "1 week".
"""

from __future__ import annotations

import re
from functools import lru_cache

from ragoro.text.gates import Gated

__all__ = ["period_units", "spell_frequencies", "unsaid_periods"]

_EN_UNITS = r"(day|week|month|year|hour)"
_IT_UNITS = r"(giorno|settimana|mese|anno|ora)"
_REWRITES: tuple[tuple[re.Pattern[str], str, tuple[str, ...]], ...] = (
    (re.compile(r"\b(?:once|1 time)\s+(?=(?:every|each)\b)", re.IGNORECASE), "",
     ("once", "time")),
    (re.compile(rf"\b(?:once|1 time)\s+(?:a|an|1|per)\s+{_EN_UNITS}\b", re.IGNORECASE),
     r"every \1", ("once", "time")),
    (re.compile(r"\b1\s+volta\s+(?=ogni\b)", re.IGNORECASE), "", ("volta",)),
    (re.compile(rf"\b1\s+volta\s+(?:al|alla|all['’]\s*|a|per)\s*{_IT_UNITS}\b", re.IGNORECASE),
     r"ogni \1", ("volta",)),
    (re.compile(r"\bhourly\b", re.IGNORECASE), "every hour", ("hourly",)),
    (re.compile(r"\bdaily\b", re.IGNORECASE), "every day", ("daily",)),
    (re.compile(r"\bweekly\b", re.IGNORECASE), "every week", ("weekly",)),
    (re.compile(r"\bmonthly\b", re.IGNORECASE), "every month", ("monthly",)),
    (re.compile(r"\b(?:yearly|annually)\b", re.IGNORECASE), "every year",
     ("yearly", "annually")),
    (re.compile(r"\b(?:giornalmente|quotidianamente|giornalier[oaie])\b", re.IGNORECASE),
     "ogni giorno", ("giornal", "quotidian")),
    (re.compile(r"\bsettimanal(?:mente|e|i)\b", re.IGNORECASE), "ogni settimana",
     ("settimanal",)),
    (re.compile(r"\bmensil(?:mente|e|i)\b", re.IGNORECASE), "ogni mese", ("mensil",)),
    (re.compile(r"\bannualmente\b", re.IGNORECASE), "ogni anno", ("annualmente",)),
)  # fmt: skip
"""Each rewrite with the words one of which its every match holds (`gates.Gated`)."""


def spell_frequencies(text: str) -> str:
    """The text with every way of saying "once per unit" written as "every/ogni <unit>"."""
    gated = Gated(text)
    for pattern, replacement, needs in _REWRITES:
        gated.sub(pattern, replacement, needs)
    return gated.text


# "every week", and the distributive "3 times a week", "20 cents per day", "2 giorni a
# settimana", "1.702 unità al giorno": each repeats by its unit. "Annual" and "annuale"
# are kept as words by `spell_frequencies` but repeat by the year all the same. Only a
# singular unit is a rate: "per mesi", "per anni", "per ore" are durations ("for
# months"). An article with a unit followed by "di"/"of" names one period ("al mese di
# marzo", "all'ora di pranzo", "a year of testing"), and "per ora" on its own is "for
# now"; it is a rate only after a quantity ("40 km per ora").
_PERIOD_RE = re.compile(
    r"(?:\b(?P<lead>every|each|ogni|ciascun[oa]?|per|an?|al|alla|allo|a)\s+|\b(?P<elided>all['’])\s*)"
    r"(?P<unit>hour|day|week|month|year|ora|giorno|settimana|mese|anno)\b"
    r"(?P<of>\s+(?:di|of)\b|\s+d['’])?"
    r"|\b(?P<annual>annual|annuale|annuali|annu[oaie])\b",
    re.IGNORECASE,
)
_ARTICLES = frozenset({"a", "an", "al", "alla", "allo"})
_QUANTITY_BEFORE_RE = re.compile(r"\d[\d.,]*\s*(?:\S+\s+)?$")
_UNIT_NAMES = {
    "hour": "hour", "ora": "hour", "day": "day", "giorno": "day", "week": "week",
    "settimana": "week", "month": "month", "mese": "month", "year": "year", "anno": "year",
}  # fmt: skip


def _names_a_rate(match: re.Match[str], text: str) -> bool:
    """Whether a unit found by `_PERIOD_RE` is a rate's, not one period or "for now"."""
    lead = (match.group("lead") or "").lower()
    if match.group("of") and (match.group("elided") or lead in _ARTICLES):
        return False
    if lead == "per" and match.group("unit").lower() == "ora":
        return _QUANTITY_BEFORE_RE.search(text, 0, match.start()) is not None
    return True


@lru_cache(maxsize=16384)
def period_units(text: str) -> frozenset[str]:
    """The units a text repeats something by, once each ("every week", "ogni mese"), in
    English: {"week", "month"}; a rate's unit counts ("20 cents a day": {"day"}). A count
    before the unit ("every 2 weeks") is a quantity, checked as one, and is not listed
    here; nor is a duration ("per mesi") or one named period ("al mese di marzo"). Reads
    `spell_frequencies`' output."""
    found = set()
    for match in _PERIOD_RE.finditer(text):
        if match.group("annual"):
            found.add("year")
        elif _names_a_rate(match, text):
            found.add(_UNIT_NAMES[match.group("unit").lower()])
    return frozenset(found)


def unsaid_periods(claim: str, source: tuple[str, ...]) -> frozenset[str]:
    """The units the claim repeats something by that the source, which repeats things by
    some unit, never names ("every week" where it says "monthly"); empty when the source
    names none (then its words are compared as any others)."""
    claimed = period_units(claim)
    if not claimed:
        # Nothing to miss: the source's units need not be read.
        return frozenset()
    said = frozenset().union(*(period_units(text) for text in source))
    return claimed - said if said else frozenset()
