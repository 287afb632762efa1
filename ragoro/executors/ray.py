"""The Ray executor: the same work as the local one, fanned out to Ray worker processes.

Ray runs on this machine (a local instance started on first use, shut down by `close`)
or on a cluster (`address`: `ray://head:10001`, or `RAY_ADDRESS`). Each kind of work gets
a pool of actors, one per CPU, that rebuild their agent, judge or model once from a plan
(`tasks.*_setup`); batches are handed to whichever actor is free, and results are put
back in input order. Workers read the index, the corpus and the call cache by path: they
must see the same files (one machine, or a shared filesystem), see the README.
"""

from __future__ import annotations

import importlib
import sys
from collections import Counter
from collections.abc import Callable, Collection, Iterable, Iterator, Sequence
from dataclasses import replace
from functools import partial
from pathlib import Path
from typing import TYPE_CHECKING, Any

import numpy as np

from ragoro.errors import RagoroError, UsageError
from ragoro.executors import tasks
from ragoro.executors.base import AgentPlan, JudgePlan
from ragoro.executors.ray_session import connect, import_ray
from ragoro.executors.ray_worker import (
    WINDOW_PER_WORKER,
    Worker,
    batch_size,
    batched,
    chunked,
    question_batches,
)
from ragoro.executors.relay import restore
from vectordb.embeddings import Encoder

if TYPE_CHECKING:
    from evaluator.agents.base import Agent
    from judges.base import Judge, JudgeResult
    from ragoro.contracts import CaseOutcome, GoldenItem
    from vectordb.documents import LoadResult
    from vectordb.embeddings import Vectors

__all__ = ["RayExecutor", "WorkerLost"]


class WorkerLost(RagoroError):
    """A Ray worker process died (or Ray itself failed) before it returned its batch."""


class RayExecutor:
    """Fan the work out to Ray workers; results come back in input order."""

    name = "ray"

    def __init__(
        self, address: str | None = None, *, num_cpus: int | None = None, workers: int | None = None
    ) -> None:
        """`address`: a Ray cluster (None: `RAY_ADDRESS`, else a Ray started here with
        `num_cpus` CPUs, default all). `workers`: actors per pool (default: the cluster's CPUs)."""
        self.address = address
        self.num_cpus = num_cpus
        self.workers = workers
        self._ray: Any = None
        self._started = False
        self._actors: list[Any] = []
        self._threads: int | None = None

    # -- session -------------------------------------------------------------------------

    def _session(self) -> Any:
        if self._ray is not None:
            return self._ray
        ray = import_ray()
        if not ray.is_initialized():
            connect(ray, self.address, num_cpus=self.num_cpus)
            self._started = True
        self._ray = ray
        return ray

    def worker_count(self) -> int:
        """Actors per pool: `workers`, else the cluster's CPUs (at least 1)."""
        if self.workers is not None:
            return max(1, self.workers)
        cpus = self._session().cluster_resources().get("CPU", 1)
        return max(1, int(cpus))

    def close(self) -> None:
        """Stop every worker; shut down the Ray instance this executor started."""
        self._stop()
        if self._ray is not None and self._started:
            self._ray.shutdown()
        self._ray, self._started = None, False

    def __enter__(self) -> RayExecutor:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    # -- the fan-out ---------------------------------------------------------------------

    def _pool(self, size: int) -> list[Any]:
        ray = self._session()
        # More workers than CPUs (--ray-workers) share them rather than wait for one.
        cpus = min(1.0, ray.cluster_resources().get("CPU", 1) / max(1, self.worker_count()))
        actor = ray.remote(num_cpus=cpus, max_restarts=0)(Worker)
        while len(self._actors) < size:
            self._actors.append(actor.remote())
        return self._actors[:size]

    def _torch_threads(self) -> int:
        """The intra-op threads torch uses in this process (what a local run computes with)."""
        if self._threads is None:
            self._threads = int(importlib.import_module("torch").get_num_threads())
        return self._threads

    def _stop(self) -> None:
        for actor in self._actors:
            self._ray.kill(actor)
        self._actors = []

    def fan_out(
        self,
        key: str,
        setup: Callable[[], Any],
        work: Callable[[Any, Any], Any],
        batches: Sequence[Sequence[Any]],
        *,
        desc: str,
        unit: str,
        progress: bool,
        keep: bool = False,
        models: bool = True,
        on_result: Callable[[Any], None] | None = None,
        already: int = 0,
    ) -> list[Any]:
        """`fan_stream` over a list of batches, as a list; `on_result` gets each batch's
        result in batch order."""
        if not batches:
            return []
        results = []
        for value in self.fan_stream(
            key,
            setup,
            work,
            batches,
            desc=desc,
            unit=unit,
            progress=progress,
            keep=keep,
            models=models,
            total=sum(map(len, batches)),
            expected=len(batches),
            already=already,
        ):
            if on_result is not None:
                on_result(value)
            results.append(value)
        return results

    def fan_stream(
        self,
        key: str,
        setup: Callable[[], Any],
        work: Callable[[Any, Any], Any],
        batches: Iterable[Sequence[Any]],
        *,
        desc: str,
        unit: str,
        progress: bool,
        keep: bool = False,
        models: bool = True,
        total: int | None = None,
        expected: int | None = None,
        already: int = 0,
    ) -> Iterator[Any]:
        """`work(state, batch)` for every batch, the state `key` built by `setup` once in
        each worker; results yielded in batch order. Batches are pulled lazily: at most
        `WINDOW_PER_WORKER` per worker are running or waiting for an earlier one. A
        worker's error is raised here as itself; on any error or Ctrl-C the workers are
        stopped. `keep` leaves the state up for another call; `models`: the work runs
        models (torch threads match this process's). `total` entries are shown on the
        progress bar (starting at `already`); `expected` batches, when known, caps the pool."""
        source = iter(batches)
        first = next(source, None)
        if first is None:
            return
        ray = self._session()
        size = self.worker_count() if expected is None else min(self.worker_count(), expected)
        pool = self._pool(size)
        shipped = ray.put(setup)
        threads = self._torch_threads() if models else None
        for actor in pool:
            actor.setup.remote(key, shipped, threads)
        window = WINDOW_PER_WORKER * len(pool)
        waiting: dict[int, Any] = {}
        lengths: dict[int, int] = {}
        idle = list(pool)
        running: dict[Any, tuple[int, Any]] = {}
        sent = collected = 0
        upcoming: Sequence[Any] | None = first
        bar = None
        if progress:
            from tqdm import tqdm

            bar = tqdm(
                total=None if total is None else total + already,
                initial=already,
                desc=desc,
                unit=unit,
                file=sys.stderr,
            )
        try:
            while upcoming is not None or running or waiting:
                while upcoming is not None and idle and sent - collected < window:
                    actor = idle.pop()
                    running[actor.run.remote(key, work, upcoming)] = (sent, actor)
                    lengths[sent] = len(upcoming)
                    sent += 1
                    upcoming = next(source, None)
                if running:
                    done, _ = ray.wait(list(running), num_returns=1)
                    for ref in done:
                        number, actor = running.pop(ref)
                        ok, value = self._get(ray, ref)
                        if not ok:
                            raise restore(value)
                        waiting[number] = value
                        idle.append(actor)
                while collected in waiting:
                    if bar is not None:
                        bar.update(lengths.pop(collected))
                    yield waiting.pop(collected)
                    collected += 1
        except BaseException:
            self._stop()
            raise
        finally:
            if bar is not None:
                bar.close()
        if not keep:
            for actor in pool:
                actor.drop.remote(key)

    @staticmethod
    def _get(ray: Any, ref: Any) -> tuple[bool, Any]:
        try:
            value: tuple[bool, Any] = ray.get(ref)
        except ray.exceptions.RayError as exc:
            raise WorkerLost(f"a Ray worker failed before returning its results: {exc}") from exc
        return value

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
        order = np.argsort([-len(text) for text in texts])
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
