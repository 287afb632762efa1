"""The sentences an agent writes itself, in the question's language: citations, refusals,
clarifying questions."""

from __future__ import annotations

import re
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Literal

from evaluator.agents.lexicon import QueryTerm
from ragoro.text import Lang, stem


@dataclass(frozen=True)
class Source:
    """A cited place: a document and, for multi-page documents, a 1-based page."""

    document_path: str
    page: int | None


def citation(sources: Sequence[Source], lang: Lang) -> str:
    """'(Fonte: a.pdf, p. 3)' / '(Sources: a.pdf, p. 3; b.md)', duplicates dropped."""
    parts = list(dict.fromkeys(_source_text(s) for s in sources))
    if not parts:
        return ""
    if lang == "it":
        label = "Fonte" if len(parts) == 1 else "Fonti"
    else:
        label = "Source" if len(parts) == 1 else "Sources"
    return f"({label}: {'; '.join(parts)})"


def _source_text(source: Source) -> str:
    name = source.document_path.rsplit("/", 1)[-1]
    return name if source.page is None else f"{name}, p. {source.page}"


# What a refusal's words are missing from: the documents (None), or the value the answer
# would give, which the documents state for another entity, year or date.
Elsewhere = Literal["entity", "year", "date"] | None

_ELSEWHERE: dict[Lang, dict[str, str]] = {
    "it": {"entity": "un altro soggetto", "year": "un altro anno", "date": "un'altra data"},
    "en": {"entity": "another entity", "year": "another year", "date": "another date"},
}


def refusal(lang: Lang, missing: Sequence[QueryTerm], elsewhere: Elsewhere = None) -> str:
    """'Non lo so' / 'I don't know', naming the question words the documents lack; with
    `elsewhere`, saying truthfully that the documents give the value for another entity
    or year than those words (the documents do speak of the Group, not of its value)."""
    unique = list(dict.fromkeys(t.word for t in missing))[:3]
    words = ", ".join(f"«{word}»" if lang == "it" else f'"{word}"' for word in unique)
    if elsewhere is not None and words:
        other = _ELSEWHERE["it" if lang == "it" else "en"][elsewhere]
        if lang == "it":
            return (
                f"Non lo so: i documenti riportano questo dato solo per {other}, non per {words}."
            )
        return f"I don't know: the documents give this figure only for {other}, not for {words}."
    if lang == "it":
        if words:
            return f"Non lo so: nei documenti non ho trovato informazioni su {words}."
        return "Non lo so: i documenti non contengono questa informazione."
    if words:
        return f"I don't know: the documents contain no information about {words}."
    return "I don't know: the documents do not contain this information."


@dataclass(frozen=True)
class Option:
    """One reading of an ambiguous question: the entity it is about and the value found."""

    entity: str
    value: str
    sentence: str


_IT_ARTICLES = {"il": "quello", "lo": "quello", "l": "quello", "la": "quella"}
_IT_PLURAL = {"i": "quelli", "gli": "quelli", "le": "quelle"}


def clarifying_question(question: str, lang: Lang, options: Sequence[Option]) -> str:
    """'Intendi lo stabilimento di A (x) o quello di B (y)?' / 'Do you mean the A plant...?'."""
    noun, article = _qualified_noun(question, lang, options)
    first, *others = options
    if lang == "it":
        if noun:
            prefix = "l'" if article == "l" else f"{article} " if article else ""
            head = f"{prefix}{noun} di {first.entity}"
            pronoun = {**_IT_ARTICLES, **_IT_PLURAL}.get(article or "", "quello")
            rest = [f"{pronoun} di {o.entity} ({o.value})" for o in others]
        else:
            head = first.entity
            rest = [f"{o.entity} ({o.value})" for o in others]
        return f"Intendi {head} ({first.value}) o {' o '.join(rest)}?"
    if noun:
        names = [f"the {o.entity} {noun} ({o.value})" for o in options]
    else:
        names = [f"{o.entity} ({o.value})" for o in options]
    return f"Do you mean {names[0]} or {' or '.join(names[1:])}?"


def _qualified_noun(
    question: str, lang: Lang, options: Sequence[Option]
) -> tuple[str | None, str | None]:
    """The question word the entities qualify ("stabilimento" in "stabilimento di Verona",
    "plant" in "the Leeds plant") and the article before it in the question."""
    words = re.findall(r"[^\W\d_]+", question.lower())
    by_stem = {stem(w, lang): w for w in words}
    for option in options:
        entity = re.escape(option.entity)
        patterns = (
            rf"([^\W\d_]+)\s+(?:di|del|dello|della|dei|degli|delle|of|at|in)\s+{entity}\b",
            rf"\b{entity}\s+([^\W\d_]+)",
        )
        for pattern in patterns:
            for match in re.finditer(pattern, option.sentence, re.IGNORECASE):
                found = match.group(1).lower()
                for candidate_lang in ("it", "en"):
                    word = by_stem.get(stem(found, candidate_lang))
                    if word is not None:
                        return word, _article_before(words, word)
    return None, None


def _article_before(words: list[str], word: str) -> str | None:
    index = words.index(word)
    if index == 0:
        return None
    before = words[index - 1]
    return before if before in {**_IT_ARTICLES, **_IT_PLURAL} or before == "the" else None
