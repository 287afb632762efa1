"""Lexical negation: a predicate replaced by its antonym flips a statement as surely as
"not" does ("closed on Mondays" against "open on Mondays"), with no negation word to see.

Complementary pairs are listed (one holds exactly when the other does not), in both
languages, and the two directions of change ("rose"/"fell"); gradable adjectives
("high"/"low") are not complementary and are left out (a comparison of them is
`judges.ordering`'s).
"""

from __future__ import annotations

from functools import cache

from judges.reading import analysed_tokens
from ragoro.text.evidence import Analysis, token_recall
from ragoro.text.lang import Lang, stem
from ragoro.text.sentences import split_clauses

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

# Opposite directions of change are contraries, not complementaries (a figure may also
# stay the same), but one quantity over one span cannot both rise and fall: stating one
# where the source states the other contradicts it. "Ridotto" is left out: a "biglietto
# ridotto" is a concession fare, no change.
_DIRECTIONS: tuple[tuple[Lang, str, str], ...] = (
    ("it", "aumentato aumentata aumentati aumentate aumenta aumentano aumentò aumentarono "
     "aumento cresciuto cresciuta cresciuti cresciute cresce crescono crebbe crebbero crescita",
     "diminuito diminuita diminuiti diminuite diminuisce diminuiscono diminuì diminuirono "
     "diminuzione calato calata calati calate cala calano calò calo"),
    ("en", "rose rise rises risen rising increase increased increases increasing grew grow "
     "grows grown growing", "fell fall falls fallen falling decrease decreased decreases "
     "decreasing declined declines decline shrank shrink shrinks shrunk dropped"),
)  # fmt: skip
"""Stemmed in their own language only: the English "rose" is the Italian "rosa"'s stem."""


@cache
def _pairs() -> tuple[tuple[frozenset[str], frozenset[str]], ...]:
    """Each pair as (stems of one side, stems of the other), in both languages."""
    both: tuple[Lang, ...] = ("it", "en")
    return tuple(
        (
            frozenset(stem(w, lang) for w in left.split() for lang in langs),
            frozenset(stem(w, lang) for w in right.split() for lang in langs),
        )
        for langs, left, right in (
            *((both, left, right) for left, right in _PAIRS),
            *(((lang,), left, right) for lang, left, right in _DIRECTIONS),
        )
    )


def antonym_flip(claim: Analysis, source: Analysis) -> str:
    """The claim's predicate against its antonym in the source clause that says the most
    of the rest of the claim: "" when no clause does ("open on Mondays" vs "closed on
    Mondays; open Tuesday to Sunday" flips, "open on Tuesdays" does not). `source`: the
    source window (or reference), read clause by clause, and only when the claim uses a
    word of a pair (most claims use none)."""
    mine = claim.token_set
    clauses: list[frozenset[str]] | None = None
    for side, other in _pairs():
        for said, opposite in ((side, other), (other, side)):
            if not mine & said or mine & opposite:
                continue
            rest = [t for t in claim.tokens if t not in said]
            if not rest:
                continue
            if clauses is None:
                clauses = _clause_tokens(source)
            scores = [(token_recall(rest, c)[0], c) for c in clauses]
            against = [s for s, c in scores if c & opposite and not c & said]
            backing = [s for s, c in scores if c & said]
            if against and max(against) > 0 and max(against) >= max(backing, default=0.0):
                return (
                    f"'{claim.text}' says {sorted(mine & said)[0]}; the context says the opposite"
                )
    return ""


def _clause_tokens(source: Analysis) -> list[frozenset[str]]:
    """The content tokens of each clause of the source's text, as `analysed(clause)` reads
    them (`token_set`)."""
    return [
        frozenset(analysed_tokens(span.text, source.lang)) for span in split_clauses(source.text)
    ]
