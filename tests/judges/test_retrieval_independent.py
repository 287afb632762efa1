"""Retrieval metrics are scored from what the agent retrieved, never from its answer: an
agent that refuses still reports its contexts, and they are judged like any other."""

from __future__ import annotations

import pytest

from judges import OfflineJudge
from ragoro.contracts import RetrievedContext
from tests.judges.factories import DOCS, GLOVES, MANUALE, OIL, ctx, narrative_item, outcome

RETRIEVAL = ("context_recall", "context_precision")


Row = tuple[bool | None, float | None, str]


def _verdicts(
    answer: str, *, refused: bool | None, contexts: list[RetrievedContext]
) -> dict[str, Row]:
    item = narrative_item()
    result = OfflineJudge(documents=DOCS).judge(
        item, outcome(item, answer, refused=refused, contexts=contexts)
    )
    return {v.metric: (v.passed, v.value, v.reason) for v in result.verdicts}


@pytest.mark.parametrize(
    ("answer", "refused"),
    [
        ("Non lo so.", True),
        ("No, i guanti non sono obbligatori durante la pulizia del filtro.", None),
        ("Sì.", None),
        ("", True),
    ],
)
def test_retrieval_verdicts_are_the_same_whatever_the_answer(
    answer: str, refused: bool | None
) -> None:
    good = [ctx(MANUALE, GLOVES)]
    got = _verdicts(answer, refused=refused, contexts=good)
    for metric in RETRIEVAL:
        assert got[metric][0] is True, (metric, got[metric])
    bad = _verdicts(answer, refused=refused, contexts=[ctx(MANUALE, OIL)])
    for metric in RETRIEVAL:
        assert bad[metric][0] is False, (metric, bad[metric])


def test_a_refusal_with_the_right_contexts_fails_the_answer_metrics_only() -> None:
    got = _verdicts("Non lo so.", refused=True, contexts=[ctx(MANUALE, GLOVES)])
    assert got["context_recall"][0] is True and got["context_precision"][0] is True
    assert got["answer_accuracy"][0] is False and got["answer_relevancy"][0] is False
