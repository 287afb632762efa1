"""What part of a range or a series a figure covers.

The two bounds of a range are siblings: "the *minimum* operating pressure" answered with
"the *maximum* operating pressure is 300 bar", "il numero *minimo* di giorni" answered with
"per un *massimo* di 5 giorni", gives the other end of the range (`sibling_bounds`).

Members of a labelled series joined into one figure ("Scope 1 e Scope 2 ... erano pari a
9.000 tonnellate", "Scope 1+2") give their sum, not the asked member's value
(`joined_members`): "How much Scope 1 CO2..." is not answered by the total of both.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from ragoro.text import Lang

__all__ = ["joined_members", "sibling_bounds"]


# The two ends of a range. "Almeno" / "at least" state a lower bound as surely as "minimo";
# "most" and "least" alone are as often a quantity of things ("most customers"), so only
# "at least" is read.
_BOUNDS: dict[str, dict[Lang, frozenset[str]]] = {
    "lower": {
        "en": frozenset({"minimum", "min", "minimal", "at least"}),
        "it": frozenset({"minimo", "minima", "minimi", "minime", "almeno"}),
    },
    "upper": {
        "en": frozenset({"maximum", "max", "maximal", "at most"}),
        "it": frozenset({"massimo", "massima", "massimi", "massime"}),
    },
}
_BOUND_RE = re.compile(r"\b(?:at\s+(?:least|most)|[^\W\d_]+)\b", re.IGNORECASE)


def _bounds(text: str, lang: Lang) -> dict[str, str]:
    """Which ends of a range the text names -> the word that names it."""
    out: dict[str, str] = {}
    for m in _BOUND_RE.finditer(text):
        word = " ".join(m.group(0).lower().split())
        for end, forms in _BOUNDS.items():
            if word in forms[lang]:
                out.setdefault(end, word)
    return out


def sibling_bounds(question: str, lang: Lang, sentence: tuple[str, Lang]) -> list[str]:
    """The end of a range the question asks ("the *minimum* pressure") when the answer's
    sentence (text, language) names only the other end ("the *maximum* pressure is 210
    bar"): its value bounds the range from the other side. The word as the question writes
    it; empty when the question names both ends or none."""
    asked = _bounds(question, lang)
    if len(asked) != 1:
        return []
    text, their_lang = sentence
    theirs = _bounds(" ".join(text.split()), their_lang)
    if not theirs or set(asked) & set(theirs):
        return []
    return list(asked.values())


# A labelled member of a series ("Scope 1", "Fase 2") and the members joined with it into one
# figure: "Scope 1 e Scope 2", "Scope 1 and 2", "Scope 1+2". A number that goes on with a
# decimal part or a thousands group ("Scope 1 e 4.500 tonnellate") is a value, not a member.
_MEMBER_RE = re.compile(r"\b([A-Z][A-Za-z]*)\s+(\d+)\b(?![.,]\d)")
_JOINED_RE = re.compile(
    r"\b([A-Z][A-Za-z]*)\s+(\d+)\s*(?:\+|\be\b|\band\b|&)\s*(?:\1\s+)?(\d+)\b(?![.,]?\d)"
)


def joined_members(question: str, sentences: Sequence[str]) -> list[str]:
    """Members of a labelled series the question asks alone ("Scope 1") that an answer's
    sentence states only joined with another member into one figure ("Scope 1 e Scope 2
    ... erano pari a 9.000 tonnellate"): its value is the sum's. As the question writes
    them; empty when the question names the joined members too."""
    flat = " ".join(question.split())
    joined_in_question = {(m.group(1), n) for m in _JOINED_RE.finditer(flat) for n in m.group(2, 3)}
    asked = {
        (m.group(1), m.group(2)): m.group(0)
        for m in _MEMBER_RE.finditer(flat)
        if (m.group(1), m.group(2)) not in joined_in_question
    }
    out = []
    for (label, number), written in sorted(asked.items()):
        for sentence in sentences:
            text = " ".join(sentence.split())
            joins = [m for m in _JOINED_RE.finditer(text) if m.group(1) == label]
            if not any(number in j.group(2, 3) for j in joins):
                continue
            alone = [
                m
                for m in _MEMBER_RE.finditer(text)
                if m.group(1) == label
                and m.group(2) == number
                and not any(j.start() <= m.start() < j.end() for j in joins)
            ]
            # A sentence that only defines the series ("CO2 emissions include Scope 1 and
            # Scope 2", a unit's "CO2") states no figure of the joined members.
            figure = re.search(
                r"(?<![A-Za-z])\d[\d.,]*\d", _MEMBER_RE.sub(" ", _JOINED_RE.sub(" ", text))
            )
            if not alone and figure is not None:
                out.append(written)
                break
    return out
