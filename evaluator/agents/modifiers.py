"""Restrictive modifiers the corpus never uses: the question asks about a kind of a thing the
documents never speak of.

"Quanti giorni di permesso spettano per un *lutto*?" and "How many days of *paternity*
leave...?" name a thing the corpus knows (leave, permesso) narrowed to a kind it never
mentions: the documents' paid leave is no answer about bereavement or paternity leave, however
well "leave" and "days" are covered. The same word elsewhere in the question (a verb, an
adverb, a synonym of a known word) says nothing of the kind, so only these slots count:

- an Italian complement "N per / in (article) W" whose noun W the corpus never uses,
  after a word the corpus knows ("il pranzo in *mensa*", "il grasso per i *cuscinetti*");
- an English noun-noun compound "W N" whose first noun W the corpus never uses, read as a
  noun by its derivational suffix ("*paternity* leave", "customer *satisfaction* score"):
  an English modifier without one is as often an adjective ("extra hours", "early shift")
  that a document says in other words.

A capitalised word is a name (a place, a company), not a kind: other rules read those.

The owner of the asked noun is read the same way (`unmet_owners`): "lo smarrimento *del
badge*" answered from a sentence on losing a device speaks of another owner's loss, when the
corpus does name the badge elsewhere.
"""

from __future__ import annotations

import re

from evaluator.agents.lexicon import QueryTerm
from evaluator.agents.support import term_in
from ragoro.text import Lang, stem

__all__ = ["unmet_modifiers", "unmet_owners"]

_WORD_RE = re.compile(r"[^\W\d_]+")
# Purpose and place ("per un lutto", "in mensa"); a "di" complement is as often the material
# or content of a thing the document names in other words ("scontrini di carta" for
# "giustificativi in formato cartaceo"), and an owner is read by `vocabulary.asked_owners`.
_IT_PREPOSITIONS = frozenset(
    ["per", "in", "nel", "nello", "nella", "nei", "negli", "nelle", "nell"]
)
_IT_ARTICLES = frozenset(["il", "lo", "la", "i", "gli", "le", "l", "un", "uno", "una"])
# Derivational suffixes that make an English noun (paternity, satisfaction, retirement).
_EN_NOUN_RE = re.compile(r"(?:ity|tion|sion|ment|ness|ance|ence|ship|hood)$")


def unmet_modifiers(
    question: str, lang: Lang, known: list[QueryTerm], unknown: list[QueryTerm]
) -> list[QueryTerm]:
    """The question's unknown terms that narrow a known word to a kind the corpus never
    names (see the module docstring); empty when there are none."""
    if not unknown:
        return []
    words = _WORD_RE.findall(question)
    known_stems = {t.stem for t in known}
    by_stem = {t.stem: t for t in unknown if not t.is_number}
    out: dict[str, QueryTerm] = {}
    for i, word in enumerate(words):
        if word != word.lower():
            continue
        term = by_stem.get(stem(word, lang))
        if term is None:
            continue
        head = _italian_head(words, i) if lang == "it" else _english_head(words, i)
        if head is not None and stem(head.lower(), lang) in known_stems:
            out.setdefault(term.stem, term)
    return list(out.values())


def _italian_head(words: list[str], i: int) -> str | None:
    """The word a complement "N prep (article) W" at position i attaches to, if W is one."""
    j = i - 1
    if j >= 0 and words[j].lower() in _IT_ARTICLES:
        j -= 1
    if j < 1 or words[j].lower() not in _IT_PREPOSITIONS:
        return None
    return words[j - 1]


def _english_head(words: list[str], i: int) -> str | None:
    """The noun a compound's first noun at position i modifies, if it is a suffixed noun."""
    if i + 1 >= len(words) or _EN_NOUN_RE.search(words[i].lower()) is None:
        return None
    return words[i + 1]


# Only a definite owner names one thing: "lo smarrimento *del* badge", "the capacity *of the*
# tank". A bare "di" / "of" complement classifies ("orario di lavoro", "hours of work") and is
# as often said in other words ("orario di servizio").
_IT_ARTICULATED = frozenset(["del", "dello", "della", "dei", "degli", "delle", "dell"])
_IT_DEFINITE = frozenset(["il", "lo", "la", "i", "gli", "le", "l"])
_EN_DEFINITE = frozenset(["the", "its", "your", "our", "my", "their"])


def unmet_owners(
    question: str, lang: Lang, known: list[QueryTerm], found: frozenset[str]
) -> list[QueryTerm]:
    """The known terms a question gives as the definite owner of a known noun ("lo
    smarrimento *del badge*", "the capacity *of the tank*") that the answer's text (`found`,
    its tokens) never names: the text speaks of another owner's noun."""
    words = _WORD_RE.findall(question)
    by_stem = {t.stem: t for t in known if not t.is_number}
    out: dict[str, QueryTerm] = {}
    for i, word in enumerate(words):
        if word != word.lower():
            continue
        term = by_stem.get(stem(word, lang))
        if term is None or term_in(term, found):
            continue
        head = _owned(words, i, lang)
        if head is not None and stem(head.lower(), lang) in by_stem:
            out.setdefault(term.stem, term)
    return list(out.values())


def _owned(words: list[str], i: int, lang: Lang) -> str | None:
    """The noun the word at position i is the definite owner of, if it is one."""
    before = [w.lower() for w in words[max(0, i - 2) : i]]
    if lang == "it":
        if before and before[-1] in _IT_ARTICULATED and i >= 2:
            return words[i - 2]
        if len(before) == 2 and before[0] == "di" and before[1] in _IT_DEFINITE and i >= 3:
            return words[i - 3]
        return None
    if len(before) == 2 and before[0] == "of" and before[1] in _EN_DEFINITE and i >= 3:
        return words[i - 3]
    return None
