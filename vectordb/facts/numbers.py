"""Numbers in text: a value, the unit written with it, and the words it belongs to.

`find_numbers` reads Italian and English notation alike: "1.702,5" and "1,702.5" are both
1702.5; a lone separator followed by exactly three digits groups thousands ("4.250" is
4250, "6,842" is 6842), any other is a decimal point. Times (8:30), dates (31/12/2025) and
codes (AB-200, ISO-9001) are not numbers. The unit is what follows (or, for a currency,
precedes) the number: "%", "MWh", "EUR million", "milioni di euro" -> "EUR million".
"""

from __future__ import annotations

import re
from dataclasses import dataclass

_NUMBER = re.compile(
    r"(?<![\w.,:/\-])(?P<sign>[-+\u2212]?)"
    r"(?P<digits>\d{1,3}(?:([.,])\d{3})(?:\3\d{3})*(?:[.,]\d+)?|\d+(?:[.,]\d+)?)"
    r"(?![\w:/]|[.,]\d)"
)
# Currencies written before or after the number, by how they are written.
CURRENCIES = {"€": "EUR", "eur": "EUR", "euro": "EUR", "$": "USD", "usd": "USD", "£": "GBP"}
SCALES = {
    "thousand": "thousand",
    "mila": "thousand",
    "million": "million",
    "millions": "million",
    "milione": "million",
    "milioni": "million",
    "mln": "million",
    "billion": "billion",
    "miliardo": "billion",
    "miliardi": "billion",
    "mld": "billion",
}
# Units of measure as written (matched case-sensitively: "m" is not "M").
UNITS = frozenset(
    [
        "%",
        "pp",
        "p.p.",
        "‰",
        "MWh",
        "kWh",
        "GWh",
        "TWh",
        "Wh",
        "MW",
        "kW",
        "W",
        "kV",
        "V",
        "mA",
        "A",
        "kVA",
        "Hz",
        "kHz",
        "MHz",
        "kg",
        "g",
        "mg",
        "t",
        "kt",
        "km",
        "m",
        "cm",
        "mm",
        "µm",
        "m²",
        "m2",
        "m³",
        "m3",
        "l",
        "L",
        "ml",
        "litri",
        "liters",
        "litres",
        "h",
        "min",
        "s",
        "ms",
        "bar",
        "mbar",
        "Pa",
        "kPa",
        "MPa",
        "°C",
        "°F",
        "K",
        "dB",
        "dB(A)",
        "N",
        "kN",
        "Nm",
        "rpm",
        "tCO2e",
        "tCO₂e",
        "kgCO2e",
        "ore",
        "hours",
        "giorni",
        "days",
        "mesi",
        "months",
        "anni",
        "years",
        "settimane",
        "weeks",
        "minuti",
        "minutes",
        "secondi",
        "seconds",
        "pezzi",
        "pcs",
        "unità",
        "units",
        "dipendenti",
        "employees",
        "persone",
        "people",
    ]
)
_WORD = re.compile(r"[^\W\d_][\w'’.-]*", re.UNICODE)
LABEL_WORDS = 3
"""How many words before a number in running text form its label."""


@dataclass(frozen=True)
class FoundNumber:
    """One number in a piece of text: its span there, value, unit and label."""

    start: int
    end: int
    value: float
    unit: str
    label: str


def parse_number(digits: str, sign: str = "") -> float:
    """The value of a number written with either notation (see the module docstring)."""
    dots, commas = digits.count("."), digits.count(",")
    if dots and commas:
        decimal = "." if digits.rfind(".") > digits.rfind(",") else ","
        thousands = "," if decimal == "." else "."
        plain = digits.replace(thousands, "").replace(decimal, ".")
    elif dots + commas > 1:
        plain = digits.replace(".", "").replace(",", "")
    elif dots + commas == 1:
        head, tail = re.split(r"[.,]", digits)
        grouped = len(tail) == 3 and head != "0"
        plain = head + tail if grouped else f"{head}.{tail}"
    else:
        plain = digits
    value = float(plain)
    return -value if sign in ("-", "\u2212") else value


def _tokens_after(text: str, end: int) -> list[tuple[str, int]]:
    """The next few whitespace-separated tokens after `end`, with their end offsets."""
    found = []
    for match in re.finditer(r"\S+", text[end : end + 60]):
        found.append((match.group(0), end + match.end()))
        if len(found) == 4:
            break
    return found


def _unit_after(text: str, end: int, attached: str) -> tuple[list[str], int]:
    """Unit parts that follow a number, and the offset where they end."""
    parts: list[str] = []
    cursor = end
    if attached:
        parts.append(attached)
    tokens = _tokens_after(text, end)
    index = 0
    if index < len(tokens):
        word = tokens[index][0].rstrip(".,;:)")
        if word.lower() in SCALES:
            parts.append(SCALES[word.lower()])
            cursor = tokens[index][1]
            index += 1
            # "milioni di euro": a scale word, "di", then the currency.
            if index + 1 < len(tokens) and tokens[index][0] in ("di", "of"):
                currency = tokens[index + 1][0].rstrip(".,;:)").lower()
                if currency in CURRENCIES:
                    parts.insert(0, CURRENCIES[currency])
                    cursor = tokens[index + 1][1]
                    index += 2
    if index < len(tokens) and not attached:
        word = tokens[index][0].rstrip(",;:)")
        bare = word.rstrip(".") if word not in UNITS else word
        if bare in UNITS:
            parts.append(bare)
            cursor = tokens[index][1]
        elif bare.lower() in CURRENCIES:
            parts.insert(0, CURRENCIES[bare.lower()])
            cursor = tokens[index][1]
    return parts, cursor


def _currency_before(text: str, start: int) -> str | None:
    before = text[max(0, start - 6) : start].rstrip()
    for written, code in CURRENCIES.items():
        if before.lower().endswith(written) and (
            len(written) == 1 or not before[: -len(written)][-1:].isalpha()
        ):
            return code
    return None


def label_before(text: str, start: int, words: int = LABEL_WORDS) -> str:
    """The last `words` words before `start`, lower case; currencies, scales and units
    (which belong to other numbers) left out."""
    found = []
    for match in _WORD.finditer(text[:start]):
        word = match.group(0).rstrip(".")
        lowered = word.lower()
        if lowered in CURRENCIES or lowered in SCALES or word in UNITS:
            continue
        found.append(lowered)
    return " ".join(found[-words:])


_PARENTHESIS = re.compile(r"\(([^()]{1,30})\)")


def unit_in(text: str) -> str:
    """The unit a header states in parentheses ("Revenue (EUR million)" -> "EUR million"),
    or "" when its parentheses hold anything but currencies, scales and units."""
    for match in _PARENTHESIS.finditer(text):
        parts: list[str] = []
        for word in match.group(1).split():
            lowered = word.lower()
            if lowered in CURRENCIES:
                parts.insert(0, CURRENCIES[lowered])
            elif lowered in SCALES:
                parts.append(SCALES[lowered])
            elif word in UNITS:
                parts.append(word)
            else:
                parts = []
                break
        if parts:
            return " ".join(parts)
    return ""


def find_numbers(text: str, *, label: str | None = None) -> list[FoundNumber]:
    """Every number in `text` with its unit; `label` overrides the words-before label
    (a table cell's number is labelled by its header path)."""
    found: list[FoundNumber] = []
    for match in _NUMBER.finditer(text):
        start, end = match.start(), match.end()
        attached = ""
        if text[end : end + 1] == "%":
            attached, end = "%", end + 1
        currency = _currency_before(text, start)
        parts, unit_end = _unit_after(text, end, attached)
        if currency and (not parts or parts[0] not in CURRENCIES.values()):
            parts.insert(0, currency)
        value = parse_number(match.group("digits"), match.group("sign"))
        found.append(
            FoundNumber(
                start=start,
                end=max(end, unit_end),
                value=value,
                unit=" ".join(parts),
                label=label_before(text, start) if label is None else label,
            )
        )
    return found
