"""The request limits' defaults and the call cache's default folder, in a module that
imports nothing of ours.

Every command line shows them in `--help`; reading them here spares `--help` the request
gate and the contracts it loads, and a run without model calls the cache (sqlite3).
"""

from __future__ import annotations

import os
from pathlib import Path

__all__ = [
    "CACHE_DIR_ENV",
    "DEFAULT_ATTEMPTS",
    "DEFAULT_BACKOFF",
    "DEFAULT_CACHE_DIR",
    "DEFAULT_MAX_DELAY",
    "DEFAULT_TIMEOUT",
    "default_cache_dir",
]

DEFAULT_TIMEOUT = 60.0
"""Seconds one HTTP request may take before it is abandoned (and retried)."""
DEFAULT_ATTEMPTS = 4
"""Requests per logical call at most (1 = no retry)."""
DEFAULT_BACKOFF = 1.0
"""Seconds before the first retry; doubles on each further one."""
DEFAULT_MAX_DELAY = 60.0
"""Cap of one wait, a provider's Retry-After included."""
CACHE_DIR_ENV = "RAGORO_CACHE_DIR"
DEFAULT_CACHE_DIR = Path(".cache") / "ragoro"


def default_cache_dir() -> Path:
    """`$RAGORO_CACHE_DIR` when set, else `.cache/ragoro` under the working directory."""
    env = os.environ.get(CACHE_DIR_ENV)
    return Path(env) if env else DEFAULT_CACHE_DIR
