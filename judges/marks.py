"""What a text says of itself, read once per text for the faithfulness check: the ranking
words it uses ("longest", "il più lungo", "migliore") and whether it spells an acronym
with the initials of its words ("TAR" in "Tribunale amministrativo regionale").

Each context window is compared with every claim of a run, so both readings are
remembered per text.
"""

from __future__ import annotations

import re
from functools import lru_cache

from ragoro.text.lang import STOPWORDS, stem

__all__ = ["spells_initials", "superlatives"]

_SUPERLATIVE_RE = re.compile(
    r"\b(?:best|worst|(?:most|least)\s+[^\W\d_]+|[^\W\d_]{3,}est"
    r"|(?:il|la|lo|i|gli|le|l['’])\s*(?:[^\W\d_]+\s+)?(?:più|meno)\s+[^\W\d_]+"
    r"|migliore|migliori|peggiore|peggiori)\b",
    re.IGNORECASE,
)
# Words ending in -est that rank nothing.
_NOT_SUPERLATIVE_WORDS = """
interest request forest honest harvest suggest test contest guest west manifest protest
invest digest modest arrest chest nest rest quest attest pest crest vest zest lest
northwest southwest midwest inquest conquest earnest unrest
"""
_NOT_SUPERLATIVE = frozenset(_NOT_SUPERLATIVE_WORDS.split())


@lru_cache(maxsize=65536)
def superlatives(text: str) -> frozenset[str]:
    """The ranking words of a text ("longest", "più lungo", "migliore"), as stems of their
    adjective."""
    out = set()
    for match in _SUPERLATIVE_RE.finditer(text):
        word = match.group(0).lower().split()[-1]
        if word in _NOT_SUPERLATIVE:
            continue
        out.add(stem(word, "en") if word.endswith("est") else word)
    return frozenset(out)


_ACRONYM_LETTERS = (2, 6)


_FUNCTION_WORDS = STOPWORDS["it"] | STOPWORDS["en"]


def spells_initials(entity: str, text: str) -> bool:
    """An acronym ("tar") is named where the initials of consecutive content words spell
    it ("Tribunale amministrativo regionale"); function words may sit between them."""
    low, high = _ACRONYM_LETTERS
    if not (low <= len(entity) <= high and entity.isalpha()):
        return False
    words, initials = _initials(text)
    return entity.lower() in initials and any(
        "".join(w[0] for w in words[i : i + len(entity)]) == entity.lower()
        for i in range(len(words))
    )


@lru_cache(maxsize=65536)
def _initials(text: str) -> tuple[tuple[str, ...], str]:
    """A text's content words (function words left out), lowercase, and their initials."""
    words = tuple(w for w in re.findall(r"[^\W\d_]+", text.lower()) if w not in _FUNCTION_WORDS)
    return words, "".join(w[0] for w in words)
