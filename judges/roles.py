"""Who is named, and in which role: the names of a text and their participants' order.

"A fined B" is not "B fined A", nor "B was fined by A"; "the tenant is Acme" is not
supported where the source makes Acme the landlord.
"""

from __future__ import annotations

import re
from functools import lru_cache

from judges.converse import converse_at, uses_converse
from judges.reading import analysed_tokens
from judges.voice import passive_swap
from ragoro.text.evidence import Analysis
from ragoro.text.lang import STOPWORDS, Lang, stem

__all__ = ["name_groups", "names_only", "role_swap", "subject_of_asked_verb"]

# A passive names its agent after the participle, a few words later at most ("was fined
# $4 million by the FCA", "è stata multata per 4 milioni dalla Consob").
_PASSIVE_RE = re.compile(
    r"\b(?:is|are|was|were|been|being|get|got)\s+\w+(?:ed|en|t)\b(?:\s+\S+){0,4}?\s+by\b"
    r"|\b(?:è|sono|fu|furono|viene|vengono|venne|stat[oaie])\s+\w+(?:at|ut|it|ss|tt)[oaie]\b"
    r"(?:\s+\S+){0,4}?\s+(?:da|dal|dalla|dallo|dai|dalle|dagli)\b",
    re.IGNORECASE,
)

_NAME_RE = re.compile(
    r"[A-ZÀ-Ý][\w'’-]*(?:\s+(?:[A-ZÀ-Ý][\w'’-]*|of|di|de|del|della|da|van|von))*(?<![a-z]\s)"
)


_FUNCTION_WORDS = STOPWORDS["it"] | STOPWORDS["en"]


_COPULA_RE = re.compile(r"\b(?:è|sono|era|fu|is|are|was|were)\b|[:(]", re.IGNORECASE)
_ACTION_AFTER_COPULA_RE = re.compile(
    r"\b(?:è|sono|fu|is|are|was|were)\s+(?:stat[oaie]\s+)?\w+(?:ed|at[oaie]|it[oaie]|ut[oaie])\b",
    re.IGNORECASE,
)
_STATEMENT_RE = re.compile(r";\s|,\s(?=\w)")
_SENTENCE_START_RE = re.compile(r"(?:^|[.!?:;]\s+|\n)\W*$")
_SHORT_TEXT_WORDS = 3


def name_groups(text: str) -> list[frozenset[str]]:
    """The names of a text in order, each as its lowercase words ("Northwind Bank").

    A lone capitalised word that opens a sentence is only capitalised because it opens
    it ("All'avvio..."), unless the text is a bare name or two ("Bianchi.").
    """
    return list(_name_groups(text))


# Asked of the same claim, window and clause by several checks of a case and of a run;
# a fresh list is handed out. Bounded: most texts are per case.
@lru_cache(maxsize=16384)
def _name_groups(text: str) -> tuple[frozenset[str], ...]:
    short = len(text.split()) <= _SHORT_TEXT_WORDS
    groups = []
    for match in _NAME_RE.finditer(text):
        pieces = re.findall(r"[^\W_]+", match.group(0))
        words = frozenset(
            w.lower()
            for w in pieces
            if w[:1].isupper() and len(w) > 1 and w.lower() not in _FUNCTION_WORDS
        )
        if not words:
            continue
        # Whether the name opens a sentence matters only for a lone word (and each look
        # reads the whole text before it).
        if (
            len(words) == 1
            and len(pieces) == 1
            and not short
            and _SENTENCE_START_RE.search(text[: match.start()]) is not None
        ):
            continue
        groups.append(words)
    return tuple(groups)


def _positions(groups: list[frozenset[str]], others: list[frozenset[str]]) -> list[int]:
    """For each of `others`, the index of the first group of ours sharing a word, or -1."""
    out = []
    for other in others:
        out.append(next((i for i, g in enumerate(groups) if g & other), -1))
    return out


def role_swap(claim: Analysis, window: Analysis) -> str:
    """Who did what to whom, changed: two named participants in the opposite order with
    the same voice ("A fined B" vs "B fined A"), or in the same order with the opposite
    voice ("B fined A" vs "B was fined by A"), or any two participants, named or not,
    around a passive with its agent ("the nurses were trained by Helen Park" vs "Helen
    Park was trained by the nurses"); "" when none."""
    return _named_swap(claim, window) or passive_swap(
        claim.text, window.text, claim.lang, window.lang
    )


# A window is compared with every claim of its case, and each claim by faithfulness and
# accuracy: whether a text is passive is read once. Pure; bounded: most texts are per case.
@lru_cache(maxsize=16384)
def _is_passive(text: str) -> bool:
    return _PASSIVE_RE.search(text) is not None


def _named_swap(claim: Analysis, window: Analysis) -> str:
    # The claim's own patterns first: the voices of both texts are read only when they
    # decide (a copula with no action after it, or two names the window shares).
    if (
        _COPULA_RE.search(claim.text)
        and not _ACTION_AFTER_COPULA_RE.search(claim.text)
        and _is_passive(claim.text) == _is_passive(window.text)
        and not uses_converse(claim.text, window.text)
    ):
        return _attribute_elsewhere(claim, window)
    mine = name_groups(claim.text)
    if len(mine) < 2:
        # Fewer than two names of the claim cannot be found in two places.
        return ""
    theirs = name_groups(window.text)
    found = [(i, j) for j, i in enumerate(_positions(mine, theirs)) if i >= 0]
    distinct = list(dict.fromkeys(i for i, _ in found))
    if len(distinct) < 2:
        return ""
    same_voice = _is_passive(claim.text) == _is_passive(window.text)
    order_there = [i for i, _ in sorted(found, key=lambda pair: pair[1])]
    first = list(dict.fromkeys(order_there))
    reversed_order = first[:2] == sorted(first[:2], reverse=True)
    converse = converse_at(claim.text, window.text)
    if converse is not None:
        return _converse_swap(claim.text, window.text, converse) if same_voice else ""
    if reversed_order == same_voice:
        a, b = sorted(mine[k] for k in first[:2])
        how = "in the opposite order" if same_voice else "with the voice turned"
        return f"roles swapped: {' '.join(sorted(a))} / {' '.join(sorted(b))} {how}"
    return ""


def _converse_swap(claim: str, source: str, at: tuple[int, int]) -> str:
    """A converse verb ("lost to" for "beat", "bought from" for "sold to") puts the
    source's object in subject position: the claim's subject (the name nearest before its
    verb) must not be the source's."""
    mine, theirs = name_groups(claim[: at[0]]), name_groups(source[: at[1]])
    if mine and theirs and mine[-1] & theirs[-1]:
        shown = " ".join(sorted(mine[-1]))
        return f"roles swapped: {shown} is the subject of the converse verb too"
    return ""


def _attribute_elsewhere(claim: Analysis, window: Analysis) -> str:
    """A copula that gives a name an attribute the source gives another name: "the tenant
    is Acme" where the source says "the landlord is Acme; the tenant is Verdi"."""
    # The window's statements are read only for a claim piece that gives a name an
    # attribute (most claims have none).
    pool_window: list[tuple[frozenset[str], list[frozenset[str]]]] | None = None
    for piece in _STATEMENT_RE.split(claim.text):
        names = name_groups(piece)
        if not names or not _COPULA_RE.search(piece):
            continue
        if pool_window is None:
            pool_window = [
                (frozenset(analysed_tokens(c, window.lang)), name_groups(c))
                for c in _STATEMENT_RE.split(window.text)
                if c.strip()
            ]
        named = set(analysed_tokens(" ".join(w for g in names for w in g), claim.lang))
        attributes = {t for t in analysed_tokens(piece, claim.lang) if t not in named}
        holding = [
            tokens for tokens, groups in pool_window if any(g & n for g in groups for n in names)
        ]
        stated = set().union(*(tokens for tokens, _ in pool_window))
        told = attributes & stated
        if holding and told and not any(told & tokens for tokens in holding):
            shown = " ".join(sorted(names[0]))
            return f"{', '.join(sorted(told))} is said of someone else, not of {shown}"
    return ""


# "Who won…?", "Chi ha acquisito…?": the verb a who-question asks the subject of.
_WHO_VERB_RE = re.compile(
    r"^\W*(?:who|chi)\s+(?:(?:has|have|had|ha|hanno|aveva|avevano)\s+)?([^\W\d_]{3,})",
    re.IGNORECASE,
)
_COPULAR_VERBS = frozenset(
    ["is", "are", "was", "were", "è", "sono", "era", "erano", "fu", "furono"]
)
_SEGMENT_RE = re.compile(r"[,;:.!?()]")
_AUX_TAIL_RE = re.compile(r"\s+(?:has|have|had|ha|hanno|aveva|avevano|l['’]ha)\s*$", re.IGNORECASE)


def subject_of_asked_verb(answer: str, question: str, lang: Lang) -> frozenset[str] | None:
    """The name the answer makes the subject of the verb its who-question asks about
    ("Maria Lopez won" to "Who won?"): the name right before that verb in one clause,
    an auxiliary apart; None when the answer uses no such subject."""
    asked = _WHO_VERB_RE.match(question)
    if asked is None or asked.group(1).lower() in _COPULAR_VERBS:
        return None
    verb = stem(asked.group(1).lower(), lang)
    for segment in _SEGMENT_RE.split(answer):
        for word in re.finditer(r"[^\W\d_]+", segment):
            if word.group(0)[:1].isupper() or stem(word.group(0).lower(), lang) != verb:
                continue
            before = _AUX_TAIL_RE.sub("", segment[: word.start()].rstrip())
            groups = name_groups(before)
            if groups and re.search(r"[A-ZÀ-Ý][\w'’-]*\s*$", before):
                return groups[-1]
    return None


def names_only(text: str, analysis: Analysis) -> bool:
    """True for a bare name or title ("Chiara Valli.", "Dr Carter."): every content word
    of the text is capitalised, so it names and states nothing of its own."""
    capitalised = {
        stem(w.lower(), analysis.lang) for w in re.findall(r"[^\W\d_]+", text) if w[:1].isupper()
    }
    return all(t in capitalised for t in analysis.tokens)
