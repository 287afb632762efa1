"""What kind of thing an answer gives, against the kind its question asks for.

A quantity that measures what is asked ("in litres", a count for "how many", an amount
and not a duration for "how much gas"), a date or time for "when", a name for "who" or
"where" (a month of a date or a unit in capitals is no name), a cause for "why", and for
the rest words of its own. `gives` says what is missing, "" when nothing is.
"""

from __future__ import annotations

import re

from judges.asked_subject import agentless_passive
from judges.bare_numbers import a_year, counted_noun, measured_after
from judges.question_type import COUNT, AnswerKind, asked_units, asks_amount
from judges.reading import prepare
from judges.roles import name_groups
from ragoro.text.dates import find_dates
from ragoro.text.evidence import Analysis, match_quantity
from ragoro.text.lang import Lang, content_tokens, stem
from ragoro.text.numbers import Quantity
from ragoro.text.units import CURRENCIES, normalize_unit

__all__ = ["META_STEMS", "gives"]

# Words that say where or how an answer is settled instead of giving it.
_META_WORDS = """
stabilito stabilita stabiliti previsto prevista previsti definito definita definiti
descritto descritta indicato indicata specificato specificata apposito apposita proprio
propria relativo relativa regolato disciplinato determinato scelto scelta competente
applicabile vigente opportuno responsabile persona
defined described specified indicated stated relevant applicable appropriate respective
own chosen determined designated responsible person according accordance set
"""
META_STEMS = frozenset(stem(w, lang) for w in _META_WORDS.split() for lang in ("it", "en"))
# Meta words that also name a role ("il responsabile della sicurezza" answers "who").
_ROLE_STEMS = frozenset(
    stem(w, lang)
    for w in ("responsabile", "responsible", "persona", "person")
    for lang in ("it", "en")
)
_CLOCK_RE = re.compile(
    r"\b\d{1,2}[:.]\d{2}\b|\b\d{1,2}\s*(?:am|pm)\b"
    r"|\b(?:dalle|alle|ore|entro le|fino alle|verso le)\s+\d{1,2}\b",  # "dalle 9 alle 13"
    re.IGNORECASE,
)
_DAY_WORDS = re.compile(
    r"\b(?:lunedì|martedì|mercoledì|giovedì|venerdì|sabato|domenica|monday|tuesday|"
    r"wednesday|thursday|friday|saturday|sunday|gennaio|febbraio|marzo|aprile|maggio|giugno|"
    r"luglio|agosto|settembre|ottobre|novembre|dicembre|january|february|march|april|may|june|"
    r"july|august|september|october|november|december|oggi|domani|ieri|today|tomorrow|"
    r"yesterday|weekend|mattina|sera|morning|evening|night|notte)\b",
    re.IGNORECASE,
)
# A "when" is also answered by a time fixed by an event ("before the first shift",
# "entro la fine del turno"): a temporal preposition heading an adverbial.
_EVENT_TIME_RE = re.compile(
    r"\b(?:before|after|prior to|until|till|upon|as soon as|by the (?:end|start) of|at the "
    r"(?:end|start|beginning) of|during|prima (?:di|del|della|dello|dell['’]|dei|degli|delle)|"
    r"dopo|entro|durante|fino (?:a|al|alla|allo|all['’])|non appena|al termine|alla fine|"
    r"all['’]inizio|all['’]atto)(?:\s|(?<=['’]))",
    re.IGNORECASE,
)
_HOW_LONG_RE = re.compile(r"\b(?:how long|quanto tempo|per quanto)\b", re.IGNORECASE)
_HOW_OFTEN_RE = re.compile(
    r"\b(?:how often|how frequently|ogni quanto|con che frequenza|quante volte|how many times)\b",
    re.IGNORECASE,
)
_HOW_MUCH_RE = re.compile(
    r"\b(?:quant[oaie]|how (?:much|many|big|large|heavy|high|far))\b", re.IGNORECASE
)
_ASKS_TIME_RE = re.compile(
    r"\b(?:entro|within|tra quanto|dopo quanto|dur[ao]n?o?|durata|lasts?|tempo|time|"
    r"periodo|period|garanzia|warranty|validità|validity|scadenza|deadline|expiry|"
    r"anticipo|advance|ahead|preavviso|notice|attesa|wait|or[ae]|hours?|giorn[oi]|days?|"
    r"minut[oi]|minutes?|settiman[ae]|weeks?|mes[ei]|months?)\b",
    re.IGNORECASE,
)
"""Words of a question that asks about time: a duration may answer it."""
# "How often" asks a frequency: "every 3 years", "twice a year", "annually". A bare
# duration ("Two days") says how long. Italian "ogni quante ore / ogni quanto" carries the
# "ogni" itself, so "50 ore" answers it by ellipsis; only the other phrasings are checked.
_ASKS_FREQUENCY_RE = re.compile(
    r"\b(?:how often|how frequently|con che frequenza|con quale frequenza)\b", re.IGNORECASE
)
# Read in `prepare`d text, where "daily", "settimanale", "mensile"... are already "every
# day", "ogni settimana", "ogni mese" (`ragoro.text.frequency`).
_FREQUENCY_WORD_RE = re.compile(
    r"\b(?:every|each|once|twice|times|per|a (?:day|week|month|year)|ogni|ciascun[oa]?|"
    r"volt[ae]|al (?:giorno|mese)|alla settimana|all['’]anno|quotidian[oa]|annual[ei])\b",
    re.IGNORECASE,
)
_EVERY_UNIT_RE = re.compile(
    r"\b(?:every|each|ogni|ciascun[oa]?)\s+(?:or[ae]|hours?|giorn[oi]|days?|settiman[ae]|"
    r"weeks?|mes[ei]|months?|ann[oi]|years?)\b",
    re.IGNORECASE,
)
"""A frequency of once per unit ("every week", "ogni mese"), as `prepare` writes it."""
_FREE_RE = re.compile(
    r"\b(?:(?<!-)free(?: of charge)?|gratis|gratuit[oaie]|gratuitamente|at no (?:extra )?cost|"
    r"no charge|costs? nothing|senza (?:alcun )?cost[oi]|non costa nulla|non si paga|"
    r"nessun costo)\b",
    re.IGNORECASE,
)
"""A price of nothing: "free of charge", "gratuito", "non costa nulla". A compound in
"-free" ("toll-free", "smoke-free") says what a thing is without, not its price."""
_FREQUENCY_BEFORE_RE = re.compile(r"\b(?:ogni|every|each|ciascun[oa]?)\s+$", re.IGNORECASE)
_TIME_UNITS = frozenset({"h"})
"""Durations are read in their base unit, hours."""
_DURATION_RE = re.compile(
    r"\b\d+(?:[.,]\d+)?\s+(?:[^\W\d_]+\s+){0,2}(?:or[ae]|hours?|giorn[oi]|days?|minut[oi]|"
    r"minutes?|settiman[ae]|weeks?|mes[ei]|months?|ann[oi]|years?)\b",
    re.IGNORECASE,
)
_CAUSE_RE = re.compile(
    r"\b(?:perché|poiché|siccome|in quanto|dato che|a causa|per via|affinché|così da|per "
    r"(?:evitare|garantire|permettere|ridurre|proteggere|consentire|difendere)|because|since|"
    r"due to|owing to|so that|in order to|to (?:avoid|ensure|allow|reduce|protect|prevent|keep))\b",
    re.IGNORECASE,
)


_CLOCK_QUESTION_RE = re.compile(
    r"\b(?:a che or[ae]|fino a che ora|da che ora|entro che ora|what time|by what time|"
    r"until what time|at what time)\b",
    re.IGNORECASE,
)


def _only_durations(amounts: list[Quantity], text: str) -> bool:
    """Every amount is a duration. A bare number beside measured ones takes their unit by
    ellipsis ("90 minuti (minimo 30)", "between 4 and 6 weeks"), unless it counts a noun
    of its own ("30 giorni e 2 addetti")."""
    measured = [q for q in amounts if q.unit is not None]
    elided = all(q.unit is not None or not counted_noun(text, q.end) for q in amounts)
    return bool(measured) and elided and all(q.unit in _TIME_UNITS for q in measured)


def _leads_with_measure(answer: str, quantities: list[Quantity]) -> bool:
    """The answer's first phrase (up to a comma, stop, colon or bracket) is a measure and
    names no one: "At least 15 days in advance, through the portal" replies to how long
    or how much. A fragment answer takes the category of the wh-phrase it answers, and a
    "who" is answered by a noun phrase naming someone, not by a measure."""
    text = prepare(answer)
    lead = re.split(r"[,.;:]\s|[()]", text + " ", maxsplit=1)[0]
    if not any(q.unit is not None and q.start < len(lead) for q in quantities):
        return False
    return not name_groups(_without_dates(lead))


_TIME_HEADS = frozenset(
    stem(w, lang)
    for w in ("scadenza", "termine", "data", "orario", "momento", "deadline", "date", "time")
    for lang in ("it", "en")
)
_EVENT_WORDS = 4


def _names_an_event(answer: str, asked: Analysis, lang: Lang) -> bool:
    """A temporal preposition followed by an event of the answer's own ("before their
    first shift"); "entro la scadenza prevista per la rata" names only the time asked."""
    for match in _EVENT_TIME_RE.finditer(answer):
        event = content_tokens(answer[match.end() :], lang, numbers=False)[:_EVENT_WORDS]
        own = [
            t for t in event
            if t not in asked.token_set and t not in META_STEMS and t not in _TIME_HEADS
        ]  # fmt: skip
        if own:
            return True
    return False


def _without_dates(text: str) -> str:
    """The text with its dates blanked out: "31 December" names a month, not a person."""
    chars = list(text)
    for date in find_dates(text):
        chars[date.start : date.end] = " " * (date.end - date.start)
    return "".join(chars)


# A number joined to letters by a hyphen names a thing ("A-114", "AES-256"): it is a code,
# not an amount. A measure after "per" with no number of its own ("per EUR million", "per
# kg") is the denominator of a rate, not a sum given; English "per" always makes a rate,
# Italian "per" also means "for" ("per 10 anni").
_CODE_BEFORE_RE = re.compile(r"[^\W\d_]-$")
_CODE_RE = re.compile(r"[^\W\d_]+-\d+[^\W_]*")
_PER_BEFORE_RE = re.compile(r"\bper\s+$", re.IGNORECASE)


def _given(quantities: list[Quantity], text: str, lang: Lang) -> list[Quantity]:
    """The quantities an answer gives as amounts: not codes, not a rate's denominator."""
    given = []
    for q in quantities:
        before = text[: q.start]
        if _CODE_BEFORE_RE.search(before):
            continue
        if _PER_BEFORE_RE.search(before) and (lang == "en" or not any(c.isdigit() for c in q.raw)):
            continue
        given.append(q)
    return given


def _in_clock_time(text: str, quantity: Quantity) -> bool:
    """True when a unitless number is the hour of a time of day ("alle 22", "7 pm")."""
    return quantity.unit is None and any(
        m.start() <= quantity.start < m.end() for m in _CLOCK_RE.finditer(text)
    )


def _clock_time(text: str, quantities: list[Quantity]) -> bool:
    """A time of day in the text; "7.59 tonnes" is a measure, not 7:59."""
    measured = [(q.start, q.end) for q in quantities if q.unit is not None and q.unit != "h"]
    return any(
        not any(start <= m.start() < end for start, end in measured)
        for m in _CLOCK_RE.finditer(text)
    )


def gives(  # noqa: PLR0917 - the parts of one answer, read together
    kind: AnswerKind,
    answer: str,
    ans: Analysis,
    asked: Analysis,
    new: list[str],
    question: str,
    lang: Lang,
) -> str:
    """ "" when the answer gives the kind of thing asked, else what is missing."""
    quantities = _given(
        [q for q in ans.all_quantities if not match_quantity(q, asked.all_quantities).found],
        prepare(answer),
        ans.lang,
    )
    if kind == "quantity":
        if (
            not quantities
            and _HOW_OFTEN_RE.search(question)
            and _EVERY_UNIT_RE.search(prepare(answer))
        ):
            # "every week" is once per week: a frequency with its count of one unsaid.
            return ""
        if not quantities and _FREE_RE.search(answer) and _asks_price(question):
            # "It is free" / "è gratuito" states a price: none is charged.
            return ""
        if not quantities:
            return "the question asks for a quantity; the answer gives none"
        # The day and year of a date are not an amount ("at 31 December 2025").
        outside_dates = set(ans.quantities)
        amounts = [q for q in quantities if q in outside_dates]
        if not amounts:
            return "the question asks for a quantity; the answer gives none"
        if (
            _ASKS_FREQUENCY_RE.search(question)
            and not _FREQUENCY_WORD_RE.search(prepare(answer))
            and _only_durations(amounts, prepare(answer))
        ):
            return "the question asks how often; the answer gives how long"
        wanted = asked_units(question)
        if not wanted:
            # "How much gas…?", "How big was the backlog?": an amount of something that is
            # not time; "at least 15 days" is how long, not how much. ("Qual è il valore
            # di «X»?" may be any value, a duration too.)
            # "Ogni quanto…?" holds "quanto" but asks how often: a period answers it.
            if (
                (_HOW_MUCH_RE.search(question) or asks_amount(question))
                and not _HOW_OFTEN_RE.search(question)
                and not _ASKS_TIME_RE.search(question)
                and _only_durations(amounts, prepare(answer))
            ):
                return "the question asks how much; the answer gives how long"
            return ""
        text = prepare(answer)
        amounts = [q for q in amounts if not a_year(text, q)] or amounts
        if wanted == COUNT:
            fitting = [q for q in amounts if q.unit is None and not measured_after(text, q.end)]
        else:
            fitting = [
                q for q in amounts
                if q.unit in wanted or (q.unit is None and not counted_noun(text, q.end))
            ]  # fmt: skip
            if "h" in wanted and _DURATION_RE.search(prepare(answer)):
                fitting = amounts  # "15 consecutive calendar days": a duration
            elif "h" not in wanted:
                # "dalle 7 alle 22", "at 7 pm" tell the time of day: a bare number there
                # is an hour of the clock, never an amount of money or weight.
                fitting = [q for q in fitting if not _in_clock_time(prepare(answer), q)]
        if fitting and _HOW_LONG_RE.search(question) and not _HOW_OFTEN_RE.search(question):
            # "How long must I wait?" asks for a duration; "every 500 hours" is a frequency.
            text = prepare(answer)
            spans = [q for q in fitting if not _FREQUENCY_BEFORE_RE.search(text[: q.start])]
            if not spans:
                return "the question asks how long; the answer gives how often ('every ...')"
        if not fitting:
            text = prepare(answer)
            got = ", ".join(
                sorted(
                    {
                        q.unit or ("a measure" if measured_after(text, q.end) else "a count")
                        for q in amounts
                    }
                )
            )
            asked_for = "a count" if wanted == COUNT else "/".join(sorted(wanted))
            return f"wrong kind of quantity: {got}, not {asked_for}"
        return ""
    if kind == "time" and _CLOCK_QUESTION_RE.search(question):
        # "A che ora…?" asks a time of day: a day, a date or a number of hours is not one.
        if _clock_time(prepare(answer), list(ans.all_quantities)) or _names_an_event(
            answer, asked, ans.lang
        ):
            return ""
        return "the question asks what time; the answer gives no time of day"
    if kind == "time":
        years = [q for q in quantities if q.unit is None and 1000 <= q.value <= 2100]
        # A day the question itself names ("il venerdì") is not the time it asks for.
        asked_days = {m.group(0).lower() for m in _DAY_WORDS.finditer(question)}
        days = [m for m in _DAY_WORDS.finditer(answer) if m.group(0).lower() not in asked_days]
        timed = (
            ans.dates
            or years
            or _clock_time(prepare(answer), list(ans.all_quantities))
            or days
            or _names_an_event(answer, asked, ans.lang)
        )
        if timed or _DURATION_RE.search(answer) or any(q.unit in _TIME_UNITS for q in quantities):
            return ""
        return "the question asks when; the answer gives no date or time"
    if kind in ("person", "place"):
        if _CODE_RE.fullmatch(answer.strip().rstrip(".")):
            # "AES-256", "PX-200": an identifier of a thing names no one and nowhere.
            return f"the question asks for a {kind}; the answer is only a code"
        # A name, or words of its own that are not a measurement: "who" is not answered
        # by a weight.
        # A unit written in capitals ("EUR", "MWh") is not a name.
        names = [
            g
            for g in name_groups(_without_dates(answer))
            if not g & set(asked.words) and not all(normalize_unit(w) for w in g)
        ]
        measured = [q for q in quantities if q.unit is not None]
        if kind == "person" and _leads_with_measure(answer, quantities):
            return "the question asks who; the answer opens with a measure (how much or how long)"
        if not names and any(t in META_STEMS - _ROLE_STEMS for t in ans.tokens):
            # "along its own route, as the network sets it": the words of its own only
            # point at where the answer would be, with no name to give.
            return f"evasive: it names no {kind}, only where one is set"
        if kind == "person" and not names and agentless_passive(answer, asked.token_set, ans.lang):
            return "the question asks who; the answer's passive leaves the doer unsaid"
        if names or (new and not measured):
            return ""
        return f"the question asks for a {kind}; the answer names none"
    if kind == "reason" and (_CAUSE_RE.search(answer) or new):
        return ""
    if new or quantities or ans.dates:
        return ""
    return "evasive: it adds nothing to the question's own words"


def _asks_price(question: str) -> bool:
    """The question asks what something costs: a sum in a currency is what it wants."""
    wanted = asked_units(question)
    return bool(wanted) and wanted <= CURRENCIES
