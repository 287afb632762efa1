"""The user's own agent, loaded from ``module:callable`` or ``path/to/file.py:callable``.

The callable takes the question (str) and returns one of:

- an `AgentAnswer`;
- a dict ``{"answer": str, "contexts": [{"document_path": ..., "text": ...,
  "start_char"?: int, "end_char"?: int, "score"?: float, "page"?: int}],
  "citations"?: [str], "refused"?: bool, "asked_clarification"?: bool,
  "value"?: float, "unit"?: str}``;
- a plain string (the answer alone: no contexts, so retrieval metrics stay unscored).
"""

from __future__ import annotations

import importlib
import importlib.util
import sys
from collections.abc import Callable
from pathlib import Path
from typing import Any

from pydantic import ValidationError

from evaluator.agents.base import AgentAnswer
from ragoro.errors import RagoroError, UsageError


class AgentSpecError(UsageError, ValueError):
    """A custom agent spec that cannot be loaded; the message says what to fix."""


class AgentOutputError(RagoroError, TypeError):
    """A custom agent returned something that is not an answer; the message says what."""


def split_spec(spec: str) -> tuple[str, str]:
    """'pkg.mod:func' / 'dir/file.py:func' -> (module or path, attribute path)."""
    target, sep, attribute = spec.strip().rpartition(":")
    if not sep or not target or not attribute:
        raise AgentSpecError(
            f"bad agent spec {spec!r}: use 'module:callable' or 'path/to/file.py:callable', "
            "e.g. 'examples/my_agent.py:answer'"
        )
    return target, attribute


def is_file_spec(target: str) -> bool:
    """True when the module part names a Python file rather than an importable module."""
    return target.endswith(".py") or "/" in target or "\\" in target


def _load_file(path_text: str, spec: str) -> Any:
    path = Path(path_text).expanduser()
    if not path.is_file():
        raise AgentSpecError(f"agent spec {spec!r}: file {path} not found")
    module_name = f"ragoro_user_agent_{abs(hash(path.resolve()))}"
    loader_spec = importlib.util.spec_from_file_location(module_name, path)
    if loader_spec is None or loader_spec.loader is None:
        raise AgentSpecError(f"agent spec {spec!r}: cannot load {path} as a Python module")
    module = importlib.util.module_from_spec(loader_spec)
    # The file's own folder first, so it can import its sibling modules.
    sys.path.insert(0, str(path.resolve().parent))
    sys.modules[module_name] = module
    try:
        loader_spec.loader.exec_module(module)
    except Exception as exc:
        del sys.modules[module_name]
        raise AgentSpecError(f"agent spec {spec!r}: importing {path} failed: {exc!r}") from exc
    finally:
        sys.path.remove(str(path.resolve().parent))
    return module


def _load_module(name: str, spec: str) -> Any:
    if str(Path.cwd()) not in sys.path and "" not in sys.path:
        sys.path.insert(0, str(Path.cwd()))  # "module:callable" resolves from the cwd
    try:
        return importlib.import_module(name)
    except ModuleNotFoundError as exc:
        if exc.name is not None and name.startswith(exc.name):
            raise AgentSpecError(
                f"agent spec {spec!r}: no module named {name!r} (run from the folder that "
                "contains it, or give a file path like path/to/file.py:callable)"
            ) from exc
        raise AgentSpecError(f"agent spec {spec!r}: importing {name} failed: {exc!r}") from exc
    except Exception as exc:
        raise AgentSpecError(f"agent spec {spec!r}: importing {name} failed: {exc!r}") from exc


def load_callable(spec: str) -> Callable[[str], Any]:
    """Import the callable a spec names; raise `AgentSpecError` saying what is wrong."""
    target, attribute = split_spec(spec)
    module = _load_file(target, spec) if is_file_spec(target) else _load_module(target, spec)
    obj: Any = module
    for part in attribute.split("."):
        if not hasattr(obj, part):
            raise AgentSpecError(f"agent spec {spec!r}: {target} has no attribute {attribute!r}")
        obj = getattr(obj, part)
    if not callable(obj):
        raise AgentSpecError(
            f"agent spec {spec!r}: {attribute} is a {type(obj).__name__}, not a callable"
        )
    return obj  # type: ignore[no-any-return]


def coerce_answer(result: Any, name: str) -> AgentAnswer:
    """Turn what a custom agent returned into an AgentAnswer, or explain why it cannot."""
    if isinstance(result, AgentAnswer):
        return result
    if isinstance(result, str):
        return AgentAnswer(answer=result)
    if isinstance(result, dict):
        if "answer" not in result:
            keys = ", ".join(sorted(map(str, result))) or "none"
            raise AgentOutputError(f"{name} returned a dict without 'answer' (keys: {keys})")
        if not isinstance(result["answer"], str):
            kind = type(result["answer"]).__name__
            raise AgentOutputError(f"{name} returned 'answer' as {kind}; expected str")
        contexts = result.get("contexts", [])
        if not isinstance(contexts, list):
            kind = type(contexts).__name__
            raise AgentOutputError(f"{name} returned 'contexts' as {kind}; expected a list")
        try:
            return AgentAnswer.model_validate(result)
        except ValidationError as exc:
            problems = "; ".join(
                f"{'.'.join(map(str, e['loc']))}: {e['msg']}" for e in exc.errors()[:5]
            )
            raise AgentOutputError(f"{name} returned an invalid answer dict: {problems}") from exc
    raise AgentOutputError(
        f"{name} returned {type(result).__name__}; expected str, dict or AgentAnswer"
    )


class CustomAgent:
    """Wraps a user callable so the evaluator can run it like any other agent."""

    def __init__(self, function: Callable[[str], Any], name: str, model: str | None = None) -> None:
        self.function = function
        self.name = name
        self.model = model

    @classmethod
    def from_spec(cls, spec: str) -> CustomAgent:
        """Load 'module:callable' or 'path/to/file.py:callable'."""
        function = load_callable(spec)
        # An agent may declare its LLM (answer.model = "openai:gpt-4o") for the self-judge guard.
        model = getattr(function, "model", None)
        return cls(function, spec.strip(), model if isinstance(model, str) else None)

    def answer(self, question: str) -> AgentAnswer:
        """Call the user's function and validate what it returned."""
        return coerce_answer(self.function(question), self.name)
