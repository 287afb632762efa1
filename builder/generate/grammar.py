"""Rule checks that a written question reads as a question a person would ask.

The checks the issue asks for, and only those, so a reject names one clear reason:

- it ends with a question mark;
- it has a question word ("what", "quanto", "chi"…) or, for a yes/no question, opens with
  an auxiliary ("Is", "Does", "Can"…) or contains a common finite verb ("è", "offre"…);
- it does not end on a dangling function word ("…say about spare parts that?") and no
  preposition is followed straight by a conjunction ("…say about and they?").

Both the offline templates and the LLM writer go through it (see `assemble`).
"""

from __future__ import annotations

import itertools
import re

from ragoro.text import Lang, tokenize

__all__ = ["grammar_problem"]

_QUESTION_WORDS = {
    "en": frozenset(["what", "which", "who", "whom", "whose", "when", "where", "why", "how"]),
    "it": frozenset(
        [
            "qual",
            "quale",
            "quali",
            "quanto",
            "quanta",
            "quanti",
            "quante",
            "chi",
            "come",
            "dove",
            "quando",
            "perché",
            "perchè",
            "cosa",
            "che",
            "cos",
        ]
    ),
}
_AUXILIARIES = frozenset(
    [
        "is",
        "are",
        "was",
        "were",
        "do",
        "does",
        "did",
        "can",
        "could",
        "should",
        "must",
        "will",
        "would",
        "has",
        "have",
        "had",
        "may",
        "might",
        "shall",
    ]
)
_IT_VERBS = frozenset(
    [
        "è",
        "sono",
        "ha",
        "hanno",
        "può",
        "possono",
        "deve",
        "devono",
        "serve",
        "servono",
        "esiste",
        "esistono",
        "offre",
        "offrono",
        "prevede",
        "prevedono",
        "viene",
        "vengono",
        "spetta",
        "spettano",
        "c",
    ]
)
_DANGLING = {
    "en": frozenset(
        [
            "the",
            "a",
            "an",
            "and",
            "or",
            "but",
            "although",
            "though",
            "that",
            "which",
            "they",
            "it",
            "its",
            "their",
            "this",
            "these",
            "those",
            "of",
            "to",
            "with",
            "about",
            "as",
            "than",
            "if",
            "because",
            "while",
        ]
    ),
    "it": frozenset(
        [
            "il",
            "lo",
            "la",
            "i",
            "gli",
            "le",
            "un",
            "una",
            "uno",
            "e",
            "o",
            "ma",
            "che",
            "di",
            "del",
            "della",
            "dei",
            "degli",
            "delle",
            "da",
            "dal",
            "con",
            "per",
            "tra",
            "fra",
            "se",
            "perché",
            "mentre",
        ]
    ),
}
_PREPOSITIONS = frozenset(
    ["about", "of", "for", "with", "to", "riguardo", "su", "di", "per", "con"]
)
_CONJUNCTIONS = frozenset(["and", "or", "but", "although", "though", "e", "o", "ma", "sebbene"])
_WORD_RE = re.compile(r"[^\W\d_]+")


def grammar_problem(question: str, lang: Lang) -> str | None:
    """Why the question fails the rules, or None when it passes."""
    text = question.strip()
    if not text.endswith("?"):
        return "no question mark"
    words = [w for w in tokenize(text) if _WORD_RE.fullmatch(w)]
    if not words:
        return "no words"
    asks = _QUESTION_WORDS[lang] | _QUESTION_WORDS["en" if lang == "it" else "it"]
    has_verb = words[0] in _AUXILIARIES or (lang == "it" and any(w in _IT_VERBS for w in words))
    if not any(w in asks for w in words) and not has_verb:
        return "no question word or verb"
    last = text[:-1].split()[-1] if text[:-1].split() else ""
    # A name or abbreviation at the end ("S.p.A.", "Plan A") is not a dangling word.
    named = "." in last or any(ch.isupper() for ch in last)
    # A number closes a phrase too ("... per il 2025?"): the article before it dangles not.
    ends_on_number = any(ch.isdigit() for ch in last)
    if words[-1] in _DANGLING[lang] and not named and not ends_on_number:
        return f"ends on the function word {words[-1]!r}"
    for first, second in itertools.pairwise(words):
        if first in _PREPOSITIONS and second in _CONJUNCTIONS:
            return f"{first!r} followed by {second!r}"
    return None
