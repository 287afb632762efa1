"""The package layering the design promises: no import cycle, no upward import."""

from __future__ import annotations

import ast
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PACKAGES = ("ragoro", "vectordb", "builder", "evaluator", "judges")


def _module_name(path: Path) -> str:
    parts = list(path.relative_to(ROOT).with_suffix("").parts)
    if parts[-1] == "__init__":
        parts.pop()
    return ".".join(parts)


def _imports(path: Path, modules: set[str]) -> set[str]:
    """Modules of ours imported at module level (imports under TYPE_CHECKING excluded).

    `from pkg import submodule` counts as importing the submodule only: a package's
    `__init__` runs before any of its submodules anyway.
    """
    tree = ast.parse(path.read_text(encoding="utf-8"))
    found: set[str] = set()
    for node in tree.body:
        if isinstance(node, ast.If) and "TYPE_CHECKING" in ast.unparse(node.test):
            continue
        for child in ast.walk(node):
            if isinstance(child, ast.Import):
                found.update(alias.name for alias in child.names)
            elif isinstance(child, ast.ImportFrom) and child.module and child.level == 0:
                subs = {f"{child.module}.{alias.name}" for alias in child.names}
                found.update(subs & modules or {child.module})
    return {name for name in found if name.split(".")[0] in PACKAGES}


def _graph() -> dict[str, set[str]]:
    modules = {
        _module_name(path): path for package in PACKAGES for path in (ROOT / package).rglob("*.py")
    }
    graph: dict[str, set[str]] = {}
    for name, path in modules.items():
        imported = _imports(path, set(modules))
        graph[name] = {target for target in imported if target in modules and target != name}
    return graph


def _cycle(graph: dict[str, set[str]]) -> list[str] | None:
    state: dict[str, int] = {}
    stack: list[str] = []

    def visit(node: str) -> list[str] | None:
        state[node] = 1
        stack.append(node)
        for target in sorted(graph[node]):
            if state.get(target) == 1:
                return [*stack[stack.index(target) :], target]
            if target not in state and (found := visit(target)):
                return found
        stack.pop()
        state[node] = 2
        return None

    for node in sorted(graph):
        if node not in state and (found := visit(node)):
            return found
    return None


def test_no_import_cycle_between_modules() -> None:
    cycle = _cycle(_graph())
    assert cycle is None, " -> ".join(cycle or [])


def test_layers_never_import_upwards() -> None:
    graph = _graph()
    allowed = {
        # vectordb's library imports nothing of ours; its CLI reports through ragoro.cli.
        "vectordb": {"vectordb"},
        "judges": {"judges", "ragoro", "vectordb"},
        "builder": {"builder", "ragoro", "vectordb"},
        "evaluator": {"evaluator", "judges", "ragoro", "vectordb"},
    }
    shared = {"ragoro.contracts", "ragoro.errors", "ragoro.golden", "ragoro.locate"}
    problems = []
    for module, targets in graph.items():
        top = module.split(".")[0]
        if module == "vectordb.cli":
            continue
        for target in targets:
            if top in allowed and target.split(".")[0] not in allowed[top]:
                problems.append(f"{module} imports {target}")
            if module in shared and target.split(".")[0] != "ragoro":
                problems.append(f"shared module {module} imports {target}")
    assert not problems, "\n".join(sorted(problems))


def test_the_cycle_finder_finds_a_cycle() -> None:
    assert _cycle({"a": {"b"}, "b": {"c"}, "c": {"a"}}) == ["a", "b", "c", "a"]
    assert _cycle({"a": {"b"}, "b": set()}) is None
