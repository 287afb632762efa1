"""ragoro: know whether your RAG system got better or worse.

The public API (see `ragoro.api`) is loaded on first use, so importing a small shared
module such as `ragoro.contracts` does not import the whole tool:

    from ragoro import evaluate, generate, validate, open_index, make_agent, make_judge
"""

from __future__ import annotations

from importlib import import_module
from typing import TYPE_CHECKING, Any

if TYPE_CHECKING:
    from ragoro.api import (
        Evaluation,
        GateOutcome,
        GenerateConfig,
        RunReport,
        RunResult,
        SelfcheckResult,
        Validation,
        build_index,
        corpus_texts,
        evaluate,
        gate,
        generate,
        make_agent,
        make_judge,
        open_index,
        rescore,
        selfcheck,
        validate,
    )

__all__ = [
    "Evaluation",
    "GateOutcome",
    "GenerateConfig",
    "RunReport",
    "RunResult",
    "SelfcheckResult",
    "Validation",
    "build_index",
    "corpus_texts",
    "evaluate",
    "gate",
    "generate",
    "make_agent",
    "make_judge",
    "open_index",
    "rescore",
    "selfcheck",
    "validate",
]


def __getattr__(name: str) -> Any:
    if name in __all__:
        return getattr(import_module("ragoro.api"), name)
    raise AttributeError(f"module 'ragoro' has no attribute {name!r}")
