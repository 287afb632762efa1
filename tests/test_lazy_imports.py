"""--help and argument errors of every command line load none of the heavy stacks, and an
offline run never imports LangChain (checked in `sys.modules` of a fresh interpreter)."""

from __future__ import annotations

import pytest

from tests.conftest import modules_loaded_by

HEAVY = ("langchain", "langchain_core", "torch", "sentence_transformers", "faiss", "pypdf", "docx")


def _run(module: str, *args: str) -> tuple[str, str]:
    code, heavy, _ = modules_loaded_by(module, *args, watch=HEAVY)
    return code, heavy


@pytest.mark.parametrize("module", ["vectordb", "builder", "evaluator", "judges"])
def test_help_loads_no_heavy_stack(module: str) -> None:
    assert _run(module, "--help") == ("0", "-")


@pytest.mark.parametrize(
    ("module", "args"),
    [
        ("vectordb", ("search",)),
        ("builder", ("generate", "--sample", "x")),
        ("evaluator", ("run", "--judge", "nope")),
        ("judges", ("calibrate", "--judge", "nope")),
    ],
)
def test_an_argument_error_loads_no_heavy_stack(module: str, args: tuple[str, ...]) -> None:
    assert _run(module, *args) == ("2", "-")


def test_every_subcommand_help_loads_no_langchain() -> None:
    for module, sub in (("evaluator", "run"), ("evaluator", "rescore"), ("builder", "generate")):
        code, heavy = _run(module, sub, "--help")
        assert code == "0" and "langchain" not in heavy and "langchain_core" not in heavy, (
            module,
            sub,
            heavy,
        )


def test_the_offline_calibration_imports_no_langchain() -> None:
    code, heavy = _run("judges", "calibrate")
    assert code == "0"
    assert "langchain" not in heavy.split(",") and "langchain_core" not in heavy.split(",")
