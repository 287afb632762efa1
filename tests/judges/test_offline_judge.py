"""The offline judge end to end: separate verdicts per metric, and the traps of overlap."""

from __future__ import annotations

from judges import Judge, OfflineJudge, make_judge
from judges.base import JudgeResult
from judges.metrics import METRICS
from ragoro.contracts import GoldenItem, RetrievedContext

from .factories import (
    BILANCIO,
    DOCS,
    GLOVES,
    MANUALE,
    REVENUE,
    ctx,
    narrative_item,
    numeric_item,
    outcome,
    refusal_item,
)


def run(item: GoldenItem, answer: str, **kw: object) -> dict[str, tuple[bool | None, str]]:
    result = OfflineJudge().judge(item, outcome(item, answer, **kw))
    assert isinstance(result, JudgeResult)
    assert result.grade is None
    return {v.metric: (v.passed, v.reason) for v in result.verdicts}


def test_offline_judge_is_a_judge_and_orders_metrics() -> None:
    judge = make_judge("offline")
    assert isinstance(judge, Judge)
    assert (judge.name, judge.model) == ("offline", None)
    item = numeric_item()
    result = judge.judge(item, outcome(item, "x"))
    metrics = [v.metric for v in result.verdicts]
    assert metrics == [m for m in METRICS if m in metrics]
    assert len(metrics) == len(set(metrics)) == 9


def test_correct_numeric_answer_passes_every_metric() -> None:
    item = numeric_item()
    got = run(
        item,
        f"I ricavi 2025 ammontano a 1,7025 miliardi di euro (fonte: {BILANCIO}).",
        contexts=[ctx(BILANCIO, REVENUE)],
    )
    assert all(passed for passed, _ in got.values()), got


def test_correct_english_answer_in_another_format() -> None:
    item = numeric_item()
    got = run(
        item,
        "Revenue for 2025 was EUR 1,702.5 million.",
        contexts=[RetrievedContext(document_path=BILANCIO, text=REVENUE)],
        citations=[BILANCIO],
    )
    assert got["numeric"][0] is True
    assert got["answer_accuracy"][0] is True, got["answer_accuracy"]
    assert got["context_recall"][0] is True


def test_flipped_number_fails_accuracy_faithfulness_and_numeric_only() -> None:
    item = numeric_item()
    got = run(
        item,
        "I ricavi 2025 sono pari a 1.720,5 milioni di euro.",
        contexts=[ctx(BILANCIO, REVENUE)],
        citations=[BILANCIO],
    )
    assert got["numeric"][0] is False
    assert got["answer_accuracy"][0] is False
    assert got["faithfulness"][0] is False
    # Retrieval and behaviour were fine: the metrics stay separate.
    assert got["context_recall"][0] is True
    assert got["citation"][0] is True
    assert got["refusal"][0] is True
    assert got["answer_relevancy"][0] is True


def test_flipped_negation_fails_accuracy_and_faithfulness() -> None:
    item = narrative_item()
    got = run(
        item,
        "Sì, i guanti sono obbligatori durante la pulizia del filtro.",
        contexts=[ctx(MANUALE, GLOVES)],
        citations=[MANUALE],
    )
    assert got["answer_accuracy"][0] is False
    assert got["faithfulness"][0] is False
    assert "negation" in got["faithfulness"][1]
    right = run(
        item,
        "No, i guanti non sono obbligatori durante la pulizia del filtro.",
        contexts=[ctx(MANUALE, GLOVES)],
        citations=[MANUALE],
    )
    assert all(passed for passed, _ in right.values()), right


def test_english_negation_trap() -> None:
    item = GoldenItem(
        id="en-1",
        question="Are gloves required while cleaning the filter?",
        answer="No, gloves are not required while cleaning the filter.",
        passages=narrative_item().passages,
    )
    context = RetrievedContext(
        document_path=MANUALE, text="Gloves are not required while cleaning the filter."
    )
    got = run(item, "Yes, gloves are required while cleaning the filter.", contexts=[context])
    assert got["faithfulness"][0] is False
    assert got["answer_accuracy"][0] is False


def test_bare_refusal_on_answerable_case() -> None:
    item = narrative_item()
    result = OfflineJudge().judge(item, outcome(item, "Non lo so."))
    by_metric = {v.metric: v for v in result.verdicts}
    # A refusal claims nothing, so it invents nothing: faithful, but neither right nor relevant.
    assert by_metric["faithfulness"].passed is True
    assert "refusal claims nothing" in by_metric["faithfulness"].reason
    assert by_metric["refusal"].passed is False
    assert by_metric["answer_accuracy"].value == 0.0
    assert by_metric["answer_relevancy"].value == 0.0


def test_on_a_refusal_case_only_a_refusal_is_accurate_and_relevant() -> None:
    item = refusal_item()
    good = run(item, "Non ho trovato questa informazione nei documenti.")
    assert set(good) == {
        "faithfulness",
        "answer_relevancy",
        "answer_accuracy",
        "refusal",
        "clarification",
    }
    assert good["refusal"][0] is True
    assert good["answer_accuracy"][0] is True and good["answer_relevancy"][0] is True
    bad = run(item, "L'amministratore delegato è Mario Rossi.")
    assert bad["refusal"][0] is False
    assert bad["answer_accuracy"][0] is False


def test_agent_error_scores_answer_metrics_zero() -> None:
    item = numeric_item()
    result = OfflineJudge().judge(item, outcome(item, "", error="TimeoutError: 30s"))
    for v in result.verdicts:
        if v.metric in ("faithfulness", "answer_relevancy", "answer_accuracy"):
            assert v.value == 0.0
            assert v.reason == "agent error: TimeoutError: 30s"
    assert all(v.scored for v in result.verdicts)


def test_documents_locate_text_only_contexts() -> None:
    item = numeric_item()
    # A foreign chunk holding most of the passage but not all of it, without offsets.
    foreign = outcome(
        item, "x", contexts=[RetrievedContext(document_path=BILANCIO, text=REVENUE[:60])]
    )
    located = {
        v.metric: v for v in make_judge("offline", documents=DOCS).judge(item, foreign).verdicts
    }
    blind = {v.metric: v for v in make_judge("offline").judge(item, foreign).verdicts}
    assert located["context_recall"].value == 1.0
    assert blind["context_recall"].value == 0.0
