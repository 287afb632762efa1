"""Choose the quantity a sentence gives as the answer, and report it as value + unit code."""

from __future__ import annotations

import re
from collections.abc import Collection, Sequence
from functools import lru_cache
from typing import NamedTuple

from ragoro.text import UNITS, Lang, Quantity, stem
from ragoro.text.questions import asks_how_much, wanted_units
from ragoro.text.units import normalize_unit

_HOW_MUCH_RE = re.compile(r"\bquant[oaie]\b|\bhow (?:much|many)\b", re.IGNORECASE)
_NEXT_WORD_RE = re.compile(r"\s*([^\W\d_]+)")
_WORD_RE = re.compile(r"[^\W\d_]+")


def asks_quantity(question: str, lang: Lang) -> bool:
    """True when the question wants a number ("quanto...", "qual è la capacità...")."""
    return asks_how_much(question) or wanted_units(question, lang) is not None


def wanted_kinds(question: str, lang: Lang) -> frozenset[str]:
    """Base unit codes the question asks for ("quanta energia" -> kWh); empty = any."""
    units = wanted_units(question, lang)
    if units == frozenset() and asks_how_much(question):
        # "Quanto costa" names its measure after the how-much words: look at it alone.
        units = wanted_units(_HOW_MUCH_RE.sub("quale", question), lang)
    return units or frozenset()


# "How long / how soon / per quanto tempo / quanto dura / entro quanto": the question asks
# for a span of time (English "how long" may also ask a length: "how long is the stroke").
# So does a count of time units ("how many days", "quante ore"): a number of days is a
# duration, and a time of day ("entro le ore 9:00 del primo giorno") is no count of days.
# "How far in advance / con quanto anticipo / how much notice" asks a span before an event.
_SPAN_RE = re.compile(
    r"\bhow\s+(?:long|soon)\b|\bper\s+quanto\s+tempo\b|\bquanto\s+tempo\b|\bquanto\s+dura\b"
    r"|\bentro\s+quant[oaie]\b|\bcon\s+quanto\s+(?:anticipo|preavviso)\b"
    r"|\bhow\s+(?:far|long)\s+(?:in\s+advance|ahead|beforehand)\b|\bhow\s+much\s+notice\b"
    r"|\bhow\s+many\s+(?:minutes|hours|days|weeks|months|years)\b"
    r"|\bquant[ie]\s+(?:minuti|ore|giorni|settimane|mesi|anni)\b",
    re.IGNORECASE,
)
_SPAN_UNITS = frozenset({"h", "m"})
_CLOCK_RE = re.compile(r"[:.]\d\d\b")


def asks_span(question: str) -> bool:
    """True when the question asks how long or how soon, or counts time units (a duration,
    or for "how long" a length), so a percentage, an amount of money or a time of day does
    not answer it."""
    return _SPAN_RE.search(question) is not None


def spans(text: str, quantity: Quantity) -> bool:
    """Can the quantity be a duration or a length: a time or length unit, or a bare count
    ("12 caratteri"), but not a time of day ("ore 9:00": neither its 9 nor its 00)?"""
    if quantity.unit is not None:
        return quantity.unit in _SPAN_UNITS
    return not _around(text, quantity.start, quantity.end).clock


_COUNT_RE = re.compile(r"\b(?:how many|quant[ie])\s+(?P<rest>[^?]+)", re.IGNORECASE)
_PLAIN_WORD_RE = re.compile(r"[^\W\d_]+(?:-[^\W_]+)*")


def counted_noun(question: str) -> str | None:
    """What a "how many X" / "quanti X" question counts, lowercase ("presses" in "How many
    PX-200 presses..."): its first plain word, codes and numbers skipped. None for other
    questions."""
    match = _COUNT_RE.search(question)
    if match is None:
        return None
    for word in _PLAIN_WORD_RE.findall(match.group("rest")):
        if "-" in word or (word.isupper() and len(word) > 1):
            continue  # a code or an acronym names the thing counted's kind, not the thing
        # "How many litres" asks for a measure, not a count.
        return None if normalize_unit(word) is not None else word.lower()
    return None


def counts(text: str, quantity: Quantity, noun_stems: Collection[str]) -> bool:
    """Does the quantity count the noun: a bare number with the noun (or a translation)
    among the three words after it ("an increase of 227 people")?"""
    if quantity.unit is not None:
        return False
    nouns = set(noun_stems)
    return any(stems & nouns for stems in _around(text, quantity.start, quantity.end).after)


def _looks_like_year(quantity: Quantity) -> bool:
    return (
        quantity.unit is None and quantity.number.is_integer() and 1900 <= quantity.number <= 2100
    )


_CODE_EDGE_RE = re.compile(r"[^\W_]-?$")


def _in_code(text: str, start: int, end: int) -> bool:
    """Part of a code or serial ("AB100-2021-0001", "FR-200-10"), not a measured value."""
    before = text[max(0, start - 2) : start]
    after = text[end : end + 2]
    return bool(_CODE_EDGE_RE.search(before)) or bool(
        re.match(r"-?[^\W_]", after) and after[:1] == "-"
    )


class _Around(NamedTuple):
    """What the choice of a quantity reads around it, whatever the question."""

    in_code: bool
    clock: bool
    """Part of a time of day ("ore 9:00": its 9 or its 00)."""
    follower: frozenset[str]
    """Stems of the word right after it (empty when none follows)."""
    before: tuple[frozenset[str], ...]
    """Stems of each of the (up to) six words before it."""
    after: tuple[frozenset[str], ...]
    """Stems of each of the (up to) three words after it, within 60 characters."""


@lru_cache(maxsize=1 << 15)
def _around(text: str, start: int, end: int) -> _Around:
    """The question-independent reading around text[start:end], made once per quantity of a
    sentence (every question scores the same sentences again)."""
    follower = _NEXT_WORD_RE.match(text, end)
    return _Around(
        in_code=_in_code(text, start, end),
        clock=bool(_CLOCK_RE.match(text, end) or text[max(0, start - 1) : start] == ":"),
        follower=frozenset() if follower is None else _stems(follower.group(1)),
        before=tuple(_stems(w) for w in _WORD_RE.findall(text[:start])[-6:]),
        after=tuple(_stems(w) for w in _WORD_RE.findall(text[end : end + 60])[:3]),
    )


class Reading(NamedTuple):
    """A quantity of a sentence that may answer some question (no bare year, no part of a
    code), with its position among the sentence's quantities and what is read around it."""

    position: int
    quantity: Quantity
    around: _Around
    raw: str
    """Its text, stripped: a number the question states itself answers nothing."""


def readings(quantities: Sequence[Quantity], text: str) -> tuple[Reading, ...]:
    """The quantities `pick_quantity` may choose from, whatever the question: read once per
    sentence (every question scores the same sentences again)."""
    out: list[Reading] = []
    for position, quantity in enumerate(quantities):
        if _looks_like_year(quantity):
            continue
        around = _around(text, quantity.start, quantity.end)
        if not around.in_code:
            out.append(Reading(position, quantity, around, quantity.raw.strip()))
    return tuple(out)


def pick_quantity(
    quantities: Sequence[Quantity],
    text: str,
    wanted: Collection[str],
    question_numbers: Collection[str],
    question_stems: Collection[str],
    *,
    counted: Collection[str] = (),
    span: bool = False,
    read: Sequence[Reading] | None = None,
) -> Quantity | None:
    """The quantity that answers: one with a unit of the wanted kind, or a count of what
    the question names ("6,842 employees"), above all of what a "how many X" question counts
    (`counted`: stems of X); never a number of the question nor a bare year, and for a
    how-long question (`span`) only a quantity that `spans`. `read`: `readings(quantities,
    text)` when the caller keeps them."""
    best: Quantity | None = None
    best_score = float("-inf")
    asked = set(question_stems)
    for position, quantity, around, raw in readings(quantities, text) if read is None else read:
        if raw in question_numbers or (span and not spans(text, quantity)):
            continue
        score = -0.1 * position
        if quantity.unit is not None:
            score += 2.0
            if quantity.unit in wanted:
                score += 3.0
            elif quantity.unit == "%":
                score -= 1.5
        if around.follower & asked:
            score += 2.5
        if counted and counts(text, quantity, counted):
            score += 1.0  # "how many people": 227 people, not the 6,842 employees before it
        if quantity.unit is not None:
            # A measure follows what it measures ("buono pasto del valore di 8,00 EUR"),
            # while a count precedes what it counts ("6,842 employees", above).
            score += min(1.5, 0.5 * sum(1 for stems in around.before if stems & asked))
        if score > best_score:
            best, best_score = quantity, score
    return best


def stated_value(quantity: Quantity) -> tuple[float, str | None]:
    """The number as stated and its unit code: "EUR 1,702.5 million" -> (1702.5, "EUR_M"),
    "28,5 litri" -> (28.5, "l"), "3 mila kg" -> (3000.0, "kg")."""
    code = quantity.written_unit
    if code is not None and code in UNITS:
        converted = quantity.in_unit(code)
        if converted is not None:
            return round(converted, 9), code
    return quantity.number * quantity.scale, code


@lru_cache(maxsize=1 << 14)
def _stems(word: str) -> frozenset[str]:
    lower = word.lower()
    return frozenset({stem(lower, "it"), stem(lower, "en")})
