"""Number parsing in IT/EN formats, quantities with units and spans, and their comparison."""

import pytest

from ragoro.text.numbers import (
    Quantity,
    extract_quantities,
    parse_number,
    quantities_match,
    same_quantity,
)
from ragoro.text.units import convert, normalize_unit


@pytest.mark.parametrize(
    ("token", "hint", "value"),
    [
        ("1.702,5", None, 1702.5),
        ("1,702.5", None, 1702.5),
        ("1702.5", None, 1702.5),
        ("1702,5", "it", 1702.5),
        ("28,5", "en", 28.5),
        ("1.702", "it", 1702.0),
        ("1.702", "en", 1.702),
        ("1,702", "it", 1.702),
        ("1,702", "en", 1702.0),
        ("1.702", None, 1.702),
        ("0.702", "it", 0.702),
        ("1.702.500", "it", 1702500.0),
        ("1,702,500", "en", 1702500.0),
        ("-3,5", "it", -3.5),
        ("2025", None, 2025.0),
    ],
)
def test_parse_number_formats_and_disambiguation(
    token: str, hint: str | None, value: float
) -> None:
    assert parse_number(token, hint) == pytest.approx(value)  # type: ignore[arg-type]


@pytest.mark.parametrize("token", ["abc", "1.2.3", "1,23,456", "1.702,5,3", ""])
def test_parse_number_rejects_malformed_tokens(token: str) -> None:
    assert parse_number(token) is None


def one(text: str, lang: str | None = None) -> Quantity:
    found = extract_quantities(text, lang)  # type: ignore[arg-type]
    assert len(found) == 1, found
    return found[0]


def test_quantities_carry_exact_spans() -> None:
    text = "Il serbatoio contiene 28,5 litri; i ricavi sono 1.702,5 milioni di euro (+3%)."
    found = extract_quantities(text, "it")
    assert [q.raw for q in found] == ["28,5 litri", "1.702,5 milioni di euro", "+3%"]
    for q in found:
        assert text[q.start : q.end] == q.raw


def test_currency_scale_forms_are_the_same_quantity() -> None:
    forms = [
        one("EUR 1,702.5 million", "en"),
        one("1.702,5 milioni di euro", "it"),
        one("1,7025 miliardi di euro", "it"),
        one("€ 1.702,5 mln", "it"),
    ]
    for q in forms:
        assert q.unit == "EUR"
        assert q.value == pytest.approx(1_702_500_000)
        assert q.in_unit("EUR_M") == pytest.approx(1702.5)
    assert forms[0].written_unit == "EUR_M"
    assert forms[2].written_unit == "EUR_B"
    assert all(same_quantity(forms[0], q) for q in forms)
    assert all(quantities_match(forms[0], q) for q in forms)


def test_scale_words_without_unit() -> None:
    a, b = one("1.702,5 milioni", "it"), one("1,7025 miliardi", "it")
    assert a.unit is None and b.unit is None
    assert quantities_match(a, b)


def test_mass_in_kg_and_tonnes_compare_equal() -> None:
    kg, t = one("28.500 kg", "it"), one("28,5 t", "it")
    assert (kg.unit, t.unit) == ("kg", "kg")
    assert same_quantity(kg, t)
    assert quantities_match(kg, t)
    assert quantities_match(one("28,500 kg", "en"), one("28.5 tonnes", "en"))


def test_changed_unit_is_not_the_same_quantity() -> None:
    litres, kg = one("28,5 litri", "it"), one("28,5 kg", "it")
    assert litres.unit == "l"
    assert not same_quantity(litres, kg)
    assert not quantities_match(litres, kg)


def test_flipped_digit_does_not_match_but_rounding_does() -> None:
    assert not quantities_match(one("1.800 kg", "it"), one("1.802 kg", "it"))
    assert not quantities_match(one("3%"), one("3,2%", "it"))
    assert quantities_match(one("1,7 miliardi di euro", "it"), one("1.702,5 milioni di euro", "it"))
    assert not quantities_match(
        one("1,8 miliardi di euro", "it"), one("1.702,5 milioni di euro", "it")
    )


@pytest.mark.parametrize(
    ("text", "lang", "unit", "value"),
    [
        ("3%", "it", "%", 3.0),
        ("3 per cento", "it", "%", 3.0),
        ("12 percent", "en", "%", 12.0),
        ("2,5 MPa", "it", "bar", 25.0),
        ("25 bar", "en", "bar", 25.0),
        ("500 ml", "en", "l", 0.5),
        ("120 km/h", "it", "km/h", 120.0),
        ("15 km/l", "it", "km/l", 15.0),
        ("6 l/100 km", "it", "l/100km", 6.0),
        ("250 Nm", "en", "Nm", 250.0),
        ("3 MWh", "en", "kWh", 3000.0),
        ("150 kW", "en", "W", 150_000.0),
        ("90 °C", "it", "°C", 90.0),
        ("-5 °C", "it", "°C", -5.0),
        ("30 giorni", "it", "h", 720.0),
        ("2 anni", "it", "h", 17520.0),
        ("45 minuti", "it", "h", 0.75),
        ("500 hours", "en", "h", 500.0),
        ("1.200 mm", "it", "m", 1.2),
        ("1,200 mm", "en", "m", 1.2),
        ("$3.5bn", "en", "USD", 3.5e9),
        ("1,7 M€", "it", "EUR", 1.7e6),
    ],
)
def test_unit_normalisation(text: str, lang: str, unit: str, value: float) -> None:
    q = one(text, lang)
    assert q.unit == unit
    assert q.value == pytest.approx(value)
    assert q.raw == text


def test_years_and_dates_are_not_quantities_with_units() -> None:
    assert one("Nel 2025 i ricavi", "it").unit is None
    found = extract_quantities("Consegna il 12/06/2026, alle 14:30.", "it")
    assert [q.raw for q in found] == ["2026", "14", "30"]
    assert all(q.unit is None for q in found)
    assert all(q.unit is None for q in extract_quantities("Il 1° gennaio 2026", "it"))


def test_ordinals_and_codes_are_not_units_or_numbers() -> None:
    assert one("il 1° trimestre", "it").unit is None
    assert extract_quantities("emissioni di CO2 su carta A4", "it") == []
    assert one("consuma 28 l'anno", "it").unit is None


def test_range_shares_its_unit() -> None:
    first, second = extract_quantities("ogni 10-15 giorni", "it")
    assert first.unit == second.unit == "h"
    assert first.value == pytest.approx(240.0)


def test_unit_tables() -> None:
    assert normalize_unit("litri") == "l"
    assert normalize_unit("MPa") == "MPa"
    assert normalize_unit("per  cento") == "%"
    assert normalize_unit("parsec") is None
    assert convert(1702.5, "EUR_M", "EUR_B") == pytest.approx(1.7025)
    assert convert(28.5, "t", "kg") == pytest.approx(28500)
    assert convert(1.0, "kg", "l") is None


def test_numbers_too_large_for_a_float_are_dropped_not_inf() -> None:
    assert parse_number("9" * 400) is None
    assert extract_quantities("9" * 400 + " kg", "en") == []
