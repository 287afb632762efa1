"""A condition the passage states only negated: the question asks about the case the text
excludes.

"What torque should the flange bolts get if the threads are *lubricated*?" over a table whose
note says "Le coppie di serraggio indicate si riferiscono a viti *non lubrificate*", and "Per
quanto tempo sono conservati i curriculum dei candidati *assunti*?" over "i curriculum vitae
dei candidati *non assunti* sono conservati per un anno": the passage names the asked
condition only to exclude it, so its value is the other case's. Only a word the question
uses as a condition is read: an adjective or participle right after its noun (Italian) or
right before it (English), or the predicate of an "if / when / se / quando" clause. A
predicate the question asks about ("Le bevande alcoliche sono rimborsabili?") is what a
yes/no answer is about, and is left to the general checks.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evaluator.agents.glossary import agent_translations
from evaluator.agents.lexicon import QueryTerm
from evaluator.agents.support import term_in
from ragoro.text import Lang, content_tokens, stem

__all__ = ["asked_conditions", "negated_only"]

_WORD_RE = re.compile(r"[^\W\d_]+")
# Adjectives and participles: Italian "assunti", "lubrificate", "aziendale"; English
# "lubricated", "hired", "annual".
_QUALIFIER_RE: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(
        r"(?:at[oaie]|it[oaie]|ut[oaie]|nt[oaie]|os[oaie]|al[ei]|iv[oaie]|ic[oaeh]i?|il[ei])$"
    ),
    "en": re.compile(r"(?:ed|ous|al|ive|ic|able|ible)$"),
}
_IF_RE = re.compile(
    r"\b(?:if|when|se|quando)\b[^?,.;]*?\b(?:is|are|was|were|è|sono|siano|sia)\s+"
    r"(?P<word>[^\W\d_]+)",
    re.IGNORECASE,
)
# A clause negator right before the word, or one word before it ("non sono lubrificate").
_NEGATORS: dict[Lang, frozenset[str]] = {
    "it": frozenset(["non", "senza", "né"]),
    "en": frozenset(["not", "non", "without", "nor", "never"]),
}


def asked_conditions(question: str, lang: Lang) -> list[str]:
    """The words the question uses as a condition on a noun (see the module docstring),
    lowercase; none that the question itself negates."""
    words = _WORD_RE.findall(question)
    lower = [w.lower() for w in words]
    content = set(content_tokens(question, lang))
    out = [m.group("word").lower() for m in _IF_RE.finditer(question)]
    for i, word in enumerate(lower):
        if words[i] != word or _QUALIFIER_RE[lang].search(word) is None:
            continue
        j = i - 1 if lang == "it" else i + 1
        if 0 <= j < len(lower) and stem(lower[j], lang) in content and words[j] == lower[j]:
            out.append(word)
    negators = _NEGATORS[lang]
    return [
        w
        for w in dict.fromkeys(out)
        if stem(w, lang) in content
        and not any(lower[k] in negators for k in _positions(lower, w, 2))
    ]


def _positions(words: list[str], word: str, back: int) -> list[int]:
    """Indexes of the `back` words before every occurrence of `word`."""
    return [k for i, w in enumerate(words) if w == word for k in range(max(0, i - back), i)]


def negated_only(question: str, lang: Lang, texts: Sequence[tuple[str, Lang]]) -> list[QueryTerm]:
    """The question's conditions that the passage (`texts`: (text, language)) names only
    negated ("viti *non lubrificate*" for "if the threads are lubricated")."""
    words = [(t, tl, [w.lower() for w in _WORD_RE.findall(t)]) for t, tl in texts]
    if all(_NEGATORS[tl].isdisjoint(lower) for _, tl, lower in words):
        return []  # nothing negated: no condition can be named only negated
    conditions = asked_conditions(question, lang)
    if not conditions:
        return []
    stems = [[stem(w, tl) for w in lower] for _, tl, lower in words]  # once per passage
    out = []
    for word in conditions:
        own = stem(word, lang)
        term = QueryTerm(word, own, agent_translations(own, lang))
        seen = negated = 0
        for (_, their_lang, lower), their_stems in zip(words, stems, strict=True):
            for i, w in enumerate(their_stems):
                if not term_in(term, frozenset([w])):
                    continue
                seen += 1
                before = lower[max(0, i - 2) : i]
                negated += any(b in _NEGATORS[their_lang] for b in before)
        if seen and seen == negated:
            out.append(term)
    return out
