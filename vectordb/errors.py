"""The error family of vectordb: every error it raises on purpose derives from one base.

vectordb imports nothing else of ragoro; `ragoro.cli` maps these errors to exit codes
(`exit_code` below) together with the rest of ragoro's.
"""

from __future__ import annotations

__all__ = ["VectorDBError"]


class VectorDBError(Exception):
    """Base of vectordb's errors; `exit_code` is what a command line returns for it."""

    exit_code: int = 2
    details: tuple[str, ...] = ()
    """Extra lines a command line prints under the message."""
