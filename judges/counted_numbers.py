"""Whose number is it? A measured number is backed only where the source counts the same thing.

"La consegna richiede 3 giorni" is not supported by "il magazzino ha 3 linee di carico":
the digits are in the source, but they count loading lines, not days.
"""

from __future__ import annotations

import re

from ragoro.text.evidence import Analysis
from ragoro.text.lang import STOPWORDS, normalize, stem
from ragoro.text.lexicon import with_translations
from ragoro.text.numbers import Quantity, same_number
from ragoro.text.units import normalize_unit

__all__ = ["counts_something_else"]

_COUNTED_RE = re.compile(r"\s*([^\W\d_]{3,})((?:\s+[^\W\d_]+){0,2})")
"""The word after a number, and the two after it ("3 working days", "3 linee di carico")."""


def counts_something_else(q: Quantity, claim: Analysis, window: Analysis) -> str:
    """A measured number ("3 giorni") found in the window only as a bare number that
    counts another noun ("3 linee di carico"): the digits are there, the fact is not."""
    if q.unit is None:
        return ""
    same_digits = [o for o in window.all_quantities if same_number(q, o)]
    if not same_digits or any(o.unit is not None for o in same_digits):
        return ""
    text = normalize(window.text)
    known = with_translations(frozenset(claim.words))
    nouns = []
    for o in same_digits:
        after = _COUNTED_RE.match(text, o.end)
        if after is None or after.group(1).casefold() in STOPWORDS[window.lang]:
            return ""  # a bare number, or one whose noun is not read: nothing to contradict
        words = [after.group(1).casefold(), *after.group(2).casefold().split()]
        # An adjective may stand between a number and its unit ("3 working days"), and
        # the counted noun may be the claim's own word, or its translation.
        if any(normalize_unit(w) is not None for w in words) or any(
            w in known or stem(w, window.lang) in known for w in words
        ):
            return ""
        nouns.append(words[0])
    return f"number {q.raw.strip()}: the context's {same_digits[0].raw.strip()} counts {nouns[0]}"
