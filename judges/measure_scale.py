"""Does a bare quantity answer measure what the question is about, on its scale?

A bare answer ("12 months.", "52%") is judged on its kind alone, so its kind must be the
one the question's subject is measured in. Two checks, both on the units as written:

- the dimension: the text the question is about (the golden passages) states the
  subject's measures; a bare answer giving a measure of a dimension that text never
  states ("52%" where the warranty is stated in months, a sum of euros beside a share)
  measures something else;
- the granularity of time: a question counts in the unit it names ("quanti giorni", "how
  many hours"), else in the units its source uses; a span two or more steps away on the
  scale second < minute < hour < day < week < month < year ("12 months" for a lunch
  break of 30 to 90 minutes) answers another question, unless it restates a span the
  source gives ("1 year" for "365 days").
"""

from __future__ import annotations

import re
from collections.abc import Sequence

from judges.question_type import asked_unit_word
from ragoro.text.numbers import Quantity, quantities_match, same_number
from ragoro.text.units import CURRENCIES, base_unit, normalize_unit

__all__ = ["off_scale", "reads_as"]

_TIME_SCALE = ("s", "min", "h", "day", "week", "month", "year")
_MAX_STEPS = 1
"""A span one step from the expected unit ("3 days" for "how many hours") still counts in
its terms; two steps ("12 months" for "how many days") no longer does."""


def _dimension(quantity: Quantity) -> str | None:
    """The quantity's dimension: its base unit, every currency being money."""
    if quantity.unit is None:
        return None
    return "money" if quantity.unit in CURRENCIES else quantity.unit


def _step(quantity: Quantity) -> int | None:
    """The position of a span's written unit on the time scale, None for other measures."""
    if quantity.unit != "h":
        return None
    written = quantity.written_unit or "h"
    return _TIME_SCALE.index(written) if written in _TIME_SCALE else None


def _foreign_dimension(segment: Sequence[Quantity], source: Sequence[Quantity]) -> str:
    """The unit of a bare segment's measures when the source states none of their
    dimensions, else "". A segment with a bare number ("125 pounds", its unit unread)
    takes its unit from the text, so it is not judged; a source whose numbers are all bare
    (codes, counts: "HLP 46") states no measure."""
    if not source or any(q.unit is None for q in segment):
        return ""
    stated = {_dimension(q) for q in source} - {None}
    if any(_dimension(q) in stated for q in segment):
        return ""
    bare = [q for q in source if q.unit is None]
    if any(same_number(q, other) for q in segment for other in bare):
        # The source's own number, its unit after a word the reading skips ("2 business
        # days"): the same measure.
        return ""
    return segment[0].written_unit or segment[0].unit or ""


def _expected_steps(question: str, source: Sequence[Quantity]) -> tuple[set[int], str]:
    """The time-scale steps the answer should count in, and the words naming them."""
    word = asked_unit_word(question)
    code = normalize_unit(word) if word else None
    if code is not None and base_unit(code) == "h" and code in _TIME_SCALE:
        return {_TIME_SCALE.index(code)}, f"the question counts in {word}"
    steps = {s for s in (_step(q) for q in source) if s is not None}
    units = ", ".join(_TIME_SCALE[s] for s in sorted(steps))
    return steps, f"the source measures it in {units}"


def off_scale(
    question: str,
    segments: Sequence[Sequence[Quantity]],
    source: Sequence[Quantity],
    *,
    anchored: bool,
) -> str:
    """Why a bare answer's measures are not those of the question's subject, or "".

    `segments` are the amounts of each verbless part of the answer ("12 months", "from
    99.2 to 118.6 million EUR"), the question's own numbers left out; `source` the
    quantities of the text the question is about (empty when there is none); `anchored`
    whether the answer names anything of the question or of that text. A value beside
    the subject's own words ("12 mesi dall'operazione") is a wrong value of the asked
    measure, for accuracy to judge; a value alone has only its scale to say what it is."""
    for segment in segments:
        foreign = _foreign_dimension(segment, source)
        if foreign:
            return f"gives a measure in {foreign}, a dimension the source never states for it"
    spans = [(q, s) for segment in segments for q in segment if (s := _step(q)) is not None]
    if anchored or not spans:
        return ""
    expected, named = _expected_steps(question, source)
    if not expected:
        return ""
    for quantity, step in spans:
        if min(abs(step - e) for e in expected) <= _MAX_STEPS:
            return ""
        if any(quantities_match(quantity, other) for other in source):
            return ""  # a restatement of a span the source gives
    written = ", ".join(q.raw for q, _ in spans)
    return f"{named}; the answer gives {written}, on another scale"


_NEXT_WORDS_RE = re.compile(r"[\s-]*((?:[^\W\d_]+[\s'’-]+){0,2}[^\W\d_]+)")


def reads_as(text: str, quantity: Quantity) -> str | None:
    """The base unit a quantity is stated in: its own, or for a bare number a unit among
    the next three words ("8 working hours", "500 ore di funzionamento"), else None."""
    if quantity.unit is not None:
        return quantity.unit
    rest = _NEXT_WORDS_RE.match(text[quantity.end :])
    for word in re.split(r"[\s'’-]+", rest.group(1)) if rest else ():
        code = normalize_unit(word) if len(word) > 1 else None
        if code is not None:
            return base_unit(code)
    return None
