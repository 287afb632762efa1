"""The dimension a quantity question asks for, read from its question word and what follows
it, against the dimension of a candidate quantity.

A value of another dimension than the asked one does not answer, whatever else the sentence
shares with the question: "Quanta acqua …" is not answered by the 14001 of "ISO 14001", "how
many days" by "400 mm" or by the 10 of "dal 10 al 21 agosto", "how much did they spend" by
tonnes, "per quanto tempo" by "50 km". The readings go by kinds of language, in Italian and
English alike, never by the words of one corpus:

- a **time span**: "how many / quanti" + a time unit ("quanti giorni", "how many hours"),
  "quanto tempo / quanto dura / entro quanto / how soon / how much notice", and "how long"
  with a verb after it ("how long are recordings kept", "how long does it take"): a duration
  answers, a length does not, and a bare number only when a time unit follows it within three
  words ("entro 2 giorni lavorativi", "2 business days");
- a **measured amount**: "how much" / "quanta" followed by a noun ("how much water", "quanta
  acqua"), or "quanto" + noun + auxiliary ("quanto gas naturale ha consumato"): a mass noun
  is measured, so neither a share (percentage) answers, unless the question names a share
  ("quanta parte", "what share") or asks by how much, nor a norm's number ("ISO 14001");
- **money**: a verb or noun of paying or earning ("spend, invest, pay, fine", "spendere,
  investire, pagare, retribuzione"): only an amount of money answers, or a share of an
  amount ("il 50% del canone": a fee or a penalty is often one), any percentage for "by how
  much / di quanto";
- a **speed**: "how fast / quanto velocemente": a speed or a length per unit of time, or a
  time limit ("shipped within 24 hours"), never a bare length.

A number of the question's own kind is left to `quantities.pick_quantity`; this module only
says which readings cannot answer, so the next supported sentence of the right dimension may.
"""

from __future__ import annotations

import re
from functools import lru_cache
from typing import NamedTuple

from ragoro.text import UNITS, Lang, Quantity
from ragoro.text.units import CURRENCIES, normalize_unit

__all__ = ["Asked", "asked_dimension", "fits"]


class Asked(NamedTuple):
    """What kind of quantity a question asks for, beyond its unit words."""

    kind: str
    """"time", "speed", "amount" or "money"."""
    share: bool = False
    """A percentage may answer (the question names a share, or asks by how much)."""


_TIME_UNIT = (
    r"(?:minut[oi]|or[ae]|giorn[oi]|settiman[ae]|mes[ei]|ann[oi]"
    r"|minutes?|hours?|days?|weeks?|months?|years?)"
)
_TIME_RE = re.compile(
    rf"\b(?:how\s+many|quant[ie])\s+{_TIME_UNIT}\b"
    r"|\b(?:in|per|entro)?\s*quanto\s+tempo\b|\bquanto\s+dura(?:no)?\b"
    r"|\bentro\s+quant[oaie]\b|\bcon\s+quanto\s+(?:anticipo|preavviso)\b"
    r"|\bhow\s+soon\b|\bhow\s+much\s+(?:notice|time)\b"
    r"|\bhow\s+(?:far|long)\s+(?:in\s+advance|ahead|beforehand)\b"
    # "How long" with a verb after it asks how long something lasts or takes; "how long is
    # the stroke" (the copula and a noun phrase alone) may ask a length.
    r"|\bhow\s+long\s+(?:do|does|did|will|would|can|could|should|must|may|might|has|have|had)\b"
    # ("how long must a password be": a modal and "be" ask a length)
    r"(?![^?]*\bbe\s*(?:\?|$|at\s+least\b))"
    r"|\bhow\s+long\s+(?:is|are|was|were)\b[^?]*\b(?:\w+ed|kept|held|given|taken|valid|left)\b",
    re.IGNORECASE,
)
# "How much" / "quanta" before a noun: an auxiliary or a verb after it is no noun.
_EN_VERB = (
    r"(?:is|are|was|were|be|been|do|does|did|will|would|can|could|should|shall|must|may|might"
    r"|has|have|had|of|more|less|longer|further|per|in|on|at|for|to|a|an|the)"
)
_IT_AUX = (
    r"(?:ha|hanno|aveva|avevano|avrà|è|e'|sono|era|erano|sarà|saranno|viene|vengono|veniva"
    r"|si|ne|ci|c'è|mi|ti|vi)"
)
_IT_CLITIC = rf"(?:{_IT_AUX}|gli|le|lo|la)"
_AMOUNT_RE = re.compile(
    rf"\bhow\s+much\s+(?!{_EN_VERB}\b)[^\W\d_]"
    rf"|\bquanta\s+(?!{_IT_CLITIC}\b)[^\W\d_]"
    rf"|\bquanto\s+(?!{_IT_AUX}\b)[^\W\d_]+(?:\s+[^\W\d_]+)?\s+{_IT_AUX}\b",
    re.IGNORECASE,
)
_SHARE_RE = re.compile(
    r"\b(?:percentuale|percentuali|quota|quote|parte|proporzione|tasso|margine|share|shares"
    r"|percent|percentage|proportion|part|fraction|rate|margin)\b|%",
    re.IGNORECASE,
)
_MONEY_RE = re.compile(
    r"\b(?:spend|spends|spent|spending|invest|invests|invested|pay|pays|earn|earns"
    r"|earned|cost|costs|salary|wage|wages|budget"
    r"|spende|speso|spesi|spendere|investe|investito|investiti|investire|paga|pagare"
    r"|costa|costano|costato|costare|guadagna|guadagnato|multa|multe|sanzione|sanzioni"
    r"|stipendio|retribuzione|compenso)\b",
    re.IGNORECASE,
)
# English "fine" is a penalty; Italian "fine" is an end ("alla fine del mese").
_FINE_RE = re.compile(r"\bfines?\b", re.IGNORECASE)
_SPEED_RE = re.compile(
    r"\bhow\s+(?:fast|quickly)\b|\bquanto\s+(?:veloce|velocemente|rapid[oa]|rapidamente)\b",
    re.IGNORECASE,
)
_CHANGE_RE = re.compile(r"\bdi\s+quanto\b|\bby\s+how\s+much\b", re.IGNORECASE)


def asked_dimension(question: str, lang: Lang) -> Asked | None:
    """The dimension the quantity question asks for, when its wording says one (see the
    module docstring); None when it says none, or asks a kind of unit by name (left to the
    question's unit words)."""
    share = _SHARE_RE.search(question) is not None or _CHANGE_RE.search(question) is not None
    if _TIME_RE.search(question):
        return Asked("time")
    if _SPEED_RE.search(question):
        return Asked("speed")
    if _MONEY_RE.search(question) or (lang == "en" and _FINE_RE.search(question)):
        return Asked("money", share=_CHANGE_RE.search(question) is not None)
    if _AMOUNT_RE.search(question):
        return Asked("amount", share=share)
    return None


# An acronym right before a number names a norm or a model ("ISO 14001", "EN 1090"): a
# currency code before an amount ("EUR 812") is a unit, not a norm.
_NORM_RE = re.compile(r"\b(?!(?:EUR|USD|GBP|CHF)\b)[A-Z]{2,}\s?$")
_OF_RE = re.compile(
    r"\s*(?:of|on|del|dello|della|dell['’]|dei|degli|delle|sul|sullo|sulla|sull['’]|sui)\b",
    re.IGNORECASE,
)
_SPEED_BASES = frozenset({"km/h", "rpm", "Hz"})
_PER_TIME_RE = re.compile(
    r"\s*(?:/\s*(?:s|sec|min|h)\b|(?:al|all'|per|a|an)\s*(?:second[oi]?|minut[oio]|ora|hour))",
    re.IGNORECASE,
)
_LIMIT_RE = re.compile(r"\b(?:within|in|under|entro|in\s+meno\s+di)\s*$", re.IGNORECASE)
_FOLLOW_RE = re.compile(r"[^\W\d_]+")
_RATIO_RE = re.compile(r"\s*/\s*\d")


def fits(asked: Asked, text: str, quantity: Quantity, header: str = "") -> bool:
    """Can the quantity of `text` answer a question asking `asked`: a duration (or a bare
    count of time units) for a time span, a measure with a unit for an amount, money for
    money; a percentage only where a share may answer. A bare value of a table row (`header`:
    the column names above it) takes the unit its header names ("Rifiuti (t)", "EUR million")."""
    unit = quantity.unit
    if unit == "%":
        # A fee or a penalty may be a share of an amount ("il 50% del canone").
        return asked.share or (
            asked.kind == "money" and _OF_RE.match(text, quantity.end) is not None
        )
    if unit is None and header:
        named = _header_bases(header)
        if asked.kind == "money" and named & CURRENCIES:
            return True
        if asked.kind == "amount" and named - {"%"}:
            return True
        if asked.kind == "time" and "h" in named:
            return True
    if asked.kind == "money":
        return unit in CURRENCIES
    if asked.kind == "speed":
        # A speed unit, or a length or count per unit of time ("12 mm/s", "30 colpi al minuto");
        # "how fast do parts ship" asks how soon: a time limit ("within 24 hours", "entro 2
        # giorni") answers it too, a mere duration ("un corso di 8 ore") does not.
        return (
            _base(unit) in _SPEED_BASES
            or _PER_TIME_RE.match(text, quantity.end) is not None
            or (_base(unit) == "h" and _LIMIT_RE.search(text, 0, quantity.start) is not None)
        )
    if asked.kind == "amount":
        # A measure may have a unit the parser does not know ("20 GB", "12 sacchi"), so a
        # bare number may answer; a norm's number ("ISO 14001") never does.
        return not _NORM_RE.search(text, 0, quantity.start)
    # A time span: a time unit, or a bare number counting a time unit named after it (never
    # a ratio such as "24/7", whose 24 counts nothing).
    if unit is not None:
        return _base(unit) == "h"
    if _RATIO_RE.match(text, quantity.end):
        return False
    words = _FOLLOW_RE.findall(text[quantity.end : quantity.end + 60])[:3]
    return any(_base(normalize_unit(word)) == "h" for word in words)


_HEADER_WORD_RE = re.compile(r"[^\W\d_]+|%|€|\$|£")


@lru_cache(maxsize=1 << 12)
def _header_bases(header: str) -> frozenset[str]:
    """Base codes of the units a table header names."""
    found = (_base(normalize_unit(word)) for word in _HEADER_WORD_RE.findall(header))
    return frozenset(code for code in found if code)


def _base(code: str | None) -> str:
    return "" if code is None else UNITS.get(code, ("", 0.0))[0]
