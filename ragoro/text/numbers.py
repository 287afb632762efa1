"""Parse IT/EN number formats and extract quantities (number + scale word + unit) with spans.

"1.702,5" (IT), "1,702.5" (EN) and "1702.5" are the same number; "1.702" is 1702 with an
Italian hint and 1.702 with an English one, and a `Quantity` keeps both readings so a
comparison does not depend on guessing the language right.
"""

from __future__ import annotations

import math
import re
from dataclasses import dataclass, field
from functools import lru_cache

from ragoro.text.dates import find_dates
from ragoro.text.lang import Lang, detect_language
from ragoro.text.units import CURRENCIES, UNIT_RE, UNITS, normalize_unit, scaled_currency

_GROUP_SPACES = "\u00a0\u202f\u2009"
_NUM_BODY = rf"\d{{1,3}}(?:[{_GROUP_SPACES}]\d{{3}})+(?:[.,]\d+)?|\d+(?:[.,]\d+)*"
_NUM_RE = re.compile(rf"(?<![^\W_])(?P<sign>[-+−](?=\d))?(?P<num>{_NUM_BODY})")
_TOKEN_RE = re.compile(rf"[-+−]?(?:{_NUM_BODY})")

_SCALES_CI: dict[str, float] = {
    "mila": 1e3,
    "migliaia": 1e3,
    "thousand": 1e3,
    "thousands": 1e3,
    "k": 1e3,
    "mln": 1e6,
    "milioni": 1e6,
    "milione": 1e6,
    "million": 1e6,
    "millions": 1e6,
    "mn": 1e6,
    "mld": 1e9,
    "mrd": 1e9,
    "miliardi": 1e9,
    "miliardo": 1e9,
    "billion": 1e9,
    "billions": 1e9,
    "bn": 1e9,
}
_SCALE_RE = re.compile(
    r"(?:(?i:" + "|".join(sorted(_SCALES_CI, key=len, reverse=True)) + r")|M)(?![^\W_])"
)
_CURRENCY_PREFIX_RE = re.compile(r"(?:(?<![^\W_])(?i:eur|usd|gbp|chf|us\$)|€|\$|£)\s?$")
_LINK_RE = re.compile(r"\.?\s*(?:di\s+|d'\s*|of\s+)?")
_RANGE_RE = re.compile(r"\s*(?:-|–|÷|a|to|e|and|o|or)\s*")

Reading = tuple[float, int]
"""A possible value of a number token and its count of decimal digits."""


def _readings(token: str, lang_hint: Lang | None) -> list[Reading]:
    """Plausible values of a number token, the preferred one first; [] when malformed."""
    # A digit string too long for a float would become inf, and inf - inf is NaN.
    return [r for r in _all_readings(token, lang_hint) if math.isfinite(r[0])]


def _all_readings(token: str, lang_hint: Lang | None) -> list[Reading]:
    raw = token.strip().replace("−", "-")
    sign = -1.0 if raw.startswith("-") else 1.0
    body = raw.lstrip("+-")
    for space in _GROUP_SPACES:
        body = body.replace(space, ".") if "," in body else body.replace(space, ",")
    if not re.fullmatch(r"\d+(?:[.,]\d+)*", body):
        return []
    seps = [ch for ch in body if ch in ".,"]
    if not seps:
        return [(sign * float(body), 0)]
    groups = re.split(r"[.,]", body)
    kinds = set(seps)
    if len(kinds) == 2:
        decimal = seps[-1]
        if seps.count(decimal) != 1:
            return []
        thousands_part = body.rsplit(decimal, 1)[0]
        if not _valid_groups(re.split(r"[.,]", thousands_part)):
            return []
        integer = thousands_part.replace("." if decimal == "," else ",", "")
        frac = groups[-1]
        return [(sign * float(f"{integer}.{frac}"), len(frac))]
    sep = seps[0]
    if len(seps) > 1:
        if not _valid_groups(groups):
            return []
        return [(sign * float("".join(groups)), 0)]
    head, tail = groups
    as_decimal = (sign * float(f"{head}.{tail}"), len(tail))
    if len(tail) != 3 or head.startswith("0") or len(head) > 3:
        return [as_decimal]
    as_thousands = (sign * float(head + tail), 0)
    # One separator before exactly three digits is the ambiguous case: "." groups
    # thousands in Italian, "," in English.
    thousands_first = (sep == ".") == (lang_hint == "it")
    return [as_thousands, as_decimal] if thousands_first else [as_decimal, as_thousands]


def _valid_groups(groups: list[str]) -> bool:
    return 1 <= len(groups[0]) <= 3 and all(len(g) == 3 for g in groups[1:])


def parse_number(token: str, lang_hint: Lang | None = None) -> float | None:
    """Parse one IT/EN number token ("1.702,5", "1,702.5", "28,5"); None when malformed.

    "1.702" / "1,702" (one separator, three digits after it) is read by the language
    hint: thousands for "." in Italian and "," in English; English rules without a hint.
    """
    if not _TOKEN_RE.fullmatch(token.strip()):
        return None
    readings = _readings(token, lang_hint)
    return readings[0][0] if readings else None


@dataclass(frozen=True)
class Quantity:
    """A number found in text with its scale word and unit, normalised for comparison."""

    value: float
    """The quantity in the base unit of `unit` ("28,5 t" -> 28500.0 with unit "kg")."""
    unit: str | None
    """Base unit code (EUR, kg, l, m, bar, kWh, W, Nm, h, °C, %...) or None for a bare number."""
    start: int
    end: int
    raw: str
    """text[start:end]: the number with its currency, scale word and unit as written."""
    number: float
    """The number as written, before scale words and unit conversion."""
    scale: float = 1.0
    """Multiplier from a scale word: mila/thousand 1e3, milioni/million 1e6, miliardi 1e9."""
    written_unit: str | None = None
    """Unit code as written (t, MPa, EUR_M...); currencies carry the scale suffix."""
    readings: tuple[Reading, ...] = field(default=())
    """Every plausible (number, decimals) reading of the digits, preferred first; only the
    first is used for comparisons ("1.702" with an Italian hint: (1702, 0), (1.702, 3))."""

    def in_unit(self, code: str) -> float | None:
        """The value expressed in another unit code of the same dimension, else None."""
        entry = UNITS.get(code)
        if entry is None or self.unit is None or entry[0] != self.unit:
            return None
        return self.value / entry[1]

    def rounding_step(self) -> float:
        """How far the written digits may be from the exact value, in the base unit.

        Half a unit of the last written digit ("1,7 miliardi" stands for 1.65-1.75e9); 0 for
        a single significant digit, where rounding would swallow a changed number (3% vs 3,2%).
        """
        decimals = self.readings[0][1] if self.readings else 0
        return _rounding_step(self.number, decimals, self.written_unit, self.scale)


# Every quantity of a claim is compared with every quantity of every source window: the
# step depends only on these four values, so it is worked out once for each.
@lru_cache(maxsize=65536)
def _rounding_step(number: float, decimals: int, written_unit: str | None, scale: float) -> float:
    if _sig_digits(number, decimals) < 2:
        return 0.0
    return 10.0**-decimals * abs(_factor(written_unit, scale))


def _factor(written_unit: str | None, scale: float) -> float:
    unit_factor = UNITS[written_unit][1] if written_unit in UNITS else 1.0
    if written_unit and written_unit.split("_")[0] in CURRENCIES:
        return unit_factor
    return scale * unit_factor


def _sig_digits(number: float, decimals: int) -> int:
    digits = f"{abs(number):.{decimals}f}".replace(".", "").lstrip("0")
    return len(digits)


def within_step(a: float, b: float, step: float) -> bool:
    """a and b are the same number written with a precision of `step`: strictly within
    half a step (1702 is not a rounding of 1702.5), or equal up to float noise."""
    diff = abs(a - b)
    return diff < step / 2 or diff <= 1e-9 * max(abs(a), abs(b), 1e-12)


def same_quantity(a: Quantity, b: Quantity, rel_tol: float = 0.005) -> bool:
    """Same unit (both None counts) and base values within rel_tol: "28.500 kg" == "28,5 t"."""
    return a.unit == b.unit and math.isclose(a.value, b.value, rel_tol=rel_tol, abs_tol=1e-12)


def quantities_match(a: Quantity, b: Quantity) -> bool:
    """Same unit and the same value up to the rounding of the less precise one.

    Stricter than `same_quantity` for flipped digits ("1.800" != "1.802") yet tolerant of
    rounding with 2+ significant digits ("1,7 miliardi" == "1.702,5 milioni"). Only the
    preferred reading of an ambiguous token counts: "28,5 kg" must not match "28.500 kg".
    """
    if a.unit != b.unit:
        return False
    return within_step(a.value, b.value, max(a.rounding_step(), b.rounding_step()))


def same_number(a: Quantity, b: Quantity) -> bool:
    """True when the digits as written agree, whatever the scale or unit ("28,5 l" / "28.5 kg")."""
    return within_step(a.number, b.number, 0.0)


def _unit_at(text: str, pos: int) -> tuple[str | None, int]:
    m = UNIT_RE.match(text, pos)
    if m is None:
        return None, pos
    return normalize_unit(m.group(0)), m.end()


def _suffix(text: str, pos: int) -> tuple[float, str | None, int]:
    """Scale and unit after a number: "milioni di euro", " kg", "M€", "bn"."""
    ws = re.match(r"[ \t\u00a0\u202f]*", text[pos:])
    after_ws = pos + (ws.end() if ws else 0)
    unit, end = _unit_at(text, after_ws)
    if unit is not None:
        return 1.0, unit, end
    scale_m = _SCALE_RE.match(text, after_ws)
    if scale_m is None:
        return 1.0, None, pos
    word = scale_m.group(0).rstrip(".")
    scale = 1e6 if word == "M" else _SCALES_CI[word.lower()]
    end = scale_m.end()
    link = _LINK_RE.match(text, end)
    unit, unit_end = _unit_at(text, link.end() if link else end)
    return scale, unit, (unit_end if unit is not None else end)


def extract_quantities(text: str, lang: Lang | None = None) -> list[Quantity]:
    """Numbers in text with scale words and normalised units, in order, with exact spans.

    Dates are not quantities: in "12/06/2026" only the year is kept, as a bare number, and
    numbers inside a written-out date ("12 giugno 2026") never take a unit.
    """
    hint = lang or detect_language(text)
    dates = find_dates(text)
    out: list[Quantity] = []
    for m in _NUM_RE.finditer(text):
        start, end = m.start(), m.end()
        if out and start < out[-1].end:
            continue  # the "100" of "l/100 km" belongs to the previous unit
        in_date = next((d for d in dates if d.start <= start and end <= d.end), None)
        if in_date is not None and in_date.numeric and (start, end) != in_date.year_span:
            continue
        token = (m.group("sign") or "") + m.group("num")
        readings = _readings(token, hint)
        if not readings:
            continue
        number = readings[0][0]
        scale, unit_code, q_end = (1.0, None, end) if in_date else _suffix(text, end)
        q_start = start
        prefix = None if in_date else _CURRENCY_PREFIX_RE.search(text, max(0, start - 5), start)
        if prefix is not None and (unit_code is None or unit_code in CURRENCIES):
            unit_code = unit_code or normalize_unit(prefix.group(0).strip())
            q_start = prefix.start()
        out.append(
            _build(
                text,
                start=q_start,
                end=q_end,
                number=number,
                scale=scale,
                unit_code=unit_code,
                readings=tuple(readings),
            )
        )
    return _propagate_ranges(text, out)


def _build(
    text: str,
    *,
    start: int,
    end: int,
    number: float,
    scale: float,
    unit_code: str | None,
    readings: tuple[Reading, ...],
) -> Quantity:
    base, factor = UNITS.get(unit_code or "", (None, 1.0))
    written = scaled_currency(unit_code, scale) if unit_code else None
    return Quantity(
        value=number * scale * factor,
        unit=base,
        start=start,
        end=end,
        raw=text[start:end],
        number=number,
        scale=scale,
        written_unit=written,
        readings=readings,
    )


def _propagate_ranges(text: str, quantities: list[Quantity]) -> list[Quantity]:
    """In "10-15 giorni" / "da 10 a 15 bar" the first number takes the second's unit."""
    out = list(quantities)
    for i in range(len(out) - 2, -1, -1):
        first, second = out[i], out[i + 1]
        if first.unit is not None or first.scale != 1.0 or second.unit is None:
            continue
        if _RANGE_RE.fullmatch(text, first.end, second.start) is None:
            continue
        unit_code = second.written_unit.split("_")[0] if second.written_unit else None
        out[i] = _build(
            text,
            start=first.start,
            end=first.end,
            number=first.number,
            scale=second.scale,
            unit_code=unit_code,
            readings=first.readings,
        )
    return out
