"""Which way a stated limit points: "up to 2 hours" caps, "at least 2 hours" floors (IT/EN).

A limit word before a number says whether the number is a ceiling ("up to", "at most",
"no more than", "within", "fino a", "al massimo", "non più di", "entro") or a floor ("at
least", "no less than", "more than", "almeno", "non meno di", "oltre", "più di").
Restating a ceiling as a floor changes the rule ("up to two hours per booking" is not "at
least two hours"), though every word and number is kept. A number with no limit word is
neither: dropping the limit leaves a vaguer statement, not the opposite one.
"""

from __future__ import annotations

import re
from typing import Literal

__all__ = ["Bound", "bound_before"]

Bound = Literal["ceiling", "floor"]

_CEILING = (
    r"up to|at most|no more than|not more than|never more than|(?:a )?maximum of|a max of|less than|fewer than|"
    r"within|no later than|fino a|fino al|al massimo|massimo|non più di|mai più di|non oltre|meno di|"
    r"entro"
)
_FLOOR = (
    r"at least|no less than|not less than|no fewer than|(?:a )?minimum of|more than|over|"
    r"almeno|non meno di|minimo|un minimo di|oltre|più di|a partire da"
)
# Leftmost match wins, so "non più di" and "never more than" are read whole before their
# "più di" and "more than".
_BEFORE_RE = re.compile(
    rf"(?<![^\W_])(?:(?P<ceiling>{_CEILING})|(?P<floor>{_FLOOR}))\s+$", re.IGNORECASE
)
_LOOKBACK = 24
"""Characters before a number searched for its limit word (the longest word and a space)."""


def bound_before(text: str, start: int) -> Bound | None:
    """The limit the words right before text[start] put on the number there, if any."""
    match = _BEFORE_RE.search(text[max(0, start - _LOOKBACK) : start])
    if match is None:
        return None
    return "ceiling" if match.group("ceiling") else "floor"
