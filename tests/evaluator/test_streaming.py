"""Bounded memory: the golden set is pulled lazily through a bounded window, the report is
accumulated case by case, and report.json and the HTML page written one case at a time
are the very bytes the whole-run writers produce."""

from __future__ import annotations

import random
from collections.abc import Iterator
from pathlib import Path

import pytest

from evaluator import golden_source
from evaluator.accumulate import JudgedCases, ReportBuilder
from evaluator.agents.base import AgentAnswer
from evaluator.baseline import make_baseline_entry
from evaluator.compare import compare_to_baseline
from evaluator.gate import GatedReport, GateVerdict
from evaluator.golden_source import GoldenSource
from evaluator.html import stream_html_report, write_html_report
from evaluator.orchestrate import evaluate_streamed, rescore_streamed
from evaluator.participants import ModelUse
from evaluator.report import build_report
from evaluator.report_file import report_pieces
from evaluator.runner import WINDOW_PER_WORKER
from evaluator.stream_run import StreamedRun
from judges.base import JudgeResult
from ragoro.contracts import CaseOutcome, GoldenItem, TokenUsage, Verdict
from ragoro.errors import InputError
from ragoro.executors.local import LocalExecutor
from ragoro.executors.ray_worker import chunked, question_batches
from ragoro.golden import GoldenFileError, load_golden
from tests.conftest import ROOT
from vectordb import VectorIndex

GOLDEN = ROOT / "data" / "golden" / "qa_golden_set.jsonl"
_META = {
    "mode",
    "judge",
    "judge_model",
    "agent",
    "agent_model",
    "golden_path",
    "golden_sha256",
    "index_path",
    "corpus_sha256",
    "docs",
    "outcomes_path",
    "timings",
    "started_at",
}


@pytest.fixture(scope="module")
def streamed(demo_index: Path) -> Iterator[StreamedRun]:
    """One offline run of the committed golden set, kept on disk."""
    run = evaluate_streamed(GOLDEN, index=demo_index, use=ModelUse(cache=False))
    yield run
    run.close()


def _whole_run_report(run: StreamedRun) -> tuple[GatedReport, GatedReport]:
    """(the streamed report, the report `build_report` makes of the whole run in memory)."""
    evaluation = run.materialize()
    meta = run.report.model_dump(include=_META)
    whole = build_report(
        load_golden(GOLDEN),
        evaluation.outcomes,
        evaluation.results,
        again=evaluation.again,
        repeats=run.report.repeats,
        **meta,
    )
    verdict = GateVerdict(verdict="pass", exit_code=0, baseline="b.json", key="k", created=True)
    return (
        GatedReport.model_construct(**dict(run.report), gate=verdict),
        GatedReport.model_construct(**dict(whole), gate=verdict),
    )


def test_streamed_report_json_is_byte_identical_to_the_whole_run_writer(
    streamed: StreamedRun,
) -> None:
    summary, whole = _whole_run_report(streamed)
    assert summary.case_results == {}  # the streamed report holds no case's verdicts
    assert len(whole.case_results) == streamed.report.n_cases > 50
    assert "".join(report_pieces(summary, streamed.rows())) == (
        whole.model_dump_json(indent=2) + "\n"
    )
    assert streamed.report.case_passes() == whole.case_passes()


def test_streamed_html_page_is_byte_identical_to_the_whole_run_writer(
    streamed: StreamedRun, demo_index: Path, tmp_path: Path
) -> None:
    evaluation = streamed.materialize()
    report = evaluation.report
    entry = make_baseline_entry(report)
    # A baseline in which some cases passed and failed otherwise: flips and fixes to link.
    for case_id in list(entry.cases)[:6]:
        entry.cases[case_id] = {m: not p for m, p in entry.cases[case_id].items()}
    comparison = compare_to_baseline(report, entry)
    documents = VectorIndex.open(demo_index).documents
    items = load_golden(GOLDEN)
    write_html_report(
        tmp_path / "whole.html",
        report,
        items,
        evaluation.outcomes,
        documents,
        entry=entry,
        comparison=comparison,
        baseline_key="tool/offline",
    )
    stream_html_report(
        tmp_path / "streamed.html",
        streamed.report,
        streamed.golden,
        shown=streamed.shown,
        verdicts=streamed.cases.row,
        outcome_of=streamed.outcomes.get,
        documents=documents,
        entry=entry,
        comparison=comparison,
        baseline_key="tool/offline",
    )
    page = (tmp_path / "whole.html").read_bytes()
    assert b"flipped pass" in page and b"href='#case-" in page
    assert (tmp_path / "streamed.html").read_bytes() == page


def test_a_small_golden_set_is_read_once_by_an_offline_run(streamed: StreamedRun) -> None:
    # At most KEPT_ITEMS items: the scan keeps them, every other pass reads them from memory.
    assert streamed.golden._loaded is not None
    assert [item.id for item in streamed.golden._loaded] == streamed.golden.ids
    assert len(streamed.golden) == len(load_golden(GOLDEN)) <= golden_source.KEPT_ITEMS


def test_a_larger_golden_set_is_never_loaded_whole_by_an_offline_run(
    demo_index: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.setattr(golden_source, "KEPT_ITEMS", 10)
    run = evaluate_streamed(GOLDEN, index=demo_index, use=ModelUse(cache=False))
    try:
        assert run.golden._loaded is None
        assert len(run.golden) == len(load_golden(GOLDEN)) > 10
        assert run.report.n_cases == len(run.golden)
    finally:
        run.close()


def test_rescore_of_the_run_gives_the_same_report(streamed: StreamedRun, tmp_path: Path) -> None:
    streamed.write_outcomes(tmp_path / "outcomes.jsonl")
    again = rescore_streamed(
        tmp_path / "outcomes.jsonl", golden=GOLDEN, index=Path(streamed.report.index_path)
    )
    try:
        assert dict(again.rows()) == dict(streamed.rows())
        assert again.report.metrics == streamed.report.metrics
        assert again.report.agent == streamed.report.agent
    finally:
        again.close()


def _items(count: int) -> list[GoldenItem]:
    return [
        GoldenItem(id=f"c{n:03d}", question=f"q{n % 13}", answer="a", case_type="refusal")
        for n in range(count)
    ]


class _Counted:
    """A golden set that counts how many items each pass pulled."""

    def __init__(self, items: list[GoldenItem]) -> None:
        self.items = items
        self.pulled = 0

    def __iter__(self) -> Iterator[GoldenItem]:
        for item in self.items:
            self.pulled += 1
            yield item


class _Echo:
    """An agent without `prepare` that answers every question with itself."""

    name = "echo"
    model: str | None = None

    def answer(self, question: str) -> AgentAnswer:
        return AgentAnswer(answer=question)


@pytest.mark.parametrize("concurrency", [1, 3])
def test_the_local_runner_pulls_the_golden_set_lazily_within_its_window(concurrency: int) -> None:
    golden = _Counted(_items(200))
    window = WINDOW_PER_WORKER * concurrency
    seen = []
    outcomes = LocalExecutor().iter_agent(
        golden, _Echo(), None, total=200, concurrency=concurrency, progress=False
    )
    for outcome in outcomes:
        seen.append(outcome.case_id)
        # Never more than the window ahead of what was handed back.
        assert golden.pulled - len(seen) <= window
    assert seen == [item.id for item in golden.items]


def test_the_local_judge_stream_pulls_lazily_and_keeps_input_order() -> None:
    items = _items(120)
    pulled = 0

    def entries() -> Iterator[tuple[int, GoldenItem, CaseOutcome]]:
        nonlocal pulled
        for item in items:
            pulled += 1
            yield 1, item, CaseOutcome(case_id=item.id, question=item.question, answer="x")

    class _Judge:
        name = "fake"
        model: str | None = None

        def judge(self, item: GoldenItem, outcome: CaseOutcome) -> JudgeResult:
            return JudgeResult(case_id=item.id, verdicts=[])

    done = []
    for result in LocalExecutor().iter_judged(
        entries(), _Judge(), None, total=len(items), concurrency=2, progress=False
    ):
        done.append(result.case_id)
        assert pulled - len(done) <= WINDOW_PER_WORKER * 2
    assert done == [item.id for item in items]


def test_ray_batches_are_cut_lazily_and_keep_each_question_together() -> None:
    items = _items(200)
    golden = _Counted(items)
    batches = question_batches(iter(golden), workers=2, counts={f"q{n}": 1 for n in range(13)})
    first = next(batches)
    assert golden.pulled == len(first) < 200  # one batch pulled, not the set
    grouped = list(question_batches(items, workers=2))
    for question in {item.question for item in items}:
        holding = [b for b in grouped if any(i.question == question for i in b)]
        assert len(holding) == 1
    source = iter(range(10))
    chunks = chunked(source, 4)
    assert next(chunks) == [0, 1, 2, 3] and next(source) == 4


def test_a_bad_golden_line_is_named_and_a_duplicate_id_refused(tmp_path: Path) -> None:
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    bad = tmp_path / "bad.jsonl"
    bad.write_text("\n".join([lines[0], "{not json", lines[1], lines[0]]) + "\n", encoding="utf-8")
    with pytest.raises(GoldenFileError) as raised:
        GoldenSource.scan(bad)
    text = str(raised.value)
    assert f"{bad}:2:" in text and "invalid JSON" in text
    assert f"{bad}:4:" in text and "duplicate id (first on line 1)" in text
    with pytest.raises(InputError, match="golden file not found"):
        GoldenSource.scan(tmp_path / "missing.jsonl")


def _verdict(case_id: str, metric: str, rng: random.Random) -> Verdict:
    draw = rng.random()
    if draw < 0.15:
        return Verdict(case_id=case_id, metric=metric, passed=None, value=None, reason="no")
    value = round(rng.random(), 3)
    return Verdict(case_id=case_id, metric=metric, passed=value >= 0.5, value=value, reason="r")


def test_the_accumulated_report_equals_build_report_with_repeats_grades_and_errors(
    tmp_path: Path,
) -> None:
    rng = random.Random(7)
    items = [
        GoldenItem(
            id=f"c{n}",
            question=f"q{n}",
            answer="a",
            case_type="refusal",
            tags={"family": f"f{n % 3}"},
        )
        for n in range(40)
    ]
    outcomes = [
        CaseOutcome(
            case_id=item.id,
            question=item.question,
            error="boom" if n % 9 == 0 else None,
            usage=TokenUsage(calls=1, input_tokens=n),
        )
        for n, item in enumerate(items)
    ]
    metrics = ["faithfulness", "refusal", "zz_extra"]
    runs = [
        [
            JudgeResult(
                case_id=item.id,
                verdicts=[_verdict(item.id, m, rng) for m in metrics if rng.random() > 0.1],
                fabricated=rng.random() < 0.2,
                grade=rng.choice([None, 3.5, 7.25, 9.0]),
                usage=TokenUsage(calls=1, output_tokens=2),
            )
            for item in items
        ]
        for _ in range(3)
    ]
    builder = ReportBuilder(JudgedCases(tmp_path))
    for outcome in outcomes:
        builder.add_outcome(outcome)
    for run, results in enumerate(runs, start=1):
        for item, result in zip(items, results, strict=True):
            builder.add(run, item, result)
    meta = {"mode": "tool", "judge": "llm", "agent": "a", "golden_path": "g", "golden_sha256": "s"}
    streamed = builder.build(n_cases=len(items), repeats=3, **meta)
    whole = build_report(items, outcomes, runs[0], again=runs[1:], repeats=3, **meta)
    assert "".join(report_pieces(streamed, builder.cases.rows())) == (
        whole.model_dump_json(indent=2) + "\n"
    )
    assert builder.cases.results(2) == runs[1]
