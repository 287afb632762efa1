"""What an executor is: the one place that decides where cases, documents and chunks run.

An executor fans out the work of `vectordb build` (loading files, embedding chunks) and of
`evaluator run` / `rescore` (agent and judge calls) and hands the results back, so what
it returns is what a loop over the inputs would return (verdicts in input order; outcomes,
keyed by case id, as they come). Inputs are iterables pulled through a bounded window, so
memory does not grow with their number. The local executor is that loop (threads for
`--concurrency`); the Ray executor runs the same functions in worker processes, on this
machine or on a cluster.

Work that leaves the process travels as a recipe (`AgentPlan`, `JudgePlan`): names, paths
and settings a worker rebuilds the agent or judge from, never a live object.
"""

from __future__ import annotations

from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import dataclass, field
from pathlib import Path
from typing import TYPE_CHECKING, Protocol

if TYPE_CHECKING:
    from evaluator.agents.base import Agent
    from evaluator.participants import ModelUse
    from judges.base import Judge, JudgeResult
    from ragoro.contracts import CaseOutcome, GoldenItem
    from ragoro.llm import Accounting
    from vectordb.documents import LoadResult
    from vectordb.embeddings import Encoder

__all__ = ["AgentPlan", "Executor", "JudgePlan", "portable_use"]


def portable_use(use: ModelUse) -> ModelUse:
    """`use` with its call cache folder made absolute, so a worker in another directory
    reads and writes the same cache as this process would."""
    from dataclasses import replace

    from ragoro.llm.defaults import default_cache_dir

    return replace(use, cache_dir=(use.cache_dir or default_cache_dir()).resolve())


@dataclass
class AgentPlan:
    """How a worker rebuilds the agent of a run (only a spec can be rebuilt elsewhere)."""

    spec: str
    """The agent spec `make_agent` takes ("extractive", "provider:model", ...)."""
    index: Path
    """The index folder (absolute: workers may run in another directory)."""
    k: int
    mode: str
    golden: Sequence[GoldenItem]
    """Every item of the run (agents such as `reference` look answers up in it); a
    `GoldenSource` travels as its path and reads the file where it is used."""
    use: ModelUse
    probe: bool
    """Arm the one quick provider call before the first request, as the driver would."""
    spent: Accounting | None = field(default=None, repr=False)
    """Where the workers' spending is added up (stays on the driver)."""

    def __post_init__(self) -> None:
        self.index = Path(self.index).resolve()
        self.use = portable_use(self.use)


@dataclass
class JudgePlan:
    """How a worker rebuilds the judge of a run."""

    name: str
    """A registered judge name ("offline", "llm")."""
    model: str | None
    index: Path | None
    """The index whose documents anchor contexts without offsets; None when there is none."""
    use: ModelUse
    probe: bool
    spent: Accounting | None = field(default=None, repr=False)

    def __post_init__(self) -> None:
        self.index = Path(self.index).resolve() if self.index is not None else None
        self.use = portable_use(self.use)


class Executor(Protocol):
    """Runs a command's fan-out work and returns every result in input order."""

    name: str

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
        """One outcome per item whose id is not in `skip`, in golden order
        (`evaluator.runner.run_agent` semantics); `record` is called in this process with
        each outcome as soon as it is back (the outcomes journal), in any order."""
        ...

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
        """One outcome per item whose id is not in `skip` (ids of `items`), in any order,
        each as soon as it is back; `items` are pulled lazily (a bounded window of cases
        is in flight, whatever their number) and read once more for the questions when
        the agent prepares on them. `total`: the number of items (progress, batch sizes)."""
        ...

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
        """The verdicts of each (repeat, item, outcome) in input order, the entries pulled
        lazily (`evaluator.runner.iter_judged`); `total`: the number of entries."""
        ...

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
        """Every outcome judged, one list per repeat (`evaluator.runner.judge_repeats`)."""
        ...

    def document_loader(self) -> Callable[..., LoadResult] | None:
        """What `build_index` loads the corpus with (`loader(docs, progress=...)`); None =
        its own loop."""
        ...

    def encoder_factory(self) -> Callable[[str], Encoder] | None:
        """What `build_index` gets its encoder from; None = the in-process model."""
        ...

    def close(self) -> None:
        """Release what the executor started (worker processes, a local Ray instance)."""
        ...
