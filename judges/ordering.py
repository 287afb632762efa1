"""Comparisons and orderings: which side of "more than", "before" or "più ... di" a term is on.

A comparative or a temporal preposition relates two terms, and the relation has a
direction: "A is heavier than B" and "A is lighter than B" contradict each other, as do
"fill it in after the trip" and "before the trip", while "B is lighter than A" restates
"A is heavier than B" with its terms the other way round (the converse). So a claim agrees
with its source on such a relation when the sign of the relation (more/less, after/before)
times the order of its terms (the same, or the other way round) is the same in both. The
terms are the content words on each side of the marker; the words the two sides share
("the oven A ... the oven B") tell nothing apart and are left out.
"""

from __future__ import annotations

import itertools
import re
from dataclasses import dataclass
from functools import lru_cache

from ragoro.text.gates import lacks
from ragoro.text.lang import STOPWORDS, Lang, stem
from ragoro.text.negation import has_negation

__all__ = ["Relation", "agreement", "order_flip", "relations", "terms"]

_I = re.IGNORECASE

# (pattern, sign, dimension). A sign-less "more" compares along whatever the sentence
# names ("more energy", "più popolosa"); a lexical comparative names its dimension.
_MARKERS: tuple[tuple[str, int, str], ...] = (
    (r"more|greater", 1, ""),
    (r"less|fewer|lesser", -1, ""),
    (r"heavier", 1, "weight"),
    (r"lighter", -1, "weight"),
    (r"longer", 1, "length"),
    (r"shorter", -1, "length"),
    (r"bigger|larger", 1, "size"),
    (r"smaller", -1, "size"),
    (r"higher|taller", 1, "height"),
    (r"lower", -1, "height"),
    (r"older", 1, "age"),
    (r"younger", -1, "age"),
    (r"faster|quicker", 1, "speed"),
    (r"slower", -1, "speed"),
    (r"dearer|pricier", 1, "cost"),
    (r"cheaper", -1, "cost"),
    (r"after|later", 1, "time"),
    (r"before|earlier|prior\s+to", -1, "time"),
    (r"più|piu|maggiore|maggiori|superiore|superiori", 1, ""),
    (r"meno|minore|minori|inferiore|inferiori", -1, ""),
    (r"dopo", 1, "time"),
    # "prima" is also the ordinal "first" ("la prima rata"): only "prima di/che" orders.
    (r"prima(?=\s+(?:di|del|dello|della|dei|degli|delle|dell['’]|che)\b)", -1, "time"),
)
_MARKER_RE = re.compile(
    r"\b(?:" + "|".join(f"(?P<m{i}>{p})" for i, (p, _, _) in enumerate(_MARKERS)) + r")\b", _I
)
_MARKER_WORDS = (
    *("more", "greater", "less", "fewer", "heavier", "lighter", "longer", "shorter"),
    *("bigger", "larger", "smaller", "higher", "taller", "lower", "older", "younger"),
    *("faster", "quicker", "slower", "dearer", "pricier", "cheaper", "after", "later"),
    *("before", "earlier", "prior", "più", "piu", "maggior", "superior", "meno", "minor"),
    *("inferior", "dopo", "prima"),
)
"""One of them is in every match of `_MARKER_RE`: a text with none states no relation
(`gates.lacks`; the pattern, tried at every letter, costs several times the look)."""

# The low pole of a gradable adjective reverses "più"/"more": "più leggero" is lighter.
_LOW_POLE_WORDS = """
leggero leggera leggeri leggere corto corta corti corte breve brevi piccolo piccola piccoli
piccole basso bassa bassi basse giovane giovani lento lenta lenti lente economico economica
economici economiche vicino vicina vicini vicine cheap short small light low slow young close
"""
_LOW_POLE = frozenset(_LOW_POLE_WORDS.split())
_HIGH_POLE_WORDS = """
pesante pesanti lungo lunga lunghi lunghe grande grandi alto alta alti alte vecchio vecchia
vecchi vecchie anziano anziana veloce veloci rapido rapida costoso costosa costosi costose
caro cara cari care lontano lontana lontani lontane popoloso popolosa popolosi popolose
expensive heavy long large big high tall old fast distant populous
"""
_HIGH_POLE = frozenset(_HIGH_POLE_WORDS.split())

# The second term of a comparison follows "than" / "di", "che", "rispetto a".
_THAN_RE = re.compile(
    r"\b(?:than|di|del|dello|della|dei|degli|delle|dell['’]|che|rispetto\s+a\w*)\b", _I
)
# A relation holds within its clause: a new sentence, a semicolon, a colon or a
# contrastive conjunction starts another one.
_BOUND_RE = re.compile(
    r"[.;:!?]\s|[.;:!?]$|\b(?:while|whereas|but|mentre|ma|invece|però)\b|,\s+(?:which|che)\b", _I
)
_WORD_RE = re.compile(r"[^\W_]+(?:[.,]\d+)*")
_FUNCTION = STOPWORDS["it"] | STOPWORDS["en"]


@dataclass(frozen=True)
class Relation:
    """One comparison or ordering: its sign, dimension and the terms on each side."""

    sign: int
    dimension: str
    left: frozenset[str]
    right: frozenset[str]


def terms(text: str, lang: Lang) -> frozenset[str]:
    """The content words of one side, stemmed; a capital letter or a number is a term
    of its own ("forno A", "line 2")."""
    out = set()
    for word in _WORD_RE.findall(text):
        low = word.lower()
        if len(word) == 1 and not (word.isupper() or word.isdigit()):
            continue
        if low in _FUNCTION and not (len(word) == 1 and word.isupper()):
            continue
        out.add(low if word[:1].isdigit() else stem(low, lang))
    return frozenset(out)


def _marker(match: re.Match[str]) -> tuple[int, str]:
    group = next(name for name, value in match.groupdict().items() if value)
    _, sign, dimension = _MARKERS[int(group[1:])]
    return sign, dimension


@lru_cache(maxsize=65536)
def relations(text: str, lang: Lang) -> tuple[Relation, ...]:
    """Every comparison or ordering a text states outside a negated clause."""
    # Most texts hold no marker: a marker of a clause is one of the whole text (a clause
    # starts and ends where a word does), so one search tells, before any clause is cut.
    if lacks(text, _MARKER_WORDS) or _MARKER_RE.search(text) is None:
        return ()
    out = []
    bounds = [0, *(m.end() for m in _BOUND_RE.finditer(text)), len(text) + 1]
    for start, end in itertools.pairwise(bounds):
        clause = text[start:end]
        # A clause's negation is read only when it has a marker to keep or drop.
        markers = list(_MARKER_RE.finditer(clause))
        if not markers or has_negation(clause, lang):
            continue
        for match in markers:
            sign, dimension = _marker(match)
            after = clause[match.end() :]
            pole = _WORD_RE.findall(after[:24])
            if not dimension and pole and pole[0].lower() in _LOW_POLE:
                sign = -sign
            than = None if dimension == "time" else _THAN_RE.search(after)
            right = after[than.end() :] if than else after
            if not dimension and not than:
                # A bare "più"/"more" ("più volte", "more information") relates nothing.
                if not (pole and pole[0].lower() in _LOW_POLE | _HIGH_POLE):
                    continue
                right = ""
            before = clause[: match.start()]
            fronted = re.match(r"(.*?),\s+(.+)", right, re.DOTALL)
            if fronted and not terms(before, lang):
                # "Before cleaning, unplug it" is "unplug it before cleaning".
                right, before = fronted.group(1), fronted.group(2)
            left, rest = terms(before, lang), terms(right, lang)
            out.append(Relation(sign, dimension, left - rest, rest - left))
    return tuple(out)


def agreement(mine: Relation, theirs: Relation) -> int:
    """+1 when the two relations say the same thing, -1 when opposite, 0 when the terms
    do not tell which side is which."""
    same = len(mine.left & theirs.left) + len(mine.right & theirs.right)
    crossed = len(mine.left & theirs.right) + len(mine.right & theirs.left)
    if same == crossed:
        return 0
    order = 1 if same > crossed else -1
    return mine.sign * theirs.sign * order


def _comparable(mine: str, theirs: str) -> bool:
    """Two relations compare the same thing: the same dimension, or a sign-less one
    ("more", "più") against any dimension but time (an order in time is no amount)."""
    if mine == theirs:
        return True
    return "time" not in (mine, theirs) and not (mine and theirs)


def order_flip(claim: str, source: str, lang: Lang, source_lang: Lang) -> str:
    """ "" unless the claim states a comparison or ordering its source states the other
    way round ("A uses less than B" on "A uses more than B", "after the trip" on "before
    the trip"); a converse restatement ("B uses less than A") agrees."""
    theirs = relations(source, source_lang)
    if not theirs:
        return ""
    for mine in relations(claim, lang):
        scored = [
            (len(mine.left & (t.left | t.right)) + len(mine.right & (t.left | t.right)), t)
            for t in theirs
            if _comparable(mine.dimension, t.dimension)
        ]
        if not scored:
            continue
        best = max(s for s, _ in scored)
        if best == 0:
            continue
        verdicts = {agreement(mine, t) for s, t in scored if s == best}
        if verdicts == {-1}:
            return f"'{claim[:60]}' states the comparison or order the other way round"
    return ""
