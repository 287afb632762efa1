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
from functools import lru_cache

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


# Every side of every pair as one pattern (each side is a group of its own, with the same
# flags), and the reading of a text that uses none of them.
_ANY_VERB = re.compile("|".join(f"(?:{p.pattern})" for pair in _PAIRS for p in pair), _I)
_NONE_USED: tuple[tuple[int | None, int | None], ...] = tuple((None, None) for _ in _PAIRS)


def converse_at(claim: str, source: str) -> tuple[int, int] | None:
    """Where the claim's verb and the source's converse verb start, when the claim states
    the event with the converse of the source's verb (one side of a pair in the claim
    only, the other in the source only); None when it does not."""
    said = _verbs_at(claim)
    if all(c1 is None and c2 is None for c1, c2 in said):
        return None
    for (c1, c2), (s1, s2) in zip(said, _verbs_at(source), strict=True):
        if c1 is not None and c2 is None and s2 is not None and s1 is None:
            return c1, s2
        if c2 is not None and c1 is None and s1 is not None and s2 is None:
            return c2, s1
    return None


# Each context window is compared with every claim of a run, and each check of a claim
# against a window asks this of both texts: where a text uses each verb is read once.
@lru_cache(maxsize=16384)
def _verbs_at(text: str) -> tuple[tuple[int | None, int | None], ...]:
    """Where the text first uses each side of each pair (None: not at all)."""
    # Most texts use none of the verbs: one search of all of them says so.
    if _ANY_VERB.search(text) is None:
        return _NONE_USED
    return tuple(
        (_start(first.search(text)), _start(second.search(text))) for first, second in _PAIRS
    )


def _start(match: re.Match[str] | None) -> int | None:
    return None if match is None else match.start()


def uses_converse(claim: str, source: str) -> bool:
    """True when the claim uses the converse of the source's verb (see `converse_at`)."""
    return converse_at(claim, source) is not None
