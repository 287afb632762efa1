"""Behaviour metrics every judge shares: citation, numeric, refusal, clarification."""

from __future__ import annotations

import pytest

from judges.applicability import applicable_metrics, applies, applies_to
from judges.deterministic import agent_error_verdict, is_fabrication
from judges.metrics import deterministic_verdicts
from ragoro.contracts import GoldenItem, Verdict

from .factories import (
    BILANCIO,
    MANUALE,
    REVENUE,
    clarification_item,
    composite_item,
    ctx,
    narrative_item,
    numeric_item,
    outcome,
    refusal_item,
)


def verdict(item: GoldenItem, metric: str, answer: str = "", **kw: object) -> Verdict:
    found = [
        v for v in deterministic_verdicts(item, outcome(item, answer, **kw)) if v.metric == metric
    ]
    assert len(found) == 1, f"{metric} not judged on {item.case_type}"
    return found[0]


# -- applicability ----------------------------------------------------------------------


def test_applicability_follows_the_table() -> None:
    assert applicable_metrics(refusal_item()) == [
        "faithfulness",
        "answer_relevancy",
        "answer_accuracy",
        "refusal",
        "clarification",
    ]
    assert "numeric" in applicable_metrics(numeric_item())
    assert "numeric" not in applicable_metrics(narrative_item())
    assert set(applies_to()) == set(applicable_metrics(numeric_item()))


def test_retrieval_does_not_apply_without_passages() -> None:
    item = GoldenItem(id="c", question="Quale?", case_type="clarification")
    assert not applies("context_recall", item)
    assert applies("clarification", item)
    with pytest.raises(ValueError, match="unknown metric"):
        applies("bleu", item)


def test_deterministic_verdicts_cover_only_applicable_metrics() -> None:
    metrics = [v.metric for v in deterministic_verdicts(refusal_item(), outcome(refusal_item()))]
    assert metrics == ["refusal", "clarification"]


# -- citation ---------------------------------------------------------------------------


def test_citation_from_citations_field_or_answer_text() -> None:
    item = numeric_item()
    assert verdict(item, "citation", "1.702,5", citations=[BILANCIO]).passed is True
    assert verdict(item, "citation", "1.702,5", citations=[f"corpus/{BILANCIO}"]).passed is True
    assert verdict(item, "citation", f"1.702,5 milioni (fonte: {BILANCIO}, p. 1)").passed is True
    assert verdict(item, "citation", "1.702,5 milioni (fonte: Bilancio 2025)").passed is True
    miss = verdict(item, "citation", "1.702,5 milioni", citations=[MANUALE])
    assert miss.passed is False
    assert BILANCIO in miss.reason


def test_citation_composite_needs_every_document() -> None:
    item = composite_item()
    half = verdict(item, "citation", "28,5 litri; 210 milioni", citations=[MANUALE])
    assert half.value == 0.5
    assert half.passed is False
    assert verdict(item, "citation", "x", citations=[MANUALE, BILANCIO]).passed is True


# -- numeric ----------------------------------------------------------------------------


@pytest.mark.parametrize(
    "answer",
    [
        "I ricavi 2025 sono pari a 1.702,5 milioni di euro.",
        "Revenue was EUR 1,702.5 million.",
        "I ricavi ammontano a 1,7025 miliardi di euro.",
        "Revenue: 1.7025 billion euros.",
        "Ricavi: 1.702.500.000 €",
    ],
)
def test_numeric_same_value_in_other_formats_passes(answer: str) -> None:
    got = verdict(numeric_item(), "numeric", answer)
    assert got.passed is True, got.reason


def test_numeric_structured_value_is_converted() -> None:
    item = numeric_item()
    assert verdict(item, "numeric", "", value=1.7025, unit="EUR_B").passed is True
    assert verdict(item, "numeric", "", value=1702.5, unit="EUR_M").passed is True


def test_numeric_precision_is_the_precision_written() -> None:
    item = numeric_item()  # expects 1.702,5 EUR million
    # A declared number is exact: 1705 is another number, not a rounding of 1702.5.
    off = verdict(item, "numeric", "", value=1705.0, unit="EUR_M")
    assert off.passed is False and "off by" in off.reason
    flipped = verdict(item, "numeric", "I ricavi sono pari a 1.720,5 milioni di euro.")
    assert flipped.passed is False
    last_digit = verdict(item, "numeric", "I ricavi sono pari a 1.702,6 milioni di euro.")
    assert last_digit.passed is False
    # Written with fewer digits, a rounding of the same number is the same number.
    rounded = verdict(item, "numeric", "I ricavi sono circa 1,7 miliardi di euro.")
    assert rounded.passed is True, rounded.reason


def test_a_declared_value_must_be_what_the_answer_says() -> None:
    item = numeric_item()
    said = verdict(
        item, "numeric", "I ricavi sono pari a 1.800 milioni di euro.", value=1702.5, unit="EUR_M"
    )
    assert said.passed is False
    assert "declares" in said.reason and "1.800" in said.reason


def test_numeric_unit_mismatch_fails() -> None:
    item = numeric_item()
    got = verdict(item, "numeric", "", value=1702.5, unit="kg")
    assert got.passed is False
    assert "unit" in got.reason
    assert verdict(item, "numeric", "Sono 1.702,5 milioni di dollari.").passed is False


def test_numeric_without_any_number_fails_with_reason() -> None:
    got = verdict(numeric_item(), "numeric", "I ricavi sono cresciuti.")
    assert got.value == 0.0
    assert "no number" in got.reason


def test_numeric_weight_in_tonnes_matches_kilograms() -> None:
    item = numeric_item(expected={"value": 28500, "unit": "kg"})
    assert verdict(item, "numeric", "Il peso a vuoto è di 28,5 t.").passed is True
    assert verdict(item, "numeric", "Il peso a vuoto è di 28,5 kg.").passed is False


# -- refusal, clarification, fabrication ------------------------------------------------


def test_refusal_case_must_refuse() -> None:
    item = refusal_item()
    assert verdict(item, "refusal", "Non lo so: i documenti non lo indicano.").passed is True
    assert verdict(item, "refusal", "", refused=True).passed is True
    fabricated = verdict(item, "refusal", "L'amministratore delegato è Mario Rossi.")
    assert fabricated.passed is False
    assert "fabrication" in fabricated.reason


def test_answerable_case_must_not_refuse() -> None:
    item = narrative_item()
    assert verdict(item, "refusal", "No, i guanti non sono obbligatori.").passed is True
    wrong = verdict(item, "refusal", "I don't know.")
    assert wrong.passed is False
    assert verdict(item, "refusal", "Risposta qualsiasi.", refused=True).passed is False


def test_clarification_ask_first() -> None:
    item = clarification_item("ask_first")
    assert verdict(item, "clarification", "Intendi il serbatoio dell'olio o del carburante?").passed
    assert verdict(item, "clarification", "", asked_clarification=True).passed is True
    assert verdict(item, "clarification", "La capacità è di 28,5 litri.").passed is False


def test_clarification_none_must_not_ask() -> None:
    item = clarification_item("none")
    assert verdict(item, "clarification", "La capacità è di 28,5 litri.").passed is True
    asked = verdict(item, "clarification", "Intendi il serbatoio o la pressa?")
    assert asked.passed is False


def test_clarification_answer_with_assumptions_must_answer() -> None:
    item = clarification_item("answer_with_assumptions")
    assumed = (
        "Se intendi il serbatoio dell'olio idraulico, la capacità è di 28,5 litri. "
        "Ti riferisci a un altro serbatoio?"
    )
    assert verdict(item, "clarification", assumed).passed is True
    assert verdict(item, "clarification", "Intendi il serbatoio o la pressa?").passed is False
    assert verdict(item, "clarification", "Non lo so.").passed is False


def test_fabrication_is_a_refusal_case_that_got_an_answer() -> None:
    item = refusal_item()
    assert is_fabrication(item, outcome(item, "L'amministratore delegato è Mario Rossi."))
    assert not is_fabrication(item, outcome(item, "Non ho trovato informazioni su questo."))
    assert not is_fabrication(item, outcome(item, "", error="timeout"))
    assert not is_fabrication(item, outcome(item, "Intendi la capogruppo o la controllata?"))
    answerable = narrative_item()
    assert not is_fabrication(answerable, outcome(answerable, "No, non sono obbligatori."))


# -- agent error ------------------------------------------------------------------------


def test_agent_error_still_gets_deterministic_verdicts() -> None:
    item = numeric_item()
    crashed = outcome(item, "", error="ConnectionError: boom", contexts=[ctx(BILANCIO, REVENUE)])
    by_metric = {v.metric: v for v in deterministic_verdicts(item, crashed)}
    assert by_metric["context_recall"].passed is True  # it did retrieve before crashing
    assert by_metric["numeric"].passed is False
    assert by_metric["refusal"].passed is True
    answer_metric = agent_error_verdict(item, crashed, "faithfulness")
    assert answer_metric.value == 0.0
    assert answer_metric.passed is False
    assert answer_metric.reason == "agent error: ConnectionError: boom"
