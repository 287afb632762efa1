"""`evaluator selfcheck`: the judge against the reference and null agents, goals checked."""

from __future__ import annotations

import json
import re
from pathlib import Path
from types import SimpleNamespace

import pytest

from evaluator.selfcheck import (
    GOALS,
    SELFCHECK_AGENTS,
    GoalSpec,
    RateStats,
    case_passed,
    check_goal,
    render_selfcheck,
    selfcheck,
)
from judges import make_judge
from judges.base import JudgeResult
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.golden import load_golden
from tests.conftest import ROOT, run_cli
from tests.judges.matching_model import SPEC, matching_judge
from vectordb import VectorIndex

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"

# The goals as the documentation states them, independent of the module's own table.
DOCUMENTED_GOALS = [
    ("reference", "answer_accuracy", ">=", 0.97, "all"),
    ("null:yes", "answer_accuracy", "<=", 0.03, "reference not yes"),
    ("null:swap", "answer_accuracy", "<=", 0.03, "all"),
    ("null:echo", "answer_accuracy", "<=", 0.03, "all"),
    ("null:yes", "answer_relevancy", "<=", 0.05, "all"),
    ("null:swap", "answer_relevancy", "<=", 0.05, "all"),
    ("null:refuse", "answer_accuracy", "<=", 0.0, "answerable"),
    ("null:refuse", "answer_relevancy", "<=", 0.0, "answerable"),
]
YES_RE = re.compile(r"\s*(?:yes|sì)\b", re.IGNORECASE)


def _goal_holds(
    results: dict[str, dict[str, bool | None]],
    metric: str,
    comparison: str,
    target: float,
    cases: set[str],
) -> bool:
    scored = [
        results[c][metric] for c in cases if c in results and results[c].get(metric) is not None
    ]
    if not scored:
        return False
    rate = sum(bool(v) for v in scored) / len(scored)
    return rate >= target if comparison == ">=" else rate <= target


def test_cli_prints_the_table_and_exits_as_its_goals_say(tmp_path: Path, demo_index: Path) -> None:
    report = tmp_path / "out" / "selfcheck.json"
    result = run_cli(
        "evaluator", "selfcheck", "--golden", str(GOLDEN), "--index", str(demo_index),
        "--report", str(report), "--no-progress",
    )  # fmt: skip
    assert result.returncode in (0, 1), result.stdout + result.stderr
    summary = json.loads(report.read_text(encoding="utf-8"))
    lines = result.stdout.splitlines()
    header = next(line for line in lines if line.startswith("metric"))
    assert header.split() == ["metric", *SELFCHECK_AGENTS]
    assert list(summary["agents"]) == list(SELFCHECK_AGENTS)
    for metric in summary["metrics"]:
        row = next(line for line in lines if line.startswith(metric + " "))
        cells = []
        for agent in SELFCHECK_AGENTS:
            stats = summary["agents"][agent]["rates"].get(metric)
            scored = stats is not None and stats["total"] > 0
            cells.append(
                f"{stats['rate']:.2f} ({stats['passed']}/{stats['total']})" if scored else "n/a"
            )
        assert re.findall(r"n/a|\d\.\d\d \(\d+/\d+\)", row) == cells, row
    items = load_golden(GOLDEN)
    everything = {item.id for item in items}
    subsets = {
        "all": everything,
        "answerable": {item.id for item in items if not item.expected.refuse},
        "reference not yes": {
            item.id
            for item in items
            if not any(YES_RE.match(ref) for ref in (item.answer, *item.answers))
        },
    }
    goal_lines = [line for line in lines if line.strip().startswith(("OK ", "FAIL "))]
    assert len(goal_lines) == len(DOCUMENTED_GOALS)
    holds = []
    for agent, metric, comparison, target, subset in DOCUMENTED_GOALS:
        results = summary["agents"][agent]["case_results"]
        cases = subsets[subset]
        ok = _goal_holds(results, metric, comparison, target, cases)
        holds.append(ok)
        printed = next(
            line
            for line in goal_lines
            if line.split(maxsplit=1)[1].startswith(f"{agent} {metric} ")
        )
        assert printed.strip().startswith("OK" if ok else "FAIL"), printed
    assert [goal["ok"] for goal in summary["goals"]] == holds
    assert summary["ok"] is all(holds)
    assert result.returncode == (0 if all(holds) else 1)
    assert f"report: {report}" in result.stdout


def test_library_rates_come_from_each_agent_case_results(demo_index: Path) -> None:
    index = VectorIndex.open(demo_index)
    result = selfcheck(GOLDEN, index=index, k=2)
    items = load_golden(GOLDEN)
    refusals = {item.id for item in items if item.expected.refuse}
    assert (result.n_cases, result.n_answerable, result.k) == (8, 6, 2)
    assert result.index_path == str(index.path) and result.judge == "offline"
    for name, run in result.agents.items():
        assert set(run.case_results) == {item.id for item in items}, name
        for metric, stats in run.rates.items():
            verdicts = [r[metric] for r in run.case_results.values() if metric in r]
            scored = [v for v in verdicts if v is not None]
            assert (stats.passed, stats.total) == (sum(scored), len(scored))
            assert stats.unscored == len(verdicts) - len(scored)
            assert stats.rate == (sum(scored) / len(scored) if scored else None)
        refusal = run.answerable.get("refusal")
        if refusal is not None:
            assert refusal.total + refusal.unscored == len(items) - len(refusals)


class CountingJudge:
    """The offline judge, counting its calls (selfcheck must reuse the judge it is given)."""

    def __init__(self) -> None:
        self.inner = make_judge("offline")
        self.name = self.inner.name
        self.model = self.inner.model
        self.calls = 0

    def judge(self, item: GoldenItem, outcome: CaseOutcome) -> JudgeResult:
        self.calls += 1
        return self.inner.judge(item, outcome)


def test_a_goal_with_nothing_scored_fails(tmp_path: Path, demo_index: Path) -> None:
    # Clarification cases get no answer metric: nothing any goal reads is scored.
    asking = [line for line in GOLDEN.read_text(encoding="utf-8").splitlines() if '"clr-' in line]
    golden = tmp_path / "clarifications.jsonl"
    golden.write_text("\n".join(asking) + "\n", encoding="utf-8")
    judge = CountingJudge()
    result = selfcheck(golden, index=VectorIndex.open(demo_index), judge=judge)
    assert judge.calls == len(asking) * len(SELFCHECK_AGENTS)
    assert [goal.ok for goal in result.goals] == [False] * len(GOALS)
    assert {goal.note for goal in result.goals} == {"nothing scored"}
    assert all(goal.measured is None and goal.scored == 0 for goal in result.goals)
    assert not result.ok and result.exit_code == 1
    text = render_selfcheck(result)
    assert "FAIL reference answer_accuracy >= 0.97: n/a, nothing scored" in text
    assert f"{len(GOALS)} of {len(GOALS)} goals FAIL" in text


def test_check_goal_compares_and_never_passes_zero_scored() -> None:
    at_most = GoalSpec("null:yes", "answer_accuracy", "<=", 0.03)
    at_least = GoalSpec("reference", "answer_accuracy", ">=", 0.97)
    assert check_goal(at_most, RateStats(passed=0, total=40, rate=0.0)).ok
    assert not check_goal(at_most, RateStats(passed=2, total=40, rate=0.05)).ok
    assert check_goal(at_least, RateStats(passed=39, total=40, rate=0.975)).ok
    assert not check_goal(at_least, RateStats(passed=38, total=40, rate=0.95)).ok
    for spec in (at_most, at_least):
        empty = check_goal(spec, RateStats(unscored=5))
        assert not empty.ok and empty.note == "nothing scored"


def test_case_results_are_read_in_one_place_whatever_their_shape() -> None:
    assert case_passed(True) is True and case_passed(None) is None
    assert case_passed(SimpleNamespace(passed=False)) is False
    assert case_passed(SimpleNamespace(passed=None)) is None


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--golden", "missing.jsonl"], "missing.jsonl"),
        (["--index", "no_such_index"], "no_such_index"),
        (["--k", "0"], "--k must be at least 1"),
    ],
)
def test_bad_inputs_exit_2(tmp_path: Path, demo_index: Path, args: list[str], message: str) -> None:
    base = {"--golden": str(GOLDEN), "--index": str(demo_index)}
    for flag, value in zip(args[::2], args[1::2], strict=True):
        base[flag] = value
    flat = [part for pair in base.items() for part in pair]
    result = run_cli(
        "evaluator", "selfcheck", *flat, "--report", str(tmp_path / "s.json"), "--no-progress"
    )
    assert result.returncode == 2, result.stdout + result.stderr
    assert message in result.stderr and not (tmp_path / "s.json").exists()


def test_an_llm_judge_gets_the_same_proof(tmp_path: Path, demo_index: Path) -> None:
    # A judge model that only knows "the reference, word for word" (tests/judges/matching_model).
    judge, model = matching_judge()
    index = VectorIndex.open(demo_index)
    result = selfcheck(GOLDEN, index=index, judge=judge)
    items = load_golden(GOLDEN)
    assert model.calls == len(items) * len(SELFCHECK_AGENTS)  # one call per case and agent
    assert (result.judge, result.judge_model) == ("llm", SPEC)
    reference = result.agents["reference"]
    refusals = sorted(item.id for item in items if item.expected.refuse)
    # It passes every reference answer but cannot see that a refusal is the right answer.
    assert reference.rates["answer_accuracy"] == RateStats(passed=5, total=7, rate=5 / 7)
    failed = sorted(
        c for c, r in reference.case_results.items() if r.get("answer_accuracy") is False
    )
    assert failed == refusals
    for name in ("null:yes", "null:echo", "null:swap", "null:refuse"):
        for metric in ("answer_accuracy", "answer_relevancy"):
            assert result.agents[name].rates[metric].passed == 0, (name, metric)
    assert [(goal.goal, goal.ok) for goal in result.goals] == [
        (spec.describe(), spec.agent != "reference") for spec in GOALS
    ]
    assert not result.ok and result.exit_code == 1
    assert "FAIL reference answer_accuracy >= 0.97: 0.714 (5/7 passed)" in render_selfcheck(result)

    # Without refusal cases the same judge separates every agent: all goals hold.
    answerable = [
        line for line in GOLDEN.read_text(encoding="utf-8").splitlines() if '"ref-' not in line
    ]
    golden = tmp_path / "answerable.jsonl"
    golden.write_text("\n".join(answerable) + "\n", encoding="utf-8")
    again = selfcheck(golden, index=index, judge=matching_judge()[0])
    assert again.agents["reference"].rates["answer_accuracy"].rate == 1.0
    assert again.ok and all(goal.ok for goal in again.goals)


def test_a_case_null_swap_cannot_answer_is_left_out_not_counted_a_fail(
    tmp_path: Path, demo_index: Path
) -> None:
    # One answerable case: no other case has a fact to swap in.
    lines = GOLDEN.read_text(encoding="utf-8").splitlines()
    golden = tmp_path / "single.jsonl"
    golden.write_text(next(line for line in lines if '"num-001"' in line) + "\n", encoding="utf-8")
    result = selfcheck(golden, index=VectorIndex.open(demo_index))
    swap = result.agents["null:swap"]
    assert "no other case" in swap.agent_errors["num-001"]
    assert swap.rates["answer_accuracy"].total == 0
    goal = next(g for g in result.goals if g.goal == "null:swap answer_accuracy <= 0.03")
    assert not goal.ok and goal.note == "nothing scored"
    assert not result.ok


def test_yes_is_held_to_fail_only_where_yes_is_not_the_answer(
    tmp_path: Path, demo_index: Path
) -> None:
    # "Yes." rightly answers a yes/no question whose reference is "Yes, ...": the null:yes
    # accuracy goal is measured on the other cases, the table still counts every case.
    lines = {json.loads(line)["id"]: line for line in GOLDEN.read_text("utf-8").splitlines()}
    asked = json.loads(lines["nar-002"])
    asked["id"] = "yes-001"
    asked["question"] = "Is the standard warranty on the PX-200 press 24 months long?"
    asked["answer"] = "Yes, " + asked["answer"][0].lower() + asked["answer"][1:]
    golden = tmp_path / "golden.jsonl"
    golden.write_text(lines["nar-001"] + "\n" + json.dumps(asked) + "\n", encoding="utf-8")
    result = selfcheck(golden, index=VectorIndex.open(demo_index))
    yes = result.agents["null:yes"]
    assert yes.case_results["yes-001"]["answer_accuracy"] is True
    assert yes.case_results["nar-001"]["answer_accuracy"] is False
    assert (yes.rates["answer_accuracy"].passed, yes.rates["answer_accuracy"].total) == (1, 2)
    goal = next(g for g in result.goals if g.agent == "null:yes" and g.metric == "answer_accuracy")
    assert goal.goal == "null:yes answer_accuracy (reference not yes) <= 0.03"
    assert (goal.passed, goal.scored, goal.ok) == (0, 1, True)
