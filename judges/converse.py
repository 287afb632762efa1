"""Converse verbs: two verbs that state one event with their participants' roles swapped.

"Harton beat Millbrook" and "Millbrook lost to Harton" say the same thing, as do "Kestrel
sold it to Orbit" and "Orbit bought it from Kestrel": the second verb puts the first
one's object in subject position, as a passive does. So a claim that uses the converse
of its source's verb must name the participants in the opposite order to agree with it.
Only verbs whose converse is lexical and unambiguous are listed: winning/losing a
contest, selling/buying, lending/borrowing.
"""

from __future__ import annotations

import re

__all__ = ["converse_at", "uses_converse"]

_I = re.IGNORECASE
# Up to three words may stand between a verb and its preposition ("lost the final to").
_GAP = r"(?:\s+\S+){0,3}?\s+"

_PAIRS: tuple[tuple[re.Pattern[str], re.Pattern[str]], ...] = (
    (
        re.compile(
            r"\b(?:beat|beats|beating|defeat(?:s|ed|ing)?|overcame|"
            r"(?:won|wins|win)" + _GAP + r"(?:against|over)|"
            r"batt(?:e|ono|é|erono|uto|ut[aie]|eva|evano|erà)|"
            r"sconfi(?:gge|ggono|sse|ssero|tto|tt[aie]|ggerà)|"
            r"(?:vint[oaie]|vince|vincono|vinse|vinsero)"
            + _GAP
            + r"(?:contro|su|sul|sulla|sui))\b",
            _I,
        ),
        re.compile(
            r"\b(?:los(?:e|es|t|ing)" + _GAP + r"(?:to|against)|"
            r"(?:pers[oaie]|perde|perdono|perdeva|perdevano|perderà|perse|persero)"
            + _GAP
            + r"(?:contro|con|da|dal|dalla|dallo|dai|dalle))\b",
            _I,
        ),
    ),
    (
        re.compile(
            r"\b(?:sell|sells|sold|selling|"
            r"vend(?:e|ono|uto|ut[aie]|ette|ettero|eva|evano|erà)|"
            r"ced(?:e|ono|uto|ut[aie]|ette|ettero|erà))\b",
            _I,
        ),
        re.compile(
            r"\b(?:buy|buys|bought|buying|purchas(?:e|es|ed|ing)|acquir(?:e|es|ed|ing)|"
            r"compr(?:a|ano|ato|at[aie]|ò|arono|erà)|acquist(?:a|ano|ato|at[aie]|ò|arono|erà)|"
            r"acquisi(?:sce|scono|to|t[aie]|rà|rono))\b",
            _I,
        ),
    ),
    (
        re.compile(r"\b(?:lend|lends|lent|lending|prest(?:a|ano|ato|at[aie]|ò|arono))\b", _I),
        re.compile(
            r"\b(?:borrow(?:s|ed|ing)?|(?:pres[oaie]|prende|prendono)\s+in\s+prestito)\b", _I
        ),
    ),
)


def converse_at(claim: str, source: str) -> tuple[int, int] | None:
    """Where the claim's verb and the source's converse verb start, when the claim states
    the event with the converse of the source's verb (one side of a pair in the claim
    only, the other in the source only); None when it does not."""
    for first, second in _PAIRS:
        c1, c2 = first.search(claim), second.search(claim)
        s1, s2 = first.search(source), second.search(source)
        if c1 and not c2 and s2 and not s1:
            return c1.start(), s2.start()
        if c2 and not c1 and s1 and not s2:
            return c2.start(), s1.start()
    return None


def uses_converse(claim: str, source: str) -> bool:
    """True when the claim uses the converse of the source's verb (see `converse_at`)."""
    return converse_at(claim, source) is not None
