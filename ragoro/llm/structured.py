"""`LLMClient`: cached, accounted, rate-limited, retried, budgeted model calls.

`structured()` returns a validated Pydantic object or, after bounded re-asks, the reason it
could not; it never raises on invalid output. Every round is cached under its whole
conversation, so a rerun with the same inputs replays from disk with zero model calls.
"""

from __future__ import annotations

import copy
import hashlib
import json
import logging
import threading
from collections.abc import Sequence
from dataclasses import dataclass
from typing import TYPE_CHECKING, Any, Generic, Literal, TypeVar

from pydantic import BaseModel

from ragoro.contracts import TokenUsage
from ragoro.llm.accounting import Accounting, usage_from_message
from ragoro.llm.budget import CallBudget
from ragoro.llm.cache import CachedResponse, CallCache, make_key
from ragoro.llm.errors import UnreadableReply
from ragoro.llm.factory import structured_method
from ragoro.llm.gate import RequestGate
from ragoro.llm.parsing import (
    OutputParseError,
    cut_off_note,
    describe_invalid,
    is_empty,
    is_invalid_output,
    parse_output,
    raw_of_invalid,
    raw_text,
    reask_messages,
    with_format_instructions,
)
from ragoro.llm.ratelimit import RateLimiter
from ragoro.llm.redact import redact
from ragoro.llm.retry import RetryPolicy

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel
    from langchain_core.messages import BaseMessage
    from langchain_core.runnables import Runnable

T = TypeVar("T", bound=BaseModel)
Method = Literal["text", "native", "parser"]

logger = logging.getLogger(__name__)

# Sampling settings that change the answer, read off the model when not given explicitly.
_PARAM_NAMES = (
    "temperature",
    "top_p",
    "top_k",
    "max_tokens",
    "max_output_tokens",
    "seed",
    "reasoning_effort",
    "thinking_budget",
)


@dataclass(frozen=True)
class StructuredResult(Generic[T]):
    """Outcome of `LLMClient.structured`: a value, or the reason there is none."""

    value: T | None
    """The validated object; None when the output stayed invalid after the re-asks."""
    raw: str
    """The last raw output of the model, kept for audit."""
    error: str | None
    """Why `value` is None; None on success."""
    attempts: int
    """Rounds asked (1 + re-asks), cached rounds included; retries are not counted."""
    usage: TokenUsage
    """Calls and tokens actually spent; rounds served from the cache cost nothing."""
    cached: bool
    """True when every round came from the cache (no model call at all)."""

    @property
    def ok(self) -> bool:
        """True when a valid value was obtained."""
        return self.value is not None


@dataclass(frozen=True)
class TextResult:
    """Outcome of `LLMClient.text`."""

    text: str
    usage: TokenUsage
    cached: bool


@dataclass(frozen=True)
class _Reply:
    raw: str
    usage: TokenUsage
    cached: bool
    invalid: str | None = None
    """Why the reply is unusable as it came (the SDK rejected it, or it was cut off)."""


def model_params(model: BaseChatModel) -> dict[str, Any]:
    """The sampling parameters a model instance carries, for the cache key."""
    params: dict[str, Any] = {}
    for name in _PARAM_NAMES:
        value = getattr(model, name, None)
        if isinstance(value, int | float | str | bool):
            params[name] = value
    return params


def schema_id(schema: type[BaseModel]) -> str:
    """Schema name plus a digest of its JSON schema, so an edited schema misses the cache."""
    blob = json.dumps(schema.model_json_schema(), sort_keys=True)
    digest = hashlib.sha256(blob.encode()).hexdigest()[:12]
    return f"{schema.__module__}.{schema.__qualname__}:{digest}"


class LLMClient:
    """The one way ragoro talks to a chat model (builder, agent and judge alike)."""

    def __init__(
        self,
        model: BaseChatModel,
        spec: str,
        *,
        cache: CallCache | None,
        accounting: Accounting | None = None,
        limiter: RateLimiter | None = None,
        budget: CallBudget | None = None,
        retry: RetryPolicy | None = None,
        gate: RequestGate | None = None,
        max_reasks: int = 2,
        params: dict[str, Any] | None = None,
        repeat: int = 1,
    ) -> None:
        if max_reasks < 0:
            raise ValueError(f"max_reasks must be >= 0, got {max_reasks}")
        if repeat < 1:
            raise ValueError(f"repeat must be >= 1, got {repeat}")
        self.model = model
        self.spec = spec
        self.cache = cache
        if gate is None:
            gate = RequestGate(
                spec, accounting=accounting, limiter=limiter, budget=budget, retry=retry
            )
        elif any(part is not None for part in (accounting, limiter, budget, retry)):
            raise ValueError("give either gate= or accounting/limiter/budget/retry, not both")
        self.gate = gate
        self.accounting = gate.accounting
        self.max_reasks = max_reasks
        self.params = dict(params) if params is not None else model_params(model)
        # Which deliberate repetition of the same requests this client makes (1 = the
        # first); from 2 on it salts the cache key (see `make_key`).
        self.repeat = repeat
        self._native: dict[type[BaseModel], Runnable[Any, Any] | None] = {}
        self._native_lock = threading.Lock()

    def for_repeat(self, repeat: int) -> LLMClient:
        """The same client (model, cache, gate: accounting, limiter, budget, retries) for
        repetition `repeat` of the same requests: its calls get their own cache keys, so
        repeat 2 asks the model again while repeat 1 still replays what earlier runs stored."""
        if repeat < 1:
            raise ValueError(f"repeat must be >= 1, got {repeat}")
        again = copy.copy(self)
        again.repeat = repeat
        return again

    def _native_runnable(self, schema: type[BaseModel]) -> Runnable[Any, Any] | None:
        with self._native_lock:
            if schema not in self._native:
                method = structured_method(self.spec)
                extra: dict[str, Any] = {"method": method} if method else {}
                try:
                    runnable = self.model.with_structured_output(schema, include_raw=True, **extra)
                except NotImplementedError:
                    runnable = None
                self._native[schema] = runnable
            return self._native[schema]

    def _send(
        self, messages: list[BaseMessage], runnable: Runnable[Any, Any] | None
    ) -> tuple[BaseMessage, str | None]:
        """One request through the gate: (reply message, invalid-output error). The
        integration's own parse is ignored: `structured` validates the raw reply. An SDK that validates the reply itself and raises is an invalid output
        (re-asked), not a provider failure; an empty reply is sent again."""
        from langchain_core.messages import AIMessage, BaseMessage  # on use only: not offline

        def attempt() -> tuple[BaseMessage, str | None]:
            try:
                out = runnable.invoke(messages) if runnable else self.model.invoke(messages)
            except Exception as exc:
                if runnable is None or not is_invalid_output(exc):
                    raise
                return AIMessage(content=raw_of_invalid(exc)), describe_invalid(exc)
            message = out.get("raw") if runnable is not None and isinstance(out, dict) else out
            if not isinstance(message, BaseMessage):
                raise UnreadableReply(f"model returned {type(message).__name__}, not a message")
            if is_empty(message):
                raise UnreadableReply("empty reply: no text and no tool call")
            return message, None

        return self.gate.send(attempt)

    def _call(
        self,
        messages: list[BaseMessage],
        method: Method,
        schema_name: str | None,
        runnable: Runnable[Any, Any] | None,
    ) -> _Reply:
        params = {**self.params, "method": method}
        if runnable is not None:
            params["structured_method"] = structured_method(self.spec)
        key = make_key(self.spec, messages, params, schema_name, repeat=self.repeat)
        if self.cache is not None:
            hit = self.cache.get(key)
            if hit is not None:
                self.accounting.record_cache_hit(self.spec)
                return _Reply(raw=hit.raw, usage=TokenUsage(), cached=True)
        message, invalid = self._send(messages, runnable)
        usage = usage_from_message(message)
        self.accounting.record_call(self.spec, usage)
        raw = raw_text(message)
        if invalid is None and runnable is not None:
            invalid = cut_off_note(message)
        if self.cache is not None:
            self.cache.put(key, self.spec, CachedResponse(raw=raw, usage=usage))
        return _Reply(raw=raw, usage=usage, cached=False, invalid=invalid)

    def text(self, messages: Sequence[BaseMessage]) -> TextResult:
        """Ask for free text; raises `LLMCallError`/`BudgetExhausted`, never returns errors.

        An empty reply counts as a failed request and is retried."""
        reply = self._call(list(messages), "text", None, None)
        return TextResult(text=reply.raw, usage=reply.usage, cached=reply.cached)

    def structured(self, messages: Sequence[BaseMessage], schema: type[T]) -> StructuredResult[T]:
        """Ask for an instance of `schema`, re-asking up to `max_reasks` times when invalid.

        Uses the provider's native structured output when the model has one, else format
        instructions in the prompt and a tolerant JSON parser. Invalid output never raises:
        the result then has `value=None`, the reason in `error` and the last `raw` output.
        """
        runnable = self._native_runnable(schema)
        method: Method = "native" if runnable is not None else "parser"
        conversation = list(messages)
        if runnable is None:
            conversation = with_format_instructions(conversation, schema)
        name = schema_id(schema)
        usage = TokenUsage()
        all_cached = True
        raw = ""
        error = ""
        for attempt in range(1, self.max_reasks + 2):
            reply = self._call(conversation, method, name, runnable)
            usage = usage.add(reply.usage)
            all_cached = all_cached and reply.cached
            raw = reply.raw
            # Always validated from the raw reply, strictly: an integration's own parser
            # may accept a truncated object as a partial one.
            value: T | None = None
            if reply.invalid is not None:
                error = reply.invalid
            else:
                try:
                    value = parse_output(raw, schema)
                except OutputParseError as exc:
                    error = str(exc)
            if value is not None:
                return StructuredResult(value, redact(raw), None, attempt, usage, all_cached)
            logger.info(
                "%s: invalid %s output (attempt %d): %s", self.spec, schema.__name__, attempt, error
            )
            conversation = [*conversation, *reask_messages(raw, error)]
        attempts = self.max_reasks + 1
        return StructuredResult(
            value=None,
            raw=redact(raw),
            error=f"invalid output after {attempts} attempt(s): {error}",
            attempts=attempts,
            usage=usage,
            cached=all_cached,
        )
