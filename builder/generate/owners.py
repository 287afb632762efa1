"""Bridges through the entity that owns a value: document A says where a named thing is,
or who holds one of its roles; document B states something else about that thing. The
question asks B's fact and describes the thing by what A says of it, never by its name.

A: "Lo stabilimento di Arco si trova in Via dei Mulini 12."
B: "Electricity consumption at the Arco plant in 2025 was 2,940 MWh."
-> "What was electricity consumption at the plant located at Via dei Mulini 12 in 2025?"

An address is written the same in any language, so a "where" description joins documents
of different languages: the relative clause is a fixed phrase of B's language, the address
is copied. A role ("il cui direttore è ...") is in A's words, so it only joins documents
of A's language. The thing is recognised in B by its name next to its classing noun, and
the noun must be A's or its translation ("stabilimento" = "plant"): a name alone may stand
for another thing of the same name (a city, a company).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.generate.facts import Fact
from builder.generate.names import find_names
from builder.generate.phrasing import Clause
from builder.generate.typed import typed_question
from ragoro.text import STOPWORDS, Lang, stem
from ragoro.text.lexicon import with_translations

_IT_OF = r"(?:di|del|dello|della|dell'|dei|degli|delle)"
_NAME_VALUE_RE = re.compile(
    r"^(?:(?:il|lo|la|l'|the)\s*)?(?:[A-Z][a-z]{1,3}\.(?:ssa)?\s+)*[A-Z][\w'-]+(?:\s+[A-Z][\w'-]+)+$"
)
# "Il direttore" -> "il cui direttore": the relative agrees with the possessed noun.
_IT_WHOSE = {
    "il": "il cui",
    "lo": "il cui",
    "la": "la cui",
    "i": "i cui",
    "gli": "i cui",
    "le": "le cui",
}
_MAX_ATTRIBUTE_WORDS = 3
_MAX_VALUE_WORDS = 6


@dataclass(frozen=True)
class Owner:
    """A named thing of document A and how a question can describe it without its name."""

    fact: Fact
    key: str
    """The thing's name ("Arco")."""
    cls: frozenset[str]
    """Stems of its classing noun and their translations ("stabiliment", "plant", ...)."""
    relative: dict[Lang, str]
    """Per language of B, what follows the classing noun: "che si trova in Via dei Mulini
    12" / "located at Via dei Mulini 12"; only A's language for a role."""


def _classed_key(fact: Fact) -> tuple[str, frozenset[str], int] | None:
    """The classed name of A's subject, its class stems, and where its class phrase starts."""
    clause = fact.clause
    assert clause is not None
    for name in find_names(clause.subject, fact.lang):
        if name.kind != "name":
            continue
        found = _class_span(clause.subject, name.text, None, fact.lang)
        if found is not None:
            start, _, noun = found
            return name.text, with_translations(frozenset([stem(noun, fact.lang)])), start
    return None


def _class_span(
    phrase: str, key: str, cls: frozenset[str] | None, lang: Lang
) -> tuple[int, int, str] | None:
    """The span and noun of "<class noun> di <key>" (Italian) or "<key> <class noun>" /
    "<class noun> of <key>" (English) in a phrase, when the noun is one of `cls` (any
    common noun when None)."""
    k = re.escape(key)
    if lang == "it":
        patterns = [rf"(?<!\w)(\w+)\s+{_IT_OF}\s+{k}(?!\w)"]
    else:
        patterns = [rf"(?<!\w){k}\s+(\w+)(?!\w)", rf"(?<!\w)(\w+)\s+of\s+(?:the\s+)?{k}(?!\w)"]
    for pattern in patterns:
        for match in re.finditer(pattern, phrase):
            noun = match.group(1)
            low = noun.lower()
            if not noun.isalpha() or noun[0].isupper() or len(noun) < 3 or low in STOPWORDS[lang]:
                continue
            if cls is None or stem(low, lang) in cls:
                return match.start(), match.end(), low
    return None


def _place_phrase(place: str, lang: Lang) -> str:
    """ "located at Via Roma 12" / "che si trova in Via Roma 12": a street address (it has a
    house number) takes "at" / "in", a place name "in" / "a"."""
    address = any(ch.isdigit() for ch in place)
    if lang == "en":
        return f"located {'at' if address else 'in'} {place}"
    return f"che si trova {'in' if address else 'a'} {place}"


def _owner(fact: Fact) -> Owner | None:
    clause = fact.clause
    if clause is None or fact.kind != "prose":
        return None
    found = _classed_key(fact)
    if found is None:
        return None
    key, cls, at = found
    typed = typed_question(clause, frozenset(), fact.lang)
    if typed is not None and typed.question.split()[0] in ("Dove", "Where"):
        place = typed.answer
        if key in place:
            return None
        return Owner(fact, key, cls, {lang: _place_phrase(place, lang) for lang in ("it", "en")})
    return _role_owner(fact, clause, key, cls, at)


def _role_owner(fact: Fact, clause: Clause, key: str, cls: frozenset[str], at: int) -> Owner | None:
    """ "Il direttore dello stabilimento di X è l'Ing. Y" -> "il cui direttore è l'Ing. Y"."""
    if clause.verb not in ("è", "is") or clause.lead:
        return None
    value = clause.predicate.split(",")[0].strip().rstrip(".")
    if _NAME_VALUE_RE.match(value) is None or len(value.split()) > _MAX_VALUE_WORDS:
        return None
    words = clause.subject[:at].split()
    if fact.lang == "it":
        if len(words) < 3 or words[-1].lower() not in ("del", "dello", "della", "dell'"):
            return None
        article, attribute = words[0].lower(), words[1:-1]
        whose = _IT_WHOSE.get(article)
        if whose is None or not 1 <= len(attribute) <= _MAX_ATTRIBUTE_WORDS:
            return None
        relative = f"{whose} {' '.join(attribute)} è {value}"
    else:
        if len(words) < 3 or words[0].lower() != "the" or words[-2:] != ["of", "the"]:
            return None
        attribute = words[1:-2]
        if not 1 <= len(attribute) <= _MAX_ATTRIBUTE_WORDS:
            return None
        relative = f"whose {' '.join(attribute)} is {value}"
    if any(w[:1].isupper() for w in attribute):
        return None  # a named role ("Responsabile HR") is no attribute of the thing
    return Owner(fact, key, cls, {fact.lang: relative})


def owners(facts: list[Fact]) -> list[Owner]:
    """Every fact that describes a named thing by its place or by a role's holder."""
    return [o for o in (_owner(f) for f in facts if f.clause is not None) if o is not None]


def describe(owner: Owner, second: Fact) -> Clause | None:
    """B's clause with the thing's name replaced by A's description of it, in B's
    language; None when B does not name the thing with its class, or A's description
    cannot be said in B's language."""
    clause = second.clause
    relative = owner.relative.get(second.lang)
    if clause is None or relative is None or second.doc == owner.fact.doc:
        return None
    span = _class_span(clause.subject, owner.key, owner.cls, second.lang)
    if span is None:
        return None
    start, end, _ = span
    phrase = clause.subject[start:end]
    words = phrase.split()
    noun = words[-1] if phrase.startswith(owner.key) else words[0]
    subject = f"{clause.subject[:start]}{noun} {relative}{clause.subject[end:]}"
    return Clause(subject, clause.verb, clause.predicate, clause.lead)
