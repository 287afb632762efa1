"""A question that picks one member by a superlative wants a sentence that ranks that member.

"Which business unit grew its revenue *the most*?", "Quale area ha portato *più* fatturato?"
pick one member of a set by comparing them. A sentence that states one member's value
("the Valves division generated revenue of EUR 280 million") ranks nothing: the agent
does no arithmetic, so only a sentence that itself ranks by a superlative answers such a
question, and only one that ranks the asked way ("the *best* margin": not "the *lowest*
margin"). Questions that do not pick a member ("Qual è il rimborso massimo?") are left alone.
What the sentence ranks (another set, another attribute) is not read here.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evaluator.agents.support import Sentence

__all__ = ["asks_rank", "ranks_as_asked", "unranked"]

# A question picking a member: "which" / "quale", "quali" before the set's noun ("Qual è"
# asks a value, not a member).
_PICK_RE = re.compile(
    r"\b(?:which|quale(?!\s+(?:è|e'|sono|era|erano)\b)|quali)\s+[^\W\d_]{3,}",
    re.IGNORECASE,
)
# Superlatives, by the end of the scale they point to. A comparative ("higher steel costs")
# is as often a cause or a trend as a ranking, so a sentence ranks only by a superlative;
# a question's "più" / "meno" ("ha portato più fatturato") picks the top or the bottom.
_HIGH = frozenset(
    ["most", "highest", "largest", "biggest", "greatest", "best", "fastest", "longest"]
)
_LOW = frozenset(["least", "lowest", "smallest", "worst", "slowest", "shortest", "fewest"])
_IT_HIGH = frozenset(["più", "maggiore", "maggior", "migliore", "massimo", "massima"])
_IT_LOW = frozenset(["meno", "minore", "peggiore", "minimo", "minima"])
# "Più" / "meno" point up or down by the adjective they grade: "il più *basso*" is the bottom.
_IT_LOW_ADJECTIVES = frozenset(
    [
        "basso",
        "bassa",
        "bassi",
        "basse",
        "piccolo",
        "piccola",
        "piccoli",
        "piccole",
        "breve",
        "brevi",
        "lento",
        "lenta",
        "lenti",
        "lente",
        "ridotto",
        "ridotta",
    ]
)
# An Italian superlative is the comparative after an article: "il più alto", "la maggiore".
_IT_ARTICLE_RE = re.compile(r"^(?:il|lo|la|i|gli|le|l['’])$", re.IGNORECASE)
# Words that rank without saying which end: "the main", "il principale".
_NEUTRAL = frozenset(["main", "leading", "principal", "principale", "principali"])
_WORD_RE = re.compile(r"[^\W\d_]+(?:['’])?")


def _ranking(text: str, *, question: bool = False) -> tuple[set[str], bool]:
    """The ends of the scale the text's superlatives point to, and whether it ranks at all.
    An Italian comparative counts in a question, and in a statement only after an article
    ("il più", "la maggiore"), perhaps with a noun between ("il fatturato più alto")."""
    words = [w.lower() for w in _WORD_RE.findall(text)]
    ends = set()
    for i, word in enumerate(words):
        if word in _HIGH:
            ends.add("high")
        elif word in _LOW:
            ends.add("low")
        elif word in _IT_HIGH or word in _IT_LOW:
            before = words[max(0, i - 3) : i]
            if question or any(_IT_ARTICLE_RE.match(w) for w in before):
                high = word in _IT_HIGH
                if (
                    word in ("più", "meno")
                    and words[i + 1 : i + 2]
                    and (words[i + 1] in _IT_LOW_ADJECTIVES)
                ):
                    high = not high
                ends.add("high" if high else "low")
    return ends, bool(ends) or any(w in _NEUTRAL for w in words)


def asks_rank(question: str) -> bool:
    """Does the question pick one member of a set by a superlative ("which unit grew the
    most", "quale area ha portato più fatturato")?"""
    return _PICK_RE.search(question) is not None and bool(_ranking(question, question=True)[0])


def ranks_as_asked(question: str, sentence: Sentence) -> bool:
    """Does the sentence rank by a superlative towards the end the question asks, or without
    saying which end ("the main")?"""
    if _PICK_RE.search(question) is None:
        return False
    asked, _ = _ranking(question, question=True)
    ends, ranks = _ranking(sentence.text)
    return ranks and (not ends or bool(ends & asked))


def unranked(question: str, sentences: Sequence[Sentence]) -> bool:
    """A question picking a member by a superlative whose answer sentences do not rank the
    asked set the asked way: one member's value is no answer to which member is first."""
    return asks_rank(question) and not any(ranks_as_asked(question, s) for s in sentences)
