"""Run the agent on every golden case, then judge every outcome; each phase is timed."""

from __future__ import annotations

import sys
import time
from collections.abc import Callable, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from evaluator.agents.base import Agent, AgentAnswer
from judges.base import Judge, JudgeResult, repeat_judge
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.errors import InputError, ProviderUnavailable
from ragoro.llm.redact import redact

T = TypeVar("T")
R = TypeVar("R")


def _mapped(
    work: Callable[[T], R], inputs: Sequence[T], *, concurrency: int, desc: str, progress: bool
) -> list[R]:
    """Apply work to inputs in order, on a thread pool, with a progress bar on stderr."""
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(total=len(inputs), desc=desc, unit="case", file=sys.stderr)
    results: list[R] = []
    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        try:
            for result in pool.map(work, inputs):
                results.append(result)
                if bar is not None:
                    bar.update()
        finally:
            if bar is not None:
                bar.close()
    return results


def outcome_from_answer(
    item: GoldenItem, agent: Agent, answer: AgentAnswer, latency: float
) -> CaseOutcome:
    """An agent's answer as an outcome; behaviour flags stay as the agent declared them
    (None when it did not): the judges decide refusal and clarification from the answer."""
    return CaseOutcome(
        case_id=item.id,
        question=item.question,
        answer=answer.answer,
        contexts=answer.contexts,
        citations=answer.citations,
        refused=answer.refused,
        asked_clarification=answer.asked_clarification,
        value=answer.value,
        unit=answer.unit,
        latency_s=latency,
        usage=answer.usage,
        agent=agent.name,
    )


def run_case(item: GoldenItem, agent: Agent) -> CaseOutcome:
    """Ask the agent one question; a crash becomes an outcome with `error`, never a lost case."""
    started = time.perf_counter()
    try:
        answer = agent.answer(item.question)
    except ProviderUnavailable:
        raise  # no case can be answered: the run stops (exit 3), nothing is recorded
    except Exception as exc:  # noqa: BLE001 - any other agent failure is kept on the case
        return CaseOutcome(
            case_id=item.id,
            question=item.question,
            latency_s=time.perf_counter() - started,
            agent=agent.name,
            error=redact(f"{type(exc).__name__}: {exc}"),
        )
    return outcome_from_answer(item, agent, answer, time.perf_counter() - started)


def run_agent(
    items: Sequence[GoldenItem], agent: Agent, *, concurrency: int = 1, progress: bool = True
) -> list[CaseOutcome]:
    """Outcomes of every case, in golden order."""
    prepare = getattr(agent, "prepare", None)
    if callable(prepare):
        # Optional hook: agents that can batch work over all questions (embeddings) do it once.
        prepare([item.question for item in items])
    return _mapped(
        lambda item: run_case(item, agent),
        items,
        concurrency=concurrency,
        desc=f"agent {agent.name}",
        progress=progress,
    )


def case_pairs(
    items: Sequence[GoldenItem], outcomes: Sequence[CaseOutcome]
) -> list[tuple[GoldenItem, CaseOutcome]]:
    """Each item with its outcome (matched by case id), in golden order; `InputError`
    when a case has none."""
    by_id = {outcome.case_id: outcome for outcome in outcomes}
    missing = [item.id for item in items if item.id not in by_id]
    if missing:
        shown = ", ".join(missing[:5]) + (" ..." if len(missing) > 5 else "")
        raise InputError(f"{len(missing)} golden case(s) have no outcome: {shown}")
    return [(item, by_id[item.id]) for item in items]


def judge_all(
    items: Sequence[GoldenItem],
    outcomes: Sequence[CaseOutcome],
    judge: Judge,
    *,
    concurrency: int = 1,
    progress: bool = True,
    desc: str | None = None,
) -> list[JudgeResult]:
    """Judge each outcome against its item (matched by case id), in golden order."""
    pairs = case_pairs(items, outcomes)
    return _mapped(
        lambda pair: judge.judge(*pair),
        pairs,
        concurrency=concurrency,
        desc=desc or f"judge {judge.name}",
        progress=progress,
    )


def judge_repeats(
    items: Sequence[GoldenItem],
    outcomes: Sequence[CaseOutcome],
    judge: Judge,
    *,
    repeats: int = 1,
    concurrency: int = 1,
    progress: bool = True,
) -> list[list[JudgeResult]]:
    """Every outcome judged `repeats` times, one list per repeat, repeat 1 first.

    Repeat n > 1 asks `repeat_judge(judge, n)`: the LLM judge again under its own cache
    key. A deterministic judge is judged once (one list), since its repeats cannot differ.
    """
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    label = f"judge {judge.name}"
    runs = [
        judge_all(
            items,
            outcomes,
            judge,
            concurrency=concurrency,
            progress=progress,
            desc=label if repeats == 1 else f"{label} (repeat 1/{repeats})",
        )
    ]
    for repeat in range(2, repeats + 1):
        again = repeat_judge(judge, repeat)
        if again is None:
            break
        runs.append(
            judge_all(
                items,
                outcomes,
                again,
                concurrency=concurrency,
                progress=progress,
                desc=f"{label} (repeat {repeat}/{repeats})",
            )
        )
    return runs
