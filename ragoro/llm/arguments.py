"""Command-line options of the LLM limits, shared by the builder's and evaluator's CLIs.

A role's options carry its prefix (`--agent-max-calls`, `--judge-rpm`; none for the
builder, which has one model); the request options (`--timeout`, `--retries`,
`--backoff`) are shared by every role of a command.
"""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING

from ragoro.llm.defaults import DEFAULT_ATTEMPTS, DEFAULT_BACKOFF, DEFAULT_TIMEOUT

if TYPE_CHECKING:
    from ragoro.llm.gate import Limits

__all__ = ["add_request_arguments", "add_role_arguments", "limits_from_args"]


def _positive_int(text: str) -> int:
    value = int(text)
    if value <= 0:
        raise argparse.ArgumentTypeError(f"must be a positive integer, got {text}")
    return value


def _count(text: str) -> int:
    value = int(text)
    if value < 0:
        raise argparse.ArgumentTypeError(f"must be >= 0, got {text}")
    return value


def _seconds(text: str) -> float:
    value = float(text)
    if not value >= 0:
        raise argparse.ArgumentTypeError(f"must be a number of seconds >= 0, got {text}")
    return value


def _timeout(text: str) -> float:
    value = _seconds(text)
    if value == 0:
        raise argparse.ArgumentTypeError("must be > 0 seconds")
    return value


def add_role_arguments(
    parser: argparse.ArgumentParser, role: str | None, *, rpm: int | None = None
) -> None:
    """--[ROLE-]max-calls and --[ROLE-]rpm: HTTP requests, retries included."""
    prefix = f"{role}-" if role else ""
    who = f"the {role}'s model" if role else "the model"
    parser.add_argument(
        f"--{prefix}max-calls",
        type=_count,
        default=None,
        metavar="N",
        help=f"send at most N HTTP requests to {who}, retries included; then stop cleanly "
        "(default: unlimited)",
    )
    parser.add_argument(
        f"--{prefix}rpm",
        type=_positive_int,
        default=rpm,
        metavar="N",
        help=f"at most N requests per minute to {who}, retries included, shared by all "
        f"threads (default: {rpm if rpm is not None else 'unlimited'})",
    )


def add_request_arguments(parser: argparse.ArgumentParser) -> None:
    """--timeout, --retries and --backoff for every model request of the command."""
    parser.add_argument(
        "--timeout",
        type=_timeout,
        default=DEFAULT_TIMEOUT,
        metavar="SECONDS",
        help=f"abandon a model request after SECONDS (then retry it) (default {DEFAULT_TIMEOUT:g})",
    )
    parser.add_argument(
        "--retries",
        type=_count,
        default=DEFAULT_ATTEMPTS - 1,
        metavar="N",
        help="retries of a request that hit a rate limit, a 5xx, a timeout or an unreadable "
        f"reply; the provider's Retry-After is honoured (default {DEFAULT_ATTEMPTS - 1})",
    )
    parser.add_argument(
        "--backoff",
        type=_seconds,
        default=DEFAULT_BACKOFF,
        metavar="SECONDS",
        help="wait before the first retry when the provider names none; doubles each "
        f"retry (default {DEFAULT_BACKOFF:g})",
    )


def limits_from_args(args: argparse.Namespace, role: str | None) -> Limits:
    """The `Limits` of one role from parsed arguments."""
    # Imported here, once the arguments are parsed: the request gate loads the contracts,
    # which --help and argument errors do not need.
    from ragoro.llm.gate import Limits

    prefix = f"{role}_" if role else ""
    return Limits(
        max_calls=getattr(args, f"{prefix}max_calls", None),
        rpm=getattr(args, f"{prefix}rpm", None),
        timeout=args.timeout,
        attempts=args.retries + 1,
        backoff=args.backoff,
    )
