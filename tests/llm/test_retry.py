"""Which provider errors are retried, and how long we wait between attempts."""

from __future__ import annotations

import httpx
import httpx2
import openai
import pytest
from google.genai import errors as genai_errors
from pydantic import BaseModel, ValidationError

from ragoro.llm import RetryPolicy, is_retryable

from .fakes import BadRequest, RateLimited

URL = "http://127.0.0.1:9/v1/chat/completions"
REQUEST = httpx.Request("POST", URL)
# openai and google-genai are built on httpx2 (a fork of httpx) in this environment.
REQUEST2 = httpx2.Request("POST", URL)


def _openai(cls: type[openai.APIStatusError], status: int, **headers: str) -> Exception:
    response = httpx2.Response(status, request=REQUEST2, headers=headers)
    return cls("boom", response=response, body=None)


class StatusCoded(Exception):
    def __init__(self, message: str, code: int) -> None:
        super().__init__(message)
        self.code = code


def _validation_error() -> ValidationError:
    class M(BaseModel):
        x: int

    try:
        M.model_validate({"x": "nope"})
    except ValidationError as exc:
        return exc
    raise AssertionError("unreachable")


def _wrapped(inner: Exception) -> Exception:
    outer = RuntimeError("Error calling model")
    outer.__cause__ = inner
    return outer


@pytest.mark.parametrize(
    "exc",
    [
        RateLimited("too many"),
        StatusCoded("server", 503),
        Exception("429 RESOURCE_EXHAUSTED: quota"),
        Exception("Rate limit reached for gpt-4o-mini"),
        TimeoutError("read"),
        httpx.ReadTimeout("slow", request=REQUEST),
        httpx.ConnectError("refused", request=REQUEST),
        httpx2.ReadTimeout("slow", request=REQUEST2),
        _wrapped(httpx2.ConnectError("refused", request=REQUEST2)),
        _openai(openai.RateLimitError, 429),
        _openai(openai.InternalServerError, 500),
        openai.APITimeoutError(request=REQUEST2),
        genai_errors.ClientError(429, {"error": {"status": "RESOURCE_EXHAUSTED"}}),
        genai_errors.ServerError(503, {"error": {"status": "UNAVAILABLE"}}),
        _wrapped(RateLimited("inner")),
    ],
    ids=lambda e: type(e).__name__,
)
def test_transient_errors_are_retryable(exc):
    assert is_retryable(exc)


@pytest.mark.parametrize(
    "exc",
    [
        BadRequest("400 rate limit field is invalid"),  # explicit status beats the text
        _openai(openai.BadRequestError, 400),
        _openai(openai.AuthenticationError, 401),
        genai_errors.ClientError(400, {"error": {"status": "INVALID_ARGUMENT"}}),
        ValueError("bad prompt"),
        KeyError("x"),
        _validation_error(),
        _wrapped(BadRequest("inner")),
    ],
    ids=lambda e: type(e).__name__,
)
def test_other_errors_are_not_retryable(exc):
    assert not is_retryable(exc)


def test_backoff_doubles_with_jitter_and_is_capped():
    low = RetryPolicy(base_delay=1.0, max_delay=5.0, random=lambda: 0.0)
    high = RetryPolicy(base_delay=1.0, max_delay=5.0, random=lambda: 1.0)
    assert [low.delay(n) for n in (1, 2, 3, 4)] == [0.5, 1.0, 2.0, 2.5]
    assert [high.delay(n) for n in (1, 2, 3, 4)] == [1.0, 2.0, 4.0, 5.0]


def test_retry_after_header_is_honoured_up_to_the_cap():
    policy = RetryPolicy(base_delay=1.0, max_delay=10.0, random=lambda: 0.0)
    assert policy.delay(1, _openai(openai.RateLimitError, 429, **{"retry-after": "7"})) == 7.0
    assert policy.delay(1, _openai(openai.RateLimitError, 429, **{"retry-after": "99"})) == 10.0


def test_call_retries_then_returns_and_reports_each_retry():
    sleeps: list[float] = []
    seen: list[int] = []
    outcomes: list[object] = [RateLimited("a"), TimeoutError("b"), "done"]

    def flaky() -> object:
        item = outcomes.pop(0)
        if isinstance(item, Exception):
            raise item
        return item

    policy = RetryPolicy(max_attempts=5, sleep=sleeps.append, random=lambda: 0.0)
    assert policy.call(flaky, on_retry=lambda n, e, d: seen.append(n)) == "done"
    assert seen == [1, 2] and sleeps == [0.5, 1.0]


def test_non_retryable_error_propagates_at_once():
    sleeps: list[float] = []

    def broken() -> None:
        raise BadRequest("nope")

    with pytest.raises(BadRequest):
        RetryPolicy(sleep=sleeps.append).call(broken)
    assert sleeps == []


def test_no_retry_policy_makes_one_attempt():
    calls: list[int] = []

    def limited() -> None:
        calls.append(1)
        raise RateLimited("x")

    with pytest.raises(RateLimited):
        RetryPolicy.no_retry().call(limited)
    assert calls == [1]
