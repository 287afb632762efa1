"""What kind of answer a question asks for: a quantity, a time, a person, a place, a
yes/no, a reason, or a description.

Relevancy asks whether the answer gives that kind of thing, not whether it shares words
with the question: an answer that repeats the question's words and gives no quantity to
"how much" is evasive, however many words it shares.
"""

from __future__ import annotations

import re
from typing import Literal

from ragoro.text.lang import Lang, content_tokens, detect_language, stem
from ragoro.text.questions import measure_units
from ragoro.text.units import CURRENCIES, base_unit, normalize_unit

__all__ = [
    "COUNT",
    "AnswerKind",
    "answer_kind",
    "asked_unit_word",
    "asked_units",
    "asks_amount",
    "is_yes_no_question",
]

AnswerKind = Literal["quantity", "time", "person", "place", "yes_no", "reason", "description"]

_I = re.IGNORECASE
_TIME_RE = re.compile(
    r"\b(?:quando|entro quando|in che anno|in quale anno|che anno|a che ora|a che ore|"
    r"fino a che ora|da che ora|entro che ora|entro che giorno|entro che data|in che data|"
    r"in quale data|che giorno|in che giorno|by what time|"
    r"when|what year|which year|what time|until what time|by when|what date|which date|"
    r"on what day|which day|what day)\b",
    _I,
)
_QUANTITY_RE = re.compile(
    r"\b(?:quant[oaie]|how (?:much|many|long|often|far|big|heavy|large|high|fast|old|tall)|"
    r"what (?:percentage|share|proportion|temperature|size|weight|amount|price|number)|"
    r"a quanto|con (?:che|quale) frequenza|how frequently|"
    r"qual è (?:il|la) (?:prezzo|costo|importo|numero|percentuale|temperatura))\b",
    _I,
)
_PERSON_RE = re.compile(r"\b(?:chi|who|whom|whose|a chi|da chi|per chi)\b", _I)
_PLACE_RE = re.compile(r"\b(?:dove|da dove|where|in che città|in which city|in what city)\b", _I)
_REASON_RE = re.compile(r"\b(?:perché|per quale motivo|come mai|why|for what reason)\b", _I)
_WH_RE = re.compile(
    r"\b(?:qual[ei]?|cosa|che cosa|cos['’]|com['’]|come|quale|quali|what|which|how|describe|descrivi|elenca|"
    r"list|explain|spiega|indica|dimmi|tell me)\b|^\s*che\b",
    _I,
)
# "Quando/when" inside a clause is a conjunction ("Mi rimborsate il parcheggio quando vado
# in trasferta?" asks yes or no), unless a verb of knowing or telling governs it, which
# makes it an indirect question ("Sai dirmi quando scade?", "Tell me when it expires").
_CLAUSE_START_RE = re.compile(
    r"(?:^|[,;:.?!(]|\b(?:e|ed|ma|and|but|or|o))\s*"
    r"(?:(?:fino|a|da|entro|per|di|until|till|since|by|from|up|to)\s+){0,2}$",
    _I,
)
_GOVERNING_RE = re.compile(
    r"\b(?:dimmi|dirmi|dica|sai|sapete|sapere|so|indicare|indicami|spiegare|chiedo|"
    r"tell|know|knows|say|ask|asking|wonder|explain|find out|let me know)\b"
    r"(?:\s+[^\W\d_]+){0,2}\s*$",
    _I,
)


def _asks_time(question: str) -> bool:
    """A time wh-phrase that asks: it opens a clause or an indirect question."""
    for match in _TIME_RE.finditer(question):
        before = question[: match.start()]
        if _CLAUSE_START_RE.search(before) or _GOVERNING_RE.search(before):
            return True
    return False


_EN_YES_NO_RE = re.compile(
    r"^\s*(?:is|are|was|were|do|does|did|can|could|may|might|must|shall|should|will|would|"
    r"has|have|had)\b",
    _I,
)


def is_yes_no_question(question: str) -> bool:
    """A polar question: English auxiliary first, or (Italian) no question word at all."""
    text = question.strip()
    if _EN_YES_NO_RE.match(text):
        return True
    if any(
        p.search(text) for p in (_QUANTITY_RE, _PERSON_RE, _PLACE_RE, _REASON_RE, _WH_RE)
    ) or _asks_time(text):
        return False
    return text.endswith("?")


# The noun a "what is the ..." question asks about decides what it wants: a deadline is a
# time, a price a quantity, a procedure a description.
_HEAD_WORDS: dict[Lang, dict[AnswerKind, str]] = {
    "it": {
        "time": "scadenza scadenze termine termini giorno giorni orario orari",
        "quantity": (
            "età costo costi prezzo prezzi importo importi budget stipendio tariffa tariffe "
            "quota quote canone peso massa limite valore temperatura durata capacità margine "
            "percentuale tasso numero quantità altezza lunghezza distanza superficie "
            "pressione potenza velocità consumo coppia dividendo fatturato ricavi sconto salario"
        ),
    },
    "en": {
        "time": "deadline deadlines date dates day days time times schedule",
        "quantity": (
            "age cost costs price prices amount amounts budget salary fee fees fare fares "
            "weight mass limit value temperature duration capacity percentage rate number margin "
            "quantity height length distance area pressure power speed consumption torque dividend "
            "revenue turnover discount wage"
        ),
    },
}


def _heads() -> dict[Lang, dict[str, AnswerKind]]:
    """Stem -> kind per language (a stem of one language may be another word in the other:
    Italian "dati" is data, English "date" a date)."""
    return {
        lang: {stem(word, lang): kind for kind, words in kinds.items() for word in words.split()}
        for lang, kinds in _HEAD_WORDS.items()
    }


_HEADS = _heads()
# Heads that name a sum of money: what they are asked of is an amount, never a duration
# ("Qual è il dividendo…?" is not answered by "at least 15 days").
_MONEY_WORDS: dict[Lang, str] = {
    "it": "costo costi prezzo prezzi importo importi budget stipendio tariffa tariffe canone "
    "dividendo fatturato ricavi salario utile",
    "en": "cost costs price prices amount amounts budget salary fee fees fare fares dividend "
    "revenue turnover wage profit",
}
_MONEY_HEADS: dict[Lang, frozenset[str]] = {
    lang: frozenset(stem(w, lang) for w in words.split()) for lang, words in _MONEY_WORDS.items()
}
_AGE_STEMS = frozenset({stem("età", "it"), stem("age", "en")})
_AGE_UNITS = frozenset({"h"})
"""Ages are durations: time quantities are read in their base unit, hours."""


def _head(question: str, lang: Lang) -> str | None:
    """The first token after a what/which word that names a time or a measure: the
    wh-phrase's head says what is asked ("Each time we change the oil, which codes...?"
    asks for codes, not a time)."""
    wh = _WH_RE.search(question)
    if not wh:
        return None
    for token in content_tokens(question[wh.start() :], lang, numbers=False):
        if token in _HEADS[lang]:
            return token
    return None


_NAMED_UNIT_RE = re.compile(
    r"\b(?:quant[oaie]|how many|how much)\s+([^\W\d_]+(?:/[^\W\d_]+)?)", re.IGNORECASE
)
_HOW_MANY_RE = re.compile(r"(?:quant[ie]|how many)\b", re.IGNORECASE)
COUNT = frozenset({"count"})
"""`asked_units` of a question that counts things ("how many plants"): a bare number."""
_IN_UNIT_RE = re.compile(
    r"\b(?:in|into|espress[oaie] in|expressed in)\s+([^\W\d_]+)", re.IGNORECASE
)
_HOW_LONG_RE = re.compile(
    r"\b(?:how long|per quanto tempo|quanto tempo|how often)\b", re.IGNORECASE
)
# "How far (away)…?", "Quanto dista…?", "A che distanza…?" ask a length; "how far in
# advance / ahead / back" asks how long before.
_HOW_FAR_RE = re.compile(
    r"\b(?:how far(?!\s+(?:in advance|ahead|back|beforehand))|quanto (?:dista|distano|lontan[oaie])|a (?:che|quale) distanza)\b",
    re.IGNORECASE,
)


def asked_unit_word(question: str) -> str | None:
    """The unit word a question counts in ("quanti mesi" -> "mesi", "how many hours" ->
    "hours"), None when it names no unit."""
    named = _NAMED_UNIT_RE.search(question)
    if named and normalize_unit(named.group(1)):
        return named.group(1)
    return None


# "How much money…?", "Quanti soldi…?": a sum in a currency, whatever it is for.
_MONEY_RE = re.compile(r"\b(?:money|cash|soldi|denaro|quattrini)\b", _I)
_HOW_OFTEN_RE = re.compile(
    r"\b(?:how often|how frequently|con (?:che|quale) frequenza|ogni quanto)\b", _I
)
_PER_PHRASE_RE = re.compile(r"\bper\s+(?:unit of|unità di|each|ogni)?\s*[^\W\d_]+", _I)


# A verb of measuring names the measure a "how much" question asks for, as its noun does
# ("quanto dura" = "qual è la durata", "how much does it weigh" = "what is its weight"):
# "Quanto dura il corso?" is not answered by what it costs.
_MEASURE_VERBS: tuple[tuple[re.Pattern[str], frozenset[str]], ...] = (
    (
        re.compile(
            r"\b(?:dur(?:a|ano|ava|avano|ò|arono|erà|eranno|ino)|lasts|lasted)\b"
            # "last" is the verb before a stop or "for" ("does it last?"), not "last year"
            r"|\blast(?=\s*\?|\s+for\b)",
            _I,
        ),
        frozenset({"h", "m"}),
    ),
    (
        re.compile(r"\b(?:cost(?:a|ano|ava|avano|ò|arono|erà|eranno|ino|s|ed)?)\b", _I),
        CURRENCIES,
    ),
    (
        re.compile(r"\b(?:pes(?:a|ano|ava|avano|ò|erà|eranno|ino)|weighs?|weighed)\b", _I),
        frozenset({"kg"}),
    ),
    (re.compile(r"\b(?:dist(?:a|ano|ava|avano|erà))\b", _I), frozenset({"m"})),
)
_HOW_MUCH_VERB_RE = re.compile(r"\b(?:quant[oaie]|how (?:much|long|far|heavy))\b", _I)


def _measure_verb_units(question: str) -> frozenset[str]:
    """The units of the measure a verb of a "how much" question names, else empty."""
    if not _HOW_MUCH_VERB_RE.search(question):
        return frozenset()
    found = [units for pattern, units in _MEASURE_VERBS if pattern.search(question)]
    return found[0] if len(found) == 1 else frozenset()


def asked_units(question: str) -> frozenset[str]:
    """Units a quantity answer may come in (empty = any): a unit the question names
    ("quante ore", "how many tonnes", "in litres"), else those of the measure it asks
    about ("età" -> years, "costa" -> currencies); "how long" asks for a duration or a
    length."""
    named = _NAMED_UNIT_RE.search(question)
    if named:
        code = normalize_unit(named.group(1))
        base = base_unit(code) if code else None
        if base:
            return frozenset({base})
        if _MONEY_RE.search(named.group(0)):
            return CURRENCIES
        if _HOW_MANY_RE.match(named.group(0)):
            # "quante persone", "how many plants": a count of things, in no unit.
            return COUNT
    for stated in _IN_UNIT_RE.finditer(question):
        # "…, in litres?": only a word that is a unit counts ("in Milan" is a place).
        code = normalize_unit(stated.group(1))
        base = base_unit(code) if code else None
        if base:
            return frozenset({base})
    if _HOW_LONG_RE.search(question):
        return frozenset({"h", "m"})
    if _HOW_FAR_RE.search(question):
        return frozenset({"m"})
    verb_units = _measure_verb_units(question)
    if verb_units:
        return verb_units
    if _HOW_OFTEN_RE.search(question):
        # "Con che frequenza…?" asks how often (every so many days), not a frequency in Hz.
        return frozenset()
    lang = detect_language(question)
    # "emissions per unit of revenue" measures emissions: what follows "per" divides.
    question = _PER_PHRASE_RE.sub(" ", question)
    head = None if _QUANTITY_RE.search(question) else _head(question, lang)
    if head is None:
        units = measure_units(question, lang)
        return units or (CURRENCIES if _MONEY_RE.search(question) else units)
    if head in _AGE_STEMS:
        return _AGE_UNITS
    # A head that measures nothing itself ("il valore di «Massa»", "the figure for
    # power") leaves the measure to the words it governs.
    return measure_units(head, lang) or measure_units(question, lang)


def asks_amount(question: str) -> bool:
    """True when the wh-phrase's head names a sum of money ("Qual è il dividendo…?",
    "What was the revenue…?"): an amount is asked, not how long."""
    lang = detect_language(question)
    head = _head(question, lang)
    return head is not None and head in _MONEY_HEADS[lang]


_PARTITIVE_RE = re.compile(
    r"^\W*(?:qual[ei]?|quale|quali)\s+(?:dei|degli|delle|tra|fra)\b|^\W*which\s+(?:one\s+)?of\b",
    _I,
)


def answer_kind(question: str) -> AnswerKind:
    """The kind of answer the question asks for (description when it asks for no one kind)."""
    if _asks_time(question):
        return "time"
    if _QUANTITY_RE.search(question):
        return "quantity"
    if _PARTITIVE_RE.search(question):
        # "Quale dei due forni consuma più energia?" asks which member of a set, not the
        # measure its verb names.
        return "description"
    lang = detect_language(question)
    head = _head(question, lang)
    if head is not None:
        return _HEADS[lang][head]
    if _PERSON_RE.search(question):
        return "person"
    if _PLACE_RE.search(question):
        return "place"
    if _REASON_RE.search(question):
        return "reason"
    if is_yes_no_question(question):
        return "yes_no"
    return "description"
