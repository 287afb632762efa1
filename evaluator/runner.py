"""Run the agent on every golden case, then judge every outcome; each phase is timed.

Test hook: RAGORO_AGENT_DELAY=<seconds> sleeps that long before each agent call, so a
test can interrupt a run midway (the offline agent is otherwise too fast to interrupt).
"""

from __future__ import annotations

import os
import sys
import time
from collections import deque
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from concurrent.futures import Future, ThreadPoolExecutor
from typing import TypeVar

from evaluator.agents.base import Agent, AgentAnswer
from judges.base import Judge, JudgeResult, repeat_judge
from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.errors import InputError, ProviderUnavailable
from ragoro.llm.redact import redact

DELAY_ENV = "RAGORO_AGENT_DELAY"

T = TypeVar("T")
R = TypeVar("R")


WINDOW_PER_WORKER = 4
"""Cases handed to the thread pool ahead of the one being collected, per worker: enough
to keep every worker busy, few enough that memory does not grow with the golden set."""


def windowed(
    work: Callable[[T], R],
    inputs: Iterable[T],
    *,
    concurrency: int,
    desc: str,
    progress: bool,
    total: int | None = None,
    already: int = 0,
) -> Iterator[R]:
    """Apply work to inputs on a thread pool (in this thread for `concurrency` 1), yielding
    results in input order, with a progress bar on stderr (`total` cases, `already` of them
    done before this run).

    Inputs are pulled lazily: at most `WINDOW_PER_WORKER * concurrency` are in flight or
    waiting to be collected, whatever their number."""
    bar = None
    if progress:
        from tqdm import tqdm

        bar = tqdm(
            total=None if total is None else total + already,
            initial=already,
            desc=desc,
            unit="case",
            file=sys.stderr,
        )
    width = max(1, concurrency)
    if width == 1:
        # One case at a time: in this thread, without a pool to hand each case to and wait
        # on (two thread switches a case). Ctrl-C stops the case being worked on; the ones
        # already yielded are the caller's, as with the pool.
        try:
            for entry in inputs:
                yield work(entry)
                if bar is not None:
                    bar.update()
        finally:
            if bar is not None:
                bar.close()
        return
    window = WINDOW_PER_WORKER * width
    pending: deque[Future[R]] = deque()
    with ThreadPoolExecutor(max_workers=width) as pool:
        try:
            for entry in inputs:
                pending.append(pool.submit(work, entry))
                if len(pending) >= window:
                    yield pending.popleft().result()
                    if bar is not None:
                        bar.update()
            while pending:
                yield pending.popleft().result()
                if bar is not None:
                    bar.update()
        except BaseException:
            # Ctrl-C, a failure or a consumer that stopped: cases not started are dropped.
            for future in pending:
                future.cancel()
            pool.shutdown(wait=True, cancel_futures=True)
            raise
        finally:
            if bar is not None:
                bar.close()


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


def iter_agent(
    items: Iterable[GoldenItem],
    agent: Agent,
    *,
    concurrency: int = 1,
    progress: bool = True,
    skip: Collection[str] = frozenset(),
    total: int | None = None,
) -> Iterator[CaseOutcome]:
    """Outcomes of every case whose id is not in `skip` (done by an earlier, resumed run),
    in golden order, each as soon as it (and every case before it) is finished.

    `items` is read twice when the agent has a `prepare` hook (once for the questions),
    and lazily the second time (see `windowed`); `total` is how many cases there are,
    for the progress bar."""
    prepare = getattr(agent, "prepare", None)
    if callable(prepare):
        questions = [item.question for item in items]
        todo = sum(1 for item in items if item.id not in skip) if skip else len(questions)
        if todo:
            # Optional hook: agents that can batch work over all questions (embeddings) do
            # it once. Every question, skipped or not: the batches, and so every vector to
            # its last bit, are those of an uninterrupted run.
            prepare(questions)
        del questions
    yield from windowed(
        lambda item: run_case(item, agent),
        (item for item in items if item.id not in skip),
        concurrency=concurrency,
        desc=f"agent {agent.name}",
        progress=progress,
        total=None if total is None else total - len(skip),
        already=len(skip),
    )


def run_agent(
    items: Sequence[GoldenItem],
    agent: Agent,
    *,
    concurrency: int = 1,
    progress: bool = True,
    skip: Collection[str] = frozenset(),
    record: Callable[[CaseOutcome], None] | None = None,
) -> list[CaseOutcome]:
    """`iter_agent` as a list; `record` gets each outcome as soon as it is finished."""
    done = {item.id for item in items} & set(skip)
    outcomes = []
    for outcome in iter_agent(
        items, agent, concurrency=concurrency, progress=progress, skip=done, total=len(items)
    ):
        if record is not None:
            record(outcome)
        outcomes.append(outcome)
    return outcomes


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


def judge_runs(judge: Judge, repeats: int) -> int:
    """How many times every outcome is judged: `repeats`, or 1 for a deterministic judge
    (its repeats could not differ)."""
    if repeats < 1:
        raise ValueError(f"repeats must be at least 1, got {repeats}")
    return 1 if repeats == 1 or repeat_judge(judge, 2) is None else repeats


def iter_judged(
    entries: Iterable[tuple[int, GoldenItem, CaseOutcome]],
    judge: Judge,
    *,
    concurrency: int = 1,
    progress: bool = True,
    total: int | None = None,
    desc: str | None = None,
) -> Iterator[JudgeResult]:
    """The verdicts of each (repeat, item, outcome), in input order, pulled lazily (see
    `windowed`). Repeat n > 1 asks `repeat_judge(judge, n)`: the LLM judge again under its
    own cache key."""
    judges: dict[int, Judge] = {1: judge}

    def one(entry: tuple[int, GoldenItem, CaseOutcome]) -> JudgeResult:
        repeat, item, outcome = entry
        chosen = judges.get(repeat)
        if chosen is None:
            chosen = judges.setdefault(repeat, repeat_judge(judge, repeat) or judge)
        return chosen.judge(item, outcome)

    return windowed(
        one,
        entries,
        concurrency=concurrency,
        desc=desc or f"judge {judge.name}",
        progress=progress,
        total=total,
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
    """Every outcome judged `repeats` times, one list per repeat, repeat 1 first (once for
    a deterministic judge: one list)."""
    pairs = case_pairs(items, outcomes)
    runs = judge_runs(judge, repeats)
    label = f"judge {judge.name}"
    return [
        list(
            iter_judged(
                ((run, item, outcome) for item, outcome in pairs),
                judge,
                concurrency=concurrency,
                progress=progress,
                total=len(pairs),
                desc=label if repeats == 1 else f"{label} (repeat {run}/{repeats})",
            )
        )
        for run in range(1, runs + 1)
    ]
