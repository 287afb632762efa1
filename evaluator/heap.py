"""Keep the objects a run finds out of the garbage collector's scans while it runs.

Every full collection walks every container object alive, and a run starts with many that
it will never free: imported modules, the index, and in a process that embedded the
questions the whole model stack. The agent and the judge allocate enough small objects
to trigger hundreds of collections per run, and the older generations' scans of those
objects were 15-30% of the CPU of an offline evaluation (`docs/performance.md`).

`gc.freeze()` moves the objects alive at the start of the run into the permanent
generation, which no collection scans; objects made during the run are collected as
usual, so cyclic garbage of the run is still freed. At the end they go back to the oldest
generation (`gc.unfreeze()`). A caller that froze objects itself (or a run inside a run)
is left as it is: nothing more is frozen, nothing unfrozen. Nothing the run computes
depends on when collections happen.
"""

from __future__ import annotations

import gc
from collections.abc import Callable
from functools import wraps
from typing import ParamSpec, TypeVar

__all__ = ["existing_heap_frozen"]

P = ParamSpec("P")
R = TypeVar("R")


def existing_heap_frozen(function: Callable[P, R]) -> Callable[P, R]:
    """Run `function` with the objects alive at its start left out of collections."""

    @wraps(function)
    def wrapper(*args: P.args, **kwargs: P.kwargs) -> R:
        if gc.get_freeze_count():
            return function(*args, **kwargs)
        gc.freeze()
        try:
            return function(*args, **kwargs)
        finally:
            gc.unfreeze()

    return wrapper
