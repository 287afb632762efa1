"""The numeric check: the expected value, at the precision written, in the same unit.

Units are compared after normalisation to a base unit, so 1702.5 EUR_M == 1.7025 EUR_B
== "1.702,5 milioni di euro" == "EUR 1,702.5 million"; a different dimension (kg vs l)
never matches, whatever the digits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from judges.reading import prepare, reading_language
from ragoro.contracts import CaseOutcome
from ragoro.text import UNITS, extract_quantities, normalize_unit
from ragoro.text.numbers import within_step

__all__ = ["NumericCheck", "check_value"]


@dataclass(frozen=True)
class NumericCheck:
    """Whether the answer states the expected quantity, and why (not)."""

    matched: bool
    reason: str


@dataclass(frozen=True)
class _Candidate:
    value: float
    """In the base unit of `unit` when the unit is known, else as stated."""
    unit: str | None
    """A base unit code, or the unit string as given when it is unknown to ragoro."""
    shown: str
    step: float
    """How far the written digits may be from the exact value: half a unit of the last
    digit written ("1,7 miliardi" stands for 1.65-1.75e9); 0 for a declared number."""


def _base(value: float, unit: str | None) -> tuple[float, str | None]:
    """(value, unit) in the base unit; an unknown unit string is kept, casefolded."""
    if unit is None or not unit.strip():
        return value, None
    code = normalize_unit(unit)
    if code is None or code not in UNITS:
        return value, unit.strip().casefold()
    base, factor = UNITS[code]
    return value * factor, base


def _stated(outcome: CaseOutcome) -> list[_Candidate]:
    """The quantities the answer text states, with the precision they are written with."""
    text = prepare(outcome.answer)
    if not text.strip():
        return []
    lang = reading_language(text, outcome.question)
    return [
        _Candidate(q.value, q.unit, q.raw.strip(), q.rounding_step())
        for q in extract_quantities(text, lang)
    ]


def _matches(c: _Candidate, want: float) -> bool:
    # Within half a step of the last written digit: 200 h is not 201 h, and 12.400 kg is
    # not 12.401 kg, while "1,7 miliardi" is 1.702,5 milioni.
    return within_step(c.value, want, c.step)


def check_value(
    expected_value: float, expected_unit: str | None, outcome: CaseOutcome
) -> NumericCheck:
    """Does the answer state expected_value in expected_unit's dimension?

    Numbers are judged from what the answer says: a value the agent declares must be one
    the answer text states too (when the text states any), and a written number matches
    only up to the precision it is written with.
    """
    want, want_unit = _base(expected_value, expected_unit)
    # A unit ragoro does not know ("unità", "pezzi") is not extracted from text either,
    # so a bare number there may stand for it.
    units_ok = {want_unit} if want_unit in UNITS or want_unit is None else {want_unit, None}
    shown = f"{expected_value:g} {expected_unit or ''}".strip()
    stated = _stated(outcome)
    candidates = list(stated)
    if outcome.value is not None:
        value, unit = _base(outcome.value, outcome.unit)
        declared = _Candidate(value, unit, f"{outcome.value:g} {outcome.unit or ''}".strip(), 0.0)
        same_kind = [c for c in stated if c.unit == declared.unit or c.unit is None]
        # A bare number is read in the declared unit ("26 working days" declared as 26
        # days: the unit after an adjective is not extracted), so its digits are compared
        # with the declared number as given, before conversion to the base unit.
        declared_number = outcome.value
        if same_kind and not any(
            _matches(c, declared.value) or (c.unit is None and _matches(c, declared_number))
            for c in same_kind
        ):
            said = ", ".join(c.shown for c in same_kind[:3])
            return NumericCheck(False, f"declares {declared.shown} but the answer says {said}")
        candidates.insert(0, declared)
    if not candidates:
        return NumericCheck(False, f"no number in the answer (expected {shown})")
    near_miss: list[str] = []
    for c in candidates:
        if c.unit in units_ok and _matches(c, want):
            return NumericCheck(True, f"{c.shown} matches expected {shown}")
        if c.unit not in units_ok:
            near_miss.append(f"{c.shown}: unit {c.unit or 'missing'} is not {want_unit}")
        else:
            off = abs(c.value - want) / abs(want) if want else math.inf
            label = f"{off:.2%}" if math.isfinite(off) else "non-zero"
            near_miss.append(f"{c.shown}: off by {label}, beyond the precision it is written with")
    return NumericCheck(False, f"expected {shown}; got " + "; ".join(near_miss[:3]))
