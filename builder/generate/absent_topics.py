"""Refusals on a neighbouring topic: what the corpus states about one thing, asked about a
neighbouring thing of the same document, when retrieval finds nothing that answers it.

A document states "La massa della pressa è 12.400 kg" and "La capacità del serbatoio
dell'olio è 250 l": the attribute of one fact ("la capacità") asked of the other fact's
thing ("della pressa") gives a topic next to the corpus's own, "Qual è la capacità della
pressa?". It becomes a refusal only when no sentence of the corpus states that attribute
with that thing (either language, through the shared lexicon) and no chunk of the top-k
retrieved for the question holds them together at all. Everything comes from the corpus;
there is no list of topics.
"""

from __future__ import annotations

import re
from collections import defaultdict
from dataclasses import dataclass

from builder.generate.corpus import Corpus
from builder.generate.facts import Fact
from builder.generate.phrasing import Clause, lower_first, what_question
from builder.generate.refusals import RefusalTopic
from ragoro.text import Lang, content_tokens, detect_language, split_sentences
from ragoro.text.lexicon import with_translations

_COMPLEMENT_RE: dict[Lang, re.Pattern[str]] = {
    # A definite thing ("della pressa", "of the press"), not a modifier ("di sicurezza").
    "it": re.compile(r"\s(?=(?:del|dello|della|dell'|dei|degli|delle)[\s'])"),
    "en": re.compile(r"\s(?=of\s+the\s)"),
}
_MAX_HEAD_WORDS = 4
_MAX_PER_DOCUMENT = 3
_MIN_THING_FACTS = 2


@dataclass(frozen=True)
class _Split:
    fact: Fact
    head: str
    """The attribute ("La capacità"), article included."""
    complement: str
    """The thing it is stated of, with its preposition ("della pressa PX-200")."""
    head_stems: frozenset[str]
    thing_stems: frozenset[str]


def _split(fact: Fact) -> _Split | None:
    clause = fact.clause
    if clause is None:
        return None
    match = _COMPLEMENT_RE[fact.lang].search(clause.subject)
    if match is None:
        return None
    head, complement = clause.subject[: match.start()], clause.subject[match.end() :]
    words = head.split()
    if not 1 <= len(words) <= _MAX_HEAD_WORDS or any(w[:1].isupper() for w in words[1:]):
        return None  # a role or a name ("Il Responsabile", "the Head"), not an attribute
    if _COMPLEMENT_RE[fact.lang].search(" " + head) is not None or not words[0][:1].isupper():
        return None
    head_stems = frozenset(content_tokens(head, fact.lang, numbers=False))
    thing_stems = frozenset(content_tokens(complement, fact.lang, numbers=False))
    if not head_stems or not thing_stems:
        return None
    return _Split(fact, head, complement, head_stems, thing_stems)


def _holds(stems: frozenset[str], wanted: list[frozenset[str]]) -> bool:
    return all(w & stems for w in wanted)


class _Absence:
    """The two absence checks: no sentence of the corpus states the pair, and no chunk of
    the question's top-k retrieval holds the pair's words at all."""

    def __init__(self, corpus: Corpus, k: int) -> None:
        self.corpus = corpus
        self.k = k
        self.sentences: list[frozenset[str]] = []
        self.chunk_stems: dict[str, frozenset[str]] = {}
        for chunk in corpus.chunks:
            lang = corpus.lang_of(chunk)
            for sentence in split_sentences(chunk.text):
                self.sentences.append(frozenset(content_tokens(sentence.text, lang, numbers=False)))

    def _stems(self, chunk_id: str, text: str) -> frozenset[str]:
        if chunk_id not in self.chunk_stems:
            lang = detect_language(text)
            self.chunk_stems[chunk_id] = frozenset(content_tokens(text, lang, numbers=False))
        return self.chunk_stems[chunk_id]

    def wanted(self, head: frozenset[str], thing: frozenset[str]) -> list[frozenset[str]]:
        return [with_translations(frozenset([w])) for w in head | thing]

    def stated(self, wanted: list[frozenset[str]]) -> bool:
        return any(_holds(stems, wanted) for stems in self.sentences)

    def retrieved(self, questions: list[str], wanted: list[list[frozenset[str]]]) -> list[bool]:
        """For each question, whether a top-k chunk holds every wanted word."""
        if not questions:
            return []
        index = self.corpus.index
        hits = index.search_vectors(index.embed_queries(questions), self.k)
        out = []
        for found, words in zip(hits, wanted, strict=True):
            out.append(any(_holds(self._stems(h.chunk.id, h.chunk.text), words) for h in found))
        return out


def neighbour_topics(corpus: Corpus, facts: list[Fact], k: int) -> dict[Lang, list[RefusalTopic]]:
    """Refusals on a neighbouring topic, by language, in corpus order (at most a few per
    document, so they do not crowd out the sibling near-misses)."""
    by_doc: dict[str, list[_Split]] = defaultdict(list)
    for fact in facts:
        vocab = corpus.vocab[fact.doc]
        if fact.kind != "prose" or fact.clause is None:
            continue
        if what_question(fact.clause, vocab, fact.lang) is None:
            continue
        split = _split(fact)
        if split is not None:
            by_doc[fact.doc].append(split)
    # A thing the corpus states several attributes of ("pressa", "stabilimento") takes
    # another one naturally; a one-off complement ("della redazione") does not.
    every = [x for splits in by_doc.values() for x in splits]
    for doc, splits in by_doc.items():
        by_doc[doc] = [
            x
            for x in splits
            if sum(1 for y in every if y.thing_stems & x.thing_stems) >= _MIN_THING_FACTS
        ]
    absence = _Absence(corpus, k)
    candidates: list[tuple[RefusalTopic, list[frozenset[str]]]] = []
    for doc in sorted(by_doc):
        splits = by_doc[doc]
        found = 0
        for position, thing in enumerate(splits):
            if found >= _MAX_PER_DOCUMENT:
                break
            # The attribute comes from the next fact of the document that has another one.
            for other in splits[position + 1 :] + splits[:position]:
                paired = _pair(corpus, thing, other, absence)
                if paired is not None:
                    candidates.append(paired)
                    found += 1
                    break
    kept = absence.retrieved([t.question for t, _ in candidates], [w for _, w in candidates])
    out: dict[Lang, list[RefusalTopic]] = {"it": [], "en": []}
    for (kept_topic, _), in_top_k in zip(candidates, kept, strict=True):
        if not in_top_k:
            out[kept_topic.lang].append(kept_topic)
    return out


def _pair(
    corpus: Corpus, thing: _Split, other: _Split, absence: _Absence
) -> tuple[RefusalTopic, list[frozenset[str]]] | None:
    if other.fact.lang != thing.fact.lang or other.head_stems & thing.head_stems:
        return None
    if other.thing_stems <= thing.thing_stems or thing.thing_stems <= other.thing_stems:
        return None
    wanted = absence.wanted(other.head_stems, thing.thing_stems)
    if absence.stated(wanted):
        return None
    clause = other.fact.clause
    assert clause is not None
    lang = thing.fact.lang
    vocab = corpus.vocab[thing.fact.doc]
    subject = f"{other.head} {thing.complement}"
    question = what_question(Clause(subject, clause.verb, clause.predicate, ""), vocab, lang)
    if question is None:
        return None
    key = f"neighbour:{thing.fact.doc}:{thing.fact.start}:{other.fact.start}"
    topic = RefusalTopic(
        key,
        lang,
        question,
        lower_first(subject, vocab, lang),
        sibling=thing.complement,
        stated_for=lower_first(clause.subject, vocab, lang),
        source=other.fact,
        variant="neighbour",
    )
    return topic, wanted
