"""Fixtures for the LLM plumbing tests: a fast retry policy and a client builder."""

from __future__ import annotations

from collections.abc import Callable
from pathlib import Path
from typing import Any

import pytest
from langchain_core.language_models import BaseChatModel

from ragoro.llm import Accounting, CallCache, LLMClient, RetryPolicy

from .fakes import SPEC


@pytest.fixture
def sleeps() -> list[float]:
    """Every wait the code under test asked for, instead of really sleeping."""
    return []


@pytest.fixture
def retry(sleeps: list[float]) -> RetryPolicy:
    """A retry policy that records its waits and never sleeps."""
    return RetryPolicy(max_attempts=3, base_delay=1.0, sleep=sleeps.append, random=lambda: 0.5)


@pytest.fixture
def cache(tmp_path: Path) -> CallCache:
    """A cache in a fresh directory."""
    return CallCache(tmp_path / "cache")


@pytest.fixture
def make_client(retry: RetryPolicy) -> Callable[..., LLMClient]:
    """Build an LLMClient around a fake model; no cache unless one is given."""

    def build(model: BaseChatModel, **kw: Any) -> LLMClient:
        kw.setdefault("cache", None)
        kw.setdefault("accounting", Accounting())
        kw.setdefault("retry", retry)
        return LLMClient(model, SPEC, **kw)

    return build
