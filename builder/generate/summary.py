"""A golden set's quality summary: the mix of types, languages, styles and hops, answer
lengths, the share of "too easy" questions and rejects by reason.

"Too easy": more than 80% of the question's content words are in a passage that states the
answer, so a plain word match finds it. Printed at the end of `generate` and by `validate --stats`.
"""

from __future__ import annotations

import statistics
from collections import Counter
from collections.abc import Iterable, Mapping
from dataclasses import dataclass
from typing import Any, TextIO

from ragoro.contracts import GoldenItem
from ragoro.text import content_tokens, detect_language

TOO_EASY_OVERLAP = 0.8
_LENGTH_BUCKETS = ((3, "1-3 words"), (10, "4-10 words"), (25, "11-25 words"))


@dataclass(frozen=True)
class QualitySummary:
    """What the summary reports; counters are by value."""

    items: int
    case_types: Counter[str]
    languages: Counter[str]
    styles: Counter[str]
    hops: Counter[str]
    refusals: Counter[str]
    """Refusal items by how they were derived (tags.refusal: sibling, neighbour)."""
    answer_lengths: Counter[str]
    median_answer_words: float | None
    answerable: int
    too_easy: int
    rejects: Counter[str]

    @property
    def too_easy_share(self) -> float | None:
        """Too-easy answerable items / answerable items; None when there are none."""
        return self.too_easy / self.answerable if self.answerable else None


def overlap(question: str, passages: str) -> float:
    """Share of the question's content words (stems) found in the passages."""
    lang = detect_language(question + " " + passages)
    words = set(content_tokens(question, lang))
    if not words:
        return 0.0
    return len(words & set(content_tokens(passages, lang))) / len(words)


def too_easy(item: GoldenItem) -> bool:
    """A word match finds the answer: a passage that states the answer holds more than 80%
    of the question's content words. A bridge's first passage (the one its question
    describes the key with) does not state the answer: a word match that finds it has
    found the key, not the answer, so it does not make the item easy."""
    lang = detect_language(f"{item.question} {item.answer}")
    asked = set(content_tokens(item.question, lang))
    said = set(content_tokens(item.answer, lang)) - asked
    stating = [p for p in item.passages if not said or said & set(content_tokens(p.content, lang))]
    return any(overlap(item.question, p.content) > TOO_EASY_OVERLAP for p in stating)


def _bucket(words: int) -> str:
    for limit, name in _LENGTH_BUCKETS:
        if words <= limit:
            return name
    return f">{_LENGTH_BUCKETS[-1][0]} words"


def quality_summary(
    items: list[GoldenItem], rejects: Iterable[Mapping[str, Any]] = ()
) -> QualitySummary:
    """Summarise a golden set (and its rejects file's rows)."""
    answerable = [i for i in items if not i.expected.refuse and i.passages]
    lengths = [len(i.answer.split()) for i in answerable]
    easy = sum(1 for i in answerable if too_easy(i))
    return QualitySummary(
        items=len(items),
        case_types=Counter(i.case_type for i in items),
        languages=Counter(i.tags.get("lang", "?") for i in items),
        styles=Counter(i.tags.get("style", "unrecorded") for i in items),
        hops=Counter(i.tags.get("hops", str(len(i.passages))) for i in items),
        refusals=Counter(i.tags.get("refusal", "unrecorded") for i in items if i.expected.refuse),
        answer_lengths=Counter(_bucket(n) for n in lengths),
        median_answer_words=statistics.median(lengths) if lengths else None,
        answerable=len(answerable),
        too_easy=easy,
        rejects=Counter(str(r.get("reason", "?")) for r in rejects),
    )


def _row(counter: Counter[str], total: int) -> str:
    if not counter:
        return "none"
    return ", ".join(
        f"{key} {count} ({100 * count / total:.0f}%)" if total else f"{key} {count}"
        for key, count in sorted(counter.items())
    )


def print_quality(summary: QualitySummary, out: TextIO) -> None:
    """Print the summary as a few labelled lines."""
    n = summary.items
    print(f"\ngolden-set quality ({n} item(s)):", file=out)
    print(f"  types:          {_row(summary.case_types, n)}", file=out)
    print(f"  languages:      {_row(summary.languages, n)}", file=out)
    print(f"  styles:         {_row(summary.styles, n)}", file=out)
    print(f"  hops:           {_row(summary.hops, n)}", file=out)
    print(f"  refusals:       {_row(summary.refusals, sum(summary.refusals.values()))}", file=out)
    median = summary.median_answer_words
    print(
        f"  answer lengths: {_row(summary.answer_lengths, summary.answerable)}"
        + (f"; median {median:g} words" if median is not None else ""),
        file=out,
    )
    share = summary.too_easy_share
    easy = f"{summary.too_easy}/{summary.answerable}" + (
        f" ({100 * share:.0f}%)" if share is not None else ""
    )
    print(f"  too easy (question-passage word overlap > {TOO_EASY_OVERLAP:g}): {easy}", file=out)
    print(f"  rejects:        {_row(summary.rejects, sum(summary.rejects.values()))}", file=out)
