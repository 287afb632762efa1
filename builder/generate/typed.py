"""Questions whose question word fits the answer, with the short answer they ask for.

A sentence that says where something is ("La sede si trova in Via Roma 1", "The office is
located in Leeds") is asked with "Dove"/"Where"; one that says how often something is done
("Il filtro deve essere pulito ogni 500 ore", "The filter must be cleaned every 500
hours") with "Ogni quanto"/"How often"; one that sets a deadline ("... devono essere
presentate entro il giorno 5") with "Entro quando"/"By when"; one that says how ("Le viti
devono essere serrate con una chiave tarata") with "Come"/"How"; one that names who does it
("Il manuale è approvato dal Responsabile HR") with "Da chi"/"By whom". The answer is that phrase
alone (the place, the interval, the deadline, the means, the agent), the sentence stays the passage: a person
asking "how often" wants the interval, not the paragraph.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.generate.phrasing import Clause, lower_first
from ragoro.text import STOPWORDS, Lang

_IT_WHERE_VERBS = frozenset(["si trova", "si trovano"])
_IT_PASSIVE = frozenset(
    [
        "è",
        "sono",
        "deve essere",
        "devono essere",
        "può essere",
        "possono essere",
        "viene",
        "vengono",
        "va",
        "vanno",
    ]
)
_EN_PASSIVE = frozenset(
    ["is", "are", "must be", "can be", "may be", "should be", "will be", "was", "were"]
)
# A past participle: "pulito", "sostituite", "eseguita"; "cleaned", "replaced", "done".
_IT_PARTICIPLE_RE = re.compile(r"^\w+(?:at|ut|it|ott|ost|ess|est|ers|ens)[oaie]$")
_EN_PARTICIPLE_RE = re.compile(r"^(?:\w+ed|done|made|kept|held|paid|sent|given|seen|run)$")
_ADVERB_RE = re.compile(r"^(?:completamente|integralmente|fully|completely|only|solo)$")
# Words after "at" / "on" / "nel" / "sul" (and an English article) that make a time, a
# measure or an idiom, not a place: "at least four times", "on Mondays", "on request", "at
# the end of each quarter", "on the basis of", "nel corso di", "nel caso", "sulla base di",
# "nel rispetto di".
_NOT_A_PLACE = frozenset(
    [
        "least",
        "most",
        "once",
        "time",
        "times",
        "request",
        "demand",
        "average",
        "behalf",
        "purpose",
        "first",
        "last",
        "monday",
        "mondays",
        "tuesday",
        "tuesdays",
        "wednesday",
        "wednesdays",
        "thursday",
        "thursdays",
        "friday",
        "fridays",
        "saturday",
        "saturdays",
        "sunday",
        "sundays",
        "weekdays",
        "weekends",
        "weekend",
        "corso",
        "caso",
        "momento",
        "periodo",
        "tempo",
        "mese",
        "mesi",
        "anno",
        "anni",
        "giorno",
        "giorni",
        "settimana",
        "lunedì",
        "martedì",
        "mercoledì",
        "giovedì",
        "venerdì",
        "sabato",
        "domenica",
        "end",
        "beginning",
        "start",
        "latest",
        "earliest",
        "basis",
        "discretion",
        "same",
        "base",
        "rispetto",
        "ambito",
        "frattempo",
        "misura",
        "limite",
        "limiti",
        "termine",
        "termini",
    ]
)
_MARKERS: dict[Lang, dict[str, str]] = {
    "it": {"ogni": "Ogni quanto", "entro": "Entro quando"},
    "en": {"every": "How often", "by": "By when"},
}
# The answer phrase ends before a comma or a preposition that starts another complement
# ("ogni 12 mesi | da un tecnico"); "di" / "of" keep a noun's complement ("ore di funzionamento").
_STOP_PREPS: dict[Lang, frozenset[str]] = {
    "it": frozenset(
        [
            "da",
            "dal",
            "dallo",
            "dalla",
            "dall'",
            "dai",
            "dagli",
            "dalle",
            "per",
            "con",
            "tramite",
            "presso",
            "e",
            "o",
            "se",
        ]
    ),
    "en": frozenset(["by", "for", "with", "from", "at", "and", "or", "if", "to", "in"]),
}
_MAX_ANSWER_WORDS = 8
_MANNER: dict[Lang, frozenset[str]] = {
    "it": frozenset(["con", "tramite", "mediante", "come"]),
    "en": frozenset(["with", "via", "using", "through", "as"]),
}
# A place a participle or "va"/"vanno" sends something to: "vanno nel secco residuo",
# "are blocked on all company computers". Only prepositions that read as a place: "in"
# alone also opens a time or a manner ("in 2025", "in writing").
_PLACE: dict[Lang, frozenset[str]] = {
    "it": frozenset(
        [
            "nel",
            "nello",
            "nella",
            "nell'",
            "nei",
            "negli",
            "nelle",
            "sul",
            "sullo",
            "sulla",
            "sull'",
            "sui",
            "sugli",
            "sulle",
            "presso",
        ]
    ),
    "en": frozenset(["on", "at", "into", "inside"]),
}
# "da" also opens a time or a place ("dal 2012", "da Milano"): only a capitalised agent
# (a role, a name, a company) is asked with "Da chi" / "By whom".
_AGENT: dict[Lang, frozenset[str]] = {
    "it": frozenset(["da", "dal", "dallo", "dalla", "dai", "dagli", "dalle"]),
    "en": frozenset(["by"]),
}


@dataclass(frozen=True)
class Typed:
    """A question and the short phrase that answers it, verbatim from the sentence."""

    question: str
    answer: str


def _phrase(words: list[str], lang: Lang, least: int = 2) -> str | None:
    """The complement's own words, up to a comma or another complement's preposition."""
    kept: list[str] = []
    for word in words:
        bare = word.rstrip(",;.")
        if kept and bare.lower() in _STOP_PREPS[lang]:
            break
        kept.append(bare)
        if word != bare:
            break
    while kept and kept[-1].lower() in STOPWORDS[lang]:
        kept.pop()
    if len(kept) < least or len(kept) > _MAX_ANSWER_WORDS:
        return None
    return " ".join(kept)


def _where(clause: Clause, subject: str, lang: Lang) -> Typed | None:
    words = clause.predicate.split()
    if lang == "it" and clause.verb in _IT_WHERE_VERBS and words[0] in ("in", "a", "presso"):
        answer = _phrase(words[1:], lang, least=1)
        return None if answer is None else Typed(f"Dove {clause.verb} {subject}?", answer)
    if lang == "en" and clause.verb in ("is", "are") and words[:1] == ["located"]:
        if len(words) < 3 or words[1] not in ("in", "at"):
            return None
        answer = _phrase(words[2:], lang, least=1)
        return None if answer is None else Typed(f"Where {clause.verb} {subject} located?", answer)
    return None


def _goes(clause: Clause, subject: str, lang: Lang) -> Typed | None:
    """ "Gli scontrini vanno nel secco residuo" -> "Dove vanno gli scontrini?"."""
    words = clause.predicate.split()
    if lang != "it" or clause.verb not in ("va", "vanno") or len(words) < 2:
        return None
    marker = words[0].lower()
    if marker not in _PLACE[lang] or not _opens_place(words[1:]):
        return None
    found = _phrase(words[1:], lang, least=1)
    if found is None:
        return None
    return Typed(f"Dove {clause.verb} {subject}{_lead(clause)}?", f"{words[0]} {found}")


def _opens_place(rest: list[str]) -> bool:
    """Do the words after a place preposition name a place, not a time, a measure or an
    idiom (`_NOT_A_PLACE`, read past an English article: "at *the end* of the month")?"""
    head = rest[1] if len(rest) > 1 and rest[0].lower() in ("the", "a", "an") else rest[0]
    return not rest[0][0].isdigit() and not {rest[0].lower(), head.lower()} & _NOT_A_PLACE


def _lead(clause: Clause) -> str:
    return f" {clause.lead}" if clause.lead else ""


def _adverbial(clause: Clause, subject: str, lang: Lang) -> Typed | None:
    passive = _IT_PASSIVE if lang == "it" else _EN_PASSIVE
    if clause.verb not in passive:
        return None
    words = clause.predicate.split()
    participle = _IT_PARTICIPLE_RE if lang == "it" else _EN_PARTICIPLE_RE
    head: list[str] = []
    for word in words:
        if participle.match(word.lower()) or (head and _ADVERB_RE.match(word.lower())):
            head.append(word)
            continue
        break
    if not head or len(head) >= len(words):
        return None
    marker, rest = words[len(head)], words[len(head) + 1 :]
    asked = _asked(marker, rest, lang)
    if asked is None:
        return None
    opener, answer = asked
    verbs = " ".join(head)
    tail = f" {clause.lead}" if clause.lead else ""
    if lang == "it":
        return Typed(f"{opener} {clause.verb} {verbs} {subject}{tail}?", answer)
    aux, _, be = clause.verb.partition(" ")
    middle = f"{subject} {be} {verbs}" if be else f"{subject} {verbs}"
    return Typed(f"{opener} {aux} {middle}{tail}?", answer)


def _asked(marker: str, rest: list[str], lang: Lang) -> tuple[str, str] | None:
    """(question opener, answer phrase) for the complement a marker opens: a time with a
    number ("ogni 500 ore", "every 500 hours", "entro il 5 marzo"), a manner ("con una chiave
    tarata", "with a torque wrench") or a named agent ("dal Responsabile HR", "by Acme")."""
    low = marker.lower()
    if not rest:
        return None
    first = rest[0]
    timed = _MARKERS[lang].get(low)
    # "entro il 5 marzo", "entro le 2:00" (a clock time takes "le"), "by the 5th".
    if timed is not None and (first[0].isdigit() or first.lower() in ("il", "la", "le", "the")):
        found = _phrase(rest, lang)
        if found is not None and any(ch.isdigit() for ch in found):
            return timed, f"{marker} {found}"
    if low in _PLACE[lang] and _opens_place(rest):
        found = _phrase(rest, lang, least=1)
        return None if found is None else ("Dove" if lang == "it" else "Where", f"{marker} {found}")
    if low in _MANNER[lang]:
        found = _phrase(rest, lang)
        return None if found is None else ("Come" if lang == "it" else "How", f"{marker} {found}")
    named = first[0].isupper() or (
        len(rest) > 1 and first.lower() == "the" and rest[1][0].isupper()
    )
    if low in _AGENT[lang] and named:
        # The agent is the name itself: "by Officine Ferraris | together with ...".
        kept = [first] if first.lower() == "the" else []
        for word in rest[len(kept) :]:
            bare = word.rstrip(",;.")
            if not bare[:1].isupper() or len(kept) >= _MAX_ANSWER_WORDS:
                break
            kept.append(bare)
            if bare != word:
                break
        return "Da chi" if lang == "it" else "By whom", f"{marker} {' '.join(kept)}"
    return None


_COUNT_RE = re.compile(r"^\d{1,3}(?:[.,]\d{3})*$|^\d+$")
_HAVE = {"ha": "ha", "hanno": "hanno", "has": "does", "have": "do"}


def _how_many(clause: Clause, subject: str, lang: Lang) -> Typed | None:
    """ "Il parcheggio ha 180 posti auto, ..." -> "Quanti posti auto ha il parcheggio?";
    "The depot has 40 loading bays" -> "How many loading bays does the depot have?". The
    Italian question word agrees with the counted noun: a plural in -e is feminine
    ("Quante colonnine"), any other masculine ("Quanti posti")."""
    aux = _HAVE.get(clause.verb)
    words = clause.predicate.split()
    if aux is None or len(words) < 2 or clause.lead:
        return None
    count = words[0]
    if _COUNT_RE.match(count) is None or count in ("0", "1"):
        return None
    noun = _phrase(words[1:], lang, least=1)
    if noun is None or not noun.split()[0].isalpha() or noun.split()[0][0].isupper():
        return None
    if lang == "it":
        which = "Quante" if noun.split()[0].endswith("e") else "Quanti"
        return Typed(f"{which} {noun} {clause.verb} {subject}?", f"{count} {noun}")
    return Typed(f"How many {noun} {aux} {subject} have?", f"{count} {noun}")


def typed_question(clause: Clause, vocab: frozenset[str], lang: Lang) -> Typed | None:
    """A where / how-often / by-when / how-many question and its short answer, or None
    when the sentence says none of these."""
    subject = lower_first(clause.subject, vocab, lang)
    return (
        _where(clause, subject, lang)
        or _goes(clause, subject, lang)
        or _adverbial(clause, subject, lang)
        or _how_many(clause, subject, lang)
    )
