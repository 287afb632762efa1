"""The fault matrix through the real langchain-openai and langchain-google-genai clients:
every fault ends in a retry, a re-ask, or a failure with its reason — never a hang, a
crash or a silent empty answer — and each costs exactly the requests it should."""

from __future__ import annotations

import time

import pytest
from langchain_core.messages import HumanMessage, SystemMessage

from ragoro.llm import (
    Accounting,
    CallBudget,
    LLMCallError,
    LLMClient,
    RateLimiter,
    RequestGate,
    RetryPolicy,
    make_chat_model,
)
from ragoro.llm.cache import CallCache
from ragoro.llm.gate import Limits
from tests.fakes.wire import Fault
from tests.wire.conftest import Wire

JUDGE_SYSTEM = "You are a strict, impartial evaluator of answers."
TIMEOUT = 0.4


def _client(
    wire: Wire,
    sleeps: list[float],
    *,
    attempts: int = 3,
    budget: int | None = None,
    limiter: RateLimiter | None = None,
    cache: CallCache | None = None,
) -> LLMClient:
    gate = RequestGate(
        wire.spec,
        accounting=Accounting(),
        limiter=limiter,
        budget=CallBudget(budget),
        retry=RetryPolicy(max_attempts=attempts, base_delay=0.01, sleep=sleeps.append),
    )
    model = make_chat_model(wire.spec, timeout=TIMEOUT)
    return LLMClient(model, wire.spec, cache=cache, gate=gate, max_reasks=2)


def _ask(client: LLMClient):
    from judges.llm_prompt import judge_output_model

    messages = [SystemMessage(JUDGE_SYSTEM), HumanMessage("Judge this case.")]
    return client.structured(messages, judge_output_model())


RETRIED: list[Fault] = ["429", "500", "503", "hang", "malformed_body", "empty"]
REASKED: list[Fault] = ["malformed_json", "schema_invalid", "length"]


@pytest.mark.parametrize("fault", RETRIED)
def test_a_transient_fault_is_retried_once_and_the_case_is_scored(wire: Wire, fault: Fault) -> None:
    sleeps: list[float] = []
    wire.server.fail(fault)
    started = time.monotonic()
    result = _ask(_client(wire, sleeps))
    assert result.ok, result.error
    assert wire.server.settled_count(2) == 2  # the fault, then the retry: the SDK retried nothing
    assert len(sleeps) == 1
    if fault == "429":
        assert sleeps == [pytest.approx(0.01)]  # Retry-After / retryDelay honoured exactly
    assert time.monotonic() - started < TIMEOUT + 2.5  # a hang costs one timeout, no more


@pytest.mark.parametrize("fault", REASKED)
def test_an_invalid_reply_is_reasked_with_the_validation_error(wire: Wire, fault: Fault) -> None:
    sleeps: list[float] = []
    wire.server.fail(fault)
    result = _ask(_client(wire, sleeps))
    assert result.ok, result.error
    assert result.attempts == 2 and wire.server.count == 2 and sleeps == []
    reask = wire.server.requests[1].body
    text = str(reask)
    assert "could not be used" in text and "Error:" in text


@pytest.mark.parametrize("fault", [*RETRIED])
def test_a_persistent_transient_fault_fails_after_exactly_the_attempts(
    wire: Wire, fault: Fault
) -> None:
    sleeps: list[float] = []
    wire.server.fail_always(fault)
    with pytest.raises(LLMCallError) as caught:
        _ask(_client(wire, sleeps, attempts=3))
    assert wire.server.count == 3 and len(sleeps) == 2
    assert wire.key not in str(caught.value)


@pytest.mark.parametrize("fault", REASKED)
def test_a_persistently_invalid_reply_is_unusable_with_reason_and_raw(
    wire: Wire, fault: Fault
) -> None:
    sleeps: list[float] = []
    wire.server.fail_always(fault)
    result = _ask(_client(wire, sleeps))
    assert result.value is None
    assert result.error is not None and "after 3 attempt(s)" in result.error
    assert wire.server.count == 3  # 1 + 2 re-asks, no retries on top
    if fault != "length" or wire.name == "openai":
        assert result.raw  # the reply as it came is kept for audit
    if fault == "length":
        assert "token limit" in result.error


def test_an_invalid_result_is_not_asked_again_on_the_next_run(wire: Wire, tmp_path) -> None:
    cache = CallCache(tmp_path / "cache")
    wire.server.fail_always("schema_invalid")
    first = _ask(_client(wire, [], cache=cache))
    assert first.value is None and wire.server.count == 3
    again = _ask(_client(wire, [], cache=cache))
    assert again.value is None and again.cached and wire.server.count == 3


def test_a_bad_key_fails_at_once_and_the_key_never_shows(wire: Wire) -> None:
    sleeps: list[float] = []
    wire.server.fail_always("401")
    with pytest.raises(LLMCallError) as caught:
        _ask(_client(wire, sleeps))
    assert wire.server.count == 1 and sleeps == []
    assert "401" in str(caught.value) or "UNAUTHENTICATED" in str(caught.value)
    assert wire.key not in str(caught.value) and "[REDACTED]" in str(caught.value)


def test_the_budget_counts_every_request_retries_included(wire: Wire) -> None:
    wire.server.fail_always("429")
    from ragoro.llm import BudgetExhausted

    with pytest.raises(BudgetExhausted):
        _ask(_client(wire, [], attempts=10, budget=3))
    assert wire.server.count == 3


class _Stop(Exception):
    pass


def test_the_rate_limit_counts_every_request_retries_included(wire: Wire) -> None:
    waits: list[float] = []

    def blocked(seconds: float) -> None:
        waits.append(seconds)
        raise _Stop  # the 6th request would wait this long: it is never sent

    limiter = RateLimiter(5, period=60.0, sleep=blocked)
    wire.server.fail_always("429")
    with pytest.raises(LLMCallError):
        _ask(_client(wire, [], attempts=10, limiter=limiter))
    assert wire.server.count == 5
    assert len(waits) == 1 and waits[0] > 55


def test_limits_build_a_gate_whose_timeout_reaches_the_client(wire: Wire) -> None:
    limits = Limits(max_calls=2, timeout=TIMEOUT, attempts=5, backoff=0.0)
    gate = limits.gate(wire.spec)
    client = LLMClient(
        make_chat_model(wire.spec, timeout=limits.timeout), wire.spec, cache=None, gate=gate
    )
    wire.server.fail_always("hang")
    started = time.monotonic()
    from ragoro.llm import BudgetExhausted

    with pytest.raises(BudgetExhausted):
        _ask(client)
    elapsed = time.monotonic() - started
    assert wire.server.settled_count(2) == 2
    assert elapsed < 2 * TIMEOUT + 2.0
