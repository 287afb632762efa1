"""`make demo` runs offline whatever keys are around, and writes only under its folder."""

from __future__ import annotations

import json
import os
import shutil
import subprocess
import sys
from pathlib import Path

import pytest

from tests.conftest import ROOT

SKIP = {".git", ".venv", ".mypy_cache", ".ruff_cache", ".pytest_cache", "__pycache__"}


def _tree(root: Path) -> dict[str, int]:
    """Every file of the checkout (tool caches aside) with its modification time."""
    found: dict[str, int] = {}
    for folder, dirs, files in os.walk(root):
        dirs[:] = [d for d in dirs if d not in SKIP and not d.endswith(".egg-info")]
        for name in files:
            path = Path(folder) / name
            found[str(path.relative_to(root))] = path.lstat().st_mtime_ns
    return found


@pytest.mark.skipif(shutil.which("make") is None, reason="make is not installed")
def test_make_demo_is_offline_with_a_key_set_and_writes_only_its_folder(tmp_path: Path) -> None:
    demo = tmp_path / "demo"
    # A key in .env reaches the commands as this variable does (.env never overrides the
    # environment): if any step went online, it would fail its probe with no network.
    env = dict(os.environ, GOOGLE_API_KEY="bogus-key-for-the-test", TQDM_DISABLE="1")
    env["PYTHONPATH"] = str(ROOT)
    before = _tree(ROOT)
    result = subprocess.run(
        ["make", "-s", "-o", ".venv/.installed", "demo", f"DEMO={demo}", f"PY={sys.executable}"],
        cwd=ROOT,
        env=env,
        capture_output=True,
        text=True,
        timeout=1200,
        check=False,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "gate: PASS" in result.stdout
    assert _tree(ROOT) == before  # nothing written in the checkout
    written = sorted(p.relative_to(demo).as_posix() for p in demo.rglob("*") if p.is_file())
    assert {
        "qa_golden_set.jsonl",
        "qa_golden_set.jsonl.lineage.json",
        "outcomes.jsonl",
        "outcomes.jsonl.lineage.json",
        "qa_report.json",
        "qa_baseline.json",
        "faiss_index/manifest.json",
    } <= set(written)
    rows = (demo / "qa_golden_set.jsonl").read_text(encoding="utf-8").splitlines()
    assert {json.loads(row)["provenance"]["generator"] for row in rows} == {"offline"}
    report = json.loads((demo / "qa_report.json").read_text(encoding="utf-8"))
    assert report["judge"] == "offline" and report["agent"] == "extractive"
    assert report["gate"]["verdict"] == "pass"
