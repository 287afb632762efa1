"""LLM plumbing shared by the builder, the agent and the judge.

Build a model from a "provider:model" spec (SDK retries off, a timeout on every request),
wrap it in an `LLMClient` with a cache and a `RequestGate` (accounting, rate limiter,
request budget, the one retry layer), then ask for text or for a validated Pydantic
object::

    model = make_chat_model("google_genai:gemini-2.5-flash")
    client = LLMClient(model, "google_genai:gemini-2.5-flash", cache=CallCache(),
                       accounting=Accounting(), limiter=RateLimiter(rpm=60),
                       budget=CallBudget(500), retry=RetryPolicy())
    result = client.structured(messages, MySchema)   # result.value or result.error
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ragoro.lazy import lazy_getattr

if TYPE_CHECKING:
    from ragoro.llm.accounting import Accounting, ModelStats, usage_from_message
    from ragoro.llm.budget import CallBudget
    from ragoro.llm.cache import CachedResponse, CallCache, make_key
    from ragoro.llm.defaults import DEFAULT_TIMEOUT, default_cache_dir
    from ragoro.llm.errors import (
        BudgetExhausted,
        LLMCallError,
        LLMConfigError,
        LLMError,
        UnreadableReply,
    )
    from ragoro.llm.factory import (
        OFFLINE,
        PROVIDERS,
        default_model,
        is_offline,
        load_env,
        make_chat_model,
        parse_spec,
    )
    from ragoro.llm.gate import Limits, RequestGate
    from ragoro.llm.parsing import OutputParseError, extract_json_object, parse_output
    from ragoro.llm.ratelimit import RateLimiter
    from ragoro.llm.redact import redact, register_secret
    from ragoro.llm.retry import RetryPolicy, is_retryable
    from ragoro.llm.structured import LLMClient, StructuredResult, TextResult

__all__ = [
    "DEFAULT_TIMEOUT",
    "OFFLINE",
    "PROVIDERS",
    "Accounting",
    "BudgetExhausted",
    "CachedResponse",
    "CallBudget",
    "CallCache",
    "LLMCallError",
    "LLMClient",
    "LLMConfigError",
    "LLMError",
    "Limits",
    "ModelStats",
    "OutputParseError",
    "RateLimiter",
    "RequestGate",
    "RetryPolicy",
    "StructuredResult",
    "TextResult",
    "UnreadableReply",
    "default_cache_dir",
    "default_model",
    "extract_json_object",
    "is_offline",
    "is_retryable",
    "load_env",
    "make_chat_model",
    "make_key",
    "parse_output",
    "parse_spec",
    "redact",
    "register_secret",
    "usage_from_message",
]

# Loaded on first use: importing the package (every command's --help) stays cheap.
_HOME = {
    "Accounting": "ragoro.llm.accounting",
    "ModelStats": "ragoro.llm.accounting",
    "usage_from_message": "ragoro.llm.accounting",
    "CallBudget": "ragoro.llm.budget",
    "CachedResponse": "ragoro.llm.cache",
    "CallCache": "ragoro.llm.cache",
    "default_cache_dir": "ragoro.llm.defaults",
    "make_key": "ragoro.llm.cache",
    "BudgetExhausted": "ragoro.llm.errors",
    "LLMCallError": "ragoro.llm.errors",
    "LLMConfigError": "ragoro.llm.errors",
    "LLMError": "ragoro.llm.errors",
    "UnreadableReply": "ragoro.llm.errors",
    "OFFLINE": "ragoro.llm.factory",
    "PROVIDERS": "ragoro.llm.factory",
    "default_model": "ragoro.llm.factory",
    "is_offline": "ragoro.llm.factory",
    "load_env": "ragoro.llm.factory",
    "make_chat_model": "ragoro.llm.factory",
    "parse_spec": "ragoro.llm.factory",
    "DEFAULT_TIMEOUT": "ragoro.llm.defaults",
    "Limits": "ragoro.llm.gate",
    "RequestGate": "ragoro.llm.gate",
    "OutputParseError": "ragoro.llm.parsing",
    "extract_json_object": "ragoro.llm.parsing",
    "parse_output": "ragoro.llm.parsing",
    "RateLimiter": "ragoro.llm.ratelimit",
    "redact": "ragoro.llm.redact",
    "register_secret": "ragoro.llm.redact",
    "RetryPolicy": "ragoro.llm.retry",
    "is_retryable": "ragoro.llm.retry",
    "LLMClient": "ragoro.llm.structured",
    "StructuredResult": "ragoro.llm.structured",
    "TextResult": "ragoro.llm.structured",
}


# `redact` is also the name of a submodule: importing ragoro.llm.redact anywhere would bind
# the module over the function, so the function (a light, pure module) is bound eagerly.
from ragoro.llm.redact import redact, register_secret  # noqa: E402

__getattr__ = lazy_getattr(globals(), _HOME)
