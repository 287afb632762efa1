"""Which question terms the corpus can speak to: known ones, typo-corrected ones, unknown ones.

A question word the corpus never uses is either a misspelling of one it does use ("feire"),
a paraphrase the agent cannot see ("footage" for "immagini"), or a sign the question is about
something the documents do not cover ("parking"). The agent never refuses on such a word
alone: misspellings are corrected to the closest corpus word, and unknown words are left out
of the support score (they would lower every sentence alike) and only named in a refusal.
"""

from __future__ import annotations

import difflib
import re
from dataclasses import dataclass, replace

from evaluator.agents.glossary import agent_translations
from evaluator.agents.lexicon import DOCUMENT_TITLE_RE, QueryTerm
from evaluator.agents.support import CorpusStats, Sentence, coverage
from ragoro.text import Lang, stem
from ragoro.text.dates import years_in
from ragoro.text.entities import entity_tokens, word_forms
from ragoro.text.lang import STOPWORDS

__all__ = [
    "SplitTerms",
    "asked_head",
    "asked_owners",
    "asked_subject",
    "asks_existence",
    "attribute_share",
    "split_terms",
    "unmet_entities",
    "unmet_years",
]

_TYPO_MIN_LEN = 5
_TYPO_CUTOFF = 0.8
_TITLE_CHARS = 200
_HEADER_CHARS = 400


@dataclass(frozen=True)
class SplitTerms:
    """A question's terms sorted by what the corpus knows of them."""

    known: list[QueryTerm]
    """Terms found in some chunk (typos replaced by the corpus word they misspell)."""
    unknown: list[QueryTerm]
    """Words of five letters or more, and numbers, found in no chunk (short ones are
    mostly auxiliaries: "va", "make")."""


def split_terms(terms: list[QueryTerm], stats: CorpusStats, lang: str) -> SplitTerms:
    """Correct misspellings into the corpus vocabulary and set unknown words apart."""
    known: list[QueryTerm] = []
    unknown: list[QueryTerm] = []
    stop = STOPWORDS.get(lang, frozenset())
    for term in terms:
        if stats.rows_with(term):
            known.append(term)
            continue
        word = _correction(term, stats)
        if word in stop:
            continue  # a misspelt function word ("shoud"): no content to look for
        if word is not None:
            known.append(replace(term, stem=stats.surface_words[word], translations=frozenset()))
        elif term.is_number or len(term.word) >= _TYPO_MIN_LEN:
            unknown.append(term)
    return SplitTerms(known, unknown)


def _correction(term: QueryTerm, stats: CorpusStats) -> str | None:
    """The corpus word (as written) closest to a misspelt question word, compared as
    written (not as stems: short stems are too alike), with the same first two letters."""
    # A word the lexicon translates is a real word, not a misspelling ("mensa" is no "messa").
    if term.is_number or len(term.word) < _TYPO_MIN_LEN or term.translations:
        return None
    # Typos rarely hit the first two letters; requiring them keeps "spent" from becoming "sent".
    words = stats.surface_words_by_start.get(term.word[:2], ())
    match = difflib.get_close_matches(term.word, words, n=1, cutoff=_TYPO_CUTOFF)
    return match[0] if match else None


def unmet_entities(
    question: str, sentences: list[Sentence], stats: CorpusStats, lang: Lang | None = None
) -> list[str]:
    """Names the question asks about that the corpus knows but the answer's sentences lack.

    "Natural gas at the northern plant" answered from the southern plant's sentence is the
    classic near-miss. A name in the document's title line (the product a manual is about)
    is implied by the document and need not be repeated in the sentence, and a name the
    sentence or the title writes in the other language ("Italy" / "in Italia", "Group" /
    "Gruppo") is named there.
    """
    out = []
    # A document the question names («Title») says where to look, not what to find.
    for name in sorted(entity_tokens(DOCUMENT_TITLE_RE.sub(" ", question))):
        rows = stats.rows_with(QueryTerm(name, name))
        if not rows:
            continue
        if any(_names(name, s) or _topic_of(name, s.document_path, stats) for s in sentences):
            continue
        if lang is not None and any(
            _translated(name, lang, s) or _translated(name, lang, _title_of(s, stats))
            for s in sentences
        ):
            continue
        out.append(name)
    return out


def unmet_years(question: str, rows: list[int], stats: CorpusStats) -> list[str]:
    """Years the question asks about that neither the retrieved chunks nor the head of their
    documents (where a report or a policy states its year) mention.

    A figure reported for 2025 and 2024 is no figure for 2022: the wrong-year near-miss
    retrieves the right passage, and only the year tells it apart.
    """
    years = sorted(years_in(DOCUMENT_TITLE_RE.sub(" ", question)))
    if not years:
        return []
    texts = [stats.chunks[row].text for row in rows]
    texts += [
        stats.documents[path].text[:_HEADER_CHARS]
        for path in {stats.chunks[row].document_path for row in rows}
    ]
    return [y for y in years if not any(re.search(rf"(?<!\d){y}(?!\d)", t) for t in texts)]


def attribute_share(
    question: str, terms: list[QueryTerm], sentences: list[Sentence], stats: CorpusStats
) -> float:
    """Weighted share of the question's attribute words (its known terms that are neither
    names nor numbers) that the answer's sentences contain; 1.0 when it has none.

    "How much did the *Spare Parts* unit spend on *capital expenditure*?" answered with the
    unit's revenue sentence names the entity and misses the attribute: the near-miss whose
    attribute only a sibling (the Group) has. Names are set apart because they make such a
    sentence look well supported.
    """
    names = {name.lower() for name in entity_tokens(question)}
    attributes = [t for t in terms if not t.is_number and t.word not in names]
    tokens = frozenset().union(*(s.tokens for s in sentences))
    return coverage(attributes, tokens, {t: stats.weight(t) for t in attributes})


def _names(name: str, sentence: Sentence) -> bool:
    """Does the sentence name it? A table row names what its header names too: a cell is
    read under its column's name ("Italia" over "Taxi … 40,00 EUR")."""
    if _written_in(name, sentence.text, sentence.lang):
        return True
    return bool(sentence.header) and _written_in(name, sentence.header, sentence.lang)


def _written_in(name: str, text: str, lang: Lang) -> bool:
    """Is the name a word of the text? A letters-and-digits code is the same code with or
    without a hyphen or space between its letters and its digits ("xr100" / "XR-100")."""
    if name in word_forms(text, lang):
        return True
    return _CODE_RE.fullmatch(name) is not None and name in _codes(text)


# A model code as a question may write it ("px200"): letters, then digits.
_CODE_RE = re.compile(r"[a-z]+\d+")
# A code as a document prints it: letters, then digits, maybe parted by a hyphen or space.
_SPLIT_CODE_RE = re.compile(r"(?<![^\W\d_])([^\W\d_]+)[-\s]?(\d+)(?!\d)")


def _codes(text: str) -> set[str]:
    """The letters-and-digits codes of a text (capital letters, as codes are printed: "anno
    2025" is no code), lowercase and written without a separator."""
    return {a.lower() + b for a, b in _SPLIT_CODE_RE.findall(text) if a.isupper()}


def _translated(name: str, lang: Lang, sentence: Sentence) -> bool:
    """Does a sentence in another language name it by its translation ("Italy" / "Italia")?"""
    if sentence.lang == lang:
        return False
    return not agent_translations(stem(name, lang), lang).isdisjoint(sentence.tokens)


def _title_of(sentence: Sentence, stats: CorpusStats) -> Sentence:
    """The title line of a sentence's document, as a sentence of that document."""
    text = stats.documents[sentence.document_path].text.lstrip()
    title = text.split("\n", 1)[0][:_TITLE_CHARS]
    return Sentence(sentence.document_path, 0, len(title), title, sentence.lang)


def _topic_of(name: str, path: str, stats: CorpusStats) -> bool:
    """Is the name in the document's title (its first line)?"""
    text = stats.documents[path].text.lstrip()
    title = text.split("\n", 1)[0][:_TITLE_CHARS]
    return _written_in(name, title, stats.lang_of(path))


_EN_WHAT_RE = re.compile(
    r"^\W*what\s+(?:is|was|are|were)\s+(?:the\s+|a\s+|an\s+)?(?P<np>[^?,;]+?)"
    r"(?:\s+(?:of|for|in|at|on|to|from|by|between|among|within)\s|\?|$)",
    re.IGNORECASE,
)
# "Is there free staff parking at...?", "Do you offer a gym for...?": the thing asked after.
_EN_THERE_RE = re.compile(
    r"^\W*(?:(?:is|are)\s+there|(?:do|does)\s+(?:you|we|the\s+\w+|\w+)\s+"
    r"(?:have|offer|provide|give))\s+(?:a\s+|an\s+|any\s+|the\s+)?(?P<np>[^?,;]+?)"
    r"(?:\s+(?:of|for|in|at|on|to|from|by|with|between|among|within)\s|\?|$)",
    re.IGNORECASE,
)
_IT_THERE_RE = re.compile(
    r"^\W*(?:c'è|c’è|ci\s+sono|esiste|esistono)\s+(?:un\s+|una\s+|uno\s+|un'|il\s+|lo\s+|la\s+|"
    r"i\s+|gli\s+|le\s+|l'|dei\s+|degli\s+|delle\s+)?(?P<head>[^\W\d_]+)",
    re.IGNORECASE,
)
_IT_QUALE_RE = re.compile(
    r"^\W*(?:qual|quale|quali)\s*(?:è|e'|era|sono|erano)\s+(?:stat[oaie]\s+)?"
    r"(?:il\s+|lo\s+|la\s+|i\s+|gli\s+|le\s+|l')?"
    r"(?P<head>[^\W\d_]+)",
    re.IGNORECASE,
)


def asked_head(question: str) -> str | None:
    """The noun a "What is the X ...?" / "Is there X ...?" / "Qual è il X ...?" / "C'è X ...?"
    question asks for, lowercase: the last word of the English noun phrase ("the company's
    share *price*", "free staff *parking*"), the first of the Italian one ("lo *stipendio*
    annuo"). None for questions of other shapes."""
    for english in (_EN_WHAT_RE, _EN_THERE_RE):
        match = english.match(question)
        if match is not None:
            words = re.findall(r"[^\W\d_]+", match.group("np").replace("'s", ""))
            return words[-1].lower() if words else None
    for italian in (_IT_QUALE_RE, _IT_THERE_RE):
        match = italian.match(question)
        if match is not None:
            return match.group("head").lower()
    return None


_EN_OF_RE = re.compile(
    r"\bof\s+(?:the\s+|a\s+|an\s+|our\s+|your\s+|its\s+)?"
    r"(?P<np>[^\W\d_][\w'-]*(?:\s+[^\W\d_][\w-]*){0,2}?)"
    r"(?=\s+(?:of|for|in|at|on|to|from|by|during|with|and|or)\b|\s*[?,;]|\s*$)",
    re.IGNORECASE,
)
_IT_OF_RE = re.compile(
    r"\b(?:(?:di|del|dello|della|dei|degli|delle)\s+|(?:dell|d)'\s*)"
    r"(?:il\s+|lo\s+|la\s+|i\s+|gli\s+|le\s+|l')?"
    r"(?P<head>[^\W\d_]+)",
    re.IGNORECASE,
)


def asks_existence(question: str) -> bool:
    """An "Is there X ...?" / "Do you offer X ...?" / "C'è X ...?" question: it asks whether a
    thing exists, so only a sentence that names the thing answers it (a chunk that mentions
    it in passing beside a sentence about something else does not)."""
    return any(p.match(question) for p in (_EN_THERE_RE, _IT_THERE_RE))


def asked_owners(question: str) -> list[str]:
    """What the asked noun belongs to, lowercase: the head of each "of Y" / "di Y" after it
    ("the opening hours of the *canteen*", "gli orari di *apertura* della *mensa*"), for the
    question shapes `asked_head` reads; empty otherwise. An attribute of something the corpus
    never names cannot be answered, however well the attribute itself is covered."""
    if asked_head(question) is None:
        return []
    if any(english.match(question) for english in (_EN_WHAT_RE, _EN_THERE_RE)):
        owners = []
        for match in _EN_OF_RE.finditer(question):
            np = re.findall(r"[^\W\d_]+", match.group("np").replace("'s", ""))
            if np:
                owners.append(np[-1].lower())
        return owners
    return [m.group("head").lower() for m in _IT_OF_RE.finditer(question)]


_EN_HOW_RE = re.compile(
    r"^\W*how\s+(?:long|much|often|big|soon)\s+(?:is|was|are|were)\s+"
    r"(?:the|a|an|my|our|your|its)\s+(?P<np>[^?,;]+?)"
    r"(?:\s+(?:of|for|in|at|on|to|from|by|with|between|among|within|if|when)\s|\?|$)",
    re.IGNORECASE,
)
_IT_HOW_RE = re.compile(
    r"^\W*quant[oaie]\s+(?:dura|durano|costa|costano|vale|valgono)\s+"
    r"(?:il\s+|lo\s+|la\s+|i\s+|gli\s+|le\s+|l'|un\s+|una\s+|uno\s+|un')(?P<head>[^\W\d_]+)",
    re.IGNORECASE,
)


def asked_subject(question: str) -> str | None:
    """The thing whose attribute the question asks, lowercase: `asked_head`'s noun, or the
    noun of "How long/much is the X ...?" / "Quanto dura/costa il X ...?" ("the *warranty* on
    spare parts", "il *pranzo* in mensa"; the article is required: "how much was *spent*"
    names no thing). None for questions of other shapes.

    An answer whose text never names a subject the corpus does know talks about something
    else ("how long is the warranty on spare parts?" answered with their shipping time).
    """
    head = asked_head(question)
    if head is not None:
        return head
    match = _EN_HOW_RE.match(question)
    if match is not None:
        words = re.findall(r"[^\W\d_]+", match.group("np").replace("'s", ""))
        return words[-1].lower() if words else None
    match = _IT_HOW_RE.match(question)
    return match.group("head").lower() if match is not None else None
