"""A measured number is supported only where the source states it of what it counts."""

from __future__ import annotations

import pytest

from judges.offline import OfflineJudge
from ragoro.contracts import RetrievedContext

from .factories import narrative_item, outcome


def _faithful(context: str, answer: str) -> tuple[bool | None, str]:
    item = narrative_item(question="Quanti giorni servono per la consegna?", answer=answer)
    contexts = [RetrievedContext(document_path="ordini.pdf", text=context)]
    result = OfflineJudge().judge(item, outcome(item, answer, contexts=contexts))
    [verdict] = [v for v in result.verdicts if v.metric == "faithfulness"]
    return verdict.passed, verdict.reason


@pytest.mark.parametrize(
    ("context", "answer"),
    [
        (
            "Il magazzino ha 3 linee di carico. La consegna avviene dopo la conferma dell'ordine.",
            "La consegna richiede 3 giorni.",
        ),
        (
            "The warehouse runs 5 loading bays. Delivery follows the order confirmation.",
            "Delivery takes 5 days.",
        ),
    ],
)
def test_a_number_counting_another_noun_does_not_support_a_measure(
    context: str, answer: str
) -> None:
    passed, reason = _faithful(context, answer)
    assert passed is False
    assert "counts" in reason


@pytest.mark.parametrize(
    ("context", "answer"),
    [
        # The unit after an adjective, the claim's own noun, and its translation.
        ("Delivery takes 3 working days after the order is confirmed.", "Delivery takes 3 days."),
        ("La consegna avviene entro 3 giorni lavorativi.", "La consegna richiede 3 giorni."),
        ("Delivery needs 3 days from confirmation.", "La consegna richiede 3 giorni."),
        ("Servono tra 2 e 3 giorni per la consegna.", "La consegna richiede 3 giorni."),
    ],
)
def test_the_same_measure_still_supports_it(context: str, answer: str) -> None:
    passed, reason = _faithful(context, answer)
    assert passed is True, reason
