"""Placeholder wiring for `builder generate` until the generator lands."""

from __future__ import annotations

import argparse
from typing import Any


def add_generate_parser(commands: Any) -> None:
    """Register the `generate` subcommand."""
    commands.add_parser(
        "generate", help="generate golden items from the corpus (not yet available)"
    )


def run_generate(args: argparse.Namespace) -> int:
    """Run `builder generate`."""
    raise SystemExit("builder generate is not implemented yet")
