"""Carry an exception from a worker process back to the driver as the same error.

A worker's error must end the command as it would locally: same class, same message,
same details, same exit code. Exceptions are rebuilt without calling their `__init__`
(many take arguments their `args` do not hold), from their class, `args` and attributes.
"""

from __future__ import annotations

import pickle
import traceback
from dataclasses import dataclass, field
from typing import Any

__all__ = ["Carried", "carry", "restore"]


@dataclass(frozen=True)
class Carried:
    """An exception as data that pickles."""

    kind: type[BaseException]
    args: tuple[Any, ...]
    state: dict[str, Any] = field(default_factory=dict)
    trace: str = ""
    """The worker's traceback, kept for debugging (never printed to the user)."""


def _picklable(value: object) -> bool:
    try:
        pickle.dumps(value)
    except Exception:  # noqa: BLE001 - anything that does not pickle is left behind
        return False
    return True


def carry(error: BaseException) -> Carried:
    """`error` as a `Carried` that pickles (attributes that do not pickle are dropped; an
    error whose class or arguments do not pickle becomes a RuntimeError with its text)."""
    trace = "".join(traceback.format_exception(error))
    state = {k: v for k, v in getattr(error, "__dict__", {}).items() if _picklable(v)}
    carried = Carried(type(error), tuple(error.args), state, trace)
    if _picklable(carried):
        return carried
    return Carried(RuntimeError, (f"{type(error).__name__}: {error}",), {}, trace)


def restore(carried: Carried) -> BaseException:
    """The exception `carried` stands for, ready to raise."""
    error = carried.kind.__new__(carried.kind)
    error.args = carried.args
    for name, value in carried.state.items():
        setattr(error, name, value)
    return error
