""" "How often" questions and the sentences that state a frequency.

"How often must the light curtain be tested?" is answered by "deve essere verificata all'inizio
di ogni turno" and "How often are backups made?" by "sono eseguite ogni notte": a recurrence
said with "every"/"ogni" and a recurring unit of time or work, or with an adverb of frequency
("daily", "settimanalmente"), often with no number at all. A "how often" question reads as a
how-much question, so without this reading only a sentence stating a number (a class "of
type 4") could answer it. Both readings go by the form of the phrase, in either language.
"""

from __future__ import annotations

import re

__all__ = ["asks_frequency", "states_frequency"]

_ASK_RE = re.compile(
    r"\bhow\s+(?:often|frequently)\b|\bat\s+what\s+intervals?\b"
    r"|\bhow\s+many\s+times\s+(?:a|an|per|each|every)\b"
    r"|\bogni\s+quant[oaie]\b|\bcon\s+(?:che|quale)\s+frequenza\b"
    r"|\bquante\s+volte\s+(?:al|alla|all['’]|a|per|ogni)\b",
    re.IGNORECASE,
)
# The recurring units a frequency counts by: of time, and of work that repeats (a shift, a
# cycle, a use).
_UNITS = (
    r"(?:or[ae]|giorn[oi]|nott[ei]|settiman[ae]|mes[ei]|ann[oi]|turn[oi]|volt[ae]|cicl[oi]"
    r"|mattin[ao]|sera|utilizz[oi]|hours?|days?|nights?|weeks?|months?|years?|shifts?"
    r"|times?|cycles?|mornings?|evenings?|uses?)"
)
_STATES_RE = re.compile(
    rf"\b(?:ogni|every|each|ciascun[oa]?)\s+(?:[\d.,]+\s+(?:[^\W\d_]+\s+)?)?{_UNITS}\b"
    r"|\b(?:hourly|daily|nightly|weekly|monthly|yearly|annually|quotidianamente|giornalmente"
    r"|settimanalmente|mensilmente|annualmente)\b"
    rf"|\b(?:once|twice)\s+(?:a|an|per|every|each)\s+{_UNITS}\b"
    rf"|\b(?:una|due)\s+volt[ae]\s+(?:al|alla|all['’]\s*|ogni|a|per)\s*{_UNITS}\b",
    re.IGNORECASE,
)


def asks_frequency(question: str) -> bool:
    """Does the question ask how often something recurs ("how often", "ogni quanto",
    "con che frequenza", "ogni quante ore")?"""
    return _ASK_RE.search(question) is not None


def states_frequency(text: str) -> bool:
    """Does the text state a recurrence: "every/ogni" with a unit of time or work ("ogni
    turno", "every 500 hours", "every 300 operating hours", "ogni notte"), an adverb of frequency ("daily",
    "mensilmente"), or "once a week" / "una volta al mese"?"""
    flat = " ".join(text.split())
    return _STATES_RE.search(flat) is not None
