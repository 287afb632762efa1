"""What a sentence is about: the year and the entity its value belongs to.

A near-miss question retrieves the right passage and asks for another row of it: the 2024
share where the section reports 2025 ("Al 31 dicembre 2025 il Gruppo contava 1.200
dipendenti. Le donne rappresentavano il 31,5%..."), the Group's water where the sentence
gives one plant's ("Il prelievo idrico dello stabilimento di Verona ... è stato di 12.300
m³"). Word overlap scores such a sentence well, and the document's title ("... del Gruppo
Aurora") even names the asked entity. These functions read whom and when the
sentence's value is stated for: its own years, else those its section has just stated;
and the name it puts before its value, the value's owner.
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from evaluator.agents.glossary import agent_translations
from evaluator.agents.lexicon import DOCUMENT_TITLE_RE, QueryTerm
from evaluator.agents.short_answer import asks_who, names_someone
from evaluator.agents.support import CorpusStats, Sentence, term_in
from ragoro.text import Lang, Quantity, content_tokens, stem
from ragoro.text.dates import YEAR_RE, find_dates, is_month_name, years_in
from ragoro.text.entities import entity_tokens, word_forms

__all__ = [
    "contradicted_years",
    "day_years",
    "included_only",
    "period_years",
    "section_years",
    "sibling_owner",
    "someone_elses",
]

# How far back in its section a sentence's period is looked for.
_SECTION_LOOKBACK = 4
_NAME_RE = re.compile(r"\b[^\W\d_][^\W\d_]+\b")
# What puts a name in the owner's or the place's slot: a preposition of place or belonging
# right before it ("dello stabilimento di X", "d'X", "at the X plant", "the Rest of X").
_OWNER_LEAD_RE = re.compile(
    r"(?:\b(?:di|del|dello|della|dei|degli|delle|a|in|nel|nello|nella|presso|at|of|for)"
    r"\s+(?:the\s+)?|\b(?:d|dell|nell|all)['’])$",
    re.IGNORECASE,
)
# ... or a possessive right after it ("X's plant").
_POSSESSIVE_RE = re.compile(r"['’]s\b")
# A name followed by a number labels a reference ("Table 3", "Scope 1", "Tabella 3"), no owner.
_LABEL_RE = re.compile(r"\s*\d")


def section_years(sentence: Sentence, stats: CorpusStats) -> set[str]:
    """The years a sentence's statement is for: those it states, else those of the nearest
    earlier sentence of its section that states any ("Al 31 dicembre 2025 il Gruppo contava
    1.200 dipendenti." dates the next sentence's shares). A year that earlier sentence gives
    only as the base of a comparison ("Net profit for 2025 was 118.6, up from 99.2 in 2024.
    The net profit margin was 7.0%.") dates the compared value, not what follows. A heading
    ends the section; empty when nothing before it in the section states a year."""
    own = period_years(sentence.text)
    if own:
        return own
    for before in reversed(stats.sentences_before(sentence, _SECTION_LOOKBACK)):
        years = period_years(before.text)
        if years:
            return (years - _compared_years(before.text)) or years
        if before.is_heading:
            break
    return set()


def _years_by_role(text: str) -> tuple[set[str], set[str]]:
    """The years a text states standing alone, and those it states only as the year of a
    day ("3 May 2024", "1° luglio 2024")."""
    years = years_in(text)
    days = [d for d in find_dates(text) if len(d.iso) == len("2026-03-12")] if years else []
    if not days:
        return years, set()
    alone = {
        m.group()
        for m in YEAR_RE.finditer(text)
        if not any(d.start <= m.start() < d.end for d in days)
    }
    return alone, years - alone


def period_years(text: str) -> set[str]:
    """The years a text states as the period it speaks of ("for fiscal year 2025", "nel
    2025"), leaving out those it gives only as the year of a day: "On 3 May 2024 the council
    approved a grant budget for fiscal year 2023" places an event on a day and states the
    budget's period, 2023. All its years when it states none standing alone (a day's date is
    then all it says of time)."""
    alone, of_days = _years_by_role(text)
    return alone or of_days


def day_years(text: str) -> set[str]:
    """The years a text gives only as the year of a day ("on 3 May 2024")."""
    return _years_by_role(text)[1]


def contradicted_years(
    question: str, sentence: Sentence, head: str = "", stated: set[str] | None = None
) -> list[str]:
    """Years the question asks about when the answer's sentence states other years only.

    "The water intensity in 2025 was 1.42" is no answer to "...in 2024?", and a comparison
    of 2025 with 2024 none to "...growth in 2024 compared with 2023?": every asked year must
    be one the sentence is for. A sentence that
    states no year (a table row under a year heading) contradicts nothing, and neither does
    one of a document whose `head` (its opening) states the asked year: a 2025 report's
    "up from 410.2 in 2024" reports 2025 with a comparison. `stated` gives the years the
    sentence is for when its section dates it (`about.section_years`)."""
    flat = DOCUMENT_TITLE_RE.sub(" ", question)
    asked = years_in(flat) - period_years(head)
    if stated is None:
        stated = period_years(sentence.text)
    if not asked or not stated or asked <= stated:
        return []
    # A day asked ("approved on 3 May 2024") is met by the sentence naming that day.
    on_day = day_years(flat) & years_in(sentence.text)
    return sorted(asked - stated - on_day)


# The base of a comparison: "up 19.6% from EUR 99.2 million in 2024", "compared with 14.4% in
# 2024", "rispetto ai 40.270 MWh del 2024". Its year dates the compared value only.
_COMPARED_RE = re.compile(
    r"\b(?:from|compared\s+(?:with|to)|than|versus|vs\.?|rispetto\s+a[il]?|rispetto\s+agli"
    r"|rispetto\s+all[ae]?['’]?)\b(?:[^.;]|\.(?=\d)){0,40}?(?<!\d)((?:19|20)\d\d)(?!\d)",
    re.IGNORECASE,
)


def _compared_years(text: str) -> set[str]:
    """Years a sentence gives only as the base of a comparison."""
    return {m.group(1) for m in _COMPARED_RE.finditer(" ".join(text.split()))}


def _owners_before(sentence: Sentence, end: int, stats: CorpusStats) -> set[str]:
    """Capitalised names the sentence writes before its value in an owner's or a place's
    slot ("di X", "at the X plant", "X's"), lowercase, that few chunks name (a plant, a
    region; not the company, a unit or an acronym). A capitalised word in any other place
    ("(Scope 1)", "As reported in Table 3") is a label or a title, not whose value it is."""
    flat = sentence.text.replace("\n", " ").replace("\f", " ")
    names = entity_tokens(flat)
    out = set()
    for m in _NAME_RE.finditer(flat[:end]):
        word = m.group(0)
        lower = word.lower()
        if lower not in names or not (word[0].isupper() and word[1:].islower()):
            continue
        # "At 31 December 2025 the workforce was 1,200": the month dates the value, owns none.
        if is_month_name(word):
            continue
        if not _owner_slot(flat, m.start(), m.end()):
            continue
        if stats.is_specific(lower):
            out.add(lower)
    return out


def _owner_slot(text: str, start: int, end: int) -> bool:
    """Does the name at text[start:end] stand where an owner or a place is written?"""
    if _LABEL_RE.match(text, end):
        return False
    if _POSSESSIVE_RE.match(text, end):
        return True
    return _OWNER_LEAD_RE.search(text[max(0, start - 20) : start]) is not None


def sibling_owner(
    question: str, lang: Lang, sentence: Sentence, quantity: Quantity | None, stats: CorpusStats
) -> list[str]:
    """Names the question asks a value of that the sentence gives to another entity: the
    sentence names neither them nor their translation, and does name, before its value, a
    specific entity the question does not ("the Group's water" answered with "il prelievo
    idrico dello stabilimento di Verona ... 12.300 m³"; "the revenue in Germany" answered
    with the Rest of Europe's). The document's title naming the asked entity does not make
    it the value's owner."""
    if quantity is None:
        return []
    return _another_owner(question, lang, sentence, quantity.start, stats)


def someone_elses(
    question: str, lang: Lang, sentences: Sequence[Sentence], stats: CorpusStats
) -> list[str]:
    """Names a "who" question asks about ("Who is the plant manager in *Suzhou*?") that an
    answer's sentence naming someone never names, giving its person to another entity
    instead ("Il direttore dello stabilimento di *Torino* è l'Ing. Federica Sala"): that is
    the sibling's person. Only when the sentence names none of the asked names."""
    if not asks_who(question):
        return []
    for sentence in sentences:
        if not names_someone(question, sentence.text):
            continue
        end = len(sentence.text)
        unnamed = _another_owner(question, lang, sentence, end, stats, every=True)
        if unnamed:
            return unnamed
    return []


def _another_owner(
    question: str,
    lang: Lang,
    sentence: Sentence,
    end: int,
    stats: CorpusStats,
    *,
    every: bool = False,
) -> list[str]:
    """The question's names the sentence does not name (all of them when `every`), when it
    names before `end`, in an owner's slot, a specific entity the question does not."""
    flat = DOCUMENT_TITLE_RE.sub(" ", question)
    # A proper name the corpus never writes ("Germany") is asked about as much as a known
    # one; an unknown acronym may be an abbreviation the documents spell out.
    proper = {m.group(0).lower() for m in _NAME_RE.finditer(flat) if m.group(0)[1:].islower()}
    asked = {
        name
        for name in entity_tokens(flat)
        if stats.rows_with(QueryTerm(name, name)) or name in proper
    }
    forms = word_forms(sentence.text, sentence.lang)
    unnamed = [
        name
        for name in sorted(asked)
        if name not in forms and agent_translations(stem(name, lang), lang).isdisjoint(forms)
    ]
    if not unnamed or (every and len(unnamed) < len(asked)):
        return []
    question_forms = word_forms(question, lang)
    owners = {
        owner
        for owner in _owners_before(sentence, end, stats)
        if owner not in question_forms
        and agent_translations(stem(owner, sentence.lang), sentence.lang).isdisjoint(question_forms)
    }
    return unnamed if owners else []


# A list of what a value includes: "comprensivo di A, B e C", "including A, B and C".
_INCLUSION_RE = re.compile(
    r"\b(?:comprensiv[oaie]\s+d[ie]|inclus[oaie]|compres[oaie]|tra\s+cui|including|includes"
    r"|included|such\s+as)\s+(?P<list>[^.;:()]*?\s(?:e|ed|and|or|o)\s+[^\W\d_]+)",
    re.IGNORECASE,
)


def included_only(terms: list[QueryTerm], sentence: Sentence) -> list[QueryTerm]:
    """The question's terms a sentence names only in a list of what its value includes.

    "Il costo complessivo della trasferta, comprensivo di viaggio, vitto e alloggio, è stato
    di 1.200 euro" gives the total's value, not the lodging's: a part named among what a
    whole includes does not own the whole's figure."""
    flat = " ".join(sentence.text.split())
    spans = [m.span("list") for m in _INCLUSION_RE.finditer(flat)]
    if not spans:
        return []
    outside = flat
    for start, end in reversed(spans):
        outside = f"{outside[:start]} {outside[end:]}"
    inside = frozenset(content_tokens(" ".join(flat[a:b] for a, b in spans), sentence.lang))
    rest = frozenset(content_tokens(outside, sentence.lang))
    return [t for t in terms if not t.is_number and term_in(t, inside) and not term_in(t, rest)]
