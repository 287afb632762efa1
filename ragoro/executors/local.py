"""The local executor: everything in this process, as ragoro always ran (threads for
`--concurrency`). Plans are not needed: the live agent and judge are used directly."""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from typing import TYPE_CHECKING

from ragoro.executors.base import AgentPlan, JudgePlan

if TYPE_CHECKING:
    from evaluator.agents.base import Agent
    from judges.base import Judge, JudgeResult
    from ragoro.contracts import CaseOutcome, GoldenItem
    from vectordb.documents import LoadResult
    from vectordb.embeddings import Encoder

__all__ = ["LocalExecutor"]


class LocalExecutor:
    """Run every case and every chunk in this process, in input order."""

    name = "local"

    def run_agent(
        self,
        items: Sequence[GoldenItem],
        agent: Agent,
        plan: AgentPlan | None,
        *,
        concurrency: int,
        progress: bool,
        skip: Collection[str] = frozenset(),
        record: Callable[[CaseOutcome], None] | None = None,
    ) -> list[CaseOutcome]:
        """`evaluator.runner.run_agent` on the live agent."""
        from evaluator.runner import run_agent

        return run_agent(
            items, agent, concurrency=concurrency, progress=progress, skip=skip, record=record
        )

    def iter_agent(
        self,
        items: Iterable[GoldenItem],
        agent: Agent,
        plan: AgentPlan | None,
        *,
        total: int,
        concurrency: int,
        progress: bool,
        skip: Collection[str] = frozenset(),
    ) -> Iterator[CaseOutcome]:
        """`evaluator.runner.iter_agent` on the live agent (golden order, lazily)."""
        from evaluator.runner import iter_agent

        return iter_agent(
            items, agent, concurrency=concurrency, progress=progress, skip=skip, total=total
        )

    def iter_judged(
        self,
        entries: Iterable[tuple[int, GoldenItem, CaseOutcome]],
        judge: Judge,
        plan: JudgePlan | None,
        *,
        total: int,
        concurrency: int,
        progress: bool,
        desc: str | None = None,
    ) -> Iterator[JudgeResult]:
        """`evaluator.runner.iter_judged` on the live judge (input order, lazily)."""
        from evaluator.runner import iter_judged

        return iter_judged(
            entries, judge, concurrency=concurrency, progress=progress, total=total, desc=desc
        )

    def judge_repeats(
        self,
        items: Sequence[GoldenItem],
        outcomes: Sequence[CaseOutcome],
        judge: Judge,
        plan: JudgePlan | None,
        *,
        repeats: int,
        concurrency: int,
        progress: bool,
    ) -> list[list[JudgeResult]]:
        """`evaluator.runner.judge_repeats` on the live judge."""
        from evaluator.runner import judge_repeats

        return judge_repeats(
            items, outcomes, judge, repeats=repeats, concurrency=concurrency, progress=progress
        )

    def document_loader(self) -> Callable[..., LoadResult] | None:
        """None: `build_index` loads the files itself."""
        return None

    def encoder_factory(self) -> Callable[[str], Encoder] | None:
        """None: `build_index` embeds with the in-process model."""
        return None

    def close(self) -> None:
        """Nothing to release."""
