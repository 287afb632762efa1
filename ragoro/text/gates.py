"""Skip a rewrite whose pattern cannot match: a substring test on the lowercased text.

The readers that prepare a text for the checks (`numwords.spell_numbers`,
`frequency.spell_frequencies`, `dates.spell_month_bounds`) run a few dozen
case-insensitive rewrites on every answer, claim and reference, and most of them match
nothing: "half", "fortnight" or "weekly" are not in the text. Each rewrite names words one
of which every match contains ("half" for "half an hour"); when none of them is in the
lowercased text, the rewrite is skipped, and the text is the one the rewrite would have
returned. A text is lowercased again only after a rewrite changed it.

`str.lower` gives the letter `re.IGNORECASE` matches for every character but three: the
dotless "ı" and the long "ſ" (which the regular expression engine matches to "i" and "s")
and the dotted "İ" (which lowercases to "i" plus a combining dot). A text holding any of
them is never gated: every rewrite runs on it.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["Gated", "lacks"]

_UNGATED = ("\u0131", "\u017f", "\u0307")
"""What `str.lower` leaves of a letter `re.IGNORECASE` reads as an ASCII one."""

Replacement = str | Callable[[re.Match[str]], str]


class Gated:
    """A text rewritten step by step, each step skipped when its words are absent."""

    def __init__(self, text: str) -> None:
        self.text = text
        self._low = _lowered(text)

    def sub(
        self, pattern: re.Pattern[str], replacement: Replacement, needs: tuple[str, ...] | None
    ) -> None:
        """`self.text = pattern.sub(replacement, self.text)`, unless no word of `needs`
        (lowercase) is in the text, so that no match can exist; `needs=None` always runs."""
        if needs is not None and self._low is not None and not any(w in self._low for w in needs):
            return
        self.apply(lambda text: pattern.sub(replacement, text))

    def apply(self, rewrite: Callable[[str], str]) -> None:
        """`self.text = rewrite(self.text)`: a rewrite no word gates."""
        rewritten = rewrite(self.text)
        if rewritten != self.text:
            self.text = rewritten
            self._low = _lowered(rewritten)


def lacks(text: str, needs: tuple[str, ...]) -> bool:
    """True when no word of `needs` (lowercase) is in the lowercased text, so that a
    case-insensitive pattern each of whose matches holds one of them cannot match; never
    for a text holding a letter `str.lower` reads otherwise than the pattern does."""
    low = _lowered(text)
    return low is not None and not any(w in low for w in needs)


def _lowered(text: str) -> str | None:
    low = text.lower()
    return None if any(c in low for c in _UNGATED) else low
