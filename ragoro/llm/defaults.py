"""The request limits' defaults, in a module that imports nothing.

Every command line shows them in `--help`; reading them here spares `--help` the request
gate and the contracts it loads.
"""

from __future__ import annotations

__all__ = ["DEFAULT_ATTEMPTS", "DEFAULT_BACKOFF", "DEFAULT_MAX_DELAY", "DEFAULT_TIMEOUT"]

DEFAULT_TIMEOUT = 60.0
"""Seconds one HTTP request may take before it is abandoned (and retried)."""
DEFAULT_ATTEMPTS = 4
"""Requests per logical call at most (1 = no retry)."""
DEFAULT_BACKOFF = 1.0
"""Seconds before the first retry; doubles on each further one."""
DEFAULT_MAX_DELAY = 60.0
"""Cap of one wait, a provider's Retry-After included."""
