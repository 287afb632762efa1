"""A restatement joined by semicolons is checked part by part.

The sentence model may accept a statement as a paraphrase of its source as a whole; a
part joined to the rest by a semicolon ("10:00 to 18:00; entry is free on the first
Sunday") is a statement of its own, and the restatement of the rest must not carry it.
"""

from __future__ import annotations

import re
from collections.abc import Set

from judges.paraphrase import MIN_SHARED_COVERAGE
from judges.reading import analysed
from ragoro.text.cognates import cognate_recall
from ragoro.text.evidence import Analysis, token_recall
from ragoro.text.lang import Lang

__all__ = ["unrestated_part"]

_STATEMENT_RE = re.compile(r";\s")


def unrestated_part(claim: Analysis, langs: Set[Lang], pool: frozenset[str]) -> str:
    """A statement joined to the rest by a semicolon that the source (written in `langs`,
    its content tokens with translations in `pool`) backs neither by a third of its words
    nor by a number or date of its own; "" when every part is backed."""
    parts = _STATEMENT_RE.split(claim.text)
    if len(parts) == 1:
        return ""
    recall = token_recall if claim.lang in langs else cognate_recall
    for part in parts:
        read = analysed(part, claim.lang)
        if read.quantities or read.dates or not read.tokens:
            continue  # its numbers and dates passed the hard checks with the whole
        if recall(read.tokens, pool)[0] < MIN_SHARED_COVERAGE - 1e-9:
            return part.strip()
    return ""
