"""`--repeats N`: every answer judged N times, each metric's spread measured and shown.

The LLM judge runs over `ReferenceMatchingChatModel` (tests/judges/matching_model.py): it
passes an answer only when it is the reference word for word, and a `flaky` question gets
the opposite verdict on every second ask, like a sampled model flipping between runs.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest

import judges.llm
from evaluator.cli import main
from evaluator.console import render_report
from evaluator.evaluate import evaluate, rescore
from judges import make_judge
from ragoro.errors import UsageError
from ragoro.golden import load_golden
from ragoro.llm import CallCache
from tests.conftest import ROOT
from tests.judges.matching_model import SPEC, ReferenceMatchingChatModel, matching_judge
from vectordb import VectorIndex

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"
ITEMS = load_golden(GOLDEN)
FLAKY = next(item for item in ITEMS if item.id == "num-001")
# Cases the LLM judge asks the model about: all but the agent errors (none here).
ASKED = len(ITEMS)


@pytest.fixture(scope="module")
def index(demo_index: Path) -> VectorIndex:
    return VectorIndex.open(demo_index)


def test_repeat_two_asks_the_model_again_while_repeat_one_replays_the_cache(
    tmp_path: Path, index: VectorIndex
) -> None:
    cache = CallCache(tmp_path / "cache")
    judge, model = matching_judge(cache=cache)
    evaluate(GOLDEN, index=index, agent="reference", judge=judge)
    assert model.calls == ASKED  # an earlier nightly run without repeats

    judge, model = matching_judge(cache=cache)
    evaluation = evaluate(GOLDEN, index=index, agent="reference", judge=judge, repeats=2)
    assert model.calls == ASKED  # repeat 1 all cache hits, repeat 2 all real calls
    stats = judge.client.accounting.stats(SPEC)
    assert (stats.calls, stats.cache_hits) == (ASKED, ASKED)
    assert len(evaluation.again) == 1 and len(evaluation.again[0]) == len(ITEMS)
    assert evaluation.report.usage["judge"].calls == ASKED  # spend counts what was called

    judge, model = matching_judge(cache=cache)
    evaluate(GOLDEN, index=index, agent="reference", judge=judge, repeats=2)
    assert model.calls == 0  # both repeats replay from their own keys


def test_a_wavering_judge_gives_a_spread_and_the_report_shows_it(index: VectorIndex) -> None:
    judge, model = matching_judge(ReferenceMatchingChatModel(flaky=frozenset({FLAKY.question})))
    evaluation = evaluate(GOLDEN, index=index, agent="reference", judge=judge, repeats=3)
    report = evaluation.report
    assert model.calls == 3 * ASKED
    assert (report.repeats, report.repeats_judged) == (3, 3)
    accuracy = report.metrics["answer_accuracy"]
    # Reference answers pass except the two refusal cases (5/7); num-001 flips on repeat 2.
    assert accuracy.spread is not None
    assert accuracy.spread.rates == pytest.approx([5 / 7, 4 / 7, 5 / 7])
    assert (accuracy.spread.low, accuracy.spread.high) == (accuracy.spread.rates[1], 5 / 7)
    assert accuracy.spread.width == pytest.approx(1 / 7)
    # Every reported number is repeat 1's, the one the per-case results come from.
    assert (accuracy.passed, accuracy.total, accuracy.pass_rate) == (5, 7, 5 / 7)
    assert report.case_results["num-001"]["answer_accuracy"].passed is True
    assert [r.verdicts for r in evaluation.again[0] if r.case_id == "num-001"] != [
        r.verdicts for r in evaluation.results if r.case_id == "num-001"
    ]
    # Deterministic metrics cannot move.
    assert report.metrics["citation"].spread is not None
    assert report.metrics["citation"].spread.width == 0.0
    text = render_report(report)
    header = next(line for line in text.splitlines() if line.startswith("metric"))
    assert "spread" in header.split()
    row = next(line for line in text.splitlines() if line.startswith("answer_accuracy "))
    assert "14.3% (57.1%-71.4%)" in row
    assert "judged 3 times: passed, rate and failures are repeat 1's" in text


def test_one_repeat_measures_no_spread_and_shows_no_column(index: VectorIndex) -> None:
    judge, _ = matching_judge()
    report = evaluate(GOLDEN, index=index, agent="reference", judge=judge).report
    assert report.repeats == 1 and all(m.spread is None for m in report.metrics.values())
    header = next(line for line in render_report(report).splitlines() if line.startswith("metric"))
    assert "spread" not in header


def test_the_offline_judge_is_judged_once_and_says_its_spread_is_zero(index: VectorIndex) -> None:
    calls: list[str] = []
    offline = make_judge("offline")

    class Counting:
        name, model, deterministic = offline.name, offline.model, True

        def judge(self, item: Any, outcome: Any) -> Any:
            calls.append(item.id)
            return offline.judge(item, outcome)

    evaluation = evaluate(GOLDEN, index=index, judge=Counting(), repeats=3)
    report = evaluation.report
    assert len(calls) == len(ITEMS) and evaluation.again == []
    assert (report.repeats, report.repeats_judged) == (3, 1)
    for metric in report.metrics.values():
        assert metric.spread is not None
        assert metric.spread.rates == [metric.pass_rate] and metric.spread.width == 0.0
    assert "judge offline is deterministic, so every case was judged once" in render_report(report)


def test_cli_run_and_rescore_with_repeats_over_an_llm_judge(
    tmp_path: Path,
    demo_index: Path,
    monkeypatch: pytest.MonkeyPatch,
    capsys: pytest.CaptureFixture[str],
) -> None:
    # The real command line and LLMJudge.from_options, with the chat model faked.
    model = ReferenceMatchingChatModel(flaky=frozenset({FLAKY.question}))
    monkeypatch.setattr(judges.llm, "make_chat_model", lambda spec, **kw: model)
    monkeypatch.setenv("RAGORO_CACHE_DIR", str(tmp_path / "cache"))
    common = ["--golden", str(GOLDEN), "--index", str(demo_index), "--no-progress"]
    common += ["--baseline", str(tmp_path / "baseline.json")]
    common += ["--judge", "llm", "--judge-model", SPEC, "--repeats", "2"]
    run = ["run", "--agent", "reference", "--outcomes", str(tmp_path / "outcomes.jsonl")]
    code = main([*run, *common, "--report", str(tmp_path / "run.json")])
    out = capsys.readouterr().out
    assert code == 0, out
    assert model.calls == 2 * ASKED
    row = next(line for line in out.splitlines() if line.startswith("answer_accuracy "))
    assert "5/7" in row and "14.3% (57.1%-71.4%)" in row
    report = json.loads((tmp_path / "run.json").read_text(encoding="utf-8"))
    assert report["repeats"] == 2
    assert report["metrics"]["answer_accuracy"]["spread"]["rates"] == pytest.approx([5 / 7, 4 / 7])

    # Rescoring the same outcomes with the same repeats replays both from the cache.
    rescore_args = ["rescore", str(tmp_path / "outcomes.jsonl"), *common]
    code = main([*rescore_args, "--report", str(tmp_path / "rescore.json")])
    assert code == 0, capsys.readouterr().out
    assert model.calls == 2 * ASKED
    again = json.loads((tmp_path / "rescore.json").read_text(encoding="utf-8"))
    assert again["metrics"] == report["metrics"]


def test_repeats_below_one_exit_2_before_anything_runs(
    tmp_path: Path, demo_index: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    outcomes = tmp_path / "outcomes.jsonl"
    args = ["run", "--golden", str(GOLDEN), "--index", str(demo_index), "--no-progress"]
    args += ["--outcomes", str(outcomes), "--report", str(tmp_path / "r.json"), "--repeats", "0"]
    assert main(args) == 2
    assert "error: --repeats must be at least 1, got 0" in capsys.readouterr().err
    assert not outcomes.exists()
    with pytest.raises(UsageError, match="--repeats must be at least 1"):
        rescore(outcomes, golden=GOLDEN, index=None, repeats=-1)
