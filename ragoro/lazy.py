"""Lazy package namespaces (PEP 562): a public name is imported from its home on first use.

A package `__init__` that names its API this way starts in microseconds, so `--help` and
argument errors never pay for LangChain, FAISS or a model library they do not use.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from importlib import import_module
from typing import Any


def lazy_getattr(namespace: dict[str, Any], homes: Mapping[str, str]) -> Callable[[str], Any]:
    """A module-level `__getattr__` for `namespace` (a package's `globals()`).

    `homes` maps each public name to the module that defines it. The first access imports
    that module and binds the name in the package, so later accesses are plain lookups.
    """
    package = namespace["__name__"]

    def __getattr__(name: str) -> Any:
        home = homes.get(name)
        if home is None:
            raise AttributeError(f"module {package!r} has no attribute {name!r}")
        value = getattr(import_module(home), name)
        namespace[name] = value
        return value

    return __getattr__
