"""`selfcheck`: does the judge pass the reference answers and fail the null ones?

A judge's pass rates mean nothing until it separates the golden answers from answers that
must fail. `selfcheck` runs the reference agent and every null agent (see
`evaluator.agents.null`) on a golden set through `evaluate`, with one index and one judge
shared by all runs, and checks fixed goals on the pass rates:

- reference answer_accuracy >= 0.97;
- null:swap and null:echo answer_accuracy <= 0.03, and null:yes answer_accuracy <= 0.03
  on the cases whose reference answer is not "yes" (there "Yes." is the right answer);
- null:swap answer_relevancy <= 0.05, and null:yes answer_relevancy <= 0.05 on the
  questions that are not yes/no ("Yes." does answer a yes/no question);
- null:refuse passes neither answer_accuracy nor answer_relevancy on any answerable case.

A goal whose metric scored no case fails ("nothing scored"): zero evidence is never a pass.
Nothing is compared with, or written to, the baseline.
"""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, Field

from evaluator.defaults import DEFAULT_GOLDEN, SELFCHECK_AGENTS
from evaluator.evaluate import evaluate
from evaluator.participants import ModelUse, resolve_judge
from evaluator.preflight import load_items, probe_models
from evaluator.report import RunReport, metric_order
from judges.base import Judge
from judges.question_type import is_yes_no_question
from ragoro.errors import ExitCode, UsageError
from ragoro.golden import file_sha256
from ragoro.text.questions import leading_yes_no
from vectordb import DEFAULT_INDEX, VectorIndex

__all__ = [
    "GOALS",
    "SELFCHECK_AGENTS",
    "AgentRates",
    "Goal",
    "GoalSpec",
    "RateStats",
    "SelfcheckResult",
    "case_passed",
    "check_goal",
    "rate_stats",
    "render_selfcheck",
    "selfcheck",
]

Subset = Literal["all", "answerable", "not yes/no", "reference not yes"]
"""Which cases a goal is measured on: every case, those with expected.refuse false, the
questions that are not yes/no, or the cases no reference answer of which opens with yes."""

CaseResults = dict[str, dict[str, bool | None]]
"""case id -> metric -> passed (None = unscored)."""


@dataclass(frozen=True)
class GoalSpec:
    """One goal: the pass rate of `metric` for `agent` on `subset` compared with `target`."""

    agent: str
    metric: str
    comparison: Literal[">=", "<="]
    target: float
    subset: Subset = "all"

    def describe(self) -> str:
        """'null:refuse answer_accuracy (answerable) <= 0.00'."""
        where = f" ({self.subset})" if self.subset != "all" else ""
        return f"{self.agent} {self.metric}{where} {self.comparison} {self.target:.2f}"


GOALS: tuple[GoalSpec, ...] = (
    GoalSpec("reference", "answer_accuracy", ">=", 0.97),
    # A yes/no question whose reference is "Yes, ..." is rightly passed by "Yes.": the
    # goal holds on every other case, and the table still shows the rate over all.
    GoalSpec("null:yes", "answer_accuracy", "<=", 0.03, "reference not yes"),
    GoalSpec("null:swap", "answer_accuracy", "<=", 0.03),
    GoalSpec("null:echo", "answer_accuracy", "<=", 0.03),
    # "Yes." does answer a yes/no question: it is held to fail on every other one.
    GoalSpec("null:yes", "answer_relevancy", "<=", 0.05, "not yes/no"),
    GoalSpec("null:swap", "answer_relevancy", "<=", 0.05),
    GoalSpec("null:refuse", "answer_accuracy", "<=", 0.0, "answerable"),
    GoalSpec("null:refuse", "answer_relevancy", "<=", 0.0, "answerable"),
)


class RateStats(BaseModel):
    """Pass counts of one metric for one agent; rate is None when nothing was scored."""

    passed: int = 0
    total: int = Field(default=0, description="Cases that got a score.")
    unscored: int = Field(default=0, description="Cases the judge could not score.")
    rate: float | None = Field(default=None, description="passed / total; None when total 0.")


class AgentRates(BaseModel):
    """What one agent's run measured."""

    agent: str
    rates: dict[str, RateStats] = Field(description="metric -> counts over every case.")
    answerable: dict[str, RateStats] = Field(
        description="metric -> counts over cases with expected.refuse false."
    )
    not_yes_no: dict[str, RateStats] = Field(
        default_factory=dict, description="metric -> counts over questions that are not yes/no."
    )
    reference_not_yes: dict[str, RateStats] = Field(
        default_factory=dict,
        description="metric -> counts over cases no reference answer of which opens with yes.",
    )
    fabrication_count: int = 0
    agent_errors: dict[str, str] = Field(default_factory=dict, description="Id -> agent error.")
    case_results: CaseResults = Field(
        default_factory=dict, description="case id -> metric -> passed (None = unscored)."
    )


class Goal(BaseModel):
    """One goal with what was measured and whether it holds."""

    goal: str = Field(description="The goal in words, e.g. 'reference answer_accuracy >= 0.97'.")
    agent: str
    metric: str
    subset: Subset
    comparison: Literal[">=", "<="]
    target: float
    measured: float | None = Field(description="The pass rate; None when nothing was scored.")
    passed: int
    scored: int
    ok: bool
    note: str = Field(default="", description="'nothing scored' when no case got a score.")


class SelfcheckResult(BaseModel):
    """The pass rates of the reference and null agents and the goals checked on them."""

    golden_path: str
    golden_sha256: str
    n_cases: int
    n_answerable: int = Field(description="Cases with expected.refuse false.")
    index_path: str
    judge: str
    judge_model: str | None = None
    k: int
    metrics: list[str] = Field(description="Metrics scored by any agent, canonical order.")
    agents: dict[str, AgentRates] = Field(description="Agent name -> its rates, run order.")
    goals: list[Goal]
    ok: bool = Field(description="Every goal holds.")

    @property
    def exit_code(self) -> int:
        """0 when every goal holds, 1 when any fails."""
        return int(ExitCode.PASS if self.ok else ExitCode.FAIL)


def case_passed(value: object) -> bool | None:
    """Read one `RunReport.case_results` entry: passed, or None when unscored.

    The one place that knows the entry's shape: a bool / None today, or an object with a
    `passed` field.
    """
    if value is None or isinstance(value, bool):
        return value
    passed = getattr(value, "passed", None)
    return None if passed is None else bool(passed)


def case_results_of(report: RunReport) -> CaseResults:
    """The report's per-case results as plain passed / None values."""
    return report.case_passes()


def rate_stats(
    results: Mapping[str, Mapping[str, bool | None]],
    metric: str,
    cases: Iterable[str] | None = None,
) -> RateStats:
    """Pass counts of `metric` over `cases` (default all); cases without it are skipped."""
    wanted = set(results) if cases is None else set(cases)
    stats = RateStats()
    for case_id in sorted(wanted & set(results)):
        if metric not in results[case_id]:
            continue
        passed = results[case_id][metric]
        if passed is None:
            stats.unscored += 1
            continue
        stats.total += 1
        stats.passed += passed
    stats.rate = stats.passed / stats.total if stats.total else None
    return stats


def check_goal(spec: GoalSpec, stats: RateStats) -> Goal:
    """Compare the measured rate with the goal; nothing scored fails."""
    measured = stats.rate
    if measured is None:
        ok, note = False, "nothing scored"
    elif spec.comparison == ">=":
        ok, note = measured >= spec.target, ""
    else:
        ok, note = measured <= spec.target, ""
    return Goal(
        goal=spec.describe(),
        agent=spec.agent,
        metric=spec.metric,
        subset=spec.subset,
        comparison=spec.comparison,
        target=spec.target,
        measured=measured,
        passed=stats.passed,
        scored=stats.total,
        ok=ok,
        note=note,
    )


def _metric_order(names: Iterable[str]) -> list[str]:
    return metric_order(names)


def _agent_rates(
    agent: str,
    report: RunReport,
    answerable: set[str],
    open_questions: set[str],
    not_yes: set[str],
) -> AgentRates:
    every = case_results_of(report)
    results = every
    if agent.startswith("null:"):
        # A case a null agent could not answer (null:swap with no other fact to give) is
        # no evidence that the judge fails it: its rates leave it out, not count a fail.
        results = {cid: v for cid, v in every.items() if cid not in report.agent_errors}
    metrics = _metric_order(m for per_case in every.values() for m in per_case)
    return AgentRates(
        agent=agent,
        rates={m: rate_stats(results, m) for m in metrics},
        answerable={m: rate_stats(results, m, answerable) for m in metrics},
        not_yes_no={m: rate_stats(results, m, open_questions) for m in metrics},
        reference_not_yes={m: rate_stats(results, m, not_yes) for m in metrics},
        fabrication_count=report.fabrication_count,
        agent_errors=dict(report.agent_errors),
        case_results=every,
    )


def _stats_for(spec: GoalSpec, agents: Mapping[str, AgentRates]) -> RateStats:
    run = agents.get(spec.agent)
    if run is None:
        return RateStats()
    tables = {
        "all": run.rates,
        "answerable": run.answerable,
        "not yes/no": run.not_yes_no,
        "reference not yes": run.reference_not_yes,
    }
    table = tables[spec.subset]
    return table.get(spec.metric, RateStats())


def selfcheck(
    golden: Path | str = DEFAULT_GOLDEN,
    *,
    index: Path | str | VectorIndex = DEFAULT_INDEX,
    judge: str | Judge = "offline",
    judge_model: str | None = None,
    k: int = 3,
    concurrency: int = 1,
    progress: bool = False,
    allow_self_judge: bool = False,
    use: ModelUse | None = None,
    goals: Sequence[GoalSpec] = GOALS,
    probe: bool = False,
) -> SelfcheckResult:
    """Run the reference and null agents on `golden`, judge them, check `goals`.

    The index is opened once and the judge built once (`resolve_judge`); every agent
    runs through `evaluate`. Raises `InputError` / `UsageError` (exit 2) on a bad golden
    file, index or judge; a goal that fails is a result (`ok` false), not an error.
    With `probe`, an LLM judge that fails one quick call raises `ProviderUnavailable`
    (exit 3) before any agent runs.
    """
    if k < 1:
        raise UsageError(f"--k must be at least 1, got {k}")
    golden_path = Path(golden)
    items = load_items(golden_path)
    opened = index if isinstance(index, VectorIndex) else VectorIndex.open(index)
    chosen = resolve_judge(judge, judge_model, opened.texts, use=use, index=opened)
    if probe:
        # Six runs over the golden set: a wrong key must stop it before the first.
        probe_models(chosen)
    answerable = {item.id for item in items if not item.expected.refuse}
    open_questions = {item.id for item in items if not is_yes_no_question(item.question)}
    not_yes = {
        item.id
        for item in items
        if not any(leading_yes_no(ref) is True for ref in (item.answer, *item.answers))
    }
    agents: dict[str, AgentRates] = {}
    for name in SELFCHECK_AGENTS:
        evaluation = evaluate(
            golden_path,
            index=opened,
            agent=name,
            judge=chosen,
            k=k,
            concurrency=concurrency,
            progress=progress,
            allow_self_judge=allow_self_judge,
        )
        agents[name] = _agent_rates(name, evaluation.report, answerable, open_questions, not_yes)
    checked = [check_goal(spec, _stats_for(spec, agents)) for spec in goals]
    return SelfcheckResult(
        golden_path=str(golden_path),
        golden_sha256=file_sha256(golden_path),
        n_cases=len(items),
        n_answerable=len(answerable),
        index_path=str(opened.path),
        judge=chosen.name,
        judge_model=chosen.model,
        k=k,
        metrics=_metric_order(m for run in agents.values() for m in run.rates),
        agents=agents,
        goals=checked,
        ok=all(goal.ok for goal in checked),
    )


def _cell(stats: RateStats | None) -> str:
    if stats is None or stats.rate is None:
        return "n/a"
    return f"{stats.rate:.2f} ({stats.passed}/{stats.total})"


def _measured(goal: Goal) -> str:
    if goal.measured is None:
        return f"n/a, {goal.note}"
    return f"{goal.measured:.3f} ({goal.passed}/{goal.scored} passed)"


def render_selfcheck(result: SelfcheckResult) -> str:
    """The pass-rate table (rows = metrics, columns = agents) and each goal as OK / FAIL."""
    names = list(result.agents)
    rows = [
        [metric, *(_cell(result.agents[a].rates.get(metric)) for a in names)]
        for metric in result.metrics
    ]
    header = ["metric", *names]
    widths = [max(len(row[i]) for row in [header, *rows]) for i in range(len(header))]

    def line(cells: list[str]) -> str:
        first, *rest = cells
        return "  ".join(
            [first.ljust(widths[0]), *(c.rjust(w) for c, w in zip(rest, widths[1:], strict=True))]
        )

    judge = result.judge + (f" {result.judge_model}" if result.judge_model else "")
    lines = [
        f"selfcheck · judge {judge} · {result.n_cases} case(s), {result.n_answerable} "
        f"answerable · k={result.k} · golden {result.golden_path}",
        "",
        line(header),
        "  ".join("-" * w for w in widths),
        *(line(row) for row in rows),
        "",
        "goals:",
    ]
    for goal in result.goals:
        lines.append(f"  {'OK  ' if goal.ok else 'FAIL'} {goal.goal}: {_measured(goal)}")
    failed = sum(not goal.ok for goal in result.goals)
    lines.append("")
    lines.append(
        f"selfcheck: all {len(result.goals)} goals hold"
        if not failed
        else f"selfcheck: {failed} of {len(result.goals)} goals FAIL"
    )
    return "\n".join(lines)
