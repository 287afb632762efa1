"""What the agent did: the one place that decides refusal and clarification.

Decided from the answer text, for every agent alike, so `rescore` judges saved outcomes
the same way; a flag the agent itself declared True (it knows it declined) is honoured,
a False or missing one never hides what the text says.
"""

from __future__ import annotations

import re

from judges.lexical import claims, is_clarification_request, is_refusal
from judges.retrieval import same_document
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.text import detect_language

__all__ = [
    "asked_clarification",
    "cited_documents",
    "expected_documents",
    "gave_answer",
    "is_fabrication",
    "refused",
]


def refused(outcome: CaseOutcome) -> bool:
    """The agent declined: it declared so, or its answer is a refusal."""
    return outcome.refused is True or is_refusal(outcome.answer)


def asked_clarification(outcome: CaseOutcome) -> bool:
    """The agent asked a question back: it declared so, or its answer is one."""
    return outcome.asked_clarification is True or is_clarification_request(outcome.answer)


def gave_answer(outcome: CaseOutcome) -> bool:
    """The agent answered: a non-empty, non-refusal answer that is not only a question back
    (a clarification request that also states something counts as an answer)."""
    text = outcome.answer.strip()
    if not text or refused(outcome):
        return False
    if not asked_clarification(outcome):
        return True
    return bool(claims(text, detect_language(text)))


def is_fabrication(item: GoldenItem, outcome: CaseOutcome) -> bool:
    """A case the corpus cannot answer (expected.refuse) that got an answer anyway."""
    return item.expected.refuse and gave_answer(outcome)


def expected_documents(item: GoldenItem) -> list[str]:
    """Documents a correct answer cites: expected.source.doc when set, else the narrative
    document, else the passages' documents; a composite case needs all its passages' docs."""
    if item.expected.source is not None:
        docs = [item.expected.source.doc]
    elif item.expected.narrative_doc:
        docs = [item.expected.narrative_doc]
    else:
        docs = item.documents
    if item.case_type == "composite":
        docs = [*docs, *item.documents]
    return list(dict.fromkeys(docs))


def _words(text: str) -> str:
    return " " + " ".join(re.sub(r"[\W_]+", " ", text.casefold()).split()) + " "


def _named_in(path: str, answer: str) -> bool:
    """The document's file name, or its stem with separators as spaces, is in the answer."""
    name = path.replace("\\", "/").rsplit("/", 1)[-1]
    stem = name.rsplit(".", 1)[0] if "." in name else name
    if name.casefold() in answer.casefold():
        return True
    squashed = _words(stem).strip()
    return bool(squashed) and f" {squashed} " in _words(answer)


def cited_documents(expected: list[str], outcome: CaseOutcome) -> list[str]:
    """The expected documents the outcome cites (in `citations` or by name in the answer)."""
    out = []
    for doc in expected:
        if any(same_document(doc, c) for c in outcome.citations) or _named_in(doc, outcome.answer):
            out.append(doc)
    return out
