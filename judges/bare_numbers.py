"""What a bare number in an answer is: a year the answer dates by, a count of the word after
it, or a measure whose unit follows a few words on. The answer-kind checks read it to tell
which numbers of an answer can be the amount a question asks for."""

from __future__ import annotations

import re

from ragoro.text.dates import YEAR_RE
from ragoro.text.numbers import Quantity
from ragoro.text.units import normalize_unit

__all__ = ["a_year", "counted_noun", "measured_after"]

# "9.4% less than in 2024", "rispetto al 2024", "by 2030": a year after a preposition dates
# what the answer says; it is no amount of any unit, nor a count.
_YEAR_AFTER_PREPOSITION_RE = re.compile(
    r"\b(?:in|nel|nell['’]|del|dal|al|since|by|from|until|during|durante|entro(?:\s+il)?)\s*$",
    re.IGNORECASE,
)


def a_year(answer: str, quantity: Quantity) -> bool:
    """A bare number that is a year the answer dates something by ("less than in 2024")."""
    return (
        quantity.unit is None
        and YEAR_RE.fullmatch(quantity.raw) is not None
        and _YEAR_AFTER_PREPOSITION_RE.search(answer[: quantity.start]) is not None
    )


def counted_noun(answer: str, end: int) -> bool:
    """A bare number followed by a word counts that word ("200 automobili")."""
    rest = re.match(r"[\s-]*([^\W\d_]{3,})", answer[end:])
    return rest is not None


_NEXT_WORDS_RE = re.compile(r"[\s-]*((?:[^\W\d_]+[\s'’-]+){0,2}[^\W\d_]+)")
# What follows a rate word divides: "3 times a year", "4 inspections per month" still count.
_RATE_WORDS = frozenset(
    ["a", "an", "per", "each", "every", "ogni", "al", "allo", "alla", "all", "ai", "alle", "l"]
)


def measured_after(answer: str, end: int) -> bool:
    """A bare number with a unit among the next three words, before any rate word, is a
    measure, not a count: "26 working days" says how long, whatever adjective stands
    before the unit, while "3 times a year" counts times."""
    rest = _NEXT_WORDS_RE.match(answer[end:])
    if rest is None:
        return False
    for word in re.split(r"[\s'’-]+", rest.group(1).casefold()):
        if word in _RATE_WORDS:
            return False
        if len(word) > 1 and normalize_unit(word):
            return True
    return False
