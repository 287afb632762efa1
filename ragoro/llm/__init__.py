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

from ragoro.llm.accounting import Accounting, ModelStats, usage_from_message
from ragoro.llm.budget import CallBudget
from ragoro.llm.cache import CachedResponse, CallCache, default_cache_dir, make_key
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
from ragoro.llm.gate import DEFAULT_TIMEOUT, Limits, RequestGate
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
