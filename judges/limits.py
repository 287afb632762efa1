"""A limit turned the other way: "at least two hours" said where the source says "up to".

Every word and number of such a restatement is in its source, so overlap and number
checks pass it; what changes is the direction of the limit word before the number
(`ragoro.text.bounds`). A number the claim limits one way and the source the other is a
flipped fact; a number limited on one side only is not (that limit was added or dropped).
"""

from __future__ import annotations

from ragoro.text.bounds import bound_before
from ragoro.text.evidence import Analysis, match_quantity

__all__ = ["limit_flip"]


def limit_flip(claim: Analysis, source: Analysis) -> str:
    """ "" unless a number the claim bounds one way is bounded the other way in `source`."""
    for q in claim.quantities:
        mine = bound_before(claim.text, q.start)
        if mine is None:
            continue
        for other in source.quantities:
            theirs = bound_before(source.text, other.start)
            if theirs and theirs != mine and match_quantity(q, [other]).found:
                return f"limit turned: a {mine} of {q.raw.strip()} where the source has a {theirs}"
    return ""
