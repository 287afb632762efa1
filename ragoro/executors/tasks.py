"""What a Ray worker runs: rebuild the agent, judge or encoder once from its plan, then
handle batches with the same functions the local executor calls.

Every `*_setup` runs once per worker process and returns its state; every `*_work` takes
that state and one batch and returns the batch's results in order (plus, for model
work, what the worker's models spent since its last batch).
"""

from __future__ import annotations

from concurrent.futures import ThreadPoolExecutor
from dataclasses import asdict, dataclass, fields
from pathlib import Path
from typing import TYPE_CHECKING, Any

from ragoro.executors.base import AgentPlan, JudgePlan
from ragoro.executors.ledger import shared_use
from ragoro.llm.accounting import Accounting, ModelStats
from vectordb.embeddings import Encoder, Vectors

if TYPE_CHECKING:
    from collections.abc import Callable, Sequence

    from evaluator.agents.base import Agent
    from judges.base import Judge, JudgeResult
    from ragoro.contracts import CaseOutcome, GoldenItem
    from vectordb import VectorIndex
    from vectordb.documents import Document, LoadFailure

Spent = dict[str, ModelStats]
"""A worker's model spending since its previous batch, by model spec."""


class _Spending:
    """A worker's `Accounting` and what of it was already reported."""

    def __init__(self) -> None:
        self.accounting = Accounting()
        self._reported: Spent = {}

    def since_last(self) -> Spent:
        now = self.accounting.snapshot()
        delta: Spent = {}
        for spec, stats in now.items():
            before = self._reported.get(spec, ModelStats())
            change = ModelStats(
                **{f.name: getattr(stats, f.name) - getattr(before, f.name) for f in fields(stats)}
            )
            if any(asdict(change).values()):
                delta[spec] = change
        self._reported = now
        return delta


_INDEXES: dict[tuple[Path, int], VectorIndex] = {}


def _index(folder: Path) -> VectorIndex:
    """The index at `folder`, opened once per worker process while its manifest is unchanged
    (the agent and the judge of a run share it)."""
    from vectordb import VectorIndex

    key = (folder, (folder / "manifest.json").stat().st_mtime_ns)
    if key not in _INDEXES:
        _INDEXES.clear()
        _INDEXES[key] = VectorIndex.open(folder)
    return _INDEXES[key]


def _in_order(work: Callable[[Any], Any], batch: Sequence[Any], concurrency: int) -> list[Any]:
    if concurrency <= 1 or len(batch) <= 1:
        return [work(entry) for entry in batch]
    with ThreadPoolExecutor(max_workers=concurrency) as pool:
        return list(pool.map(work, batch))


@dataclass
class AgentState:
    """A worker's agent, rebuilt from the plan."""

    agent: Agent
    spending: _Spending
    concurrency: int


@dataclass(frozen=True)
class Seed:
    """Vectors the driver had the workers compute for one exact list of texts."""

    model: str
    texts: list[str]
    vectors: Vectors


class _SeededEncoder(Encoder):
    """The index's encoder, answering the seeded list of texts from the seed.

    Only a request for exactly that list is served from it: its vectors are what one
    `encode` of that list computes, to the bit; anything else goes to the model."""

    def __init__(self, seed: Seed, dimensions: int) -> None:
        # No super().__init__(): the model is loaded only if a text is not seeded.
        self.name = seed.model
        self.dimensions = dimensions
        self._seed = seed
        self._model_encoder: Encoder | None = None

    def encode(
        self, texts: list[str], *, progress: bool = False, batch_size: int | None = None
    ) -> Vectors:
        """The seed's vectors for the seeded list, else the model's."""
        if texts == self._seed.texts:
            return self._seed.vectors.copy()
        if self._model_encoder is None:
            from vectordb.embeddings import get_encoder

            self._model_encoder = get_encoder(self.name)
        return self._model_encoder.encode(texts, progress=progress, batch_size=batch_size)


def _seeded(index: VectorIndex, seed: Seed | None) -> VectorIndex:
    if seed is not None and seed.model == index.manifest.embedding_model:
        # The index loads its encoder on first use; one already set is used as it is.
        index._encoder = _SeededEncoder(seed, index.manifest.dimensions)
    return index


def agent_setup(
    plan: AgentPlan, ledger: Any, concurrency: int, seed: Seed | None = None
) -> AgentState:
    """Build the plan's agent with the run's shared agent limits; `prepare` it on every
    question of the run, as the local runner does, so its batched work is the same
    (`seed`: the run's question vectors, computed once for all workers)."""
    from evaluator.participants import build_agent
    from ragoro.probe import arm_probe_of

    spending = _Spending()
    agent = build_agent(
        plan.spec,
        index=_seeded(_index(plan.index), seed),
        k=plan.k,
        mode=plan.mode,
        golden=plan.golden,
        use=shared_use(plan.use, "agent", ledger),
        accounting=spending.accounting,
    )
    if plan.probe:
        arm_probe_of(agent, offline_flag="--agent extractive")
    prepare = getattr(agent, "prepare", None)
    if callable(prepare):
        prepare([item.question for item in plan.golden])
    return AgentState(agent, spending, concurrency)


def agent_work(state: AgentState, batch: list[GoldenItem]) -> tuple[list[CaseOutcome], Spent]:
    """Outcomes of one batch of cases, in order (`evaluator.runner.run_case` each)."""
    from evaluator.runner import run_case

    outcomes = _in_order(lambda item: run_case(item, state.agent), batch, state.concurrency)
    return outcomes, state.spending.since_last()


@dataclass
class JudgeState:
    """A worker's judge (and its repeat judges), rebuilt from the plan."""

    judge: Judge
    repeats: dict[int, Judge]
    spending: _Spending
    concurrency: int


def judge_setup(plan: JudgePlan, ledger: Any, concurrency: int) -> JudgeState:
    """Build the plan's judge with the run's shared judge limits."""
    from evaluator.participants import resolve_judge
    from ragoro.probe import arm_probe_of

    spending = _Spending()
    index = _index(plan.index) if plan.index is not None else None
    judge = resolve_judge(
        plan.name,
        plan.model,
        index.texts if index is not None else None,
        use=shared_use(plan.use, "judge", ledger),
        accounting=spending.accounting,
        index=index,
    )
    if plan.probe:
        arm_probe_of(judge, offline_flag="--judge offline")
    return JudgeState(judge, {1: judge}, spending, concurrency)


def _judge_for(state: JudgeState, repeat: int) -> Judge:
    from judges.base import repeat_judge

    if repeat not in state.repeats:
        again = repeat_judge(state.judge, repeat)
        state.repeats[repeat] = again if again is not None else state.judge
    return state.repeats[repeat]


def judge_work(
    state: JudgeState, batch: list[tuple[int, GoldenItem, CaseOutcome]]
) -> tuple[list[JudgeResult], Spent]:
    """Verdicts of one batch of (repeat, item, outcome), in order."""
    results = _in_order(
        lambda entry: _judge_for(state, entry[0]).judge(entry[1], entry[2]),
        batch,
        state.concurrency,
    )
    return results, state.spending.since_last()


def load_setup(root: Path) -> Path:
    """The corpus folder (as this worker sees it)."""
    return root


def load_work(root: Path, batch: list[Path]) -> list[Document | LoadFailure]:
    """Each file of the batch loaded, or the reason it could not be."""
    from vectordb.documents import DocumentLoadError, load_document

    loaded: list[Document | LoadFailure] = []
    for path in batch:
        try:
            loaded.append(load_document(path, root))
        except DocumentLoadError as exc:
            loaded.append(exc.failure)
    return loaded


def encoder_setup(name: str) -> Encoder:
    """The embedding model, loaded once per worker."""
    from vectordb.embeddings import get_encoder

    return get_encoder(name)


def encoder_describe(encoder: Encoder, batch: list[None]) -> list[tuple[int, int]]:
    """(dimensions, batch size) of the worker's model."""
    return [(encoder.dimensions, encoder.batch_size) for _ in batch]


def encoder_work(encoder: Encoder, batch: list[str]) -> list[Vectors]:
    """The vectors of one model batch of texts (one array)."""
    return [encoder.encode(batch)]
