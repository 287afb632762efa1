"""Names in a phrase, found without a model: runs of capitalised words and codes, years,
and the common noun that classes a name ("stabilimento di X", "the X plant").

Two names classed by the same noun are siblings: the generator asks for one sibling what
the corpus states only for the other (a refusal), and bridges documents through a name.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from ragoro.text import STOPWORDS, Lang, split_sentences, stem
from ragoro.text.lexicon import with_translations

_TOKEN_RE = re.compile(r"[^\s,;:()«»\"“”]+")
_YEAR_RE = re.compile(r"(?:19|20)\d\d")
_TITLE_WORDS = frozenset(
    [
        "ing",
        "ing.",
        "dott",
        "dott.",
        "dott.ssa",
        "avv",
        "avv.",
        "sig",
        "sig.",
        "sig.ra",
        "prof",
        "prof.",
        "prof.ssa",
        "per",
        "per.",
        "ind",
        "ind.",
        "mr",
        "mr.",
        "mrs",
        "mrs.",
        "ms",
        "ms.",
        "dr",
        "dr.",
    ]
)
_LOOKBACK = 3


@dataclass(frozen=True)
class Name:
    """A name inside a phrase: its text and character span, and the noun that classes it."""

    text: str
    start: int
    end: int
    kind: str
    """'name' (capitalised words, codes) or 'year'."""
    cls: str
    """Stem of the classing noun ("stabiliment", "plant"), "year" for a year, "" when none."""


def _tokens(phrase: str) -> list[tuple[str, int, int]]:
    out = []
    for m in _TOKEN_RE.finditer(phrase):
        word = m.group(0).rstrip(".") if not m.group(0).endswith("S.p.A.") else m.group(0)
        if word:
            out.append((word, m.start(), m.start() + len(word)))
    return out


def _is_name_token(word: str, position: int, lang: Lang, *, opening: bool) -> bool:
    bare = word.rsplit("'", maxsplit=1)[-1]
    if not bare or bare.lower() in _TITLE_WORDS or bare.lower() in STOPWORDS[lang]:
        return False
    has_digit = any(ch.isdigit() for ch in bare)
    if has_digit:
        return any(ch.isalpha() for ch in bare)  # a code: "PX-200", "A-114"
    return bare[0].isupper() and (position > 0 or not opening)


def _is_common(word: str, lang: Lang) -> bool:
    low = word.lower().split("'")[-1]
    return low.isalpha() and len(low) >= 3 and low not in STOPWORDS[lang] and word[0].islower()


def find_names(phrase: str, lang: Lang, *, opening: bool = True) -> list[Name]:
    """Names and years of a phrase, each with its classing noun (the nearest common word
    before it, or for English the one right after: "the Torino plant"). With `opening`
    the phrase starts a sentence, so its capitalised first word is no name by itself."""
    tokens = _tokens(phrase)
    flags = [_is_name_token(w, i, lang, opening=opening) for i, (w, _, _) in enumerate(tokens)]
    names: list[Name] = []
    i = 0
    while i < len(tokens):
        word = tokens[i][0]
        if _YEAR_RE.fullmatch(word):
            names.append(Name(word, tokens[i][1], tokens[i][2], "year", "year"))
            i += 1
            continue
        if not flags[i]:
            i += 1
            continue
        j = i
        while j + 1 < len(tokens) and flags[j + 1] and not _YEAR_RE.fullmatch(tokens[j + 1][0]):
            j += 1
        start = tokens[i][1] + len(tokens[i][0]) - len(tokens[i][0].split("'")[-1])
        names.append(Name(phrase[start : tokens[j][2]], start, tokens[j][2], "name", ""))
        names[-1] = _classed(names[-1], tokens, i=i, j=j, lang=lang)
        i = j + 1
    return names


def _classed(name: Name, tokens: list[tuple[str, int, int]], *, i: int, j: int, lang: Lang) -> Name:
    between: list[str] = []
    for k in range(i - 1, max(-1, i - 1 - _LOOKBACK), -1):
        word = tokens[k][0]
        if _is_common(word, lang):
            # The words between belong to the class: "trasferta in X" and "stabilimento di
            # X" are different slots, "stabilimento di Brescia" and "di Torino" the same.
            cls = " ".join([*reversed(between), stem(word.lower(), lang)])
            return Name(name.text, name.start, name.end, name.kind, cls)
        if word.lower() not in STOPWORDS[lang]:
            break
        between.append(word.lower())
    if lang == "en" and j + 1 < len(tokens) and _is_common(tokens[j + 1][0], lang):
        cls = stem(tokens[j + 1][0].lower(), lang)
        return Name(name.text, name.start, name.end, name.kind, cls)
    return name


def sibling_index(
    texts: list[tuple[str, Lang]], common: frozenset[str] = frozenset()
) -> dict[str, set[str]]:
    """Class -> names seen in it; the class's noun is filed under its translations too
    ("the Brescia plant" and "the Torino factory" meet; Italian slots keep their preposition).

    A capitalised word the corpus also writes in lowercase (`common`) is no name: it opens
    a sentence or a table cell ("Valore", "Additional")."""
    out: dict[str, set[str]] = defaultdict(set)
    for text, lang in texts:
        for sentence in split_sentences(text):
            for name in find_names(" ".join(sentence.text.split()), lang):
                words = [w.lower() for w in name.text.split() if not any(c.isdigit() for c in w)]
                if any(w in common for w in words):
                    continue
                if name.kind == "name" and name.cls:
                    *between, head = name.cls.split(" ")
                    for cls in with_translations(frozenset([head])):
                        out[" ".join([*between, cls])].add(name.text)
    return out
