"""What a question asks for: a quantity (and of which kind), or just words to echo.

Used to tell an evasive answer ("La capacità del serbatoio è un aspetto importante.")
from one that answers, without a model.
"""

from __future__ import annotations

import re

from ragoro.text.lang import Lang, content_tokens, stem

_QUESTION_WORDS = (
    "quale quali qual quanto quanti quante quanta cosa come dove quando perché chi what which "
    "how where when why who whom much many indicare indica descrivi descrivere spiega spiegare "
    "elenca elencare explain describe list tell dimmi sapere know"
)
QUESTION_STEMS: frozenset[str] = frozenset(
    stem(w, lang) for w in _QUESTION_WORDS.split() for lang in ("it", "en")
)
_FILLER_WORDS = (
    "importante importanti aspetto aspetti fondamentale fondamentali rilevante rilevanti "
    "essenziale essenziali cruciale cruciali centrale vario varie vari diversi diverse "
    "elemento elementi fattore fattori tema temi questione argomento generale important "
    "aspect aspects fundamental relevant essential crucial key central various several "
    "element elements factor factors topic matter issue general depends dipende"
)
FILLER_STEMS: frozenset[str] = frozenset(
    stem(w, lang) for w in _FILLER_WORDS.split() for lang in ("it", "en")
)
_YES_NO_RE = re.compile(r"\s*(?:sì|no|yes|certo|esatto|correct|indeed)\b", re.IGNORECASE)
_QUANTITY_Q_RE = re.compile(
    r"\bquant[oaie]\b|\bhow (?:much|many|long|often|far|big|heavy|large|high|fast|old)\b",
    re.IGNORECASE,
)
_WH_RE = re.compile(r"\b(?:qual[ei]?|che|what|which)\b", re.IGNORECASE)
_CURRENCY = frozenset({"EUR", "USD", "GBP", "CHF"})
_MEASURES: dict[str, frozenset[str]] = {}
for _words, _units in (
    ("capacità capacity volume", {"l", "kg", "kWh", "Ah"}),
    ("pressione pressure", {"bar"}),
    ("temperatura temperature", {"°C", "°F"}),
    ("potenza power", {"W"}),
    ("coppia torque", {"Nm"}),
    ("peso massa weight mass", {"kg"}),
    (
        "costo costi prezzo prezzi importo ricavi fatturato utile spesa investimento "
        "cost costs price amount revenue revenues turnover profit expense investment",
        _CURRENCY,
    ),
    ("durata duration intervallo interval", {"h", "m"}),
    ("lunghezza length distanza distance altezza height larghezza width", {"m"}),
    ("consumo consumption", {"l", "kWh", "km/l", "l/100km"}),
    ("velocità speed", {"km/h"}),
    ("percentuale percentage tasso rate margine margin quota share", {"%"}),
    ("tensione voltage", {"V"}),
    ("superficie area", {"m2"}),
    ("energia energy", {"kWh"}),
    ("frequenza frequency", {"Hz", "rpm"}),
    ("numero number quantità quantity anno year data date", set()),
):
    for _w in _words.split():
        for _code in ("it", "en"):
            _MEASURES[stem(_w, _code)] = frozenset(_units)


def wanted_units(question: str, lang: Lang) -> frozenset[str] | None:
    """Units a quantity question accepts (empty = any number); None if it asks no quantity."""
    if asks_how_much(question):
        return frozenset()
    if not _WH_RE.search(question):
        return None
    wanted: set[str] = set()
    found = False
    for token in content_tokens(question, lang, numbers=False):
        if token in _MEASURES:
            found = True
            wanted |= _MEASURES[token]
    return frozenset(wanted) if found else None


def measure_units(question: str, lang: Lang) -> frozenset[str]:
    """Units of the measures the question names ("costa" -> currencies, "peso" -> kg),
    whatever its question word; empty when it names none."""
    wanted: set[str] = set()
    for token in content_tokens(question, lang, numbers=False):
        wanted |= _MEASURES.get(token, frozenset())
    return frozenset(wanted)


def asks_how_much(question: str) -> bool:
    """True for "quanto/quanti/how much/how many/how long..." questions."""
    return _QUANTITY_Q_RE.search(question) is not None


def starts_with_yes_no(answer: str) -> bool:
    """True when the answer opens with a direct yes/no ("Sì, ...", "No.", "Yes, ...")."""
    return _YES_NO_RE.match(answer) is not None


_YES_RE = re.compile(r"\s*(?:sì|si,|yes|certo|certamente|esatto|correct|indeed)\b", re.IGNORECASE)
_NO_RE = re.compile(r"\s*no\b(?!\.\s*\d)", re.IGNORECASE)


def leading_yes_no(answer: str) -> bool | None:
    """True for an answer opening with yes ("Sì, ...", "Yes."), False with no, else None."""
    if _YES_RE.match(answer):
        return True
    if _NO_RE.match(answer):
        return False
    return None
