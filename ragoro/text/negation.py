"""Negation cues in Italian and English, to catch answers that flip a statement's polarity."""

from __future__ import annotations

import re
from functools import lru_cache

from ragoro.text.lang import Lang, normalize

_CUES: dict[str, re.Pattern[str]] = {
    "it": re.compile(
        r"(?<![^\W_])(non|no|mai|nessun[oa]?|niente|nulla|né|neanche|nemmeno|neppure|mica)"
        r"(?![^\W_])",
        re.IGNORECASE,
    ),
    "en": re.compile(
        r"(?<![^\W_])(not|no|never|none|nobody|nothing|neither|nor|cannot)(?![^\W_])"
        r"|(n't)(?![^\W_])",
        re.IGNORECASE,
    ),
}
# "senza" / "without" are not here: a privative preposition negates only its own noun
# phrase ("allowed without flash" is allowed), not the clause it sits in.
# Phrases that contain a cue without negating anything: "non solo ... ma anche",
# "not only ... but also", "No. 5" (a number sign), and the bounds "non più di 7 giorni" /
# "no later than Friday" / "never more than 2 hours", which limit a quantity and assert it
# ("at most 7 days").
_FALSE_CUES = re.compile(
    r"(?<![^\W_])(?:non\s+solo|non\s+soltanto|not\s+only|no\.\s*\d"
    r"|(?:non|mai)\s+(?:più|meno)\s+(?:di|del|dello|della|dei|degli|delle)(?![^\W_])"
    r"|non\s+oltre(?![^\W_])"
    r"|(?:not|no|never)\s+(?:more|less|fewer|later|earlier|sooner)\s+than)",
    re.IGNORECASE,
)


def negations(text: str, lang: Lang | None = None) -> set[str]:
    """Lowercase negation cues in text ("non", "mai", "not", "n't"...); both languages if None."""
    return set(_negations(text, lang))


def has_negation(text: str, lang: Lang | None = None) -> bool:
    """True when text contains at least one negation cue."""
    return bool(_negations(text, lang))


# Pure, and asked again of the same sentence or clause by several checks of a case (8,871
# calls for 3,684 texts judging the hand-written set). Bounded: most texts are per case.
@lru_cache(maxsize=4096)
def _negations(text: str, lang: Lang | None) -> frozenset[str]:
    cleaned = _FALSE_CUES.sub(" ", normalize(text))
    langs: tuple[Lang, ...] = (lang,) if lang else ("it", "en")
    cues: set[str] = set()
    for code in langs:
        for m in _CUES[code].finditer(cleaned):
            cues.add(next(g for g in m.groups() if g).lower())
    return frozenset(cues)
