"""Fixtures: both fake servers on loopback, the environment pointing the real clients at
them, and keys whose every byte the tests look for in what a run writes."""

from __future__ import annotations

from collections.abc import Iterator
from dataclasses import dataclass

import pytest

from tests.fakes.gemini_server import GeminiServer
from tests.fakes.openai_server import OpenAIServer
from tests.fakes.responders import ragoro_model
from tests.fakes.wire import FakeServer

OPENAI_KEY = "sk-wiretest-0123456789abcdefABCDEF"
GOOGLE_KEY = "AIzaWireTest_0123456789abcdefABCDEFxy"
OPENAI_SPEC = "openai:gpt-fake"
GEMINI_SPEC = "google_genai:gemini-fake"


@dataclass
class Wire:
    """One provider's fake server and the spec that reaches it."""

    name: str
    server: FakeServer
    spec: str
    key: str


@pytest.fixture
def servers(monkeypatch: pytest.MonkeyPatch) -> Iterator[dict[str, Wire]]:
    """Both servers started (retry hints of 0.01 s), the env pointing both clients there."""
    openai = OpenAIServer(ragoro_model, retry_after=0.01, hang_s=3.0).start()
    gemini = GeminiServer(ragoro_model, retry_after=0.01, hang_s=3.0).start()
    monkeypatch.setenv("OPENAI_BASE_URL", openai.url + "/v1")
    monkeypatch.setenv("OPENAI_API_KEY", OPENAI_KEY)
    monkeypatch.setenv("GOOGLE_GEMINI_BASE_URL", gemini.url)
    monkeypatch.setenv("GOOGLE_API_KEY", GOOGLE_KEY)
    monkeypatch.delenv("GEMINI_API_KEY", raising=False)
    monkeypatch.delenv("OPENAI_API_BASE", raising=False)
    monkeypatch.delenv("GOOGLE_GENAI_USE_VERTEXAI", raising=False)
    try:
        yield {
            "openai": Wire("openai", openai, OPENAI_SPEC, OPENAI_KEY),
            "gemini": Wire("gemini", gemini, GEMINI_SPEC, GOOGLE_KEY),
        }
    finally:
        openai.stop()
        gemini.stop()


@pytest.fixture(params=["openai", "gemini"])
def wire(request: pytest.FixtureRequest, servers: dict[str, Wire]) -> Wire:
    """Each provider in turn."""
    return servers[request.param]
