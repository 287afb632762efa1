"""The Ray executor: the same work as the local one, fanned out to Ray worker processes.

Ray runs on this machine (a local instance started on first use, shut down by `close`)
or on a cluster (`address`: `ray://head:10001`, or `RAY_ADDRESS`). Each kind of work gets
a pool of actors, one per CPU, that rebuild their agent, judge or model once from a plan
(`tasks.*_setup`); batches are handed to whichever actor is free, and results are put
back in input order. Workers read the index, the corpus and the call cache by path: they
must see the same files (one machine, or a shared filesystem), see the README.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ragoro.errors import UsageError
from ragoro.executors import tasks
from ragoro.executors.base import AgentPlan, JudgePlan
from ragoro.executors.ray_pool import RayPool, WorkerLost
from ragoro.executors.ray_worker import batch_size, batched, chunked, question_batches
from vectordb.bert_encoder import batch_order
from vectordb.embeddings import Encoder

if TYPE_CHECKING:
    from evaluator.agents.base import Agent
    from judges.base import Judge, JudgeResult
    from ragoro.contracts import CaseOutcome, GoldenItem
    from vectordb.documents import LoadResult
    from vectordb.embeddings import Vectors

__all__ = ["RayExecutor", "WorkerLost"]


class RayExecutor(RayPool):
    """Fan the work out to Ray workers; results come back in input order."""

    name = "ray"

    # -- the evaluator's work ------------------------------------------------------------

    def _ledger(self, limits: Any) -> Any:
        from ragoro.executors.ledger import Ledger

        ray = self._session()
        return ray.remote(num_cpus=0)(Ledger).remote(limits.max_calls, limits.rpm)

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
        """`iter_agent` in golden order, as a list; `record` gets each outcome as it is back."""
        done = {item.id for item in items} & set(skip)
        by_id: dict[str, CaseOutcome] = {}
        for outcome in self.iter_agent(
            items,
            agent,
            plan,
            total=len(items),
            concurrency=concurrency,
            progress=progress,
            skip=done,
        ):
            if record is not None:
                record(outcome)
            by_id[outcome.case_id] = outcome
        return [by_id[item.id] for item in items if item.id not in done]

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
        """Outcomes of every case not in `skip`, batch by batch as they come back; the
        agent is rebuilt in each worker (and prepared on every question, as the local run
        is). `items` is read once for the questions, then lazily for the cases."""
        if plan is None:
            raise UsageError(
                "--executor ray rebuilds the agent in each worker: give it as a spec "
                "(a registered name, provider:model or module:callable), not an object"
            )
        counts = Counter(item.question for item in items if item.id not in skip)
        if not counts:
            return
        seed = (
            self._question_vectors(items, plan)
            if callable(getattr(agent, "prepare", None))
            else None
        )
        ledger = self._ledger(plan.use.agent)
        shipped = replace(plan, spent=None)
        setup = partial(tasks.agent_setup, shipped, ledger, concurrency, seed)
        todo = (item for item in items if item.id not in skip)
        batches = question_batches(todo, self.worker_count(), counts)
        try:
            for outcomes, spent in self.fan_stream(
                "agent",
                setup,
                tasks.agent_work,
                batches,
                desc=f"agent {agent.name}",
                unit="case",
                progress=progress,
                total=total - len(skip),
                already=len(skip),
            ):
                if plan.spent is not None:
                    plan.spent.absorb(spent)
                yield from outcomes
        finally:
            self._ray.kill(ledger)

    def _question_vectors(self, items: Iterable[GoldenItem], plan: AgentPlan) -> tasks.Seed:
        """The run's questions embedded once, across the workers, in the very batches one
        process embeds them in (`prepare` asks for the distinct questions in golden order):
        each worker's agent gets these vectors instead of embedding every question itself."""
        from vectordb.index import QUERY_BATCH_SIZE
        from vectordb.store import read_manifest

        questions = list(dict.fromkeys(item.question for item in items))
        model = read_manifest(plan.index).embedding_model
        vectors = self._encoder(model).encode(questions, batch_size=QUERY_BATCH_SIZE)
        return tasks.Seed(model, questions, vectors)

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
        """Every outcome judged `repeats` times (once for a deterministic judge), one
        list per repeat in golden order; the judge is rebuilt in each worker."""
        from evaluator.runner import case_pairs, judge_runs

        pairs = case_pairs(items, outcomes)
        runs = judge_runs(judge, repeats)
        entries = [(run, item, outcome) for run in range(1, runs + 1) for item, outcome in pairs]
        flat = list(
            self.iter_judged(
                entries,
                judge,
                plan,
                total=len(entries),
                concurrency=concurrency,
                progress=progress,
            )
        )
        return [flat[run * len(pairs) : (run + 1) * len(pairs)] for run in range(runs)]

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
        lazily in batches; the judge is rebuilt in each worker, and its rate limits and
        call caps are held by one ledger for every worker and repeat."""
        if plan is None:
            raise UsageError(
                "--executor ray rebuilds the judge in each worker: give it by name, not an object"
            )
        ledger = self._ledger(plan.use.judge)
        setup = partial(tasks.judge_setup, replace(plan, spent=None), ledger, concurrency)
        try:
            for results, spent in self.fan_stream(
                "judge",
                setup,
                tasks.judge_work,
                chunked(entries, batch_size(total, self.worker_count())),
                desc=desc or f"judge {judge.name}",
                unit="case",
                progress=progress,
                total=total,
            ):
                if plan.spent is not None:
                    plan.spent.absorb(spent)
                yield from results
        finally:
            self._ray.kill(ledger)

    # -- vectordb build ------------------------------------------------------------------

    def document_loader(self) -> Callable[..., LoadResult]:
        """Load the corpus's files in the workers, merged in the corpus's file order."""
        return self._load

    def _load(self, root: Path, *, progress: bool = False) -> LoadResult:
        from vectordb.documents import (
            Document,
            LoadFailure,
            LoadResult,
            iter_corpus_files,
            outside_links,
        )

        if not root.is_dir():
            raise NotADirectoryError(f"document folder not found: {root}")
        root = root.resolve()
        files = list(iter_corpus_files(root))
        result = LoadResult(failures=outside_links(root))
        done = self.fan_out(
            "loader",
            partial(tasks.load_setup, root),
            tasks.load_work,
            batched(files, self.worker_count()),
            desc="loading documents",
            unit="file",
            progress=progress,
            models=False,
        )
        for loaded in (entry for batch in done for entry in batch):
            if isinstance(loaded, Document):
                result.documents.append(loaded)
            elif isinstance(loaded, LoadFailure):
                result.failures.append(loaded)
        return result

    def encoder_factory(self) -> Callable[[str], Encoder]:
        """Encoders whose batches are embedded in the workers."""
        return self._encoder

    def _encoder(self, name: str) -> Encoder:
        return _RayEncoder(self, name)


class _RayEncoder(Encoder):
    """An `Encoder` whose model lives in the Ray workers.

    Texts are cut into the very batches sentence-transformers would make in one process
    (sorted by length, then `batch_size` at a time), so every vector is bit-for-bit the
    one the local build computes: the index is the same, not merely close."""

    def __init__(self, executor: RayExecutor, name: str) -> None:
        # No super().__init__(): the model is loaded by each worker, never here.
        self.name = name
        self._executor = executor
        self._setup = partial(tasks.encoder_setup, name)
        [[(dimensions, batch_size)]] = executor.fan_out(
            f"encoder:{name}",
            self._setup,
            tasks.encoder_describe,
            [[None]],
            desc="",
            unit="",
            progress=False,
            keep=True,
        )
        self.dimensions = int(dimensions)
        self.batch_size = int(batch_size)

    def encode(
        self, texts: list[str], *, progress: bool = False, batch_size: int | None = None
    ) -> Vectors:
        """The vectors of `texts`, in order, computed by the workers in the batches one
        process would use (`batch_size`, default the encoder's)."""
        if not texts:
            return np.zeros((0, self.dimensions), dtype=np.float32)
        size = batch_size or self.batch_size
        order = batch_order(texts)
        cuts = [order[s : s + size] for s in range(0, len(texts), size)]
        done = self._executor.fan_out(
            f"encoder:{self.name}",
            self._setup,
            tasks.encoder_work,
            [[texts[i] for i in cut] for cut in cuts],
            desc="embedding",
            unit="chunk",
            progress=progress,
        )
        vectors = np.zeros((len(texts), self.dimensions), dtype=np.float32)
        for cut, [part] in zip(cuts, done, strict=True):
            vectors[cut] = part
        return vectors
