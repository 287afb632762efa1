"""Executors: where the fan-out work of a command runs (`--executor local|ray`).

A new executor is one module with a class that follows `base.Executor` and one line in
`EXECUTORS`; it is imported only when chosen, so `--help` and local runs never import
Ray.
"""

from __future__ import annotations

import argparse
import importlib
import os
from collections.abc import Callable

from ragoro.errors import UsageError
from ragoro.executors.base import AgentPlan, Executor, JudgePlan

__all__ = [
    "EXECUTORS",
    "AgentPlan",
    "Executor",
    "JudgePlan",
    "add_executor_arguments",
    "executor_from_args",
    "make_executor",
]

EXECUTORS: dict[str, str] = {
    "local": "ragoro.executors.local:LocalExecutor",
    "ray": "ragoro.executors.ray:RayExecutor",
}
"""Executor name -> "module:class"; a class other than local's takes `address` and
`workers` keywords."""


def make_executor(
    name: str = "local", *, address: str | None = None, workers: int | None = None
) -> Executor:
    """The executor registered as `name`; `address` is where its cluster is (Ray: a
    `ray://host:10001` or `host:6379` address; None = `RAY_ADDRESS`, else a local one);
    `workers` how many worker processes (None: one per CPU of the cluster)."""
    target = EXECUTORS.get(name)
    if target is None:
        raise UsageError(f"unknown executor {name!r}: use one of {', '.join(sorted(EXECUTORS))}")
    if name == "local" and (address is not None or workers is not None):
        raise UsageError("--ray-address and --ray-workers need --executor ray")
    if workers is not None and workers < 1:
        raise UsageError(f"--ray-workers must be at least 1, got {workers}")
    module, _, attribute = target.partition(":")
    factory: Callable[..., Executor] = getattr(importlib.import_module(module), attribute)
    return factory() if name == "local" else factory(address=address, workers=workers)


def add_executor_arguments(parser: argparse.ArgumentParser) -> None:
    """`--executor` and `--ray-address` (what `executor_from_args` reads)."""
    parser.add_argument(
        "--executor",
        choices=sorted(EXECUTORS),
        default="local",
        help="where the work runs: local (this process, default) or ray (worker processes "
        "on this machine, or a Ray cluster with --ray-address / RAY_ADDRESS); results are "
        "the same, in the same order",
    )
    parser.add_argument(
        "--ray-address",
        default=None,
        metavar="ADDRESS",
        help="Ray cluster to use with --executor ray, e.g. ray://head:10001 (default "
        "$RAY_ADDRESS; without either, Ray starts on this machine)",
    )
    parser.add_argument(
        "--ray-workers",
        type=int,
        default=None,
        metavar="N",
        help="worker processes with --executor ray (default: one per CPU of the cluster)",
    )


def executor_from_args(args: argparse.Namespace) -> Executor:
    """The executor the parsed `--executor` / `--ray-address` ask for."""
    address = args.ray_address
    if args.executor == "ray" and address is None:
        address = os.environ.get("RAY_ADDRESS") or None
    return make_executor(args.executor, address=address, workers=args.ray_workers)
