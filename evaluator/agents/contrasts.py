"""Siblings a question names by a member of a closed set: another identifier of the same
series, another member of a set of mutually exclusive kinds.

"A quale temperatura scatta l'allarme *A-203*?" answered with "L'allarme *A-114* indica che
la temperatura ... ha raggiunto 70 °C" gives the value of another member of the alarm series;
"By when must every plant obtain ISO *50001*?" answered with the deadline for ISO *45001*
gives another standard's. An identifier is a short capital prefix and a number ("A-114",
"ISO 45001", "M16"); two with the same prefix and different numbers are members of one
series, never two names of one thing.

Some kinds come in small closed sets whose members exclude each other (co-hyponyms): the
seasons, the sources a power plant draws on, the lines a number is reached on. "When is the
*winter* shutdown?" answered with "la chiusura collettiva *estiva*", "How much did the *wind*
turbines produce?" answered from a passage about the *photovoltaic* plant, a *fax* number
answered with a *phone* number: the passage speaks of a sibling of the asked kind. Only a
passage that names another member and never the asked one is refused; the sets are generic
vocabulary in both languages, never the words of one corpus.

The days of a calendar are such a series too: "the order backlog *at 30 June 2025*" answered
with "the order backlog at 31 December 2025 was..." gives the value at another date
(`sibling_dates`). So are the sizes a thing comes in: "the oil *in a 5-litre can*", "*tanica
da 5 litri*", answered with the row of the "tanica da 20 litri", gives another size's code
(`sibling_sizes`). So are the two ends of a range: "the *minimum* operating pressure"
answered with "the *maximum* operating pressure is 180 bar" gives the other end
(`sibling_bounds`).
"""

from __future__ import annotations

import re
from collections.abc import Iterable, Mapping, Sequence
from functools import lru_cache

from evaluator.agents.glossary import agent_translations
from ragoro.text import Lang, content_tokens, stem
from ragoro.text.dates import find_dates
from ragoro.text.numbers import extract_quantities, parse_number
from ragoro.text.units import base_unit, normalize_unit

__all__ = [
    "sibling_bounds",
    "sibling_dates",
    "sibling_holders",
    "sibling_identifiers",
    "sibling_members",
    "sibling_sizes",
]

# A short capital prefix and a number, with an optional hyphen or space between them.
_IDENTIFIER_RE = re.compile(r"\b([A-Z]{1,4})[- ]?(\d+(?:[-./]\d+)*)\b")
_WORD_RE = re.compile(r"[^\W\d_]+")
# Prefixes that label an amount, not a series: a currency before its value.
_AMOUNT_PREFIXES = frozenset({"EUR", "USD", "GBP", "CHF", "CNY", "RON", "JPY"})


def _identifiers(text: str) -> dict[tuple[str, str], str]:
    """(prefix, digits) -> the identifier as written, for every identifier of the text."""
    out: dict[tuple[str, str], str] = {}
    for m in _IDENTIFIER_RE.finditer(" ".join(text.split())):
        prefix, number = m.group(1), re.sub(r"\D", "", m.group(2))
        if prefix not in _AMOUNT_PREFIXES:
            out.setdefault((prefix, number), m.group(0))
    return out


def sibling_dates(question: str, sentences: Sequence[str]) -> list[str]:
    """Days the question asks about ("30 June 2025", "al 30 giugno") that none of the answer's
    sentences states while one states another day: a value at 31 December is none at 30 June.
    A date given by month or year only is left to the year checks. As the question writes
    them."""
    asked = {d.iso: question[d.start : d.end] for d in find_dates(question) if len(d.iso) == 10}
    if not asked:
        return []
    stated = {d.iso for text in sentences for d in find_dates(text) if len(d.iso) == 10}
    if not stated or not stated.isdisjoint(asked):
        return []
    return [written for iso, written in sorted(asked.items())]


# A size written as a modifier of a noun: English "a 5-litre can", Italian "tanica da 5 litri".
_EN_SIZE_RE = re.compile(r"(?<![\w.,])(\d+(?:[.,]\d+)?)-([^\W\d_]+)")
_IT_SIZE_BEFORE_RE = re.compile(r"(?<![^\W_])da\s+$", re.IGNORECASE)
# Money is a price or a threshold ("una nota spese da 3.000 euro"), not a size.
_NOT_SIZES = frozenset({"EUR", "USD", "GBP", "CHF", "%"})


def _asked_sizes(question: str, lang: Lang) -> list[tuple[float, str, str]]:
    """(value, base unit, as written) of each size the question gives a thing."""
    out: list[tuple[float, str, str]] = []
    if lang == "en":
        for m in _EN_SIZE_RE.finditer(question):
            code = normalize_unit(m.group(2))
            value = parse_number(m.group(1), "en")
            if code is not None and value is not None:
                out.append((value, base_unit(code) or code, m.group(0)))
        return out
    for q in extract_quantities(question, lang):
        if q.unit is None or _IT_SIZE_BEFORE_RE.search(question[: q.start]) is None:
            continue
        out.append((q.number * q.scale, base_unit(q.unit) or q.unit, q.raw))
    return [size for size in out if size[1] not in _NOT_SIZES]


def _stated_sizes(text: str, lang: Lang) -> list[tuple[float, str]]:
    """(value, base unit) of every measure the text states, "20-litre" included."""
    out = [
        (q.number * q.scale, base_unit(q.unit) or q.unit)
        for q in extract_quantities(text, lang)
        if q.unit is not None
    ]
    for m in _EN_SIZE_RE.finditer(text):
        code = normalize_unit(m.group(2))
        value = parse_number(m.group(1), "en")
        if code is not None and value is not None:
            out.append((value, base_unit(code) or code))
    return out


def sibling_sizes(question: str, lang: Lang, sentences: Sequence[tuple[str, Lang]]) -> list[str]:
    """Sizes the question gives the asked thing ("a 5-litre can") where an answer's sentence
    states another size of the same measure and never the asked one: the sentence speaks of
    the thing in another size. As the question writes them."""
    out: list[str] = []
    for value, unit, written in _asked_sizes(question, lang):
        stated = [
            v
            for text, text_lang in sentences
            for v, u in _stated_sizes(" ".join(text.split()), text_lang)
            if u == unit
        ]
        if stated and not any(abs(v - value) <= 1e-9 * max(1.0, value) for v in stated):
            out.append(written)
    return out


def _same_thing(a: str, b: str) -> bool:
    """Two numbers of one prefix name the same thing when one extends the other ("PX-200"
    and its serial "PX200-2021-0001")."""
    return a.startswith(b) or b.startswith(a)


def sibling_identifiers(question: str, sentences: Sequence[str]) -> list[str]:
    """Identifiers the question names ("A-203") where one of the answer's sentences names
    another member of the same series ("A-114") and not the asked one: that sentence gives
    the sibling's value. As the question writes them."""
    asked = _identifiers(question)
    out: list[str] = []
    for (prefix, number), written in sorted(asked.items()):
        for text in sentences:
            theirs = {n for p, n in _identifiers(text) if p == prefix}
            if any(_same_thing(number, n) for n in theirs):
                continue
            if theirs:
                out.append(written)
                break
    return out


# Closed sets of mutually exclusive kinds: set -> member -> its words in Italian and English.
# A word that is as often something else ("spring", a machine part; "fall", a verb) is left
# out: a member is only read where its word can mean nothing else.
_SETS: dict[str, dict[str, dict[Lang, tuple[str, ...]]]] = {
    "season": {
        "winter": {
            "en": ("winter", "wintertime"),
            "it": ("inverno", "invernale", "invernali"),
        },
        "summer": {
            "en": ("summer", "summertime"),
            "it": ("estate", "estivo", "estiva", "estivi", "estive"),
        },
        "autumn": {"en": ("autumn",), "it": ("autunno", "autunnale", "autunnali")},
        "spring": {"en": (), "it": ("primavera", "primaverile", "primaverili")},
    },
    "power source": {
        "solar": {
            "en": ("solar", "photovoltaic", "photovoltaics"),
            "it": ("solare", "solari", "fotovoltaico", "fotovoltaica", "fotovoltaici"),
        },
        "wind": {
            "en": ("wind",),
            "it": ("eolico", "eolica", "eolici", "eoliche"),
        },
        "hydro": {
            "en": ("hydroelectric", "hydropower"),
            "it": ("idroelettrico", "idroelettrica", "idroelettrici"),
        },
        "geothermal": {"en": ("geothermal",), "it": ("geotermico", "geotermica")},
        "biomass": {"en": ("biomass",), "it": ("biomassa", "biomasse")},
    },
    "line": {
        "fax": {"en": ("fax", "telefax"), "it": ("fax", "telefax")},
        "phone": {
            "en": ("phone", "telephone", "phones"),
            "it": ("telefono", "telefonico", "telefonica", "telefoni"),
        },
    },
}


@lru_cache(maxsize=1)
def _member_stems() -> tuple[tuple[str, str, frozenset[str], frozenset[str]], ...]:
    """(set, member, its Italian stems, its English stems) of every member."""
    return tuple(
        (
            name,
            member,
            frozenset(stem(word, "it") for word in forms["it"]),
            frozenset(stem(word, "en") for word in forms["en"]),
        )
        for name, members in _SETS.items()
        for member, forms in members.items()
    )


def sibling_members(question: str, lang: Lang, passage: Mapping[Lang, Iterable[str]]) -> list[str]:
    """Words of the question naming a member of a closed set ("winter") that the answer's
    passage (`passage`: its stemmed tokens, by the language they are in) never names, while
    it does name another member of the same set ("estiva"): the passage speaks of a sibling.
    The words as the question writes them. Every text is read in its own language: the
    English "real estate" names no season, the Italian "estate" does."""
    written = {stem(w.lower(), lang): w.lower() for w in _WORD_RE.findall(question)}
    asked = frozenset(content_tokens(question, lang))
    it_around = frozenset(passage.get("it", ()))
    en_around = frozenset(passage.get("en", ()))
    stems = _member_stems()
    in_passage = [bool(it & it_around or en & en_around) for _, _, it, en in stems]
    out = []
    for (name, member, it, en), named_there in zip(stems, in_passage, strict=True):
        named = asked & (it if lang == "it" else en)
        if not named or named_there:
            continue
        if any(
            there
            for (n, m, _, _), there in zip(stems, in_passage, strict=True)
            if n == name and m != member
        ):
            word = min(named)
            out.append(written.get(word, word))
    return out


# Who holds a thing, said by an adjective beside its noun: the company's ("auto *aziendale*",
# "*company* car") or the employee's own ("auto *propria*", "*own* car", "telefono
# *personale*"). Read only next to a noun the question and the sentence share, since "il
# *proprio* responsabile" or "la VPN *aziendale*" qualify other nouns.
_HOLDERS: dict[str, dict[Lang, frozenset[str]]] = {
    "company": {
        "en": frozenset({"company", "corporate"}),
        "it": frozenset({"aziendale", "aziendali"}),
    },
    "own": {
        "en": frozenset({"own", "personal", "private"}),
        "it": frozenset(
            {"proprio", "propria", "propri", "proprie", "personale", "personali", "privato"}
            | {"privata", "privati", "private"}
        ),
    },
}


def _held(text: str, lang: Lang) -> dict[str, tuple[str, str]]:
    """Stem of a noun -> the holder its adjective names and the adjective ("auto propria"
    -> ("own", "propria")): an Italian adjective follows its noun, an English one precedes
    it."""
    words = [w.lower() for w in _WORD_RE.findall(text)]
    out = {}
    for i, word in enumerate(words):
        for holder, forms in _HOLDERS.items():
            if word not in forms[lang]:
                continue
            j = i - 1 if lang == "it" else i + 1
            if 0 <= j < len(words):
                out[stem(words[j], lang)] = (holder, word)
    return out


def sibling_holders(question: str, lang: Lang, sentences: Sequence[tuple[str, Lang]]) -> list[str]:
    """Holders the question gives a noun ("the *company* car") where an answer's sentence
    (text, language) gives the same noun, or its translation, another holder ("l'auto
    *propria*"): the sentence speaks of the employee's own car, not the company's."""
    asked = _held(question, lang)
    out = []
    for noun, (holder, word) in asked.items():
        forms = {noun, *agent_translations(noun, lang)}
        for text, their_lang in sentences:
            theirs = _held(text, their_lang)
            others = {theirs[n][0] for n in forms if n in theirs}
            if others and holder not in others:
                out.append(word)
                break
    return out


# The two ends of a range, by their words in Italian and English ("min" is left out: it is as
# often the minutes).
_BOUNDS: dict[str, frozenset[str]] = {
    "minimum": frozenset({"minimum", "minima", "minimo", "minimi", "minime"}),
    "maximum": frozenset({"maximum", "maxima", "max", "massimo", "massima", "massimi", "massime"}),
}


def sibling_bounds(question: str, sentence: str) -> list[str]:
    """The end of a range the question asks ("the *minimum* pressure", "il numero
    *minimo*") when the answer's sentence names the other end ("*maximum* operating
    pressure", "un *massimo* di 5 giorni") and never the asked one: its value bounds the
    range from the other side. A question naming both ends asks for the range: nothing."""
    asked = _range_words(question)
    named = [(end, asked & forms) for end, forms in _BOUNDS.items() if asked & forms]
    if len(named) != 1:
        return []
    end, words = named[0]
    stated = _range_words(sentence)
    if stated & _BOUNDS[end] or not any(stated & f for e, f in _BOUNDS.items() if e != end):
        return []
    return [min(words)]


def _range_words(text: str) -> set[str]:
    """The text's words, lowercase, but for those of a name: a capitalised word followed by
    another one is a given name before a surname ("Massimo Rossi", "Max Weber"), not the
    end of a range."""
    words = list(_WORD_RE.finditer(text))
    out: set[str] = set()
    for word, after in zip(words, [*words[1:], None], strict=True):
        if (
            after is not None
            and _is_name_word(word.group())
            and _is_name_word(after.group())
            and text[word.end() : after.start()].isspace()
        ):
            continue
        out.add(word.group().lower())
    return out


def _is_name_word(word: str) -> bool:
    """Is the word written as a name is: a capital, then lowercase ("Rossi", not "EU")?"""
    return word[:1].isupper() and word[1:].islower()
