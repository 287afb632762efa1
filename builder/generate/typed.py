"""Questions whose question word fits the answer, with the short answer they ask for.

A sentence that says where something is ("La sede si trova in Via Roma 1", "The office is
located in Leeds") is asked with "Dove"/"Where"; one that says how often something is done
("Il filtro deve essere pulito ogni 500 ore", "The filter must be cleaned every 500
hours") with "Ogni quanto"/"How often"; one that sets a deadline ("... devono essere
presentate entro il giorno 5") with "Entro quando"/"By when". The answer is that phrase
alone (the place, the interval, the deadline), the sentence stays the passage: a person
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
_IT_PARTICIPLE_RE = re.compile(r"^\w+(?:at|ut|it|ott|ess|est|ers|ens)[oaie]$")
_EN_PARTICIPLE_RE = re.compile(r"^(?:\w+ed|done|made|kept|held|paid|sent|given|seen|run)$")
_ADVERB_RE = re.compile(r"^(?:completamente|integralmente|fully|completely|only|solo)$")
_MARKERS: dict[Lang, dict[str, str]] = {
    "it": {"ogni": "Ogni quanto", "entro": "Entro quando"},
    "en": {"every": "How often", "by": "By when"},
}
# The answer phrase ends before a comma or a preposition that starts another complement
# ("ogni 12 mesi | da un tecnico"); "di" / "of" keep a noun's complement ("ore di funzionamento").
_STOP_PREPS: dict[Lang, frozenset[str]] = {
    "it": frozenset(["da", "dal", "dalla", "per", "con", "tramite", "presso", "e", "o", "se"]),
    "en": frozenset(["by", "for", "with", "from", "at", "and", "or", "if", "to", "in"]),
}
_MAX_ANSWER_WORDS = 8


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
    marker = words[len(head)].lower()
    opener = _MARKERS[lang].get(marker)
    if opener is None:
        return None
    rest = words[len(head) + 1 :]
    if not rest or not (rest[0][0].isdigit() or rest[0].lower() in ("il", "la", "the")):
        return None
    found = _phrase(rest, lang)
    if found is None or not any(ch.isdigit() for ch in found):
        return None
    answer = f"{words[len(head)]} {found}"
    verbs = " ".join(head)
    tail = f" {clause.lead}" if clause.lead else ""
    if lang == "it":
        return Typed(f"{opener} {clause.verb} {verbs} {subject}{tail}?", answer)
    aux, _, be = clause.verb.partition(" ")
    middle = f"{subject} {be} {verbs}" if be else f"{subject} {verbs}"
    return Typed(f"{opener} {aux} {middle}{tail}?", answer)


def typed_question(clause: Clause, vocab: frozenset[str], lang: Lang) -> Typed | None:
    """A where / how-often / by-when question and its short answer, or None when the
    sentence says none of these."""
    subject = lower_first(clause.subject, vocab, lang)
    return _where(clause, subject, lang) or _adverbial(clause, subject, lang)
