"""Crash safety: SIGKILL a real `builder generate` midway, rerun, get the same final set."""

from __future__ import annotations

import json
import os
import re
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

from tests.builder.generate_support import demo_index
from tests.conftest import ROOT, run_cli

ARGS = ("--sample", "0.3", "--seed", "7", "--llm", "offline", "--no-progress")


def _args() -> tuple[str, ...]:
    return (*ARGS, "--index", str(demo_index()))


def _rows(path: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in path.read_text(encoding="utf-8").splitlines()]
    for row in rows:
        row.get("provenance", {}).pop("created_at", None)
        row.get("item", {}).get("provenance", {}).pop("created_at", None)
    return rows


def _lines(path: Path) -> int:
    return len(path.read_text(encoding="utf-8").splitlines()) if path.exists() else 0


def test_kill_9_then_rerun_gives_the_uninterrupted_set(tmp_path: Path) -> None:
    reference = tmp_path / "reference" / "golden.jsonl"
    done = run_cli("builder", "generate", *_args(), "--out", str(reference))
    assert done.returncode == 0, done.stderr

    out = tmp_path / "killed" / "golden.jsonl"
    env = dict(os.environ, PYTHONPATH=str(ROOT), TQDM_DISABLE="1", RAGORO_GENERATE_DELAY="0.4")
    process = subprocess.Popen(
        [
            sys.executable,
            "-m",
            "builder",
            "generate",
            *_args(),
            "--out",
            str(out),
            "--concurrency",
            "2",
        ],
        cwd=ROOT,
        env=env,
        stdout=subprocess.DEVNULL,
        stderr=subprocess.DEVNULL,
    )
    deadline = time.monotonic() + 120
    while _lines(out) < 3 and time.monotonic() < deadline and process.poll() is None:
        time.sleep(0.05)
    process.send_signal(signal.SIGKILL)
    process.wait()
    partial = _lines(out)
    assert 3 <= partial < len(_rows(reference)), "the run was not interrupted midway"
    with out.open("a", encoding="utf-8") as handle:
        handle.write('{"id": "nar-torn", "question": "half a li')  # a write cut by the kill

    resumed = run_cli("builder", "generate", *_args(), "--out", str(out))
    assert resumed.returncode == 0, resumed.stderr
    assert "truncated last line" in resumed.stdout
    match = re.search(r"resumed (\d+)", resumed.stdout)
    assert match is not None and int(match.group(1)) >= partial
    rows = _rows(out)
    assert len({r["id"] for r in rows}) == len(rows)
    assert rows == _rows(reference)
    rejects = out.with_name("golden.rejects.jsonl")
    assert _rows(rejects) == _rows(reference.with_name("golden.rejects.jsonl"))

    again = run_cli("builder", "generate", *_args(), "--out", str(out))
    assert "new 0" in again.stdout and _rows(out) == _rows(reference)
