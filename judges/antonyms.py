"""Lexical negation: a predicate replaced by its antonym flips a statement as surely as
"not" does ("closed on Mondays" against "open on Mondays"), with no negation word to see.

Only complementary pairs are listed (one holds exactly when the other does not), in both
languages; gradable adjectives ("high"/"low") are not complementary and are left out.
"""

from __future__ import annotations

from collections.abc import Sequence
from functools import cache

from ragoro.text.evidence import Analysis, token_recall
from ragoro.text.lang import stem

__all__ = ["antonym_flip"]

_PAIRS: tuple[tuple[str, str], ...] = (
    ("aperto aperta aperti aperte apre aprono open opens", "chiuso chiusa chiusi chiuse chiude "
     "chiudono closed close closes"),
    ("ammesso ammessa ammessi ammesse consentito consentita consentiti consentite permesso "
     "permessa allowed permitted", "vietato vietata vietati vietate proibito proibita forbidden "
     "prohibited banned"),
    ("obbligatorio obbligatoria obbligatori obbligatorie mandatory compulsory required",
     "facoltativo facoltativa facoltativi facoltative optional"),
    ("incluso inclusa inclusi incluse compreso compresa included", "escluso esclusa esclusi "
     "escluse excluded"),
    ("acceso accesa acceso", "spento spenta"),
)  # fmt: skip


@cache
def _pairs() -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Each pair as (stems of one side, stems of the other), in both languages."""
    return tuple(
        (
            frozenset(stem(w, lang) for w in left.split() for lang in ("it", "en")),
            frozenset(stem(w, lang) for w in right.split() for lang in ("it", "en")),
        )
        for left, right in _PAIRS
    )


def antonym_flip(claim: Analysis, clauses: Sequence[Analysis]) -> str:
    """The claim's predicate against its antonym in the source clause that says the most
    of the rest of the claim: "" when no clause does ("open on Mondays" vs "closed on
    Mondays; open Tuesday to Sunday" flips, "open on Tuesdays" does not). `clauses`: the
    source window's clauses, analysed."""
    mine = claim.token_set
    for side, other in _pairs():
        for said, opposite in ((side, other), (other, side)):
            if not mine & said or mine & opposite:
                continue
            rest = [t for t in claim.tokens if t not in said]
            if not rest:
                continue
            scores = [(token_recall(rest, c.token_set)[0], c) for c in clauses]
            against = [s for s, c in scores if c.token_set & opposite and not c.token_set & said]
            backing = [s for s, c in scores if c.token_set & said]
            if against and max(against) > 0 and max(against) >= max(backing, default=0.0):
                return (
                    f"'{claim.text}' says {sorted(mine & said)[0]}; the context says the opposite"
                )
    return ""
