"""Find a verbatim quote in a document text: exactly first, then whitespace-normalised.

Offsets are never guessed: the builder and `builder validate` both anchor passages by
searching their content in the canonical text with these functions.
"""

from __future__ import annotations

import re
from dataclasses import dataclass
from typing import Literal

Method = Literal["exact", "whitespace"]

# Typographic variants a model (or an editor) may swap for the plain character.
_VARIANTS = {
    "'": "'’‘`´",
    "’": "'’‘`´",
    '"': '"“”«»',
    "“": '"“”«»',
    "”": '"“”«»',
    "-": "-–—‐",
    "–": "-–—‐",
}


@dataclass(frozen=True)
class Located:
    """Where a quote sits in a text, and how it was found."""

    start: int
    end: int
    method: Method


def _closest(starts: list[int], hint: int | None) -> int:
    if hint is None:
        return starts[0]
    return min(starts, key=lambda start: (abs(start - hint), start))


def _exact_starts(text: str, quote: str) -> list[int]:
    starts = []
    position = text.find(quote)
    while position != -1:
        starts.append(position)
        position = text.find(quote, position + 1)
    return starts


def _loose_pattern(quote: str) -> re.Pattern[str] | None:
    words = quote.split()
    if not words:
        return None
    parts = []
    for word in words:
        parts.append(
            "".join(
                f"[{re.escape(_VARIANTS[ch])}]" if ch in _VARIANTS else re.escape(ch) for ch in word
            )
        )
    return re.compile(r"\s+".join(parts))


def locate(text: str, quote: str, *, hint: int | None = None) -> Located | None:
    """The span of quote in text; when it occurs more than once, the one nearest `hint`."""
    if not quote.strip():
        return None
    starts = _exact_starts(text, quote)
    if starts:
        start = _closest(starts, hint)
        return Located(start, start + len(quote), "exact")
    pattern = _loose_pattern(quote)
    if pattern is None:
        return None
    matches = [(m.start(), m.end()) for m in pattern.finditer(text)]
    if not matches:
        return None
    start = _closest([s for s, _ in matches], hint)
    end = next(e for s, e in matches if s == start)
    return Located(start, end, "whitespace")
