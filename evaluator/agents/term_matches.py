"""Which tokens of an index find a question term, so that `term_in` over a sentence is one
set intersection.

`support.term_in(term, tokens)` holds exactly when one token of `tokens` finds the term on
its own: the number itself for a number term; otherwise the term's stem, a soft match of
it (`soft_match`: a shared prefix of 5+ letters), one of its translations, or a longer form
of one of `long_forms` (a 6+ letter translation, an Italian verb's "-isc-" stem). Every
token that can do so shares its first five letters with
the stem or a translation, or equals one of them. So the tokens of the whole index (every
chunk's and every document sentence's) that find a term are collected once per term, from
the few 5-letter groups it can match in; for any token set of the index, `term_in` is then
"the set meets those tokens", answered in C by `frozenset.isdisjoint` instead of a soft
match per term and sentence. The sentence scorer asks this ~375 times per question.

The equivalence is exact, and tested against `term_in` on every question term of the
committed golden set and every sentence and chunk of the demo index
(`tests/evaluator/test_agents_term_matches.py`): a change to `term_in` must change
`_finds` with it, and both read the longer forms from `long_forms`.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from evaluator.agents.glossary import isc_form
from evaluator.agents.lexicon import QueryTerm
from ragoro.text.evidence import soft_match

__all__ = ["Coverage", "TermMatches", "long_forms"]

_PREFIX = 5
_EXTEND_MIN_LEN = 6


@lru_cache(maxsize=4096)
def long_forms(translations: frozenset[str]) -> tuple[str, ...]:
    """The forms a longer token extends to find a term through its translations: the
    translations long enough to be extended ("settiman" -> "settimanali"), and the "-isc-"
    present stem of an Italian "-ire" verb ("sostituir" -> "sostituisc", which
    "sostituisce" extends). `support.term_in` and `TermMatches` both read this one list."""
    forms = [t for t in translations if len(t) >= _EXTEND_MIN_LEN]
    forms += [f for t in translations if (f := isc_form(t)) is not None]
    return tuple(dict.fromkeys(forms))


def _finds(term: QueryTerm, token: str, long: Sequence[str]) -> bool:
    """Does this one token find the term (`term_in(term, frozenset({token}))`)?"""
    if term.is_number:
        return token == term.word
    if token == term.stem or token in term.translations:
        return True
    if len(term.stem) >= _PREFIX and len(token) >= _PREFIX and soft_match(term.stem, token):
        return True
    return any(token.startswith(t) for t in long)


class TermMatches:
    """The tokens of a vocabulary that find each question term (remembered per term)."""

    def __init__(self, vocabulary: Iterable[str]) -> None:
        self.vocabulary = frozenset(vocabulary)
        self._groups: dict[str, list[str]] = {}
        for token in self.vocabulary:
            if len(token) >= _PREFIX:
                self._groups.setdefault(token[:_PREFIX], []).append(token)
        self._found: dict[QueryTerm, frozenset[str]] = {}

    def tokens(self, term: QueryTerm) -> frozenset[str]:
        """Every vocabulary token that finds the term: `term_in(term, tokens)` is
        `not tokens.isdisjoint(self.tokens(term))` for any tokens of the vocabulary."""
        found = self._found.get(term)
        if found is None:
            found = self._collect(term)
            self._found[term] = found
        return found

    def _collect(self, term: QueryTerm) -> frozenset[str]:
        if term.is_number:
            return frozenset({term.word}) & self.vocabulary
        long = long_forms(term.translations)
        forms = (term.stem, *term.translations, *long)
        candidates = {f for f in forms if f in self.vocabulary}
        for prefix in {f[:_PREFIX] for f in forms if len(f) >= _PREFIX}:
            candidates.update(self._groups.get(prefix, ()))
        return frozenset(t for t in candidates if _finds(term, t, long))


class Coverage:
    """`support.coverage(terms, tokens, weights)` for one question's terms, by set
    intersection: the same sum in the same order, so the very same float."""

    def __init__(
        self, terms: Sequence[QueryTerm], weights: dict[QueryTerm, float], matches: TermMatches
    ) -> None:
        self._total = sum(weights[t] for t in terms)
        self._found = [(weights[t], matches.tokens(t)) for t in terms]

    def __call__(self, tokens: frozenset[str]) -> float:
        """Weighted share of the terms found in tokens (1.0 for a question without terms);
        tokens must come from the vocabulary the matches were collected over."""
        if self._total == 0:
            return 1.0
        return sum(w for w, found in self._found if not tokens.isdisjoint(found)) / self._total
