"""The offline gate is deterministic: the same run in two processes, whose string hashes
differ (PYTHONHASHSEED), writes the same report, reasons included. A reason that names a
set's members in hash order would make reports differ from run to run."""

from __future__ import annotations

import json
import os
import subprocess
import sys
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT

GOLDEN = ROOT / "data" / "golden" / "qa_golden_set.jsonl"

pytestmark = pytest.mark.slow


def _report(folder: Path, index: Path, seed: str) -> dict[str, Any]:
    folder.mkdir()
    env = dict(os.environ, PYTHONPATH=str(ROOT), TQDM_DISABLE="1", PYTHONHASHSEED=seed)
    done = subprocess.run(
        [
            sys.executable, "-m", "evaluator", "run", "--judge", "offline",
            "--golden", str(GOLDEN), "--index", str(index),
            "--report", str(folder / "report.json"), "--outcomes", str(folder / "outcomes.jsonl"),
            "--baseline", str(folder / "baseline.json"), "--no-progress", "--no-html",
        ],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    assert done.returncode == 0, done.stderr
    text = (folder / "report.json").read_text(encoding="utf-8").replace(str(folder), "<run>")
    data: dict[str, Any] = json.loads(text)
    for varying in ("timings", "started_at"):
        data.pop(varying)
    return data


def test_two_processes_with_different_hash_seeds_write_the_same_report(
    tmp_path: Path, demo_index: Path
) -> None:
    # Seeds 1 and 4 iterate the small word sets of this golden set's names in different
    # orders (checked: the entity reason of one case read "elena" under one, "conti" under
    # the other, before the judge named a set's members in a fixed order).
    first = _report(tmp_path / "seed-1", demo_index, "1")
    second = _report(tmp_path / "seed-4", demo_index, "4")
    assert first["case_results"], "nothing was judged"
    assert second == first
