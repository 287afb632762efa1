"""Refusal questions derived from the corpus, never from a fixed list.

A fact states an attribute for one name ("Il direttore dello stabilimento di Torino è ...");
a sibling name of the same class exists elsewhere in the corpus ("stabilimento di Brescia").
When no chunk of the corpus, in either language, holds the sibling together with every word
of the attribute, the question for the sibling ("Chi è il direttore dello stabilimento di
Brescia?") is unanswerable yet looks answerable: a near-miss. Years are siblings too
("Order intake in 2024" when only 2025 is stated).
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from builder.generate.corpus import Corpus
from builder.generate.facts import Fact
from builder.generate.names import Name, find_names, sibling_index
from builder.generate.phrasing import Clause, lower_first, what_question
from ragoro.text import Lang, content_tokens, split_sentences
from ragoro.text.lexicon import with_translations

_MAX_SIBLINGS = 3
"""Siblings tried per name, nearest first (years) or in sorted order (names)."""


@dataclass(frozen=True)
class RefusalTopic:
    """An unanswerable near-miss question, with what it was derived from."""

    key: str
    lang: Lang
    question: str
    topic: str
    """How the refusal answer names what is missing ("il direttore dello stabilimento di X")."""
    sibling: str
    """The name (or year) asked about, which the corpus has no such fact for."""
    stated_for: str
    """The name (or year) the corpus does state the attribute for."""
    source: Fact
    """The fact stating the attribute for `stated_for`."""
    variant: str = "sibling"
    """How it was derived: 'sibling' (another name or year of the same class) or
    'neighbour' (a neighbouring topic absent from the top-k, see `absent_topics`)."""


def _word_re(name: str) -> re.Pattern[str]:
    return re.compile(rf"(?<!\w){re.escape(name.lower())}(?!\w)")


class _Corpus:
    """Every sentence (a table row is one) of the corpus as lowercase text and stems,
    computed once for the absence checks. A sentence, not a chunk: the chunk stating the
    attribute for one name often names its sibling in the next sentence."""

    def __init__(self, corpus: Corpus) -> None:
        self.windows: list[tuple[str, frozenset[str]]] = []
        for chunk in corpus.chunks:
            lang = corpus.lang_of(chunk)
            for sentence in split_sentences(chunk.text):
                stems = frozenset(content_tokens(sentence.text, lang, numbers=False))
                self.windows.append((" ".join(sentence.text.lower().split()), stems))

    def states(self, sibling: str, attribute: frozenset[str]) -> bool:
        """Some sentence names the sibling and every attribute word (or a translation)."""
        pattern = _word_re(sibling)
        wanted = [with_translations(frozenset([a])) for a in attribute]
        return any(
            pattern.search(text) is not None and all(w & stems for w in wanted)
            for text, stems in self.windows
        )


def _years(corpus: Corpus) -> list[str]:
    found = {
        m.group(0)
        for d in corpus.documents.values()
        for m in re.finditer(r"\b(?:19|20)\d\d\b", d.text)
    }
    return sorted(found)


def _siblings(name: Name, phrase: str, index: dict[str, set[str]], years: list[str]) -> list[str]:
    if name.kind == "year":
        pool = sorted(
            (y for y in years if y != name.text), key=lambda y: abs(int(y) - int(name.text))
        )
    else:
        pool = sorted(index.get(name.cls, set()))
    low = phrase.lower()
    return [
        s
        for s in pool
        if s.lower() not in low and name.text.lower() not in s.lower() and len(s) > 2
    ][:_MAX_SIBLINGS]


def _attribute(phrase: str, names: list[Name], lang: Lang) -> frozenset[str]:
    bare = phrase
    for name in sorted(names, key=lambda n: -n.start):
        bare = bare[: name.start] + " " + bare[name.end :]
    words = set(content_tokens(bare, lang, numbers=False))
    return frozenset(w for w in words if len(w) > 2 and w not in {n.cls for n in names})


def derive_topics(corpus: Corpus, facts: list[Fact]) -> dict[Lang, list[RefusalTopic]]:
    """Every near-miss refusal the corpus yields, by language, in corpus order."""
    out: dict[Lang, list[RefusalTopic]] = {"it": [], "en": []}
    texts = [(c.text, corpus.lang_of(c)) for c in corpus.chunks]
    common = frozenset().union(*corpus.vocab.values()) if corpus.vocab else frozenset()
    index = sibling_index(texts, common)
    years = _years(corpus)
    checker = _Corpus(corpus)
    seen: set[str] = set()
    for fact in facts:
        clause = fact.clause
        if fact.kind != "prose" or clause is None:
            continue
        vocab = corpus.vocab[fact.doc]
        if what_question(clause, vocab, fact.lang) is None:
            continue
        topic = _topic_of(fact, clause, index=index, years=years, checker=checker, vocab=vocab)
        if topic is not None and topic.question not in seen:
            seen.add(topic.question)
            out[fact.lang].append(topic)
    return out


def _topic_of(
    fact: Fact,
    clause: Clause,
    *,
    index: dict[str, set[str]],
    years: list[str],
    checker: _Corpus,
    vocab: frozenset[str],
) -> RefusalTopic | None:
    lang = fact.lang
    for field_name in ("subject", "lead"):
        phrase = getattr(clause, field_name)
        names = find_names(phrase, lang)
        attribute = _attribute(clause.subject, find_names(clause.subject, lang), lang)
        if not attribute:
            return None
        # Names before years: "the Brescia plant" is a nearer miss than "in 2023".
        for name in sorted(names, key=lambda n: n.kind != "name"):
            if name.kind == "name" and not name.cls:
                continue
            for sibling in _siblings(name, phrase, index, years):
                if checker.states(sibling, attribute):
                    continue
                swapped = phrase[: name.start] + sibling + phrase[name.end :]
                new = Clause(
                    swapped if field_name == "subject" else clause.subject,
                    clause.verb,
                    clause.predicate,
                    swapped if field_name == "lead" else clause.lead,
                )
                question = what_question(new, vocab, lang)
                if question is None:
                    continue
                topic = lower_first(new.subject, vocab, lang) + (f" {new.lead}" if new.lead else "")
                key = f"{fact.doc}:{fact.start}:{sibling}"
                return RefusalTopic(key, lang, question, topic, sibling, name.text, fact)
    return None
