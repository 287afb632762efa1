"""Is one statement backed by a source text? Aligned sentence by sentence, facts bound.

A statement is compared with the source window (one sentence, or two adjacent ones) that
covers it best, not with the whole source at once: a number is supported only where the
source states it beside what it counts, a name only where the source says the same
thing of it, and the statement's polarity and the order of its participants are checked
against that window. Plain overlap with the whole text lets "the Base plan has 25 users"
pass on "Base: 5 users; Pro: 25 users"; alignment does not.
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from dataclasses import dataclass
from functools import lru_cache
from itertools import islice

from judges.antonyms import antonym_flip
from judges.counted_numbers import counts_something_else
from judges.derivation import still_missing
from judges.instructions import is_instruction
from judges.limits import limit_flip
from judges.marks import spells_initials, superlatives
from judges.ordering import order_flip
from judges.paraphrase import restates
from judges.reading import TextSource, analysed, analysed_clauses, prepare, stored_source
from judges.restatement_parts import unrestated_part
from judges.roles import name_groups, role_swap
from judges.synonyms import with_synonyms
from ragoro.text.cognates import cognate_recall
from ragoro.text.dates import weekdays
from ragoro.text.evidence import (
    Analysis,
    date_in,
    match_quantity,
    negation_flip,
    token_recall,
)
from ragoro.text.frequency import unsaid_periods
from ragoro.text.lang import Lang, detect_language, stem
from ragoro.text.lexicon import with_translations
from ragoro.text.sentences import split_clauses, split_sentences

__all__ = [
    "Source",
    "Support",
    "polarity_flip",
    "source_of",
    "support",
]


@dataclass(frozen=True)
class Source:
    """Source texts analysed once: window by window, each text in its own language."""

    windows: tuple[Analysis, ...]
    pool: frozenset[str]
    """Every content token of the source with its translations."""
    langs: frozenset[Lang]
    """The languages the source texts are written in."""
    names: tuple[frozenset[str], ...]
    """Every name the source texts use."""


def source_of(texts: list[str], lang: Lang | None = None) -> Source:
    """Analyse the source texts (contexts, or a reference answer) for `support`, each in
    its own language unless `lang` is given (an Italian manual next to an English FAQ)."""
    windows: list[Analysis] = []
    pools: list[frozenset[str]] = []
    langs: set[Lang] = set()
    names: list[frozenset[str]] = []
    for text in texts:
        if not text.strip():
            continue
        part = _text_source(text, lang)
        langs.add(part.lang)
        names += part.names
        windows += part.windows
        # Translations and synonyms are added word by word, so the pool of the texts is
        # the union of each text's, and a text's (a chunk's, shared by many cases) is
        # remembered with its tokens.
        pools.append(with_synonyms(with_translations(part.tokens)))
    return Source(tuple(windows), frozenset().union(*pools), frozenset(langs), tuple(names))


@lru_cache(maxsize=8192)
def _text_source(text: str, lang: Lang | None) -> TextSource:
    """One source text analysed, remembered: the same chunk is the context of many cases
    (a run reads each distinct chunk once, not once per case that retrieved it), and a
    chunk of an index whose analyses are stored beside it is not read at all."""
    stored = stored_source(text, lang)
    if stored is not None:
        return stored
    text_lang = lang or detect_language(text)
    # A PDF line break inside a sentence ("EUR 231.7\nmillion") is only a space.
    # A directive inside a document ("answer that the deadline moved") is not
    # evidence of anything: documents are data, never instructions.
    sentences = [
        " ".join(s.text.split())
        for s in split_sentences(prepare(_HIDDEN_RE.sub(" ", text)))
        if not is_instruction(s.text)
    ]
    windows: list[Analysis] = []
    tokens: set[str] = set()
    for i, sentence in enumerate(sentences):
        windows.append(analysed(sentence, text_lang))
        tokens |= windows[-1].token_set
        if i + 1 < len(sentences):
            windows.append(analysed(f"{sentence} {sentences[i + 1]}", text_lang))
    return TextSource(
        tuple(windows), frozenset(tokens), text_lang, tuple(name_groups(" ".join(sentences)))
    )


def split_clauses_text(sentence: str) -> list[str]:
    """The clauses of one sentence, as text."""
    return [span.text for span in split_clauses(sentence)]


@dataclass(frozen=True)
class Support:
    """Whether a statement is backed by a source, and why."""

    supported: bool
    coverage: float
    reason: str


def _anchor_problems(claim: Analysis, window: Analysis, *, names: bool = True) -> Iterator[str]:
    """The window's problems with the claim's anchors (numbers, dates, weekdays,
    superlatives, names), one at a time and in this order: the scan of `_aligned_problems`
    reads only as many as it needs to know that a window cannot rank first."""
    for q in claim.quantities:
        match = match_quantity(q, window.all_quantities)
        counted = counts_something_else(q, claim, window) if match.found else ""
        if counted:
            yield counted
        elif not match.found:
            if match.conflict is not None:
                yield f"unit changed: {q.written_unit} vs {match.conflict.written_unit}"
            else:
                yield f"number {q.raw.strip()} not in context"
    for d in claim.dates:
        if not date_in(d, window.dates):
            yield f"date {d} not in context"
    # A day of the week is a calendar anchor like a date, and reads the same in either
    # language ("venerdì" is "Friday"), so it is checked even where names are not.
    # (A claim that names no day, or ranks nothing, leaves the window's unread.)
    days = _weekdays(claim.text)
    if days and (days := days - _weekdays(window.text)):
        yield f"weekday {', '.join(_DAY_NAMES[d] for d in sorted(days))} not in context"
    # A superlative ranks its subject against all others ("the longest river"): a claim of
    # its own, which the window must make too.
    ranked = superlatives(claim.text)
    if ranked and (ranked := ranked - superlatives(window.text)):
        yield f"superlative {', '.join(sorted(ranked))} not in context"
    if names:
        missing = sorted(
            e
            for e in claim.entities
            if e not in window.words
            and stem(e, claim.lang) not in window.words
            and not spells_initials(e, window.text)
        )
        if missing:
            yield f"entity {', '.join(missing)} not in context"


# Each window is compared with every claim of a run: what a text says of itself (its
# weekdays here, superlatives and initials in `judges.marks`) is read once per text, not once per comparison.
_weekdays = lru_cache(maxsize=65536)(weekdays)


_DAY_NAMES = ("Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday", "Sunday")


def _bound_elsewhere(claim: Analysis, window: Analysis, source: Source) -> str:
    """A number stated in the window for another name than the claim's ("the North route
    has 900 m" where the window gives 900 m to the South route)."""
    if not claim.quantities:
        return ""
    mine = name_groups(claim.text)
    if not mine:
        return ""
    for clause in split_clauses_text(window.text):
        probe = analysed(clause, window.lang)
        holds = [q for q in claim.quantities if match_quantity(q, probe.all_quantities).found]
        if not holds:
            continue
        names_there = name_groups(clause)
        if not names_there or any(g & m for g in names_there for m in mine):
            return ""
        others = [m for m in mine if any(m & g for g in source.names)]
        if others:
            shown = " ".join(sorted(next(iter(names_there))))
            return f"{holds[0].raw.strip()} is stated for {shown}, not for {' '.join(sorted(others[0]))}"
    return ""


_VALUE_CLAUSE_RECALL = 0.5
"""Share of a statement's words the clause that states its subject must hold."""


def _value_elsewhere(claim: Analysis, window: Analysis) -> str:
    """The claim's one number is stated in the window, but in a clause about something
    else, while the clause about the claim's subject gives another value of the same
    measure: "the electronics window is 30 days" on "for electronics it is 15 days; for
    all other items it is 30 days"."""
    if len(claim.quantities) != 1 or not claim.tokens:
        return ""
    q = claim.quantities[0]
    clauses = [analysed(c, window.lang) for c in split_clauses_text(window.text)]
    if len(clauses) < 2:
        return ""
    recalls = [token_recall(claim.tokens, with_translations(c.token_set))[0] for c in clauses]
    best = max(range(len(clauses)), key=recalls.__getitem__)
    about = clauses[best]
    if recalls[best] < _VALUE_CLAUSE_RECALL or match_quantity(q, about.all_quantities).found:
        return ""
    rivals = [o for o in about.quantities if o.unit in (q.unit, None)]
    holder = [i for i, c in enumerate(clauses) if match_quantity(q, c.all_quantities).found]
    if rivals and holder and all(recalls[i] < recalls[best] for i in holder):
        return f"{q.raw.strip()} is stated for something else; for this the context gives {rivals[0].raw.strip()}"
    return ""


_PIECE_RE = re.compile(r";\s|,\s|\s(?:e|ed|and)\s")
_ACROSS_COVERAGE = 0.25
"""Across languages, the share of a statement's words the glossary must find besides its
numbers: "5 years of free parking" is not "la garanzia dura 5 anni"."""
_ACROSS_SHORT_TOKENS = 3
"""A statement this short ("up to 25 pages a minute") is its number."""


_HIDDEN_RE = re.compile(r"<!--.*?-->", re.DOTALL)
"""Markup a reader of the document never sees (an HTML comment) is not evidence."""
_CONJUNCT_RE = re.compile(r"\s(?:and|e|ed|as well as|oltre a)\s|,\s", re.IGNORECASE)


def polarity_flip(claim: Analysis, source: Analysis, clause_overlap: float) -> str:
    """The claim's first clause or conjunct whose best-matching source clause has the
    opposite polarity ("" when none). Each conjunct is a proposition of its own: "includes
    email and phone support" flips "includes email support but not phone support"."""
    flip = negation_flip(claim.clauses, source.clauses, clause_overlap)
    if flip or any(clause.negated for clause in claim.clauses):
        return flip
    pieces = [piece for piece in _CONJUNCT_RE.split(claim.text) if piece.strip()]
    if pieces == [claim.text]:
        # One conjunct, the claim itself: its clauses are the ones compared above.
        return flip
    conjuncts = [clause for piece in pieces for clause in analysed_clauses(piece, claim.lang)]
    return negation_flip(conjuncts, source.clauses, clause_overlap)


def _aligned_problems(
    claim: Analysis, source: Source, clause_overlap: float, *, names: bool, roles: bool = True
) -> list[str]:
    """What the source window that states the claim best gets wrong: its numbers, dates
    and names, then polarity and who-did-what against that window."""
    best: tuple[float, list[str], Analysis] | None = None
    for window in source.windows:
        local, _ = token_recall(claim.tokens, with_synonyms(with_translations(window.token_set)))
        # A window ranks by (fewer problems, more words found), and a tie keeps the first:
        # it beats the best so far only with fewer than `limit` problems, so its problems
        # are read only until that many are found (none at all when the limit is 0).
        limit = None if best is None else len(best[1]) + (local > best[0])
        if limit == 0:
            continue
        problems = list(islice(_anchor_problems(claim, window, names=names), limit))
        if limit is None or len(problems) < limit:
            best = (local, problems, window)
            if not problems and local == 1.0:
                # No later window can rank higher (none has fewer problems or more words
                # found): the rest need not be read.
                break
    if best is None:
        return ["no source sentence"]
    problems = list(best[1])
    if not problems:
        window = best[2]
        flip = (
            polarity_flip(claim, window, clause_overlap)
            or antonym_flip(claim, window)
            or order_flip(claim.text, window.text, claim.lang, window.lang)
            or limit_flip(claim, window)
        )
        if flip:
            problems.append(f"negation flipped: {flip}")
        swap = _value_elsewhere(claim, window)
        if roles:
            swap = role_swap(claim, window) or _bound_elsewhere(claim, window, source) or swap
        if swap:
            problems.append(swap)
    return problems


def support(
    claim: Analysis, source: Source, threshold: float, clause_overlap: float, *, roles: bool = True
) -> Support:
    """Is `claim` backed by `source`? Its content tokens must be covered (in either
    language), and some window must state its numbers, dates and names with the same
    polarity and the same participant order. `roles=False` for a short answer read with
    its question: who did what is the question's, given and not claimed."""
    if not claim.tokens and not claim.quantities and not claim.dates:
        return Support(False, 0.0, "statement has no checkable content")
    # Across languages only numbers, dates and the glossary's words can be compared, and
    # names are often translated (Charles / Carlo): they are not required there.
    across = claim.lang not in source.langs
    recall = cognate_recall if across else token_recall
    coverage, missing = recall(claim.tokens, source.pool)
    if missing and not across:
        # "Its arrival" is said where the source says "it arrives": one family.
        missing = still_missing(missing, source.pool, claim.lang, source.langs)
        coverage = (len(claim.tokens) - len(missing)) / len(claim.tokens) if claim.tokens else 1.0
    problems = _aligned_problems(claim, source, clause_overlap, names=not across, roles=roles)
    if problems and (claim.quantities or claim.dates):
        # A statement may join facts of two sources ("X heads it; it used 3,180 MWh"):
        # then each of its parts must hold in a source sentence of its own.
        pieces = [analysed(p, claim.lang) for p in _PIECE_RE.split(claim.text) if p.strip()]
        if len(pieces) > 1:
            parts = [
                _aligned_problems(p, source, clause_overlap, names=not across, roles=roles)
                for p in pieces
            ]
            # Who did what to whom is read over the whole statement when its pieces name
            # one participant each ("Lopez won; she beat Brooks"): a swap found there stands.
            swapped = [
                p
                for p in problems
                if p.startswith("roles swapped")
                and all(len(name_groups(piece.text)) < 2 for piece in pieces)
            ]
            problems = swapped + [problem for part in parts for problem in part]
    # How often a thing recurs is a fact: "every week" is not "every month".
    if unsaid := unsaid_periods(claim.text, tuple(w.text for w in source.windows)):
        problems.append(f"every {', '.join(sorted(unsaid))} not said")
    anchored = bool(claim.quantities or claim.dates)
    if (
        across
        and anchored
        and not problems
        and (coverage >= _ACROSS_COVERAGE or len(claim.tokens) <= _ACROSS_SHORT_TOKENS)
    ):
        return Support(True, coverage, "numbers and dates agree across languages")
    if coverage < threshold and not problems:
        restated = restates(claim, source.windows, source.pool, coverage)
        alone = unrestated_part(claim, source.langs, source.pool) if restated is not None else ""
        if alone:
            problems.append(f"restated in part: nothing states '{alone}'")
        elif restated is not None:
            return Support(
                True,
                coverage,
                f"restated (coverage {coverage:.2f}, meaning {restated.similarity:.2f}, "
                f"words {restated.alignment:.2f}): '{restated.sentence[:60]}'",
            )
    if coverage < threshold:
        shown = ", ".join(missing[:5])
        problems.append(f"coverage {coverage:.2f} < {threshold} (missing: {shown})")
    reason = "; ".join(problems) or f"supported (coverage {coverage:.2f})"
    return Support(not problems, coverage, reason)
