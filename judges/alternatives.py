"""Alternative questions: "Which is heavier, the steel frame or the aluminium frame?"

An alternative question names its possible answers; the reply picks one of them, so it
is drawn from the question's own words ("The steel frame.") and still answers it. Which
alternative a text picks: the one it names alone, or, when it names both in a
comparison, the one the comparison puts on the question's side ("the aluminium frame is
lighter than the steel one" picks steel for "which is heavier"), or else the one it names
first ("Valmora: Pietralta has fewer").
"""

from __future__ import annotations

import re

from judges.ordering import relations, terms
from ragoro.text.lang import Lang

__all__ = ["alternatives", "picked"]

# "..., A or B?" / "..., A o B?": the alternatives close the question after a comma.
_ALTERNATIVES_RE = re.compile(
    r",\s*(?:(?:either|tra|fra|between)\s+)?(?P<a>[^,?]+?)\s+(?:or|o|oppure)\s+(?P<b>[^,?]+?)\s*\?\s*$",
    re.IGNORECASE,
)

_OFFERS_RE = re.compile(r"\b(?:or|o|oppure)\b", re.IGNORECASE)


def alternatives(question: str, lang: Lang) -> tuple[frozenset[str], ...]:
    """The alternatives an alternative question offers, each as the words that tell it
    from the other ("coastal" / "mountain" for "the coastal or the mountain route");
    () for any other question."""
    match = _ALTERNATIVES_RE.search(question)
    if match is None:
        return ()
    a, b = terms(match.group("a"), lang), terms(match.group("b"), lang)
    a, b = a - b, b - a
    if not a or not b:
        return ()
    return (a, b)


def picked(text: str, question: str, lang: Lang, question_lang: Lang) -> int | None:
    """The index of the alternative `text` picks (see the module docstring), None when it
    names neither."""
    options = alternatives(question, question_lang)
    if not options:
        return None
    words = terms(text, lang)
    named = [i for i, option in enumerate(options) if option & words]
    if len(named) == 1:
        return named[0]
    if not named:
        return None
    if len(named) > 1 and (_OFFERS_RE.search(text) or text.rstrip().endswith("?")):
        # Naming both as alternatives ("A or B?") repeats the question, picks neither.
        return None
    asked = relations(question, question_lang)
    for relation in relations(text, lang):
        side = [i for i, option in enumerate(options) if option & relation.left]
        if len(side) != 1 or not asked:
            continue
        same = relation.sign * asked[0].sign > 0
        return side[0] if same else 1 - side[0]
    positions = [
        min(
            (m.start() for w in option for m in re.finditer(re.escape(w), text.lower())),
            default=len(text),
        )
        for option in options
    ]
    return positions.index(min(positions))
