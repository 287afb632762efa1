"""Context recall and precision: offsets, text-only contexts, ranking."""

from __future__ import annotations

from judges.deterministic import DeterministicConfig
from judges.metrics import deterministic_verdicts
from judges.retrieval import context_precision, context_recall, context_texts, same_document
from ragoro.contracts import RetrievedContext

from .factories import (
    BILANCIO,
    BONDS,
    DOCS,
    MANUALE,
    OIL,
    PROFIT,
    REVENUE,
    TANK,
    composite_item,
    ctx,
    numeric_item,
    outcome,
    passage,
    span,
)


def test_recall_with_offsets_counts_passages_half_covered() -> None:
    p = passage(BILANCIO, REVENUE)
    start, end = span(BILANCIO, REVENUE)
    length = end - start
    under = RetrievedContext(document_path=BILANCIO, start_char=start, end_char=start + 30)
    most = RetrievedContext(document_path=BILANCIO, start_char=start - 10, end_char=end - 10)
    assert context_recall([p], [most]).value == 1.0
    assert context_recall([p], [under]).value == 0.0  # 30/70 chars < 50%
    assert context_recall([p], [under]).reason.startswith("0/1")
    assert context_recall([p], [under], coverage=30 / length).value == 1.0


def test_recall_unions_adjacent_chunks() -> None:
    p = passage(BILANCIO, REVENUE)
    start, end = span(BILANCIO, REVENUE)
    mid = (start + end) // 2
    parts = [
        RetrievedContext(document_path=BILANCIO, start_char=start - 5, end_char=mid),
        RetrievedContext(document_path=BILANCIO, start_char=mid - 3, end_char=end + 5),
    ]
    # Neither chunk alone holds >= 50% + the union is the whole passage.
    assert context_recall([p], parts, coverage=0.9).value == 1.0


def test_recall_needs_the_same_document() -> None:
    p = passage(BILANCIO, REVENUE)
    start, end = span(BILANCIO, REVENUE)
    other = RetrievedContext(document_path=MANUALE, start_char=start, end_char=end)
    assert context_recall([p], [other]).value == 0.0


def test_recall_composite_is_a_share() -> None:
    item = composite_item()
    got = context_recall(item.passages, [ctx(MANUALE, TANK), ctx(MANUALE, OIL)])
    assert got.value == 0.5
    assert BILANCIO in got.reason


def test_recall_text_only_context_located_in_documents() -> None:
    p = passage(BILANCIO, REVENUE)
    # Re-wrapped whitespace, as a foreign agent's chunk may be.
    loose = RetrievedContext(document_path=BILANCIO, text=REVENUE.replace(" ", "\n", 3))
    assert context_recall([p], [loose], documents=DOCS).value == 1.0
    wrong = RetrievedContext(document_path=BILANCIO, text=BONDS)
    assert context_recall([p], [wrong], documents=DOCS).value == 0.0


def test_recall_text_only_context_without_documents_uses_containment() -> None:
    p = passage(BILANCIO, REVENUE)
    bigger = RetrievedContext(
        document_path="/abs/path/" + BILANCIO, text=f"Intro.\n{REVENUE}  Altro."
    )
    assert context_recall([p], [bigger]).value == 1.0
    partial = RetrievedContext(document_path=BILANCIO, text=REVENUE[:30])
    assert context_recall([p], [partial]).value == 0.0


def test_precision_is_rank_aware() -> None:
    p = passage(BILANCIO, REVENUE)
    first = context_precision([p], [ctx(BILANCIO, REVENUE), ctx(BILANCIO, BONDS)])
    second = context_precision([p], [ctx(BILANCIO, BONDS), ctx(BILANCIO, REVENUE)])
    third = context_precision(
        [p], [ctx(BILANCIO, BONDS), ctx(MANUALE, OIL), ctx(BILANCIO, REVENUE)]
    )
    assert first.value == 1.0
    assert second.value == 0.5
    assert abs(third.value - 1 / 3) < 1e-9
    assert context_precision([p], [ctx(BILANCIO, BONDS)]).value == 0.0


def test_precision_ignores_a_neighbour_touching_a_few_characters() -> None:
    p = passage(BILANCIO, PROFIT)
    start, _ = span(BILANCIO, PROFIT)
    neighbour = RetrievedContext(document_path=BILANCIO, start_char=start - 200, end_char=start + 5)
    assert context_precision([p], [neighbour]).value == 0.0


def test_no_contexts_scores_zero_with_reason() -> None:
    p = passage(BILANCIO, REVENUE)
    assert context_recall([p], []).reason == "no contexts retrieved"
    assert context_precision([p], []).value == 0.0


def test_verdicts_pass_thresholds() -> None:
    item = numeric_item()
    good = outcome(item, contexts=[ctx(BILANCIO, BONDS), ctx(BILANCIO, REVENUE)])
    by_metric = {v.metric: v for v in deterministic_verdicts(item, good)}
    assert by_metric["context_recall"].passed is True
    assert by_metric["context_precision"].value == 0.5
    assert by_metric["context_precision"].passed is True
    strict = DeterministicConfig(precision_pass=0.9)
    by_metric = {v.metric: v for v in deterministic_verdicts(item, good, strict)}
    assert by_metric["context_precision"].passed is False


def test_same_document_tolerates_prefixes_not_other_files() -> None:
    assert same_document("docs/bilancio_2025.pdf", "bilancio_2025.pdf")
    assert same_document("C:\\corpus\\bilancio_2025.pdf", "bilancio_2025.pdf")
    assert not same_document("bilancio_2025.pdf", "old_bilancio_2025.pdf")


def test_context_texts_read_offsets_from_documents() -> None:
    start, end = span(MANUALE, TANK)
    bare = RetrievedContext(document_path=MANUALE, start_char=start, end_char=end)
    assert context_texts([bare], DOCS) == [TANK]
    assert context_texts([bare]) == []
