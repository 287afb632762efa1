"""Starting or reaching Ray for a command: a Ray of the command's own, or the cluster it is
pointed at, with the environment and code paths the workers need."""

from __future__ import annotations

import importlib
import logging
import os
from pathlib import Path
from typing import Any

from ragoro.errors import UsageError

__all__ = ["connect", "import_ray"]

_FORWARDED_ENV = ("RAGORO_", "OPENAI_", "GOOGLE_", "GEMINI_", "ANTHROPIC_", "HF_")
"""Variables a worker needs as the driver has them (model keys and endpoints, caches)."""


def import_ray() -> Any:
    """The `ray` module, or a usage error saying how to install it."""
    try:
        return importlib.import_module("ray")
    except ImportError as exc:
        raise UsageError("--executor ray needs Ray: pip install 'ray==2.60.0'") from exc


def connect(ray: Any, address: str | None, *, num_cpus: int | None) -> None:
    """`ray.init` for a command: the cluster at `address` (else `RAY_ADDRESS`), else a Ray
    of its own with `num_cpus` CPUs; a failure is a usage error naming what to set."""
    env = {k: v for k, v in os.environ.items() if k.startswith(_FORWARDED_ENV)}
    env["PYTHONPATH"] = os.pathsep.join(
        [*_code_roots(), *filter(None, [os.environ.get("PYTHONPATH")])]
    )
    options: dict[str, Any] = {
        "runtime_env": {"env_vars": env},
        "logging_level": logging.WARNING,
        "log_to_driver": True,
    }
    address = address or os.environ.get("RAY_ADDRESS")
    if address is None:
        # "local" starts a Ray of our own: a bare ray.init() would attach to any Ray that
        # `ray start` left running on this machine, with its CPUs.
        address = "local"
        options.update(num_cpus=num_cpus, include_dashboard=False)
    try:
        ray.init(address=address, **options)
    except (ConnectionError, RuntimeError, ValueError) as exc:
        where = "a local Ray" if address == "local" else address
        raise UsageError(
            f"cannot start or reach Ray at {where}: {exc}{_auth_hint(address)}"
        ) from exc


def _auth_hint(address: str) -> str:
    """What to set when a cluster may have refused us for want of its token."""
    if address == "local" or os.environ.get("RAY_AUTH_MODE"):
        return ""
    return (
        " (a cluster started with `ray start` uses token authentication since Ray 2.59:"
        " set RAY_AUTH_MODE=token, and RAY_AUTH_TOKEN or ~/.ray/auth_token to its token,"
        " see `ray get-auth-token`)"
    )


def _code_roots() -> list[str]:
    """Folders holding ragoro's packages as the driver imports them."""
    import ragoro

    return [str(Path(ragoro.__file__).resolve().parent.parent)]
