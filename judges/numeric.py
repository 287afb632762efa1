"""The numeric check: the expected value, within a relative tolerance, in the same unit.

Units are compared after normalisation to a base unit, so 1702.5 EUR_M == 1.7025 EUR_B
== "1.702,5 milioni di euro" == "EUR 1,702.5 million"; a different dimension (kg vs l)
never matches, whatever the digits.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from ragoro.contracts import CaseOutcome
from ragoro.text import UNITS, detect_language, extract_quantities, normalize_unit
from ragoro.text.evidence import strip_citations

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


def _base(value: float, unit: str | None) -> tuple[float, str | None]:
    """(value, unit) in the base unit; an unknown unit string is kept, casefolded."""
    if unit is None or not unit.strip():
        return value, None
    code = normalize_unit(unit)
    if code is None or code not in UNITS:
        return value, unit.strip().casefold()
    base, factor = UNITS[code]
    return value * factor, base


def _candidates(outcome: CaseOutcome) -> list[_Candidate]:
    out = []
    if outcome.value is not None:
        value, unit = _base(outcome.value, outcome.unit)
        out.append(_Candidate(value, unit, f"{outcome.value:g} {outcome.unit or ''}".strip()))
    if outcome.value is None or not outcome.unit:
        # No structured value, or one without its unit: the answer text says more.
        text = strip_citations(outcome.answer)
        for q in extract_quantities(text, detect_language(text) if text.strip() else None):
            out.append(_Candidate(q.value, q.unit, q.raw.strip()))
    return out


def check_value(
    expected_value: float, expected_unit: str | None, outcome: CaseOutcome, rel_tol: float = 0.005
) -> NumericCheck:
    """Does the outcome state expected_value (± rel_tol) in expected_unit's dimension?

    The outcome's own value/unit are used when given, else the quantities in the answer
    text; any one matching candidate passes.
    """
    want, want_unit = _base(expected_value, expected_unit)
    # A unit ragoro does not know ("unità", "pezzi") is not extracted from text either,
    # so a bare number there may stand for it.
    units_ok = {want_unit} if want_unit in UNITS or want_unit is None else {want_unit, None}
    shown = f"{expected_value:g} {expected_unit or ''}".strip()
    candidates = _candidates(outcome)
    if not candidates:
        return NumericCheck(False, f"no number in the answer (expected {shown})")
    near_miss: list[str] = []
    for c in candidates:
        same_value = math.isclose(c.value, want, rel_tol=rel_tol, abs_tol=1e-12)
        if c.unit in units_ok and same_value:
            return NumericCheck(True, f"{c.shown} matches expected {shown}")
        if c.unit not in units_ok:
            near_miss.append(f"{c.shown}: unit {c.unit or 'missing'} is not {want_unit}")
        else:
            off = abs(c.value - want) / abs(want) if want else math.inf
            label = f"{off:.2%}" if math.isfinite(off) else "non-zero"
            near_miss.append(f"{c.shown}: off by {label} (tolerance {rel_tol:.2%})")
    return NumericCheck(False, f"expected {shown}; got " + "; ".join(near_miss[:3]))
