"""Who did what to whom across a passive: the agent after "by" / "da" is the doer.

"The nurses were trained by Helen Park" makes Helen Park the trainer; "Helen Park was
trained by the nurses" and "the minister interviewed the journalist" (for "the minister
was interviewed by the journalist") give the role to the other participant. The
participants are the words before the verb (the subject) and after it (the object, or a
passive's agent), not only names: "the minister", "the new nurses". A passive with its
agent reverses the order an active states the event in, so a claim agrees with its
source when voice x order is the same in both (see `judges.ordering` for the same
reckoning on comparisons). Only a verb the passive of one text puts in participle form
is compared, and only where the other text uses it as a verb, not a noun ("the review").
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from judges.derivation import root
from judges.ordering import Relation, agreement, terms
from ragoro.text.lang import Lang, stem

__all__ = ["passive_swap"]

_I = re.IGNORECASE
_PASSIVE_RE = re.compile(
    r"\b(?:is|are|was|were|been|being|get|got)\s+(?P<en>\w+(?:ed|en|t))\b(?P<gap>(?:\s+\S+){0,4}?)\s+by\b"
    r"|\b(?:è|sono|fu|furono|viene|vengono|venne|era|erano)\s+(?:stat[oaie]\s+)?(?P<it>\w+(?:at|ut|it|ss|tt)[oaie])\b"
    r"(?P<gap2>(?:\s+\S+){0,4}?)\s+(?:da|dal|dalla|dallo|dai|dalle|dagli|dall['’])",
    _I,
)
# A participant ends where an adjunct begins ("by the nurses during their first month").
_ADJUNCT_RE = re.compile(
    r"\b(?:during|in|on|at|for|with|from|since|until|before|after|of|durante|in|nel|nella|"
    r"nei|nelle|per|con|sul|sulla|sui|sulle|a|al|alla|ai|alle|prima|dopo|entro|di|del|della|"
    r"dei|delle)\b|[,;:.!?]",
    _I,
)
_BOUND_RE = re.compile(r"[.;:!?](?:\s|$)|\b(?:while|whereas|but|mentre|ma|invece)\b", _I)
# A noun ("the review") or an infinitive ("charged with guiding it", "incaricata di
# guidarlo") has no subject of its own in the clause: only a finite verb is read.
_NOT_FINITE_RE = re.compile(
    r"\b(?:the|a|an|its|their|his|her|il|lo|la|i|gli|le|un|una|uno|l['’]|to|di|a|da|per)\s*$", _I
)
_INFINITIVE_RE = re.compile(r"(?:are|ere|ire|arl[aeio]|erl[aeio]|irl[aeio])$", _I)
_AUX_RE = re.compile(r"\b(?:has|have|had|ha|hanno|aveva|avevano|è|sono|was|were|is|are)\s*$", _I)


@dataclass(frozen=True)
class _Event:
    relation: Relation
    verb: str


def _verb(word: str, lang: Lang) -> str:
    """A verb's identity across its forms: "approvate", "approva" -> "approv"."""
    return root(stem(word.lower(), lang), lang)


def _participant(text: str, lang: Lang) -> frozenset[str]:
    """The content words of the phrase that opens `text`, up to its first adjunct."""
    cut = next((m for m in _ADJUNCT_RE.finditer(text) if terms(text[: m.start()], lang)), None)
    return terms(text[: cut.start()] if cut else text, lang)


def _clause_of(text: str, at: int) -> tuple[int, int]:
    starts = [m.end() for m in _BOUND_RE.finditer(text) if m.end() <= at]
    ends = [m.start() for m in _BOUND_RE.finditer(text) if m.start() >= at]
    return (max(starts, default=0), min(ends, default=len(text)))


def _passives(text: str, lang: Lang) -> list[_Event]:
    out = []
    for match in _PASSIVE_RE.finditer(text):
        verb = match.group("en") or match.group("it")
        start, end = _clause_of(text, match.start())
        subject = terms(text[start : match.start()], lang)
        agent = _participant(text[match.end() : end], lang)
        out.append(_Event(Relation(-1, "", subject - agent, agent - subject), _verb(verb, lang)))
    return out


def _active(text: str, verb: str, lang: Lang) -> _Event | None:
    """The event of `verb` in a text that uses it as a verb (active voice)."""
    for word in re.finditer(r"[^\W\d_]+", text):
        if _verb(word.group(0), lang) != verb:
            continue
        before = text[: word.start()]
        if (
            _NOT_FINITE_RE.search(before)
            or _INFINITIVE_RE.search(word.group(0))
            or _PASSIVE_RE.search(text[max(0, word.start() - 12) : word.end() + 40])
        ):
            continue
        start, end = _clause_of(text, word.start())
        subject = terms(_AUX_RE.sub("", text[start : word.start()]), lang)
        obj = _participant(text[word.end() : end], lang)
        return _Event(Relation(1, "", subject - obj, obj - subject), verb)
    return None


def passive_swap(claim: str, source: str, lang: Lang, source_lang: Lang) -> str:
    """ "" unless the claim gives the doer's role of a passive event of its source (or of
    its own passive) to the other participant; see the module docstring."""
    theirs, mine = _passives(source, source_lang), _passives(claim, lang)
    pairs: list[tuple[_Event, _Event]] = []
    for event in theirs:
        own = next((e for e in mine if e.verb == event.verb), None) or _active(
            claim, event.verb, lang
        )
        if own is not None:
            pairs.append((own, event))
    for event in mine:
        if any(event.verb == e.verb for e in theirs):
            continue
        other = _active(source, event.verb, source_lang)
        if other is not None:
            pairs.append((event, other))
    for own, other in pairs:
        sides = (own.relation.left, own.relation.right, other.relation.left, other.relation.right)
        if not all(sides):
            continue
        if agreement(own.relation, other.relation) == -1:
            return (
                f"roles swapped: '{claim[:60]}' gives the {own.verb} role to the other participant"
            )
    return ""
