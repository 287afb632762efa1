"""Turn declarative sentences and table rows into real questions, in Italian or English.

No model: a sentence is split at its first main verb into subject and predicate; a copula
with a noun-like predicate gives "Qual è <subject>?" / "What is <subject>?", anything else
"What does <document> say about <subject>?". Leading time phrases ("Nel 2025 ...") move to
the end so the question reads naturally.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from ragoro.text import STOPWORDS, Lang

_IT_VERBS = (
    "si trova|si trovano|è stato|è stata|sono stati|sono state|deve essere|devono essere|può essere|possono essere|"
    "è|sono|era|erano|deve|devono|può|possono|va|vanno|viene|vengono|ha|hanno|prevede|"
    "richiede|comprende|include|resta|rimane|indica|indicano"
)
_EN_VERBS = (
    "must be|can be|may be|should be|will be|was|were|is|are|must|may|can|should|will|has|"
    "have|includes|requires|remains|covers|provides|indicates|means"
)
_VERB_RE: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(rf"\s({_IT_VERBS})\s"),
    "en": re.compile(rf"\s({_EN_VERBS})\s"),
}
_COPULAS = frozenset(
    [
        "è",
        "è stato",
        "è stata",
        "sono",
        "sono stati",
        "sono state",
        "era",
        "erano",
        "was",
        "were",
        "is",
        "are",
    ]
)
_LEAD_RE = re.compile(
    r"^((?:Nel|Nell'|Dal|Al|Entro il|In|During|For|At|On|By)\s+(?:[\w']+\s+){0,3}?\d{4}),?\s+(.+)$"
)
_TITLES_RE = re.compile(
    r"^(?:l'|il\s+|la\s+|the\s+)?(?:Avv|Dott|Dott\.ssa|Ing|Sig|Sig\.ra|Prof|Per|Mr|Mrs|Ms|Dr)\b\.?"
)
_NOUNISH_IT = frozenset(
    [
        "il",
        "lo",
        "la",
        "l",
        "i",
        "gli",
        "le",
        "un",
        "uno",
        "una",
        "di",
        "del",
        "dello",
        "della",
        "dei",
        "degli",
        "delle",
        "pari",
    ]
)
_NOUNISH_EN = frozenset(["the", "a", "an", "approximately", "about", "equal"])
_MAX_SUBJECT_WORDS = 14
# A sentence opening with a preposition or a conjunction has no noun-phrase subject.
_PREPOSITIONS = frozenset(
    [
        "nei",
        "nel",
        "nella",
        "nelle",
        "negli",
        "in",
        "per",
        "con",
        "da",
        "dal",
        "dalla",
        "dai",
        "al",
        "alla",
        "ai",
        "a",
        "su",
        "tra",
        "fra",
        "se",
        "quando",
        "dopo",
        "prima",
        "durante",
        "oltre",
        "for",
        "if",
        "when",
        "after",
        "on",
        "at",
        "during",
        "with",
        "by",
        "from",
        "before",
        "non",
        "not",
        "no",
        "si",
        "it",
        "this",
        "these",
        "they",
        "questo",
        "questa",
        "ciò",
    ]
)
# An aside in brackets ("Acme Ltd (a fictional company)") is no part of what a person
# asks about; a one-word bracket (an acronym, "(RSPP)") names the thing and stays.
_ASIDE_RE = re.compile(r"\s*\((?=[^)]*\s)[^)]*\)")
_INDEFINITE_RE = re.compile(r"(?:un|uno|una)\b|un'", re.IGNORECASE)


@dataclass(frozen=True)
class Clause:
    """A sentence cut at its first main verb."""

    subject: str
    verb: str
    predicate: str
    lead: str
    """A time phrase moved from the front ("nel 2025"), or ""."""


def flatten(text: str) -> str:
    """Collapse PDF line wraps and runs of spaces into single spaces."""
    return " ".join(text.split())


def split_clause(sentence: str, lang: Lang) -> Clause | None:
    """Subject, verb and predicate of a declarative sentence, or None when it has no
    short noun-phrase subject before a main verb."""
    flat = flatten(sentence).rstrip(".;: ")
    lead = ""
    match = _LEAD_RE.match(flat)
    if match is not None:
        lead, rest = match.group(1), match.group(2)
        lead = lead[0].lower() + lead[1:]
        flat = rest[0].upper() + rest[1:]
    verb_match = _VERB_RE[lang].search(flat)
    if verb_match is None:
        return None
    subject = _ASIDE_RE.sub("", flat[: verb_match.start()]).strip(" ,")
    words = subject.split()
    if not 2 <= len(words) <= _MAX_SUBJECT_WORDS:
        return None
    if words[-1].lower() in ("non", "not", "no") or "," in subject or ";" in subject:
        return None
    opener = words[0].lower()
    # "a" is an Italian preposition ("A partire dal ...") but the English article.
    if opener in _PREPOSITIONS and not (lang == "en" and opener == "a"):
        return None
    if not (subject[0].isupper() or subject[0].isdigit()):
        return None
    predicate = flat[verb_match.end() :].strip()
    if not predicate:
        return None
    return Clause(subject, verb_match.group(1), predicate, lead)


_VALUE_FIRST_RE = re.compile(
    r"(?:(?:di|del|pari a|approximately|about|around|equal to)\s+)?(?:[-+]?\d|€|\$|£|EUR\b|USD\b)"
)


def states_value(clause: Clause) -> bool:
    """True when a copula's complement is the number itself ("è di 28,5 litri",
    "was EUR 1,702.5 million"), so "Qual è <subject>?" asks exactly for that value."""
    return clause.verb in _COPULAS and _VALUE_FIRST_RE.match(clause.predicate) is not None


def lower_first(phrase: str, vocab: frozenset[str], lang: Lang) -> str:
    """Lowercase the first word when it is a common word (an article, or a word the
    document also writes in lowercase); proper nouns and acronyms keep their case."""
    head, sep, rest = phrase.partition(" ")
    word = head.split("'")[0]
    lowered = word.lower()
    if word.isupper() and len(word) > 1:
        return phrase
    if lowered in STOPWORDS[lang] or lowered in vocab:
        return head[: len(word)].lower() + head[len(word) :] + sep + rest
    return phrase


def _noun_like(predicate: str, lang: Lang) -> bool:
    first = re.split(r"[\s']", predicate, maxsplit=1)[0]
    if not first:
        return False
    if first[0].isdigit() or first[0] in "€$£" or first.isupper() or first[0].isupper():
        return True
    nounish = _NOUNISH_IT if lang == "it" else _NOUNISH_EN
    return first.lower() in nounish


def _tail(clause: Clause) -> str:
    return f" {clause.lead}" if clause.lead else ""


# A complement that only means something against what was said before ("are the only
# exception", "è lo stesso", "are the rest"): asked alone, "What are X?" gets "The only
# exception", which answers nothing.
_RELATIONAL_RE = re.compile(
    r"(?:the|an?|l'|la|lo|il|i|gli|le|un'|una|uno|un)\s*(?:only\s+|unic[oaie]\s+|sol[oaie]\s+)?"
    r"(?:exceptions?|eccezion[ei]|same|stess[oaie]|rest|rest[oi]|opposite|contrari[oa])\b",
    re.IGNORECASE,
)


def what_question(clause: Clause, vocab: frozenset[str], lang: Lang) -> str | None:
    """ "Qual è la capacità del serbatoio?" for a copula with a noun-like predicate."""
    if clause.verb not in _COPULAS or not _noun_like(clause.predicate, lang):
        return None
    if _RELATIONAL_RE.match(clause.predicate):
        return None
    subject = lower_first(clause.subject, vocab, lang)
    who = _TITLES_RE.match(clause.predicate) is not None
    if lang == "it":
        plural = clause.verb.startswith("sono") or clause.verb == "erano"
        if who:
            opener = "Chi sono" if plural else "Chi è"
        elif clause.verb == "è" and _INDEFINITE_RE.match(clause.predicate):
            opener = "Che cos'è"
        else:
            opener = {
                "è": "Qual è",
                "è stato": "Qual è stato",
                "è stata": "Qual è stata",
                "sono": "Quali sono",
                "sono stati": "Quali sono stati",
                "sono state": "Quali sono state",
                "era": "Qual era",
                "erano": "Quali erano",
            }[clause.verb]
        return f"{opener} {subject}{_tail(clause)}?"
    opener = "Who" if who else "What"
    return f"{opener} {clause.verb} {subject}{_tail(clause)}?"


# Italian "a" and "su" joined with the article that follows ("alla nota", "sull'olio").
_ARTICULATED = {
    "a": {"il": "al", "lo": "allo", "la": "alla", "i": "ai", "gli": "agli", "le": "alle"},
    "su": {"il": "sul", "lo": "sullo", "la": "sulla", "i": "sui", "gli": "sugli", "le": "sulle"},
}
_ELIDED = {"a": "all'", "su": "sull'"}


def _joined(preposition: str, phrase: str) -> str:
    """`preposition` + `phrase`, merged with the phrase's article as Italian writes it."""
    head, sep, rest = phrase.partition(" ")
    low = head.lower()
    if low.startswith("l'"):
        return _ELIDED[preposition] + head[2:] + sep + rest
    if low in _ARTICULATED[preposition]:
        return f"{_ARTICULATED[preposition][low]} {rest}"
    return f"{preposition} {phrase}"


def about_question(subject: str, title: str | None, vocab: frozenset[str], lang: Lang) -> str:
    """ "Cosa prevede il documento «T» riguardo alla nota spese?" for any other sentence;
    without a title (the subject names nothing another document also names) the question
    a person asks: "Cosa c'è da sapere sulla nota spese?"."""
    phrase = lower_first(subject, vocab, lang)
    if title is None:
        if lang == "it":
            return f"Cosa c'è da sapere {_joined('su', phrase)}?"
        return f"What should I know about {phrase}?"
    if lang == "it":
        return f"Cosa prevede il documento «{title}» riguardo {_joined('a', phrase)}?"
    return f"What does the document «{title}» say about {phrase}?"


def value_question(label: str, title: str | None, vocab: frozenset[str], lang: Lang) -> str:
    """ "Qual è il valore di «Massa della macchina» indicato nel documento «T»?" for a row;
    without a title (no other document names the label's words) "Qual è il valore di
    «Massa della macchina»?"."""
    if lang == "it":
        where = f" indicato nel documento «{title}»" if title is not None else ""
        return f"Qual è il valore di «{label}»{where}?"
    where = f" stated in the document «{title}»" if title is not None else ""
    return f"What is the {lower_first(label, vocab, lang)}{where}?"


def refusal_answer(topic: str, lang: Lang) -> str:
    """The reference answer of a refusal case."""
    if lang == "it":
        return f"Non lo so: i documenti non trattano {topic}."
    return f"I don't know: the documents do not cover {topic}."


def clarification_answer(quotes: list[tuple[str, str]], lang: Lang) -> str:
    """An answer that asks which one is meant, citing each conflicting value."""
    cited = "; ".join(f"«{flatten(text)}» ({doc})" for text, doc in quotes)
    if lang == "it":
        return f"La domanda è ambigua, i documenti riportano valori diversi: {cited}. A quale si riferisce?"
    return f"The question is ambiguous, the documents give different values: {cited}. Which one do you mean?"


COPULAS = _COPULAS
"""The copular verb forms ("è", "sono stati", "was"...) a what-question is written from."""

IT_VERBS = _IT_VERBS
"""The Italian main-verb forms a sentence is split at, as a regex alternation."""
EN_VERBS = _EN_VERBS
"""The English main-verb forms a sentence is split at, as a regex alternation."""
