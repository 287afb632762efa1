"""The Ray session and the fan-out every Ray work kind uses: a pool of actors, one per CPU,
that build a named state once (`tasks.*_setup`) and then take batches; batches are pulled
lazily and handed to whichever actor is free, and results are yielded in input order from
a bounded buffer."""

from __future__ import annotations

import importlib
import sys
from collections.abc import Callable, Iterable, Iterator, Sequence
from typing import Any, Self

from ragoro.errors import RagoroError
from ragoro.executors.ray_session import connect, import_ray
from ragoro.executors.ray_worker import WINDOW_PER_WORKER, Worker
from ragoro.executors.relay import restore

__all__ = ["RayPool", "WorkerLost"]


class WorkerLost(RagoroError):
    """A Ray worker process died (or Ray itself failed) before it returned its batch."""


class RayPool:
    """A Ray session and a pool of worker actors that batches are fanned out to; results
    come back in input order."""

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

    def __enter__(self) -> Self:
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
