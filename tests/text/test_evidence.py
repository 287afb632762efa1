"""Shared evidence helpers: citations, entities, soft token match, quantity lookup."""

from ragoro.text.entities import entity_tokens
from ragoro.text.evidence import analyse, match_quantity, soft_in, strip_citations
from ragoro.text.numbers import extract_quantities


def test_strip_citations_keeps_offsets() -> None:
    text = "Capacità 28,5 litri [1] (fonte: manuale_2024.pdf, p. 3)."
    stripped = strip_citations(text)
    assert len(stripped) == len(text)
    assert "manuale" not in stripped and "[1]" not in stripped
    assert "28,5 litri" in stripped


def test_entities_are_proper_nouns_acronyms_and_codes_not_sentence_starts() -> None:
    found = entity_tokens(
        "Lo stabilimento di Brescia usa la pompa XR200 della ACME. Manutenzione annuale."
    )
    assert found == {"brescia", "xr200", "acme"}


def test_soft_match_joins_derivations_but_not_short_prefixes() -> None:
    pool = frozenset({"sostituit", "requir"})
    assert soft_in("sostituzion", pool)
    assert soft_in("requirement", pool)
    assert not soft_in("sost", pool)
    assert not soft_in("manutenzion", frozenset({"manual"}))


def test_match_quantity_reports_a_unit_conflict() -> None:
    claim = extract_quantities("28,5 kg", "it")[0]
    pool = extract_quantities("capacità 28,5 litri", "it")
    match = match_quantity(claim, pool)
    assert not match.found and match.conflict is not None
    assert match.conflict.written_unit == "l"


def test_bare_number_matches_a_number_with_unit() -> None:
    claim = extract_quantities("1.702,5", "it")[0]
    pool = extract_quantities("EUR 1,702.5 million", "en")
    assert match_quantity(claim, pool).found


def test_analysis_leaves_units_and_numbers_out_of_content_tokens() -> None:
    a = analyse("Il serbatoio contiene 28,5 litri il 12/06/2026.", "it")
    assert a.tokens == ("serbato",)
    assert a.dates == ("2026-06-12",)
    assert [q.raw for q in a.quantities] == ["28,5 litri"]
    assert [q.raw for q in a.all_quantities] == ["28,5 litri", "2026"]
