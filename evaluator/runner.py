"""Run the agent on every golden case, then judge every outcome; each phase is timed.

Test hook: RAGORO_AGENT_DELAY=<seconds> sleeps that long before each agent call, so a
test can interrupt a run midway (the offline agent is otherwise too fast to interrupt).
"""

from __future__ import annotations

import os
import sys
import time
from collections.abc import Callable, Collection, Sequence
from concurrent.futures import ThreadPoolExecutor
from typing import TypeVar

from evaluator.agents.base import Agent, AgentAnswer
from judges.base import Judge, JudgeResult, repeat_judge
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.errors import InputError, ProviderUnavailable
from ragoro.llm.redact import redact

DELAY_ENV = "RAGORO_AGENT_DELAY"

T = TypeVar("T")
R = TypeVar("R")


def _mapped(
    work: Callable[[T], R],
    inputs: Sequence[T],
    *,
    concurrency: int,
    desc: str,
    progress: bool,
    record: Callable[[R], None] | None = None,
    already: int = 0,
) -> list[R]:
    """Apply work to inputs in order, on a thread pool, with a progress bar on stderr
    (counting `already` cases done before this run); `record` sees each result as it
    comes, in input order."""
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(
            total=len(inputs) + already, initial=already, desc=desc, unit="case", file=sys.stderr
        )
    results: list[R] = []
    with ThreadPoolExecutor(max_workers=max(1, concurrency)) as pool:
        try:
            for result in pool.map(work, inputs):
                if record is not None:
                    record(result)
                results.append(result)
                if bar is not None:
                    bar.update()
        except BaseException:
            # Ctrl-C or a failure: cases not started yet are dropped, not run to the end.
            pool.shutdown(wait=True, cancel_futures=True)
            raise
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
    delay = float(os.environ.get(DELAY_ENV, "0") or 0)
    if delay > 0:
        time.sleep(delay)
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
    items: Sequence[GoldenItem],
    agent: Agent,
    *,
    concurrency: int = 1,
    progress: bool = True,
    skip: Collection[str] = frozenset(),
    record: Callable[[CaseOutcome], None] | None = None,
) -> list[CaseOutcome]:
    """Outcomes of every case whose id is not in `skip` (done by an earlier, resumed run),
    in golden order; `record` gets each outcome as soon as it is finished."""
    todo = [item for item in items if item.id not in skip]
    prepare = getattr(agent, "prepare", None)
    if todo and callable(prepare):
        # Optional hook: agents that can batch work over all questions (embeddings) do it
        # once. Every question, skipped or not: the batches, and so every vector to its
        # last bit, are those of an uninterrupted run.
        prepare([item.question for item in items])
    return _mapped(
        lambda item: run_case(item, agent),
        todo,
        concurrency=concurrency,
        desc=f"agent {agent.name}",
        progress=progress,
        record=record,
        already=len(items) - len(todo),
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
