"""make_chat_model / default_model: clear errors before any network, .env honoured."""

from __future__ import annotations

import sys

import pytest
from langchain_core.language_models import BaseChatModel

from ragoro.llm import LLMConfigError, default_model, make_chat_model, parse_spec

KEY_VARS = (
    "GOOGLE_API_KEY",
    "GEMINI_API_KEY",
    "OPENAI_API_KEY",
    "OPENAI_BASE_URL",
    "OPENAI_API_BASE",
    "ANTHROPIC_API_KEY",
)


@pytest.fixture(autouse=True)
def clean_env(monkeypatch, tmp_path):
    """No provider keys, and a working directory with no .env above it."""
    for var in KEY_VARS:
        # setenv first so teardown also removes values a test's .env loaded.
        monkeypatch.setenv(var, "")
        monkeypatch.delenv(var)
    monkeypatch.chdir(tmp_path)


@pytest.mark.parametrize(
    ("spec", "var"),
    [
        ("google_genai:gemini-2.5-flash", "GOOGLE_API_KEY"),
        ("openai:gpt-4o-mini", "OPENAI_API_KEY"),
        ("anthropic:claude-sonnet-4-5", "ANTHROPIC_API_KEY"),
    ],
)
def test_missing_key_says_what_to_do(spec, var):
    with pytest.raises(LLMConfigError) as info:
        make_chat_model(spec)
    assert str(info.value) == f"no {var}: set it in .env"
    assert info.value.offline_alternative


def test_key_from_dotenv_is_loaded_without_overriding_the_environment(tmp_path, monkeypatch):
    (tmp_path / ".env").write_text(
        "OPENAI_API_KEY=sk-from-dotenv\nOPENAI_BASE_URL=http://127.0.0.1:9/v1\n"
    )
    monkeypatch.setenv("OPENAI_BASE_URL", "http://localhost:9/v1")
    model = make_chat_model("openai:gpt-4o-mini")
    assert model.openai_api_key.get_secret_value() == "sk-from-dotenv"  # type: ignore[attr-defined]
    assert model.openai_api_base == "http://localhost:9/v1"  # type: ignore[attr-defined]


def test_openai_on_loopback_builds_without_network(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    monkeypatch.setenv("OPENAI_API_KEY", "sk-dummy")
    model = make_chat_model("openai:gpt-4o-mini", temperature=0.2)
    assert isinstance(model, BaseChatModel)
    assert model.openai_api_base == "http://127.0.0.1:9/v1"  # type: ignore[attr-defined]
    assert model.temperature == 0.2  # type: ignore[attr-defined]


def test_openai_on_loopback_needs_no_key(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "http://127.0.0.1:9/v1")
    assert isinstance(make_chat_model("openai:local-gguf"), BaseChatModel)


def test_remote_base_url_still_needs_a_key(monkeypatch):
    monkeypatch.setenv("OPENAI_BASE_URL", "https://api.example.com/v1")
    with pytest.raises(LLMConfigError, match="no OPENAI_API_KEY"):
        make_chat_model("openai:gpt-4o-mini")


def test_missing_provider_package_names_the_pip_package(monkeypatch):
    monkeypatch.setenv("ANTHROPIC_API_KEY", "sk-ant-dummy")
    monkeypatch.setitem(sys.modules, "langchain_anthropic", None)  # import now fails
    with pytest.raises(LLMConfigError, match="pip install langchain-anthropic"):
        make_chat_model("anthropic:claude-sonnet-4-5")


@pytest.mark.parametrize("spec", ["gpt-4o-mini", ":model", "openai:", ""])
def test_malformed_spec_is_rejected(spec):
    with pytest.raises(LLMConfigError, match="provider:model"):
        make_chat_model(spec)


def test_unknown_provider_is_a_config_error():
    with pytest.raises(LLMConfigError, match="nosuchprovider"):
        make_chat_model("nosuchprovider:model")


def test_offline_is_not_a_chat_model():
    with pytest.raises(LLMConfigError, match="offline"):
        make_chat_model("offline")


def test_parse_spec_keeps_colons_in_the_model_name():
    assert parse_spec("ollama:llama3:8b") == ("ollama", "llama3:8b")


def test_default_models(monkeypatch):
    assert default_model("builder") == "offline"
    assert default_model("judge") == "google_genai:gemini-2.5-pro"
    monkeypatch.setenv("GOOGLE_API_KEY", "g-dummy")
    assert default_model("builder") == "google_genai:gemini-2.5-flash"
    assert default_model("judge") != default_model("builder")
