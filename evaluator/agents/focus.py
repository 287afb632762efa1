"""Does the answer's sentence speak to the question's focus, or to a sibling of it?

Near-miss questions retrieve the right passage and ask something it does not say: the 2024
figure where the sentence gives 2025's, the certificate "ISO 45001" where the sentence names
ISO 14001, the probation "per gli apprendisti" where the sentence lists "per gli operai" and
"per gli impiegati", a "who" question answered by a sentence that names nobody, a phone number asked of
a sentence that states none. Word overlap
scores such a sentence well: these checks read what the sentence is *about* and refuse when
it is about a sibling of what was asked. Each looks at the sentence that gives the answer,
never at one missing word alone.
"""

from __future__ import annotations

import re
from collections.abc import Sequence
from functools import lru_cache
from typing import NamedTuple

from evaluator.agents.about import (
    contradicted_years,
    section_years,
    sibling_owner,
    someone_elses,
)
from evaluator.agents.contrasts import (
    sibling_dates,
    sibling_holders,
    sibling_identifiers,
    sibling_sizes,
)
from evaluator.agents.glossary import agent_translations
from evaluator.agents.kinds import asked_contact, gives_contact
from evaluator.agents.lexicon import DOCUMENT_TITLE_RE, QueryTerm
from evaluator.agents.modifiers import kind_noun, tells_kind, unmet_kind, unmet_qualifiers
from evaluator.agents.short_answer import asks_who, names_someone
from evaluator.agents.support import CorpusStats, Sentence, missing_terms
from evaluator.agents.wording import Elsewhere
from ragoro.text import Lang, Quantity, stem
from ragoro.text.dates import YEAR_RE
from ragoro.text.numbers import extract_quantities

__all__ = [
    "FocusMiss",
    "asks_kind",
    "contradicted_years",
    "focus_misses",
    "gives_kind",
    "no_code_given",
    "no_one_named",
    "no_time_given",
    "sibling_actions",
    "sibling_qualifiers",
    "sibling_slots",
    "unmet_identifiers",
]

# Where a report or a policy states its own year (as `vocabulary.unmet_years` reads it).
_HEAD_CHARS = 400


def unmet_identifiers(
    question: str, sentences: Sequence[Sentence], stats: CorpusStats, lang: Lang
) -> list[str]:
    """Bare identifying numbers of the question ("ISO 45001", "allarme A-114") that the
    corpus states somewhere but none of the answer's sentences does.

    A number with a unit ("2,000 euros", "8 ore") is a condition the answer may state
    differently (a threshold of 1,500), and a year is `contradicted_years`' business; a bare
    number of three digits or more names a thing, and a sentence about another thing with the
    same words is a sibling's answer."""
    flat = DOCUMENT_TITLE_RE.sub(" ", question)
    out = []
    for quantity in extract_quantities(flat, lang):
        digits = re.sub(r"\D", "", quantity.raw)
        if (
            quantity.unit is not None
            or len(digits) < 3
            or YEAR_RE.fullmatch(digits)
            or not quantity.number.is_integer()
        ):
            continue
        pattern = re.compile(rf"(?<![\d.,]){re.escape(digits)}(?![\d])")
        if flat[max(0, quantity.start - 1) : quantity.start].strip(" ") not in ("", "(", '"'):
            continue  # part of a code ("PX-200", "A-114"): the code's name, not a number
        if not any(pattern.search(c.text.replace(".", "")) for c in stats.chunks):
            continue  # a number the corpus never states: nothing to confuse it with
        if not any(pattern.search(s.text) for s in sentences):
            out.append(quantity.raw.strip())
    return out


def no_one_named(question: str, sentences: Sequence[Sentence]) -> bool:
    """A "who" question whose answer sentences name no person, office or role beyond what
    the question itself names ("Who chairs the Board?" answered with "approved by the
    Board of Directors on 12 March")."""
    return asks_who(question) and not any(names_someone(question, s.text) for s in sentences)


# The slot a qualifier fills: Italian "per" + article + noun ("per gli operai"), English
# "for" + optional determiner + noun ("for managers", "for the office staff").
_SLOT_RE: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(
        r"\bper\s+(?:(?:il|lo|la|i|gli|le|un|una|uno)\s+|(?:l|un)['’]\s*)"
        r"(?P<noun>[^\W\d_]{4,})",
        re.IGNORECASE,
    ),
    "en": re.compile(
        r"\bfor\s+(?:the\s+|a\s+|an\s+|all\s+|our\s+|your\s+)?(?P<noun>[^\W\d_]{4,})",
        re.IGNORECASE,
    ),
}


def _slot_nouns(text: str, lang: Lang) -> list[str]:
    pattern = _SLOT_RE.get(lang)
    return [m.group("noun").lower() for m in pattern.finditer(text)] if pattern else []


# An Italian noun and the noun that qualifies it: "filtro *di aspirazione*", "viti *del
# coperchio*". A sentence's "filtro di ritorno" answers for a sibling of "filtro di aspirazione".
_OF_RE = re.compile(
    r"(?P<head>[^\W\d_]{4,})\s+(?:di|del|dello|della|dei|degli|delle|dell['’]\s*)\s*"
    r"(?=(?P<noun>[^\W\d_]{4,}))",  # a lookahead: the noun may head the next pair
    re.IGNORECASE,
)


def _qualifiers(text: str, lang: Lang) -> dict[str, dict[str, str]]:
    """Stem of a noun -> stems of the nouns that qualify it in the text -> the noun as
    written (Italian only)."""
    out: dict[str, dict[str, str]] = {}
    if lang != "it":
        return out
    for m in _OF_RE.finditer(text.replace("\n", " ")):
        noun = m.group("noun").lower()
        out.setdefault(stem(m.group("head").lower(), lang), {})[stem(noun, lang)] = noun
    return out


@lru_cache(maxsize=8)
def _corpus_qualifiers(stats: CorpusStats) -> dict[str, set[str]]:
    """Every noun -> qualifier pair the corpus's Italian documents write."""
    out: dict[str, set[str]] = {}
    for path, document in stats.documents.items():
        for head, nouns in _qualifiers(document.text, stats.lang_of(path)).items():
            out.setdefault(head, set()).update(nouns)  # the stems
    return out


def sibling_qualifiers(
    question: str, lang: Lang, sentence: Sentence, stats: CorpusStats
) -> list[str]:
    """Nouns qualifying a noun of the question ("filtro *di aspirazione*") where the answer's
    sentence qualifies the same noun otherwise ("filtro *di ritorno*") and never names the
    asked qualifier, while the corpus does write the asked pair elsewhere: the corpus tells
    the two apart, and the sentence is about the sibling. A pair the corpus never writes
    ("orario *di servizio*" for its "orario di lavoro") is a paraphrase."""
    if sentence.lang != lang:
        return []
    theirs = _qualifiers(sentence.text, lang)
    known = _corpus_qualifiers(stats)
    out = []
    for head, nouns in _qualifiers(question, lang).items():
        if head not in theirs:
            continue
        for noun, written in nouns.items():
            forms = {noun, *agent_translations(noun, lang)}
            if forms & set(theirs[head]) or forms & sentence.tokens:
                continue
            if noun in known.get(head, set()):
                out.append(written)
    return out


# "What time / a che ora": a time of day answers it, a duration or a count does not.
_CLOCK_ASK_RE = re.compile(
    r"\bwhat\s+time\b|\ba\s+che\s+ora\b|\bda\s+che\s+ora\b|\bentro\s+che\s+ora\b",
    re.IGNORECASE,
)
_CLOCK_RE = re.compile(r"(?<![\d.,])(?:[01]?\d|2[0-3])[:.][0-5]\d(?![\d.,]\d)")


def no_time_given(question: str, sentences: Sequence[Sentence]) -> bool:
    """A what-time question whose answer states no time of day ("tre turni di otto ore")."""
    if _CLOCK_ASK_RE.search(question) is None:
        return False
    return not any(_CLOCK_RE.search(s.text) for s in sentences)


def asks_kind(question: str) -> bool:
    """A question asking for a kind of answer a sentence either has or lacks: someone (who),
    a time of day (what time), or a kind of a named thing (which type of oil: a sentence
    about the oil)."""
    return (
        asks_who(question)
        or _CLOCK_ASK_RE.search(question) is not None
        or kind_noun(question) is not None
    )


def gives_kind(question: str, sentence: Sentence) -> bool:
    """Does the sentence carry the kind of answer `asks_kind` reads in the question?"""
    if _CLOCK_ASK_RE.search(question) is not None:
        return _CLOCK_RE.search(sentence.text) is not None
    noun = kind_noun(question)
    if noun is not None:
        return tells_kind(noun, sentence)
    return names_someone(question, sentence.text)


_CODE_ASK_RE = re.compile(r"\b(?:codice|code|part number|numero di parte)\b", re.IGNORECASE)
_CODE_RE = re.compile(r"\b[A-Z]{1,4}(?:-[A-Z0-9]{1,6}){1,3}\b")


def no_code_given(question: str, sentences: Sequence[Sentence]) -> bool:
    """A question asking for a code ("which part code...") whose answer states none."""
    if _CODE_ASK_RE.search(question) is None:
        return False
    asked = set(_CODE_RE.findall(question))
    return not any(set(_CODE_RE.findall(s.text)) - asked for s in sentences)


def sibling_slots(question: str, lang: Lang, sentence: Sentence, stats: CorpusStats) -> list[str]:
    """Qualifiers of the question ("per gli *apprendisti*") that the answer's sentence, in
    the question's language, fills with other nouns only ("per gli *operai* ... per gli
    *impiegati*"): the sentence gives its values for siblings of what was asked.

    Only the same construction in the same language counts, so a paraphrase elsewhere in the
    sentence never triggers it; and only when the sentence lists two or more siblings, or the
    asked one is a word the corpus never uses: "per il dipendente" against "per il personale"
    is a paraphrase."""
    if sentence.lang != lang:
        return []
    theirs = {stem(n, lang) for n in _slot_nouns(sentence.text, lang)}
    if not theirs:
        return []
    out = []
    for noun in _slot_nouns(question, lang):
        own = stem(noun, lang)
        forms = {own, *agent_translations(own, lang)}
        if forms & sentence.tokens or forms & theirs:
            continue
        if len(theirs) >= 2 or not stats.rows_with(QueryTerm(noun, own, frozenset(forms - {own}))):
            out.append(noun)
    return out


# The action a passive names: "va *sostituito*", "deve essere *pulito*", "should be *replaced*".
_ACTION_RE: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(
        r"\b(?:va|vanno|deve|devono|viene|vengono)\s+(?:essere\s+)?"
        r"(?P<verb>[^\W\d_]{3,}(?:at|it|ut)[oaie])\b",
        re.IGNORECASE,
    ),
    "en": re.compile(r"\b(?:be|been|is|are|was|were)\s+(?P<verb>[^\W\d_]{3,}ed)\b", re.IGNORECASE),
}


# The action a question asks about is one to be done: a modal or infinitive passive ("va
# sostituito", "must be replaced"). "What is included in...", "Cosa viene fornito nel..."
# ask what a thing holds, a state, and name no action a sibling could be done instead of.
_ASKED_ACTION_RE: dict[Lang, re.Pattern[str]] = {
    "it": re.compile(
        r"\b(?:va|vanno|deve|devono)\s+(?:essere\s+)?(?P<verb>[^\W\d_]{3,}(?:at|it|ut)[oaie])\b",
        re.IGNORECASE,
    ),
    "en": re.compile(r"\b(?:be|been)\s+(?P<verb>[^\W\d_]{3,}ed)\b", re.IGNORECASE),
}


def _actions(
    text: str, lang: Lang, patterns: dict[Lang, re.Pattern[str]] = _ACTION_RE
) -> dict[str, str]:
    """Stem -> the participle as written, of every action the text puts in the passive
    (`patterns`: the construction read, by language)."""
    pattern = patterns.get(lang)
    if pattern is None:
        return {}
    verbs = (m.group("verb").lower() for m in pattern.finditer(text.replace("\n", " ")))
    return {stem(verb, lang): verb for verb in verbs}


@lru_cache(maxsize=8)
def _corpus_actions(stats: CorpusStats) -> frozenset[str]:
    """Every action the corpus's documents put in the passive construction, as stems."""
    out: set[str] = set()
    for path, document in stats.documents.items():
        out.update(_actions(document.text, stats.lang_of(path)))
    return frozenset(out)


def sibling_actions(
    question: str, lang: Lang, sentences: Sequence[Sentence], stats: CorpusStats
) -> list[str]:
    """Actions the question asks about ("ogni quante ore va *sostituito* il filtro?") where
    the answer's sentence, in the question's language, puts another action on its subject
    ("deve essere *pulito* ogni 500 ore") and never the asked one, while the corpus does
    write the asked action elsewhere: the sentence answers for a sibling action (cleaning,
    checking) of the asked one (replacing). Only an action asked as one to be done counts
    ("must be replaced", not "what is included"). `sentences` are those the answer shows."""
    own = [s for s in sentences if s.lang == lang]
    theirs: set[str] = set().union(*(_actions(s.text, lang) for s in own))
    if not theirs:
        return []
    tokens = frozenset().union(*(s.tokens for s in own))
    known = _corpus_actions(stats)
    out = []
    for action, written in sorted(_actions(question, lang, _ASKED_ACTION_RE).items()):
        forms = {action, *agent_translations(action, lang)}
        if forms & theirs or forms & tokens or action not in known:
            continue
        out.append(written)
    return out


class FocusMiss(NamedTuple):
    """The question's words an answer misses, and whether the documents give the value for
    another entity or year (`wording.refusal` says so) rather than lack those words."""

    terms: list[QueryTerm]
    elsewhere: Elsewhere = None


def focus_misses(
    question: str,
    lang: Lang,
    best: Sentence,
    chosen: Sequence[Sentence],
    stats: CorpusStats,
    *,
    terms: Sequence[QueryTerm],
    numeric: bool,
    quantity: Quantity | None = None,
) -> FocusMiss:
    """What of the question's focus the answer misses (no terms: it speaks to the focus).

    `best` is the sentence that gives the answer, `chosen` every sentence shown with it;
    `numeric` says the question also asks a quantity ("Chi dirige X e quanta elettricità..."),
    whose sentence need name no one; `quantity` is the value the answer gives from `best`."""
    head = stats.documents[best.document_path].text[:_HEAD_CHARS]
    years = contradicted_years(question, best, head, section_years(best, stats))
    if years:
        return FocusMiss([QueryTerm(y, y, is_number=True) for y in years], "year")
    owners = sibling_owner(question, lang, best, quantity, stats) or someone_elses(
        question, lang, chosen, stats
    )
    if owners:
        return FocusMiss([QueryTerm(name, name) for name in owners], "entity")
    codes = unmet_identifiers(question, [best], stats, lang)
    if codes:
        return FocusMiss([QueryTerm(c, c, is_number=True) for c in codes])
    days = sibling_dates(question, [s.text for s in chosen])
    if days:
        return FocusMiss([QueryTerm(d, d) for d in days], "date")
    series = sibling_identifiers(question, [s.text for s in chosen])
    series += sibling_sizes(question, lang, [(s.text, s.lang) for s in chosen])
    series += sibling_holders(question, lang, [(s.text, s.lang) for s in chosen])
    if series:
        return FocusMiss([QueryTerm(c, c) for c in series], "entity")
    slots = (
        sibling_slots(question, lang, best, stats)
        or sibling_qualifiers(question, lang, best, stats)
        or sibling_actions(question, lang, chosen, stats)
        or unmet_qualifiers(question, lang, best, stats)
    )
    if slots:
        return FocusMiss([QueryTerm(n, stem(n, lang)) for n in slots])
    kind = unmet_kind(question, list(chosen))
    if kind:
        return FocusMiss(kind)
    contact = asked_contact(question)
    if contact is not None and not gives_contact(contact, [c.text for c in chosen]):
        return FocusMiss(missing_terms(terms, best.tokens) or list(terms))
    if no_code_given(question, chosen) or no_time_given(question, chosen):
        return FocusMiss(missing_terms(terms, best.tokens) or list(terms))
    if not numeric and no_one_named(question, chosen):
        return FocusMiss(missing_terms(terms, best.tokens) or list(terms))
    return FocusMiss([])
