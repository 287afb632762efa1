"""Italian-English cognates: the same Latin word in each language's spelling.

A statement in one language about a source in the other shares almost no word forms with
it, yet much of the technical and formal vocabulary is common Latin stock that the two
spell by regular correspondences: "esposizione"/"exposition", "rivoluzione"/"revolution",
"universale"/"universal", "centenario"/"centenary". Mapping both spellings onto one key
recovers that shared vocabulary without a dictionary. The correspondences are the
textbook ones (ph/f, th/t, x/s, -zione/-tion, ct/tt, pt/tt, doubled consonants); what
they cannot reach (false friends aside, "ricevuta"/"receipt") is left to the glossary in
`ragoro.text.lexicon`.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Iterable
from functools import lru_cache

from ragoro.text.evidence import soft_in

__all__ = ["cognate_key", "cognate_recall"]

# Ordered: digraphs before the single letters they contain.
_SPELLINGS = (
    ("ph", "f"),
    ("th", "t"),
    ("ch", "c"),
    ("ck", "c"),
    ("gh", "g"),
    ("k", "c"),
    ("y", "i"),
    ("x", "s"),
    ("w", "v"),
    ("j", "g"),
    ("ct", "t"),
    ("pt", "t"),
    ("zion", "sion"),
    ("tion", "sion"),
    ("mn", "n"),
)
_DOUBLE_RE = re.compile(r"(.)\1+")
_VOWELS = frozenset("aeiou")
# A consonant skeleton this long names one word: vowels are where cognates drift
# ("rivoluzione"/"revolution"), consonants are what they keep.
_MIN_SKELETON = 5
_MIN_KEY = 5


@lru_cache(maxsize=1 << 15)
def cognate_key(token: str) -> str:
    """The token spelled by the correspondences both languages share (lowercase, no
    accents, doubled letters single, final vowels dropped)."""
    plain = "".join(
        c for c in unicodedata.normalize("NFKD", token.lower()) if not unicodedata.combining(c)
    )
    for written, shared in _SPELLINGS:
        plain = plain.replace(written, shared)
    plain = _DOUBLE_RE.sub(r"\1", plain)
    return plain.rstrip("aeiou") or plain


def _skeleton(key: str) -> str:
    return "".join(c for c in key if c not in _VOWELS)


@lru_cache(maxsize=4096)
def _keys(pool: frozenset[str]) -> tuple[frozenset[str], frozenset[str]]:
    keys = frozenset(cognate_key(t) for t in pool if t.isalpha() and len(t) >= _MIN_KEY)
    skeletons = frozenset(s for k in keys if len(s := _skeleton(k)) >= _MIN_SKELETON)
    return keys, skeletons


def cognate_recall(tokens: Iterable[str], pool: frozenset[str]) -> tuple[float, list[str]]:
    """Share of tokens found in pool, as themselves (soft) or as a cognate of a pool
    token, and the missing ones; 1.0 for no tokens."""
    keys, skeletons = _keys(pool)
    items = list(tokens)
    missing = []
    for token in items:
        if soft_in(token, pool):
            continue
        if token.isalpha() and len(token) >= _MIN_KEY:
            key = cognate_key(token)
            skeleton = _skeleton(key)
            if soft_in(key, keys) or (len(skeleton) >= _MIN_SKELETON and skeleton in skeletons):
                continue
        missing.append(token)
    # found / total, not 1 - missing / total: 1 of 5 must be exactly 0.2, not 0.19999...
    return ((len(items) - len(missing)) / len(items) if items else 1.0), missing
