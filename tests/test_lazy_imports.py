"""--help and argument errors of every command line load none of the heavy stacks, and an
offline run never imports LangChain (checked in `sys.modules` of a fresh interpreter)."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from tests.conftest import modules_loaded_by

CALIBRATION = Path(__file__).resolve().parents[1] / "data" / "calibration" / "calibration.jsonl"

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


# What a parser alone needs: the evaluator's, the judges' and the vector store's command
# lines build theirs from modules that import neither numpy nor pydantic (the contracts),
# which were most of what `evaluator --help` still cost (0.55 of 0.6 CPU s).
LIGHT_PARSERS = [
    ("evaluator", ("--help",)),
    ("evaluator", ("run", "--help")),
    ("evaluator", ("selfcheck", "--help")),
    ("evaluator", ("extraction", "--help")),
    ("evaluator", ("run", "--judge", "nope")),
    ("evaluator", ("rescore",)),
    ("judges", ("--help",)),
    ("judges", ("calibrate", "--judge", "nope")),
    ("vectordb", ("--help",)),
]


@pytest.mark.parametrize(("module", "args"), LIGHT_PARSERS)
def test_help_and_argument_errors_load_not_even_numpy_or_pydantic(
    module: str, args: tuple[str, ...]
) -> None:
    code, loaded, _ = modules_loaded_by(module, *args, watch=(*HEAVY, "numpy", "pydantic"))
    assert code in ("0", "2") and loaded == "-", (module, args, code, loaded)


def test_every_subcommand_help_loads_no_langchain() -> None:
    for module, sub in (("evaluator", "run"), ("evaluator", "rescore"), ("builder", "generate")):
        code, heavy = _run(module, sub, "--help")
        assert code == "0" and "langchain" not in heavy and "langchain_core" not in heavy, (
            module,
            sub,
            heavy,
        )


def test_the_offline_calibration_imports_no_langchain(tmp_path: Path) -> None:
    # Forty dev cases load every judge the whole set does; all 908 took over the probe's
    # 300 s on a loaded machine. Dev ones: no test runs the judge on a held-out case.
    lines = CALIBRATION.read_text(encoding="utf-8").splitlines(keepends=True)
    cases = [line for line in lines if json.loads(line)["split"] == "dev"][:40]
    assert len(cases) == 40
    subset = tmp_path / "calibration.jsonl"
    subset.write_text("".join(cases), encoding="utf-8")
    code, heavy = _run("judges", "calibrate", str(subset))
    assert code == "0"
    assert "langchain" not in heavy.split(",") and "langchain_core" not in heavy.split(",")


# What an offline run does not use: the extraction check (and the fact readers it
# loads), selfcheck, the JUnit writer (xml.etree, only with --junit), the LLM judge and the
# call cache (sqlite3). Printed at exit, after the run: the probe names top-level packages.
_PRINT_MODULES_AT_EXIT = """
import atexit, sys
atexit.register(lambda: print("MODULES", ",".join(sorted(sys.modules))))
"""
UNUSED = (
    "evaluator.extraction",
    "evaluator.selfcheck",
    "evaluator.junit",
    "judges.llm",
    "ragoro.llm.cache",
    "vectordb.facts",
    "xml.etree",
    "sqlite3",
)


def test_an_offline_run_loads_neither_the_other_subcommands_nor_the_llm_judge(
    tmp_path: Path, demo_index: Path
) -> None:
    golden = Path(__file__).resolve().parent / "data" / "demo_golden.jsonl"
    code, _, out = modules_loaded_by(
        "evaluator", "run", "--golden", str(golden), "--index", str(demo_index),
        "--agent", "reference", "--judge", "offline", "--no-progress",
        "--report", str(tmp_path / "r.json"), "--outcomes", str(tmp_path / "o.jsonl"),
        "--baseline", str(tmp_path / "b.json"),
        watch=(), prelude=_PRINT_MODULES_AT_EXIT,
    )  # fmt: skip
    assert code == "0", out
    [line] = [line for line in out.splitlines() if line.startswith("MODULES ")]
    loaded = line.removeprefix("MODULES ").split(",")
    assert "judges.offline" in loaded and "evaluator.html" in loaded  # the run did run
    unused = [m for m in loaded if m.startswith(tuple(f"{u}." for u in UNUSED)) or m in UNUSED]
    assert unused == [], unused
