"""`term_in` scans only the pool's prefix group for a longer form of a translation: it must
answer exactly as scanning every token did (IT and EN)."""

from __future__ import annotations

from evaluator.agents.lexicon import QueryTerm
from evaluator.agents.support import term_in
from ragoro.text import content_tokens
from ragoro.text.evidence import soft_in


def _every_token(term: QueryTerm, tokens: frozenset[str]) -> bool:
    # The definition before the prefix groups: every token compared with every long form.
    if term.is_number:
        return term.word in tokens
    if soft_in(term.stem, tokens) or not term.translations.isdisjoint(tokens):
        return True
    long = tuple(t for t in term.translations if len(t) >= 6)
    return bool(long) and any(token.startswith(long) for token in tokens)


_TERMS = [
    QueryTerm("week", "week", frozenset({"settiman"})),
    QueryTerm("weekly", "weekli", frozenset({"settimanal", "settiman"})),
    QueryTerm("settimana", "settiman", frozenset({"week"})),
    QueryTerm("ore", "ore", frozenset({"hour"})),
    QueryTerm("hours", "hour", frozenset({"or"})),
    QueryTerm("40", "40", is_number=True),
    QueryTerm("maintenance", "maintenanc", frozenset({"manutenzion"})),
]
_TEXTS = [
    ("L'orario di lavoro è di 40 ore settimanali.", "it"),
    ("La manutenzione settimanale dura 2 ore.", "it"),
    ("Working time is 40 hours per week.", "en"),
    ("Weekly maintenance takes two hours.", "en"),
    ("Il settimanale aziendale esce il lunedì.", "it"),
]


def test_term_in_matches_the_scan_of_every_token() -> None:
    for text, lang in _TEXTS:
        tokens = frozenset(content_tokens(text, lang))  # type: ignore[arg-type]
        for term in _TERMS:
            assert term_in(term, tokens) is _every_token(term, tokens), (term.word, text)


def test_a_longer_form_of_a_long_translation_is_found_it_en() -> None:
    it = frozenset(content_tokens("Sono 40 ore settimanali.", "it"))
    en = frozenset(content_tokens("Checks are done weekly.", "en"))
    assert term_in(QueryTerm("week", "week", frozenset({"settiman"})), it)
    assert term_in(QueryTerm("settimanale", "settimanal", frozenset({"weekl"})), en) is (
        _every_token(QueryTerm("settimanale", "settimanal", frozenset({"weekl"})), en)
    )
