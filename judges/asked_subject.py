"""What an answer speaks of, against the one its question asks about.

Two ways an answer can share the question's words and still not answer it:
- it names a sibling of the asked thing: "the last train to York leaves at 23:10" to
  "when does the last train to Leeds leave?" keeps the head noun (train) and swaps its
  naming modifier (Leeds -> York), so it is about another train;
- it says that something is done by someone but not who: "expenses over 500 euros must
  be approved before booking" to "who approves expenses over 500 euros?" uses the asked
  verb in a passive without its agent (by ..., da ...), the one phrase that would answer.
"""

from __future__ import annotations

import re

from ragoro.text.lang import STOPWORDS, Lang, stem

__all__ = ["agentless_passive", "sibling_subject"]

_WORD_RE = re.compile(r"[^\W_]+(?:['’][^\W_]+)?")
_FUNCTION = STOPWORDS["it"] | STOPWORDS["en"]
# Between a head noun and its naming modifier only a preposition or article may stand
# ("sala B", "train to Leeds", "ufficio di Brescia").
_MAX_GAP = 1


def _designates(word: str) -> bool:
    """A naming modifier: a capitalised word or a capital letter ("Leeds", "B"; a
    capital "A" inside a sentence is a letter, not the article)."""
    if len(word) == 1:
        return word.isupper()
    return word[:1].isupper() and word.lower() not in _FUNCTION


def _head_before(words: list[str], i: int) -> int | None:
    """Index of the content word that the modifier at `i` names, with at most one
    function word between them ("train to Leeds"), else None."""
    gap = 0
    for j in range(i - 1, -1, -1):
        word = words[j]
        if word.lower() in _FUNCTION:
            gap += 1
            if gap > _MAX_GAP:
                return None
            continue
        return None if _designates(word) else j
    return None


def sibling_subject(question: str, answer: str, q_lang: Lang, a_lang: Lang) -> str:
    """ "" unless the answer keeps a head noun of the question but names it with another
    modifier and never names the asked one ("sala A" for "sala B")."""
    q_words = _WORD_RE.findall(question)
    a_words = _WORD_RE.findall(answer)
    q_lower = {w.lower() for w in q_words}
    a_lower = {w.lower() for w in a_words}
    for i, word in enumerate(q_words):
        if i == 0 or not _designates(word) or word.lower() in a_lower:
            continue
        h = _head_before(q_words, i)
        if h is None:
            continue
        head = stem(q_words[h].lower(), q_lang)
        between = [w.lower() for w in q_words[h + 1 : i]]
        for j, other in enumerate(a_words):
            if stem(other.lower(), a_lang) != head:
                continue
            k = j + 1 + len(between)
            if k >= len(a_words) or [w.lower() for w in a_words[j + 1 : k]] != between:
                continue
            named = a_words[k]
            if _designates(named) and named.lower() not in q_lower:
                return f"speaks of {q_words[h]} {named}, not the {q_words[h]} {word} asked"
    return ""


_PASSIVE_RE = re.compile(
    r"\b(?:be|been|being|is|are|was|were|get|gets|got|essere|è|sono|era|erano|viene|vengono|"
    r"venire|verrà|verranno|sarà|saranno|stat[oaie])\s+([^\W\d_]+(?:ed|en|at[oaie]|it[oaie]|ut[oaie]))\b",
    re.IGNORECASE,
)
_MIN_ROOT = 4
_AGENT_RE = re.compile(r"\b(?:by|da|dal|dallo|dalla|dai|dagli|dalle|dall['’])\b", re.IGNORECASE)


def agentless_passive(answer: str, asked_stems: frozenset[str], lang: Lang) -> bool:
    """True when the answer puts the question's own verb in the passive and names no
    agent after it: the doer that "who" asks for is exactly what it leaves out."""
    for match in _PASSIVE_RE.finditer(answer):
        said = stem(match.group(1).lower(), lang)
        # The participle's stem may keep its suffix ("approvat" beside "approv").
        same = any(
            said == a or (len(a) >= _MIN_ROOT and said.startswith(a) and len(said) - len(a) <= 3)
            for a in asked_stems
        )
        if same and not _AGENT_RE.search(answer[match.end() :]):
            return True
    return False
