"""What the judge registry passes to a judge's builder, and helpers every judge shares."""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from pathlib import Path
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    # Annotations only: the registry that names the judges (and so every --help) must not
    # load the judges' rules.
    from judges.deterministic import DeterministicConfig
    from judges.lexical import LexicalConfig
    from ragoro.llm import Accounting, Limits, LLMClient

__all__ = ["ClientFactory", "JudgeOptions"]

ClientFactory = Callable[[str], "LLMClient"]
"""Builds the LLMClient for a "provider:model" spec (tests pass one around a fake model)."""


@dataclass(frozen=True)
class JudgeOptions:
    """Everything `make_judge` may be told; each judge reads the fields it needs."""

    model: str | None = None
    """provider:model of an LLM judge; None = default_model("judge")."""
    client_factory: ClientFactory | None = None
    """Builds the LLM client; None = a real model with a disk cache."""
    cache_dir: Path | None = None
    """Where the LLM call cache lives; None = default_cache_dir()."""
    lexical: LexicalConfig | None = None
    deterministic: DeterministicConfig | None = None
    documents: Mapping[str, str] | None = None
    """Canonical document texts by path, to locate contexts that come without offsets."""
    client_kwargs: Mapping[str, Any] | None = None
    """Extra LLMClient arguments (max_reasks; or accounting, limiter, budget, retry
    instead of `limits`)."""
    limits: Limits | None = None
    """The judge model's request limits (budget, rpm, timeout, retries); None = defaults."""
    use_cache: bool = True
    """False: neither read nor write the call cache (`--no-cache`)."""
    accounting: Accounting | None = None
    """Where the judge's requests and calls are counted; None = its own."""
