"""Composite items that bridge two documents: a name found in document A is the key into
document B, and the question names only the start.

Document A says "S_A è X" (the key is its value) or "X è D" (the key is described by D);
document B states something about X. The question asks B's fact with X replaced by what A
says of it: "Chi è il responsabile dell'assistenza del titolare del trattamento?" needs A
to find who the titolare is and B to answer. `needs_both` checks any writer's item
mechanically: neither passage alone holds both what the question names and the answer.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.generate.corpus import Corpus
from builder.generate.facts import Fact
from builder.generate.names import find_names
from builder.generate.owners import Owner, describe, owners
from builder.generate.phrasing import COPULAS, Clause, what_question
from builder.generate.typed import typed_question
from ragoro.text import Lang, content_tokens

_IT_ARTICLES = ("il", "lo", "la", "l'", "i", "gli", "le")
_IT_PREPS = {"di": "de", "a": "a", "da": "da", "in": "ne", "su": "su"}
_CONTRACTED = {
    f"{root}{suffix}": (prep, article)
    for prep, root in _IT_PREPS.items()
    for article, suffix in zip(
        _IT_ARTICLES, ("l", "llo", "lla", "ll'", "i", "gli", "lle"), strict=True
    )
}
_DEFINITE_RE = re.compile(r"^(?:il|lo|la|l'|i|gli|le|the)\b\s*", re.IGNORECASE)
_CUT_RE = re.compile(r",|;|\s(?:e|ed|and|con|with|which|che|who|dove|where)\s")
_MAX_DESCRIPTION_WORDS = 10
# What may come before a name that is the whole predicate: "l'Ing. ", "la Dott.ssa ", "".
_NAME_LEAD_RE = re.compile(
    r"(?:(?:il|lo|la|l'|the)\s*)?(?:[A-Z][a-z]{1,3}\.(?:ssa)?\s+)*", re.IGNORECASE
)
_SUFFIX = r"(?:\s+S\.p\.A\.|\s+S\.r\.l\.|\s+Inc\.|\s+Ltd\.?)?"


@dataclass(frozen=True)
class Bridge:
    """Two facts of two documents linked by a key name, and the question over both."""

    first: Fact
    """Hop 1 (document A): says what the key is, or what it is called."""
    second: Fact
    """Hop 2 (document B): states the answer about the key."""
    key: str
    question: str


def _article_split(phrase: str) -> tuple[str, str]:
    """("lo", "stabilimento di X") for "Lo stabilimento di X"; ("", phrase) without one."""
    match = _DEFINITE_RE.match(phrase)
    if match is None:
        return "", phrase
    return match.group(0).strip().lower(), phrase[match.end() :]


def _with_prep(prep: str, description: str, lang: Lang) -> str:
    """ "di" + "il titolare ..." -> "del titolare ..."; English keeps its words."""
    article, rest = _article_split(description)
    if lang == "en":
        return f"{prep} {description[0].lower()}{description[1:]}".strip()
    if not article:
        return f"{prep} {description}".strip()
    if not prep:
        return f"{article}{'' if article.endswith(chr(39)) else ' '}{rest}"
    root = _IT_PREPS[prep]
    suffix = dict(zip(_IT_ARTICLES, ("l", "llo", "lla", "ll'", "i", "gli", "lle"), strict=True))
    joined = f"{root}{suffix[article]}"
    return f"{joined}{rest}" if joined.endswith("'") else f"{joined} {rest}"


def substitute(subject: str, target: str, description: str, lang: Lang) -> str | None:
    """The subject with `target` (and the preposition/article before it) replaced by the
    description: "Il direttore dello stabilimento di Brescia" + "il sito principale" ->
    "Il direttore del sito principale"."""
    match = re.search(rf"(?<!\w){re.escape(target)}{_SUFFIX}(?!\w)", subject)
    if match is None or match.start() == 0:
        return None
    before = subject[: match.start()].rstrip()
    head, _, last = before.rpartition(" ")
    low = last.lower()
    if lang == "it" and low in _CONTRACTED:
        prep = _CONTRACTED[low][0]
    elif lang == "it" and low in _IT_PREPS:
        prep = low
    elif low in _IT_ARTICLES or low == "the":
        prep = ""
    elif lang == "en" and low in ("of", "at", "in", "for", "on", "to", "from"):
        prep = low
        head = before[: -len(last)].rstrip()
        return f"{head} {_with_prep(prep, description, lang)}{subject[match.end() :]}".strip()
    else:
        return None
    inserted = _with_prep(prep, description, lang)
    if lang == "en" and not prep:
        inserted = description[0].lower() + description[1:]
    return f"{head} {inserted}{subject[match.end() :]}".strip()


def _description(predicate: str) -> str | None:
    """The leading definite noun phrase of a predicate ("il principale sito produttivo del
    Gruppo" of "il principale sito ... e ospita ..."), or None."""
    if _DEFINITE_RE.match(predicate) is None:
        return None
    cut = _CUT_RE.search(predicate)
    phrase = (predicate[: cut.start()] if cut else predicate).strip().rstrip(".")
    words = phrase.split()
    if not 2 <= len(words) <= _MAX_DESCRIPTION_WORDS or any(c.isdigit() for c in phrase):
        return None
    return phrase


def _keys(fact: Fact) -> list[tuple[str, str, str]]:
    """(key name, text to replace in B, description of the key) that fact A offers."""
    clause = fact.clause
    if clause is None or clause.verb not in COPULAS:
        return []
    out: list[tuple[str, str, str]] = []
    names = [n for n in find_names(clause.predicate, fact.lang, opening=False) if n.kind == "name"]
    lead = clause.predicate[: names[0].start] if names else ""
    rest = clause.predicate[names[0].end :].strip(" .") if names else ""
    if names and _NAME_LEAD_RE.fullmatch(lead) and (not rest or rest.startswith(",")):
        key = names[0].text.removesuffix(" S.p.A.").strip()
        out.append((key, key, clause.subject))
    description = None if out else _description(clause.predicate)
    subject_names = [n for n in find_names(clause.subject, fact.lang) if n.kind == "name"]
    if description is not None and subject_names:
        _, core = _article_split(clause.subject)
        out.append((subject_names[-1].text, core, description))
    return out


def find_bridges(corpus: Corpus, facts: list[Fact]) -> list[Bridge]:
    """Every bridge between two documents, in corpus order: a key named by A's predicate
    or described by it (same language), then a thing A places or names a role of (an
    address joins languages, see `owners`)."""
    usable = [f for f in facts if f.kind == "prose" and f.clause is not None]
    bridges: list[Bridge] = []
    seen: set[tuple[int, str, int, str]] = set()
    for first in usable:
        for key, target, description in _keys(first):
            for second in usable:
                clause = second.clause
                assert clause is not None
                if second.doc == first.doc or second.lang != first.lang:
                    continue
                if target not in clause.subject or key.lower() in description.lower():
                    continue
                subject = substitute(clause.subject, target, description, first.lang)
                if subject is None:
                    continue
                new = Clause(subject, clause.verb, clause.predicate, clause.lead)
                vocab = corpus.vocab[second.doc]
                question = what_question(new, vocab, second.lang)
                if question is None:
                    typed = typed_question(new, vocab, second.lang)
                    question = typed.question if typed is not None else None
                mark = (first.start, first.doc, second.start, second.doc)
                if question is None or mark in seen:
                    continue
                # A's sentence may state the answer too ("... è X, con sede in Y"): then
                # the item needs one passage, and is no bridge.
                if needs_both(question, second.flat, first.flat, second.flat, second.lang):
                    continue
                seen.add(mark)
                bridges.append(Bridge(first, second, key, question))
    for owner in owners(usable):
        for second in usable:
            bridge = _owner_bridge(corpus, owner, second)
            mark = (owner.fact.start, owner.fact.doc, second.start, second.doc)
            if bridge is not None and mark not in seen:
                seen.add(mark)
                bridges.append(bridge)
    return bridges


def _owner_bridge(corpus: Corpus, owner: Owner, second: Fact) -> Bridge | None:
    """The bridge that asks B's fact about the thing A describes (see `owners`)."""
    new = describe(owner, second)
    if new is None:
        return None
    vocab = corpus.vocab[second.doc]
    question = what_question(new, vocab, second.lang)
    if question is None:
        typed = typed_question(new, vocab, second.lang)
        question = typed.question if typed is not None else None
    if question is None or owner.key in question:
        return None
    if needs_both(question, second.flat, owner.fact.flat, second.flat, second.lang):
        return None
    return Bridge(owner.fact, second, owner.key, question)


def needs_both(question: str, answer: str, first: str, second: str, lang: Lang) -> str | None:
    """Why one passage alone answers the item, or None when it needs both.

    The answer's own words must not all be in the first passage (the first hop alone does
    not answer), and the question must name something only the first passage has (the
    second hop alone does not know what is asked about)."""
    q = set(content_tokens(question, lang))
    a = set(content_tokens(answer, lang)) - q
    one, two = set(content_tokens(first, lang)), set(content_tokens(second, lang))
    if a and a <= one:
        return "the first passage alone holds the answer"
    if not (q & one) - two:
        return "the second passage alone names everything the question asks about"
    if a and not a & two:
        return "the answer is not in the second passage"
    return None
