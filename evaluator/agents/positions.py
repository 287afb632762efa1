"""Who holds a position: a "who" question that asks for the holder of a post wants a person.

"Who *heads* investor relations?", "Chi *è il responsabile* dell'help desk IT?", "Who *runs*
the training centre?" ask who holds a post. A sentence that only says where to write
("enquiries should be sent to an address"), or a table cell naming the service
itself ("Help desk IT — Servizio interno"), names no holder: the post's holder is not in the
documents. A "who" question about an act ("Chi approva le ferie?") is answered by a role
("il responsabile diretto") and is left to the general "who" check; only questions whose verb
or predicate noun names holding a post are read here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evaluator.agents.short_answer import asks_who, names_person, names_someone
from evaluator.agents.support import Sentence

__all__ = ["asks_holder", "no_holder_named", "no_one_named"]

# Verbs and predicate nouns of holding a post, in both languages. A post that a company can
# hold ("il titolare del trattamento", the data controller; "il responsabile del
# trattamento", the data processor) is left out.
_HOLDER_RE = re.compile(
    r"\bwho(?:['’]s|\s+is)?\s+(?:heads|runs|leads|manages|chairs|directs|supervises"
    r"|in\s+charge\s+of|(?:the\s+)?(?:head|director|manager|chair|chairman|chairwoman"
    r"|chairperson|leader|supervisor)\s+(?:of|at|for)\b)"
    r"|\bchi\s+(?:dirige|guida|gestisce|presiede|coordina"
    r"|è\s+(?:il|la|l['’])\s*(?:responsabile(?!\s+del\s+trattamento)|direttore|direttrice|capo|referente|presidente"
    r"|presidentessa|coordinatore|coordinatrice|manager)\b)",
    re.IGNORECASE,
)


def no_one_named(question: str, sentences: Sequence[Sentence]) -> bool:
    """A "who" question whose answer sentences name no person, office or role beyond what
    the question itself names ("Who chairs the Board?" answered with "approved by the
    Board of Directors on 12 March")."""
    return asks_who(question) and not any(names_someone(question, s.text) for s in sentences)


def asks_holder(question: str) -> bool:
    """Does the question ask who holds a post ("who heads X", "chi è il direttore di X")?"""
    return _HOLDER_RE.search(" ".join(question.split())) is not None


def no_holder_named(question: str, sentences: Sequence[Sentence]) -> bool:
    """A question asking who holds a post whose answer sentences name no person: an e-mail
    address, an office or a generic role word is where to turn, not who holds the post."""
    return asks_holder(question) and not any(names_person(question, s.text) for s in sentences)
