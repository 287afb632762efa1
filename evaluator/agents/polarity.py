"""A negated question is about the negated case: "if a spare part is *not* in stock, how
long...?" is answered by "Spare parts that are not in stock are delivered within 4 to 6
weeks", not by "Spare parts that are in stock are shipped within 24 hours", which shares
every other word. The agent reads negation with its own small set of clause negators (not
the judge's polarity checks): a sentence that negates too ranks a little above one that
does not, for a question that negates; an affirmative question is left alone.
"""

from __future__ import annotations

import re

from ragoro.text import Lang

__all__ = ["negates"]

_NEGATORS: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(r"(?<![^\W_])(?:non|mai|nessun[oa]?)(?![^\W_])", re.IGNORECASE),
    "en": re.compile(
        r"(?<![^\W_])(?:not|never|no|cannot)(?![^\W_])|n['’]t(?![^\W_])", re.IGNORECASE
    ),
}
# A negator that bounds a quantity or joins a list negates no clause: "non più di 7 giorni",
# "no later than", "not only ... but also", "no. 5".
_NOT_A_NEGATION = re.compile(
    r"(?<![^\W_])(?:non\s+(?:più|meno|solo|soltanto|oltre)|not\s+(?:only|more|less)|"
    r"no\s+(?:later|more|less|fewer)|no\.)(?![^\W_])",
    re.IGNORECASE,
)


def negates(text: str, lang: Lang) -> bool:
    """Does the text negate a clause in its language ("non è a magazzino", "are not in
    stock", "can't")? Bounds ("non più di", "no later than") are no negation."""
    pattern = _NEGATORS.get(lang)
    if pattern is None:
        return False
    return pattern.search(_NOT_A_NEGATION.sub(" ", text)) is not None
