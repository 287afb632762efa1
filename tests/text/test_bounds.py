"""The limit word before a number: a ceiling ("up to", "fino a") or a floor ("at least",
"almeno"), read whole ("non più di" is a ceiling, though "più di" is a floor)."""

from __future__ import annotations

import pytest

from ragoro.text.bounds import bound_before


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        ("reserved for up to 2 hours", "ceiling"),
        ("at most 3 items", "ceiling"),
        ("at least 45 minutes", "floor"),
        ("more than 10 people", "floor"),
        ("fino a 45 minuti", "ceiling"),
        ("al massimo 3 articoli", "ceiling"),
        ("non più di 3 articoli", "ceiling"),
        ("più di 3 articoli", "floor"),
        ("almeno 45 minuti", "floor"),
        ("non meno di 20 anni", "floor"),
        ("never more than 2 hours", "ceiling"),
        ("mai più di 2 ore", "ceiling"),
        ("for 2 hours", None),
        ("per 45 minuti", None),
    ],
)
def test_the_limit_before_a_number(text: str, expected: str | None) -> None:
    start = next(i for i, ch in enumerate(text) if ch.isdigit())
    assert bound_before(text, start) == expected
