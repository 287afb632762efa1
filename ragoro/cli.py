"""What every command line shares: one map from errors to messages and exit codes.

`run_command` runs a command's handler and turns any `RagoroError` or `VectorDBError` into
`error: <message>` on stderr (plus its detail lines) and the error's exit code. Handlers
raise; they never print an error or pick an exit code themselves.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from ragoro.errors import RagoroError
from ragoro.llm.errors import LLMConfigError
from ragoro.llm.redact import redact
from vectordb.errors import VectorDBError

__all__ = ["Handler", "exit_code_of", "message_of", "run_command"]

INTERRUPTED = 130
"""The shell's code for a command stopped by Ctrl-C."""

Handler = Callable[[argparse.Namespace], int]
"""A command: parsed arguments in, exit code out."""


def exit_code_of(error: RagoroError | VectorDBError) -> int:
    """The exit code a command ends with when `error` stops it."""
    return int(error.exit_code)


def message_of(error: RagoroError | VectorDBError, *, offline_flag: str | None = None) -> str:
    """The one-line message for `error`; a missing model key names this command's offline
    switch (`offline_flag`, e.g. "--judge offline") as the other way out."""
    text = str(error)
    if isinstance(error, LLMConfigError) and error.offline_alternative and offline_flag:
        text += f" or use {offline_flag}"
    return text


def run_command(
    handler: Handler, args: argparse.Namespace, *, offline_flag: str | None = None
) -> int:
    """Run one command; an error becomes its message on stderr and its exit code."""
    try:
        return handler(args)
    except (RagoroError, VectorDBError) as error:
        # Provider errors may echo the key they were sent: never print one.
        message = redact(message_of(error, offline_flag=offline_flag))
        print(f"error: {message}", file=sys.stderr)
        for line in error.details:
            print(f"  {redact(line)}", file=sys.stderr)
        return exit_code_of(error)
    except KeyboardInterrupt:
        print("interrupted: rerun the same command to resume where it can", file=sys.stderr)
        return INTERRUPTED
