"""The agent's own Italian <-> English glossary: everyday words the shared lexicon leaves out.

The shared lexicon (`ragoro.text.lexicon`) holds the business and technical concepts both the
agent and the offline judge match on. A person asking in English about an Italian handbook
also uses plain verbs and nouns ("wait", "open", "steel", "stolen", "Turin"), and without a
translation of those neither keyword search nor the English-only embedding model reaches the
passage. These words live here, apart from the shared table, so that widening what the agent
can find never changes what the judge accepts (the two share no scoring heuristics).

One entry a line: "italiano/variante = english/variant"; the words left and right of "="
translate each other. Generic vocabulary and well-known place names only, never the names or
terms of one corpus.
"""

from __future__ import annotations

import re
from functools import cache

from evaluator.agents.glossary_names import NAMES as _NAMES
from evaluator.agents.glossary_words import GLOSSARY as _GLOSSARY
from ragoro.text import Lang, stem, translations
from ragoro.text.lang import is_number_token

__all__ = ["agent_translations", "isc_form", "isc_infinitive", "spelled_out"]

_SOFT_MIN_LEN = 5
"""An unlisted Italian form is read as a listed one only from five letters: shorter stems are
too alike."""


@cache
def _table() -> dict[Lang, dict[str, frozenset[str]]]:
    """Per source language: stem -> stems of its glossary translations (multi-word names
    give each of their words)."""
    table: dict[Lang, dict[str, set[str]]] = {"it": {}, "en": {}}
    for line in (*_GLOSSARY.strip().splitlines(), *_NAMES.strip().splitlines()):
        it_words, _, en_words = line.partition("=")
        it_stems = {stem(w.lower(), "it") for part in it_words.split("/") for w in part.split()}
        en_stems = {stem(w.lower(), "en") for part in en_words.split("/") for w in part.split()}
        for s in it_stems:
            table["it"].setdefault(s, set()).update(en_stems)
        for s in en_stems:
            table["en"].setdefault(s, set()).update(it_stems)
    return {lang: {k: frozenset(v) for k, v in side.items()} for lang, side in table.items()}


def agent_translations(word_stem: str, lang: Lang | None = None) -> frozenset[str]:
    """Stems of a stemmed word's translations: the shared lexicon's and the glossary's.

    With `lang`, the glossary is read from that language's side only: the same stem may be a
    word of each language ("spent" is English *spent* and Italian *spento*, switched off), and
    a question's word is a word of the question's language."""
    own = frozenset[str]().union(
        *(_side_translations(word_stem, side) for side in ((lang,) if lang else ("it", "en")))
    )
    return translations(word_stem) | own


@cache
def _side_translations(word_stem: str, lang: Lang) -> frozenset[str]:
    """One side's glossary translations of a stem. An Italian verb form the glossary does
    not list is read as the listed form whose stem extends it or it extends, five letters at
    least: the light Italian stemmer keeps the infinitive's "-er" / "-ar" ("chiudere" ->
    "chiuder") and strips the present's vowel ("chiude" -> "chiud"). English stems already
    join their inflections, and a longer English stem is often another word ("factory" is no
    form of "factor")."""
    side = _table()[lang]
    if lang == "it" and word_stem not in side:
        # "pulisce" is a present form of the listed "pulire": read it as the infinitive.
        infinitive = isc_infinitive(word_stem)
        if infinitive is not None and infinitive in side:
            return side[infinitive]
    if (
        lang != "it"
        or word_stem in side
        or len(word_stem) < _SOFT_MIN_LEN
        or is_number_token(word_stem)
    ):
        return side.get(word_stem, frozenset())
    pool = _keys_by_prefix(lang).get(word_stem[:_SOFT_MIN_LEN], frozenset())
    return frozenset[str]().union(
        *(side[k] for k in sorted(pool) if k.startswith(word_stem) or word_stem.startswith(k))
    )


_ISC_RE = re.compile(r"^(?P<root>\w{2,}i)sc(?:[aeio]\w*)?$")


def isc_infinitive(word_stem: str) -> str | None:
    """The infinitive stem of an Italian present form of the "-isc-" class ("pulisc" ->
    "pulir", "sostituiscon" -> "sostituir"), or None for a stem of another shape.

    Verbs like *pulire*, *sostituire*, *fornire* insert "-isc-" between root and ending in
    the present (*pulisce*, *sostituiscono*), so the stemmed form shares no prefix with the
    infinitive the glossary lists beyond the root."""
    match = _ISC_RE.match(word_stem)
    return f"{match.group('root')}r" if match else None


def isc_form(word_stem: str) -> str | None:
    """The "-isc-" present stem of an Italian "-ire" infinitive stem ("sostituir" ->
    "sostituisc"), the inverse of `isc_infinitive`; None for other stems."""
    if len(word_stem) >= _SOFT_MIN_LEN and word_stem.endswith("ir"):
        return f"{word_stem[:-1]}sc"
    return None


@cache
def _keys_by_prefix(lang: Lang) -> dict[str, frozenset[str]]:
    """The glossary stems of one side, bucketed by their first five letters."""
    buckets: dict[str, set[str]] = {}
    for key in _table()[lang]:
        if len(key) >= _SOFT_MIN_LEN:
            buckets.setdefault(key[:_SOFT_MIN_LEN], set()).add(key)
    return {prefix: frozenset(keys) for prefix, keys in buckets.items()}


# Business abbreviations a person types and a document spells out. "R&D" tokenizes into two
# one-letter words that match nothing, so the words it stands for are added to the question.
_ABBREVIATIONS: dict[str, dict[Lang, str]] = {
    "R&D": {"en": "research and development", "it": "ricerca e sviluppo"},
    "HR": {"en": "human resources", "it": "risorse umane"},
    "HQ": {"en": "headquarters registered office", "it": "sede"},
    "PPE": {"en": "personal protective equipment", "it": "dispositivi di protezione individuale"},
    "EU": {"en": "European Union", "it": "Unione europea"},
    "UE": {"en": "European Union", "it": "Unione europea"},
}
_ABBREVIATION_RE = re.compile(
    r"(?<![\w&])(" + "|".join(re.escape(a) for a in _ABBREVIATIONS) + r")(?![\w&])"
)


# English phrasal verbs and the one-word verb they mean: the particle is a stopword and the
# verb alone means something else ("run out" is no "run", "sign off" no "sign"), while
# documents, Italian ones above all, write the one-word verb ("scade", "approvato").
_PHRASAL_VERBS: dict[str, str] = {
    "run out": "expire",
    "sign off": "approve",
    "hand in": "submit",
    "turn up": "arrive",
    "show up": "arrive",
    "set up": "install",
    "shut down": "stop",
    "switch off": "stop",
    "turn off": "stop",
    "switch on": "start",
    "turn on": "start",
    "top up": "refill",
    "fill in": "complete",
    "log in": "access",
    "pay out": "pay",
    "call back": "call",
    "get rid": "dispose",
    "throw away": "dispose",
}
# The verb's inflections: "runs out", "ran out", "running out", "signed off", "handed in".
_INFLECTED: dict[str, tuple[str, ...]] = {
    "run": ("run", "runs", "ran", "running"),
    "set": ("set", "sets", "setting"),
    "shut": ("shut", "shuts", "shutting"),
    "pay": ("pay", "pays", "paid", "paying"),
    "log": ("log", "logs", "logged", "logging"),
    "top": ("top", "tops", "topped", "topping"),
    "get": ("get", "gets", "got", "getting"),
    "throw": ("throw", "throws", "threw", "thrown", "throwing"),
}
_ONE_WORD: dict[tuple[str, str], str] = {
    (form, particle): meaning
    for phrase, meaning in _PHRASAL_VERBS.items()
    for verb, particle in [phrase.split()]
    for form in _INFLECTED.get(verb, (verb, f"{verb}s", f"{verb}ed", f"{verb}ing"))
}
"""Each inflected phrasal verb, as (verb form, particle), and the one-word verb it means."""
_PHRASAL_RE = re.compile(
    r"\b((?:" + "|".join(rf"{form}\s+{particle}" for form, particle in _ONE_WORD) + r"))\b",
    re.IGNORECASE,
)


def _one_word(match: re.Match[str]) -> str:
    form, particle = match.group(1).lower().split()
    return _ONE_WORD[form, particle]


# Idioms whose words alone mean something else ("in a row" is not about rows, "days off" not
# about switching off, "di fila" not about queues), put as the plain word a document writes.
_IDIOMS: dict[Lang, dict[str, str]] = {
    "en": {
        "in a row": "consecutive",
        "days off": "holidays",
        "day off": "holiday",
        "time off": "leave",
        "from home": "remote",
    },
    "it": {"di fila": "consecutivi", "a distanza": "da remoto", "da casa": "da remoto"},
}
_IDIOM_RE: dict[Lang, re.Pattern[str]] = {
    lang: re.compile(r"\b(" + "|".join(re.escape(i) for i in idioms) + r")\b", re.IGNORECASE)
    for lang, idioms in _IDIOMS.items()
}
# A hyphenated compound ("two-hand", "warm-up", "part-time") is one word whose parts alone
# mean something else ("hand", "warm"): it is read written solid when the glossary lists it so.
_COMPOUND_RE = re.compile(r"\b([^\W\d_]+)-([^\W\d_]+)\b")


def _solid(match: re.Match[str], lang: Lang) -> str:
    joined = f"{match.group(1)}{match.group(2)}"
    return joined if stem(joined.lower(), lang) in _table()[lang] else match.group(0)


def spelled_out(question: str, lang: Lang) -> str:
    """The question with the words each business abbreviation stands for added after it, in
    the question's language ("R&D" -> "R&D research and development"); each idiom put as the
    plain word it means ("days off in a row" -> "holidays consecutive") and each hyphenated
    compound the glossary lists written solid ("two-hand" -> "twohand"); and, in English,
    each phrasal verb put as the one-word verb it means ("when does the warranty run out" ->
    "when does the warranty expire")."""
    question = _ABBREVIATION_RE.sub(
        lambda m: f"{m.group(1)} {_ABBREVIATIONS[m.group(1)][lang]}", question
    )
    idioms = _IDIOMS.get(lang, {})
    question = _IDIOM_RE[lang].sub(lambda m: idioms[m.group(1).lower()], question)
    question = _COMPOUND_RE.sub(lambda m: _solid(m, lang), question)
    return _PHRASAL_RE.sub(_one_word, question) if lang == "en" else question
