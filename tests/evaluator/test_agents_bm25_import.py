"""The agent's BM25 search imports bm25s without scipy (which bm25s loads only for a matrix
backend the agent does not use), ranks the same, and leaves scipy importable afterwards."""

from __future__ import annotations

import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parents[2]

_SCRIPT = """
import sys
from evaluator.agents.hybrid import _bm25s
bm25s = _bm25s()
retriever = bm25s.BM25()
retriever.index([["ferie", "giorni"], ["turno", "notte"], ["ferie", "estive", "ferie"]],
                show_progress=False)
scores = [round(float(s), 6) for s in retriever.get_scores(["ferie"])]
print("scipy" in sys.modules, bm25s.SCIPY_AVAILABLE, scores)
import scipy.sparse
print(scipy.sparse.csc_matrix.__name__)
"""


def test_bm25s_is_imported_without_scipy_and_scipy_still_imports() -> None:
    out = subprocess.run(
        [sys.executable, "-c", _SCRIPT],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.splitlines()
    loaded, available, scores = out[0].split(" ", 2)
    assert (loaded, available) == ("False", "False")
    assert scores != "[0.0, 0.0, 0.0]" and scores.startswith("[") and ", 0.0," in scores
    assert out[1] == "csc_matrix"


def test_an_already_imported_scipy_is_kept() -> None:
    script = "import scipy.sparse, sys\n" + _SCRIPT.split("bm25s = _bm25s()", maxsplit=1)[0]
    script += "print(_bm25s().SCIPY_AVAILABLE, sys.modules['scipy.sparse'] is not None)"
    out = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    ).stdout.strip()
    assert out == "True True"
