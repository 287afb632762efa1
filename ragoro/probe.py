"""One cheap model call before a long LLM run, so a wrong key or a dead host ends the run
in seconds instead of after every case's retries.

The probe asks for one word with no retries, no cache and no budget, and waits at most
`PROBE_TIMEOUT_S`; any failure is `ProviderUnavailable` (exit 3) naming the provider, the
variable its key is read from, and the command's offline switch.
"""

from __future__ import annotations

import copy
import threading

from langchain_core.messages import HumanMessage

from ragoro.errors import ProviderUnavailable
from ragoro.llm.errors import LLMError
from ragoro.llm.factory import PROVIDERS, parse_spec
from ragoro.llm.retry import RetryPolicy
from ragoro.llm.structured import LLMClient

__all__ = ["PROBE_PROMPT", "PROBE_TIMEOUT_S", "probe_client"]

PROBE_PROMPT = "Reply with the single word OK."
"""The probe's whole prompt (one short reply, whatever the model)."""

PROBE_TIMEOUT_S = 20.0
"""How long the probe waits for the provider before calling it unavailable."""


def _key_hint(spec: str) -> str:
    try:
        provider, _ = parse_spec(spec)
    except LLMError:
        return ""
    info = PROVIDERS.get(provider)
    if info is None:
        return ""
    return f"check {info.key_envs[0]} (and the network) for provider {provider}, "


def probe_client(client: LLMClient, *, offline_flag: str, timeout: float = PROBE_TIMEOUT_S) -> None:
    """Make one call through a copy of `client` (no retries, cache or budget); raise
    `ProviderUnavailable` when it fails or gives no answer within `timeout` seconds."""
    quick = copy.copy(client)
    quick.retry = RetryPolicy.no_retry()
    quick.cache = None
    quick.budget = None
    quick.limiter = None
    failure: list[BaseException] = []

    def call() -> None:
        try:
            quick.text([HumanMessage(PROBE_PROMPT)])
        except Exception as exc:  # noqa: BLE001 - every failure is reported below
            failure.append(exc)

    # A daemon thread: a host that never answers must not keep the process alive.
    worker = threading.Thread(target=call, name="ragoro-probe", daemon=True)
    worker.start()
    worker.join(timeout)
    fix = f"{_key_hint(client.spec)}or use {offline_flag}"
    if worker.is_alive():
        raise ProviderUnavailable(
            f"{client.spec} did not answer a probe call within {timeout:.0f} s: {fix}"
        )
    if failure:
        exc = failure[0]
        reason = exc.reason if hasattr(exc, "reason") else f"{type(exc).__name__}: {exc}"
        raise ProviderUnavailable(
            f"{client.spec} failed a probe call before the run ({reason}): {fix}"
        ) from exc
