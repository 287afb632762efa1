"""Derivational families: a verb and the noun made from it state one event.

A paraphrase often nominalises its source's verb or verbalises its noun: "the train
arrives at 8:42" and "its arrival is at 8:42", "è stata inaugurata" and "l'inaugurazione",
"will close" and "the closure". Inflectional stemming keeps "arriv" and "arrival" apart;
here each stem is reduced to its root by removing the regular nominalising suffixes
(-zione/-tion, -mento/-ment, -tura/-ure, -al, -anza/-ance) and, in Italian, the infinitive,
participle and third-person-plural endings the inflectional stemmer leaves. Only regular
derivation is covered ("iscrivere"/"iscrizione" keep apart), and a root must keep four
letters, so short words never meet by accident.
"""

from __future__ import annotations

from collections.abc import Iterable, Sequence
from functools import lru_cache

from ragoro.text.lang import Lang

__all__ = ["root", "still_missing"]

_MIN_ROOT = 4

# Longest first; applied to stems as `ragoro.text.lang.stem` leaves them.
_SUFFIXES: dict[Lang, tuple[str, ...]] = {
    "it": (
        "azion", "izion", "uzion", "zion", "ament", "iment", "atur", "itur", "anz", "enz",
        "at", "ut", "it", "ar", "er", "ir", "an", "on",
    ),
    "en": ("ation", "ition", "ment", "anc", "enc", "ur", "val", "sal", "wal"),
}  # fmt: skip
_KEEP_LETTER = frozenset(["val", "sal", "wal"])
"""Of "-val", "-sal", "-wal" only the "-al" is a suffix ("arrival", "refusal", "renewal")."""


@lru_cache(maxsize=65536)
def root(token: str, lang: Lang) -> str:
    """The derivational root of a stem: "arrival" -> "arriv", "inaugurazion" ->
    "inaugur", "closur" -> "clos"; the stem itself when no suffix leaves a root of four
    letters."""
    if not token.isalpha():
        return token
    for suffix in _SUFFIXES[lang]:
        if not token.endswith(suffix):
            continue
        cut = len(suffix) - (1 if suffix in _KEEP_LETTER else 0)
        base = token[:-cut]
        if len(base) >= _MIN_ROOT:
            return base
    return token


@lru_cache(maxsize=4096)
def _roots(pool: frozenset[str], langs: frozenset[Lang]) -> frozenset[str]:
    return frozenset(root(t, lang) for t in pool for lang in langs)


def still_missing(
    missing: Sequence[str], pool: frozenset[str], lang: Lang, pool_langs: Iterable[Lang]
) -> list[str]:
    """The tokens of `missing` (a claim's words the pool lacks) whose derivational family
    the pool does not hold either."""
    if not missing:
        return []
    roots = _roots(pool, frozenset(pool_langs))
    return [t for t in missing if root(t, lang) not in roots]
