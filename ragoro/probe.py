"""One cheap model call before a long LLM run, so a wrong key or a dead host ends the run
in seconds instead of after every case's retries.

The probe asks for one word with no retries and no cache, counted in the role's budget,
and waits at most `PROBE_TIMEOUT_S`; any failure is `ProviderUnavailable` (exit 3) naming the provider, the
variable its key is read from, and the command's offline switch.
"""

from __future__ import annotations

import copy
import threading
from typing import TYPE_CHECKING

from ragoro.errors import ProviderUnavailable
from ragoro.llm.errors import BudgetExhausted, LLMError
from ragoro.llm.gate import RequestGate
from ragoro.llm.retry import RetryPolicy, answered_transiently

if TYPE_CHECKING:
    from ragoro.llm.structured import LLMClient

__all__ = ["PROBE_PROMPT", "PROBE_TIMEOUT_S", "arm_probe", "arm_probe_of", "probe_client"]

PROBE_PROMPT = "Reply with the single word OK."
"""The probe's whole prompt (one short reply, whatever the model)."""

PROBE_TIMEOUT_S = 20.0
"""How long the probe waits for the provider before calling it unavailable."""


def _key_hint(spec: str) -> str:
    from ragoro.llm.factory import PROVIDERS, parse_spec

    try:
        provider, _ = parse_spec(spec)
    except LLMError:
        return ""
    info = PROVIDERS.get(provider)
    if info is None:
        return ""
    return f"check {info.key_envs[0]} (and the network) for provider {provider}, "


def probe_client(client: LLMClient, *, offline_flag: str, timeout: float = PROBE_TIMEOUT_S) -> None:
    """Make one call through a copy of `client` (no retries, no cache); raise
    `ProviderUnavailable` when it fails or gives no answer within `timeout` seconds."""
    quick = copy.copy(client)
    quick.cache = None
    # The probe is a real request: it is counted and held to the role's budget and rate
    # like every other (a cap of N requests lets N through, probe included), only never
    # retried.
    gate = client.gate
    quick.gate = RequestGate(
        gate.spec,
        accounting=gate.accounting,
        limiter=gate.limiter,
        budget=gate.budget,
        retry=RetryPolicy.no_retry(),
    )
    failure: list[BaseException] = []
    spent: list[bool] = []

    from langchain_core.messages import HumanMessage

    def call() -> None:
        try:
            quick.text([HumanMessage(PROBE_PROMPT)])
        except BudgetExhausted:
            spent.append(True)
        except Exception as exc:  # noqa: BLE001 - every failure is reported below
            failure.append(exc)

    # A daemon thread: a host that never answers must not keep the process alive.
    worker = threading.Thread(target=call, name="ragoro-probe", daemon=True)
    worker.start()
    worker.join(timeout)
    if spent:
        # A budget with nothing left sends no request at all: nothing to probe.
        return
    fix = f"{_key_hint(client.spec)}or use {offline_flag}"
    if worker.is_alive():
        raise ProviderUnavailable(
            f"{client.spec} did not answer a probe call within {timeout:.0f} s: {fix}"
        )
    if failure and answered_transiently(failure[0]):
        # The provider is there and took the key; a busy or flaky moment is what the run's
        # own retry layer is for, not a reason to stop it.
        return
    if failure:
        exc = failure[0]
        reason = exc.reason if hasattr(exc, "reason") else f"{type(exc).__name__}: {exc}"
        raise ProviderUnavailable(
            f"{client.spec} failed a probe call before the run ({reason}): {fix}"
        ) from exc


def arm_probe(client: LLMClient, *, offline_flag: str) -> None:
    """Probe `client`'s provider just before its first HTTP request, not now: a rerun
    answered from the cache sends nothing, and a bad key still stops the run at once."""
    client.gate.before_first_request(lambda: probe_client(client, offline_flag=offline_flag))


def arm_probe_of(owner: object, *, offline_flag: str) -> None:
    """`arm_probe` on `owner`'s model client (a judge's, an agent's), if it has one: an
    offline judge or agent makes no request, so there is nothing to probe."""
    client = getattr(owner, "client", None)
    if client is None:
        return
    # Imported only when there is a client: an offline run never loads LangChain.
    from ragoro.llm.structured import LLMClient

    if isinstance(client, LLMClient):
        arm_probe(client, offline_flag=offline_flag)
