"""The one error family of ragoro and the exit codes every command line shares.

Every error a user can cause or fix derives from `RagoroError` and carries the exit code
its command ends with. `ragoro.cli.run_command` is the one place that turns an error into
a message and an exit code; library code raises, it never prints or exits.

This module imports nothing of ours, so every package can use it.
"""

from __future__ import annotations

from enum import IntEnum

__all__ = [
    "ExitCode",
    "InputError",
    "ProviderUnavailable",
    "RagoroError",
    "UsageError",
]


class ExitCode(IntEnum):
    """Exit codes of all four command lines (one table, documented in the README)."""

    PASS = 0
    """The run passed the gate, the file is valid, the command did its job."""
    FAIL = 1
    """A regression against the baseline, or an invalid golden file."""
    USAGE = 2
    """Bad arguments, unusable input or configuration: nothing was judged."""
    PROVIDER_UNAVAILABLE = 3
    """The model provider could not be reached or refused every attempt."""


class RagoroError(Exception):
    """Base of every error ragoro raises on purpose; `exit_code` is what a CLI returns."""

    exit_code: ExitCode = ExitCode.USAGE
    details: tuple[str, ...] = ()
    """Extra lines a command line prints under the message (one per problem)."""

    def __init__(self, message: str = "", *, details: tuple[str, ...] = ()) -> None:
        super().__init__(message)
        self.details = details


class UsageError(RagoroError):
    """Bad arguments or configuration: the message says what to pass instead."""


class InputError(RagoroError):
    """An input file that cannot be used as it is (golden set, outcomes, baseline, corpus)."""


class ProviderUnavailable(RagoroError):
    """The model provider could not be used at all: not a verdict, not a regression."""

    exit_code = ExitCode.PROVIDER_UNAVAILABLE
