""" "How often" questions and the sentences that state a frequency.

"How often must the light curtain be tested?" is answered by "deve essere verificata all'inizio
di ogni turno" and "How often are backups made?" by "sono eseguite ogni notte": a recurrence
said with "every"/"ogni" and a recurring unit of time or work, or with an adverb of frequency
("daily", "settimanalmente"), often with no number at all. A "how often" question reads as a
how-much question, so without this reading only a sentence stating a number (a class "of
type 4") could answer it. Likewise "By when must I hand in my expense report?" is answered
by "deve essere presentata ... entro il 5 del mese successivo", a deadline, not by "i rimborsi
sono pagati ... del mese successivo alla presentazione", which shares its words. Every
reading goes by the form of the phrase, in either language.
"""

from __future__ import annotations

import re
from collections.abc import Callable

__all__ = ["asks_deadline", "asks_frequency", "states_deadline", "states_frequency", "time_kind"]

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


_DEADLINE_ASK_RE = re.compile(
    r"\bby\s+when\b|\bby\s+what\s+(?:date|day|time)\b|\bwhat(?:'s|\s+is)\s+the\s+deadline\b"
    r"|\bentro\s+quando\b|\bentro\s+(?:che|quale)\s+(?:data|giorno|ora)\b"
    r"|\bqual\s*(?:è|e')\s+la\s+scadenza\b",
    re.IGNORECASE,
)
_MONTHS = (
    r"gennaio|febbraio|marzo|aprile|maggio|giugno|luglio|agosto|settembre|ottobre|novembre"
    r"|dicembre|january|february|march|april|may|june|july|august|september|october"
    r"|november|december"
)
# A limit word, then (an article and) a number, a month, or the end / start of a period.
# "By" before a bare amount is a difference or an agent ("rose by 5%", "signed by 2
# managers"), so after "by" a number must be a day (an ordinal, a day before a month), a
# year, a time of day or a numeric date.
_BY_DAY = (
    rf"\d{{1,2}}(?:st|nd|rd|th)?\s+(?:of\s+)?(?:{_MONTHS})\b|\d{{1,2}}(?:st|nd|rd|th)\b"
    r"|\d{4}\b(?!\s*%)|\d{1,2}[:.]\d{2}\b|\d{1,2}\s*[ap]\.?m\b|\d{1,2}[/-]\d{1,2}\b"
)
_DEADLINE_RE = re.compile(
    r"\b(?:entro|before|no\s+later\s+than|not\s+later\s+than|prima\s+del(?:la|l['’])?"
    r"|prima\s+di|within)\s+(?:(?:il|lo|la|i|le|the|l['’])\s*)?"
    rf"(?:\d|(?:{_MONTHS})\b|(?:fine|end|inizio|start|termine)\b)"
    rf"|\bby\s+(?:the\s+)?(?:{_BY_DAY}|(?:{_MONTHS})\b|(?:end|start)\b)",
    re.IGNORECASE,
)


def asks_deadline(question: str) -> bool:
    """Does the question ask by when something is due ("by when", "entro quando", "what is
    the deadline")?"""
    return _DEADLINE_ASK_RE.search(question) is not None


def states_deadline(text: str) -> bool:
    """Does the text state a deadline: a limit word before a number, a month or the end of a
    period ("entro il 5 del mese", "by 31 March", "entro la fine del turno", "within 24
    hours")?"""
    return _DEADLINE_RE.search(" ".join(text.split())) is not None


def time_kind(question: str) -> Callable[[str], bool] | None:
    """The form a sentence must have to answer a "how often" (a recurrence) or a "by when"
    (a deadline) question; None for other questions."""
    if asks_frequency(question):
        return states_frequency
    if asks_deadline(question):
        return states_deadline
    return None
