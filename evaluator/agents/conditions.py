"""A value the question states, read against the condition a sentence puts on that value.

"Who signs off an expense claim of 2,000 euros?" is answered by "Le note spese di importo
superiore a 1.500 EUR richiedono anche l'approvazione del CFO", not by the sentence before
it, "Le note spese fino a 1.500 EUR sono approvate dal responsabile diretto": both carry the
question's words, and only the amount tells them apart. A sentence whose threshold the
asked value meets ("superiore a 4 ore" for a five-hour journey) speaks to the question's
case; one whose threshold it fails speaks to another case. The condition words are read
in either language; values are compared in their normalised unit (two weeks against ten
days), and a value the question does not state in that unit decides nothing.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragoro.text import Lang, Quantity
from ragoro.text.dates import YEAR_RE
from ragoro.text.numbers import extract_quantities
from ragoro.text.numwords import spell_numbers

__all__ = ["asked_values", "meets_condition"]

# What a sentence's threshold applies to: values above it, values up to it, or (a negated
# "below", "non inferiore a 4 ore") values from it on. A negated "above" is an "up to"
# ("non superiore a", "not exceeding"). Leftmost wins, so a negated form is matched before
# the word it negates.
_NOT = r"(?:non|not|no)\s+"
_ABOVE_WORDS = (
    r"superiore a|superiori a|oltre|più di|sopra|above|over|more than|longer than|"
    r"greater than|exceeding|in excess of"
)
_BELOW_WORDS = r"inferiore a|inferiori a|meno di|below|under|less than|shorter than"
_UP_TO = rf"fino a|fino al|al massimo|up to|at most|{_NOT}(?:{_ABOVE_WORDS})|{_BELOW_WORDS}"
_FROM = rf"{_NOT}(?:{_BELOW_WORDS})"
_CONDITION_RE = re.compile(
    rf"(?<![^\W_])(?:(?P<from>{_FROM})|(?P<above>{_ABOVE_WORDS})|(?P<up_to>{_UP_TO}))\s+$",
    re.IGNORECASE,
)
_LOOKBACK = 24
_COMPOUND_RE = re.compile(r"(?<=[^\W\d_])-(?=[^\W\d_])")


def asked_values(question: str, lang: Lang) -> tuple[Quantity, ...]:
    """The values with a unit the question states ("an expense claim of 2,000 euros", "a
    five-hour journey"), years left out: the case the question asks about."""
    text = spell_numbers(_COMPOUND_RE.sub(" ", question), lang)
    return tuple(
        q
        for q in extract_quantities(text, lang)
        if q.unit is not None and not YEAR_RE.fullmatch(q.raw.strip())
    )


def meets_condition(text: str, quantity: Quantity, asked: Sequence[Quantity]) -> bool | None:
    """Does a value the question states meet the threshold the sentence puts on `quantity`
    ("superiore a 1.500 EUR", "up to 500 EUR")? None when the sentence puts no threshold
    there or the question states no value in its unit. `text` is the sentence, flattened as
    its quantities' offsets read it."""
    match = _CONDITION_RE.search(text[max(0, quantity.start - _LOOKBACK) : quantity.start])
    if match is None:
        return None
    for value in asked:
        if value.unit == quantity.unit:
            if match.group("above"):
                return value.value > quantity.value
            if match.group("from"):
                return value.value >= quantity.value
            return value.value <= quantity.value
    return None
