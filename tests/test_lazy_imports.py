"""--help and argument errors of every command line load none of the heavy stacks, and an
offline run never imports LangChain (checked in `sys.modules` of a fresh interpreter)."""

from __future__ import annotations

import subprocess
import sys

import pytest

from tests.conftest import ROOT

HEAVY = ("langchain", "langchain_core", "torch", "sentence_transformers", "faiss", "pypdf", "docx")

_PROBE = """
import runpy, sys
sys.argv = {argv!r}
code = None
try:
    runpy.run_module({module!r}, run_name="__main__")
except SystemExit as exc:
    code = exc.code
heavy = sorted({{name.split(".")[0] for name in sys.modules}} & set({heavy!r}))
print("RESULT", code, ",".join(heavy) or "-")
"""


def _run(module: str, *args: str) -> tuple[str, str]:
    script = _PROBE.format(argv=[module, *args], module=module, heavy=HEAVY)
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        capture_output=True,
        text=True,
        timeout=300,
        check=False,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
    )
    result = [line for line in done.stdout.splitlines() if line.startswith("RESULT ")]
    assert result, done.stdout + done.stderr
    _, code, heavy = result[-1].split(" ")
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
