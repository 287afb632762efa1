"""Unit codes, their aliases in Italian and English, and conversion to a base unit.

Every unit code maps to a base code of its dimension and a factor: value_in_base =
value * factor. Currencies have scaled codes (EUR_K, EUR_M, EUR_B) so that "EUR 1,702.5
million", "1,7025 miliardi di euro" and 1702.5 EUR_M all reduce to the same base value.
"""

from __future__ import annotations

import math
import re

UNITS: dict[str, tuple[str, float]] = {}
"""Unit code -> (base code, factor to base)."""


def _add(base: str, **codes: float) -> None:
    UNITS[base] = (base, 1.0)
    for code, factor in codes.items():
        UNITS[code] = (base, factor)


for _cur in ("EUR", "USD", "GBP", "CHF"):
    UNITS[_cur] = (_cur, 1.0)
    UNITS[f"{_cur}_K"] = (_cur, 1e3)
    UNITS[f"{_cur}_M"] = (_cur, 1e6)
    UNITS[f"{_cur}_B"] = (_cur, 1e9)
_add("kg", g=1e-3, mg=1e-6, t=1e3, q=100.0, lb=0.45359237)
_add("l", ml=1e-3, cl=1e-2, dl=0.1, hl=100.0, m3=1e3)
_add("m", mm=1e-3, cm=1e-2, km=1e3, mi=1609.344)
_add("m2", km2=1e6, ha=1e4)
_add("bar", mbar=1e-3, Pa=1e-5, kPa=1e-2, MPa=10.0, psi=0.0689476, atm=1.01325)
_add("kWh", Wh=1e-3, MWh=1e3, GWh=1e6, TWh=1e9, kJ=1 / 3600, MJ=1 / 3.6, GJ=1e3 / 3.6)
_add("W", kW=1e3, MW=1e6, GW=1e9, CV=735.49875, hp=745.7)
_add("Nm")
_add("h", s=1 / 3600, min=1 / 60, day=24.0, week=168.0, month=730.0, year=8760.0)
_add("°C")
_add("°F")
_add("deg")
_add("%")
_add("km/h", **{"m/s": 3.6, "mph": 1.609344, "kn": 1.852})
_add("km/l")
_add("l/100km")
_add("rpm")
_add("Hz", kHz=1e3, MHz=1e6)
_add("V", kV=1e3)
_add("Ah", mAh=1e-3)
_add("dB")

CURRENCIES: frozenset[str] = frozenset({"EUR", "USD", "GBP", "CHF"})

# Aliases matched case-insensitively (longest first). Keys are lowercase.
_ALIASES_CI: dict[str, str] = {}
# Short aliases whose case carries meaning ("m" metre vs "M" million, "t" vs "T").
_ALIASES_CS: dict[str, str] = {
    "g": "g",
    "t": "t",
    "m": "m",
    "h": "h",
    "s": "s",
    "W": "W",
    "V": "V",
    "Pa": "Pa",
    "L": "l",
    "l": "l",
}


def _alias(code: str, words: str) -> None:
    for word in words.split("|"):
        _ALIASES_CI[word] = code


_alias("EUR", "€|eur|euro|euros")
_alias("USD", "$|usd|us$|dollari|dollaro|dollars|dollar")
_alias("GBP", "£|gbp|sterline|sterlina")
_alias("CHF", "chf|franchi svizzeri")
_alias("kg", "kg|kgs|chilogrammi|chilogrammo|chili|kilograms|kilogram|kilos|kilo")
_alias("g", "grammi|grammo|grams|gram|gr")
_alias("mg", "mg|milligrammi|milligrams")
_alias("t", "ton|tons|tonnes|tonne|tonnellate|tonnellata")
_alias("q", "quintali|quintale")
_alias("lb", "lb|lbs")
_alias("l", "lt|litri|litro|liters|liter|litres|litre")
_alias("ml", "ml|millilitri|millilitro|milliliters|millilitres")
_alias("cl", "cl|centilitri")
_alias("dl", "dl|decilitri")
_alias("hl", "hl|ettolitri|ettolitro|hectoliters|hectolitres")
_alias("m3", "m3|m³|metri cubi|metro cubo|cubic meters|cubic metres")
_alias("mm", "mm|millimetri|millimetro|millimeters|millimetres")
_alias("cm", "cm|centimetri|centimetro|centimeters|centimetres")
_alias("m", "metri|metro|meters|meter|metres|metre")
_alias("km", "km|chilometri|chilometro|kilometers|kilometres|kilometer|kilometre")
_alias("mi", "miglia|miles|mile")
_alias("m2", "m2|m²|mq|metri quadrati|metri quadri|square meters|square metres")
_alias("km2", "km2|km²|chilometri quadrati|square kilometers|square kilometres")
_alias("ha", "ettari|ettaro|hectares|hectare")
_alias("bar", "bar")
_alias("dB", "db|db(a)|dba|decibel")
_alias("mbar", "mbar|millibar")
_alias("kPa", "kpa")
_alias("MPa", "mpa")
_alias("psi", "psi")
_alias("atm", "atm")
_alias("Wh", "wh")
_alias("kWh", "kwh")
_alias("MWh", "mwh")
_alias("GWh", "gwh")
_alias("TWh", "twh")
_alias("kJ", "kj")
_alias("MJ", "mj")
_alias("GJ", "gj")
_alias("kW", "kw|kilowatt")
_alias("MW", "mw|megawatt")
_alias("GW", "gw|gigawatt")
_alias("W", "watt")
_alias("CV", "cv")
_alias("hp", "hp|bhp")
_alias("Nm", "nm|n·m|n.m|newton metro|newton metri|newton meters|newton metres")
_alias("h", "ore|ora|hours|hour|hrs|hr")
_alias("min", "min|minuti|minuto|minutes|minute|mins")
_alias("s", "sec|secondi|seconds|second|secs")
_alias("day", "giorni|giorno|gg|days|day")
_alias("week", "settimane|settimana|weeks|week")
_alias("month", "mesi|mese|months|month")
_alias("year", "anni|anno|years|year|yrs")
_alias("°C", "°c|° c|ºc|gradi celsius|gradi centigradi|degrees celsius|degrees c|celsius")
_alias("°F", "°f|° f|degrees fahrenheit|fahrenheit")
# A bare "°" is left out on purpose: "1° trimestre" is an ordinal far more often than an angle.
_alias("deg", "gradi|degrees")
_alias("%", "%|per cento|percento|percent|per cent|pct")
_alias("km/h", "km/h|kmh|km/ora|chilometri orari|chilometri all'ora|kph")
_alias("m/s", "m/s")
_alias("mph", "mph")
_alias("kn", "nodi|knots")
_alias("km/l", "km/l|km/litro|chilometri al litro")
_alias(
    "l/100km",
    "l/100km|l/100 km|litri per 100 km|litri ogni 100 km|l per 100 km|litres per 100 km|"
    "liters per 100 km",
)
_alias("rpm", "rpm|giri/min|giri al minuto")
_alias("Hz", "hz|hertz")
_alias("kHz", "khz")
_alias("MHz", "mhz")
_alias("kV", "kv")
_alias("V", "volt")
_alias("Ah", "ah")
_alias("mAh", "mah")


def _alias_pattern() -> re.Pattern[str]:
    entries = [(a, True) for a in _ALIASES_CI] + [(a, False) for a in _ALIASES_CS]
    entries.sort(key=lambda e: len(e[0]), reverse=True)
    parts = []
    for alias, insensitive in entries:
        body = r"\s+".join(re.escape(w) for w in alias.split(" "))
        parts.append(f"(?i:{body})" if insensitive else body)
    # A unit must not run into a following letter or digit: "m" is not the start of "metà".
    # "l'anno" is an article, not litres: no apostrophe may follow either.
    return re.compile(r"(?:" + "|".join(parts) + r")(?![^\W_]|['’])")


UNIT_RE = _alias_pattern()
"""Matches one unit alias at a position (use `.match(text, pos)`)."""


def normalize_unit(alias: str) -> str | None:
    """The unit code for an alias as written ("litri" -> "l", "MPa" -> "MPa"), or None."""
    cleaned = " ".join(alias.split())
    if cleaned in _ALIASES_CS:
        return _ALIASES_CS[cleaned]
    if cleaned in UNITS:
        return cleaned
    return _ALIASES_CI.get(cleaned.lower())


def base_unit(code: str) -> str | None:
    """The base code of a unit's dimension ("t" -> "kg", "EUR_M" -> "EUR")."""
    entry = UNITS.get(code)
    return entry[0] if entry else None


def convert(value: float, from_code: str, to_code: str) -> float | None:
    """Convert between two codes of the same dimension; None when they are not comparable."""
    src, dst = UNITS.get(from_code), UNITS.get(to_code)
    if src is None or dst is None or src[0] != dst[0]:
        return None
    result = value * src[1] / dst[1]
    return result if math.isfinite(result) else None


def scaled_currency(code: str, scale: float) -> str:
    """The scaled currency code for a scale word (EUR, 1e6 -> EUR_M); code when unscaled."""
    suffix = {1e3: "_K", 1e6: "_M", 1e9: "_B"}.get(scale)
    return f"{code}{suffix}" if suffix and code in CURRENCIES else code
