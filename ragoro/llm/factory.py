"""Build chat models from "provider:model" strings, failing early with what to do."""

from __future__ import annotations

import os
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any, Literal
from urllib.parse import urlparse

from dotenv import find_dotenv, load_dotenv

from ragoro.llm.defaults import DEFAULT_TIMEOUT
from ragoro.llm.errors import LLMConfigError
from ragoro.llm.redact import register_key_envs, register_secret

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

OFFLINE = "offline"
"""The spec that selects ragoro's deterministic, model-free components."""

Role = Literal["builder", "agent", "judge"]

BUILDER_MODEL = "google_genai:gemini-2.5-flash"
JUDGE_MODEL = "google_genai:gemini-2.5-pro"
_LOOPBACK = {"127.0.0.1", "localhost", "::1"}
# The OpenAI client insists on some key even when a local server ignores it.
_LOCAL_DUMMY_KEY = "sk-local-no-key"


@dataclass(frozen=True)
class ProviderInfo:
    """What a provider needs before a model can be built."""

    key_envs: tuple[str, ...]
    """Environment variables that hold the API key; the first is the one we suggest."""
    package: str
    """The pip package of the LangChain integration."""
    key_kwargs: tuple[str, ...] = ("api_key",)
    """Constructor kwargs that carry a key explicitly (then the env is not needed)."""
    no_retry: tuple[tuple[str, Any], ...] = (("max_retries", 0),)
    """Constructor kwargs that switch the SDK's own retries off (ours are the only ones)."""
    timeout_kwarg: str = "timeout"
    """The constructor kwarg of the per-request timeout, in seconds."""
    structured_method: str | None = None
    """`with_structured_output(method=...)` that hands back the raw reply on invalid
    output (None: the integration's default)."""


PROVIDERS: dict[str, ProviderInfo] = {
    "google_genai": ProviderInfo(
        ("GOOGLE_API_KEY", "GEMINI_API_KEY"),
        "langchain-google-genai",
        ("api_key", "google_api_key"),
        # google-genai counts attempts, not retries: 1 is the single first request.
        no_retry=(("max_retries", 1),),
    ),
    "openai": ProviderInfo(
        ("OPENAI_API_KEY",),
        "langchain-openai",
        ("api_key", "openai_api_key"),
        # The default json_schema method validates inside the SDK, which raises on an
        # invalid reply and loses it; a forced function call returns it for a re-ask.
        structured_method="function_calling",
    ),
    "anthropic": ProviderInfo(
        ("ANTHROPIC_API_KEY",),
        "langchain-anthropic",
        ("api_key", "anthropic_api_key"),
        timeout_kwarg="default_request_timeout",
    ),
}


register_key_envs(env for info in PROVIDERS.values() for env in info.key_envs)


def load_env(path: str | Path | None = None) -> None:
    """Load `.env` (from `path`, else the nearest one above the working directory).

    Variables already in the environment win, so a shell export overrides the file.
    """
    dotenv_path = str(path) if path is not None else find_dotenv(usecwd=True)
    if dotenv_path:
        load_dotenv(dotenv_path, override=False)


def is_offline(spec: str | None) -> bool:
    """True when `spec` selects the offline components instead of a model."""
    return spec is None or spec.strip().lower() == OFFLINE


def parse_spec(spec: str) -> tuple[str, str]:
    """Split "provider:model" (the model part may itself contain colons)."""
    provider, sep, model = spec.strip().partition(":")
    if not sep or not provider or not model:
        raise LLMConfigError(
            f"bad model spec {spec!r}: use 'provider:model', e.g. '{BUILDER_MODEL}' or "
            "'openai:gpt-4o-mini', or 'offline'"
        )
    return provider, model


def _is_loopback(url: str | None) -> bool:
    return bool(url) and urlparse(str(url)).hostname in _LOOPBACK


def check_credentials(provider: str, kwargs: dict[str, Any]) -> None:
    """Raise `LLMConfigError` when the provider's API key is missing (unknown: no check)."""
    info = PROVIDERS.get(provider)
    if info is None or any(kwargs.get(k) for k in info.key_kwargs):
        return
    if any(os.environ.get(env) for env in info.key_envs):
        return
    if provider == "openai" and _is_loopback(kwargs.get("base_url")):
        return
    raise LLMConfigError(f"no {info.key_envs[0]}: set it in .env", offline_alternative=True)


def make_chat_model(
    spec: str, *, temperature: float = 0.0, timeout: float = DEFAULT_TIMEOUT, **kw: Any
) -> BaseChatModel:
    """Build the chat model named by `spec` ("provider:model") with `init_chat_model`.

    Every request gets `timeout` seconds, and the SDK's own retries are off for the
    providers in `PROVIDERS` (ragoro's `RequestGate` is the one retry layer, so one
    invocation is one HTTP request). Loads `.env` first (without overriding the
    environment). An `openai:` spec whose
    OPENAI_BASE_URL (or `base_url=`) points at loopback needs no real key. Raises
    `LLMConfigError` for the offline spec, a malformed spec, a missing key or a missing
    provider package — always saying what to do.
    """
    # LangChain is imported when a model is built, never by an offline run or --help.
    from langchain.chat_models import init_chat_model
    from langchain_core.language_models import BaseChatModel

    if is_offline(spec):
        raise LLMConfigError(
            "'offline' is not a chat model: use the offline component, or pass a "
            "'provider:model' spec"
        )
    provider, model = parse_spec(spec)
    load_env()
    kwargs: dict[str, Any] = dict(kw)
    if provider == "openai":
        env_base = os.environ.get("OPENAI_BASE_URL")
        if env_base and "base_url" not in kwargs:
            kwargs["base_url"] = env_base
        local = _is_loopback(kwargs.get("base_url"))
        if local and not (os.environ.get("OPENAI_API_KEY") or kwargs.get("api_key")):
            kwargs["api_key"] = _LOCAL_DUMMY_KEY
    check_credentials(provider, kwargs)
    info = PROVIDERS.get(provider)
    if info is not None:
        for name, value in info.no_retry:
            kwargs.setdefault(name, value)
        kwargs.setdefault(info.timeout_kwarg, timeout)
        for name in info.key_kwargs:
            value = kwargs.get(name)
            register_secret(value if isinstance(value, str) else None)
    try:
        chat = init_chat_model(model, model_provider=provider, temperature=temperature, **kwargs)
    except (ImportError, AttributeError) as exc:
        # A missing or mismatched integration package fails on import, or on a name it
        # lacks (langchain-community's ollama shim): either way the package is the fix.
        if info is not None:
            raise LLMConfigError(
                f"provider {provider!r} needs the {info.package} package: "
                f"pip install {info.package}"
            ) from exc
        raise LLMConfigError(f"provider {provider!r} is not installed: {exc}") from exc
    except ValueError as exc:
        raise LLMConfigError(f"cannot build {spec!r}: {exc}") from exc
    if not isinstance(chat, BaseChatModel):
        raise LLMConfigError(f"{spec!r} did not produce a chat model ({type(chat).__name__})")
    return chat


def structured_method(spec: str) -> str | None:
    """The structured-output method to ask the integration of `spec`'s provider for."""
    provider = spec.partition(":")[0]
    info = PROVIDERS.get(provider)
    return info.structured_method if info is not None else None


def default_model(role: Role) -> str:
    """The default spec for a role: builder/agent use Gemini Flash when GOOGLE_API_KEY is
    set, else "offline"; the judge uses Gemini Pro (a stronger model than the builder)."""
    load_env()
    if role == "judge":
        return JUDGE_MODEL
    if role in ("builder", "agent"):
        has_key = any(os.environ.get(env) for env in PROVIDERS["google_genai"].key_envs)
        return BUILDER_MODEL if has_key else OFFLINE
    raise ValueError(f"unknown role {role!r}: expected builder, agent or judge")
