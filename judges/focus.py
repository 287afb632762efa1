"""Whose is the asked role? A short answer checked clause by clause against its source.

A fragment ("Chiara Valli.", "Nel 2016.") is the focus of the question it answers: it
fills the wh-slot of the question's predicate. The source supports it only if it gives
that predicate to it. When the source states the fragment in a clause that says nothing
of what was asked ("designed in 2016 by Chiara Valli") and gives the question's
predicate, in another clause, to someone or something else of the same kind
("inaugurated in 2019 by mayor Marco Riva"), the answer names the wrong filler: a person
of another role, or the year of another event.
"""

from __future__ import annotations

import re

from judges.reading import analysed
from judges.roles import name_groups
from judges.support import Source, split_clauses_text
from ragoro.text.evidence import Analysis, date_in, match_quantity
from ragoro.text.questions import QUESTION_STEMS
from ragoro.text.sentences import split_sentences

__all__ = ["focus_elsewhere"]

# The agent of a passive is the doer: "commissioned by the regional council".
_AGENT_RE = re.compile(
    r"\b(?:by|da|dal|dallo|dalla|dai|dagli|dalle|dall['’])\s+(?:the\s+)?[^\W\d_]{3,}",
    re.IGNORECASE,
)


def _holds(clause: Analysis, piece: Analysis) -> bool:
    """True when the clause states the fragment's number, date or name."""
    if piece.entities and all(e in clause.words for e in piece.entities):
        return True
    if any(match_quantity(q, clause.all_quantities).found for q in piece.quantities):
        return True
    return any(date_in(d, clause.dates) for d in piece.dates)


def _rival(clause: Analysis, piece: Analysis, asked: Analysis) -> bool:
    """True when the clause holds another filler of the fragment's kind, not the
    question's own: another name (or a passive's agent) for a name, another number or
    date for a number or date."""
    if piece.entities:
        mine = frozenset(piece.entities) | asked.words
        if any(not g & mine for g in name_groups(clause.text)):
            return True
        return bool(_AGENT_RE.search(clause.text))
    given = [*asked.all_quantities, *piece.quantities]
    units = {q.unit for q in piece.quantities}
    others = [
        q for q in clause.quantities if q.unit in units and not match_quantity(q, given).found
    ]
    dates = [d for d in clause.dates if not date_in(d, [*asked.dates, *piece.dates])]
    return bool(others or dates)


def focus_elsewhere(piece: Analysis, question: str, source: Source) -> str:
    """ "" unless the source gives the question's predicate to a rival of the fragment
    (see the module docstring), else where it does."""
    asked = analysed(question, piece.lang)
    wanted = {t for t in asked.tokens if t not in QUESTION_STEMS}
    if not wanted:
        return ""
    # One sentence at a time: the roles of a predicate are given within its sentence.
    sentences = dict.fromkeys(
        (s.text, window.lang) for window in source.windows for s in split_sentences(window.text)
    )
    for text, lang in sentences:
        clauses = [analysed(c, lang) for c in split_clauses_text(text)]
        holding = [c for c in clauses if _holds(c, piece)]
        if not holding or any(wanted & c.token_set for c in holding):
            continue
        for clause in clauses:
            if clause in holding:
                continue
            said = wanted & clause.token_set
            if said and _rival(clause, piece, asked):
                return f"the source gives '{sorted(said)[0]}' to another: '{clause.text[:60]}'"
    return ""
