"""`python -m evaluator run` stopped midway (Ctrl-C, a kill) resumes from its outcomes
journal: no case twice, the report and outcomes of an uninterrupted run, a torn last line
dropped, and a journal of another run refused rather than mixed."""

from __future__ import annotations

import json
import os
import shutil
import signal
import subprocess
import sys
import time
from pathlib import Path
from typing import Any

import pytest

from tests.conftest import ROOT, run_cli

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"
N_CASES = 8
DONE_BEFORE_STOP = 3


def _argv(folder: Path, index: Path, *extra: str) -> list[str]:
    return [
        "evaluator", "run", "--golden", str(GOLDEN), "--index", str(index),
        "--report", str(folder / "report.json"), "--outcomes", str(folder / "outcomes.jsonl"),
        "--baseline", str(folder / "baseline.json"), "--no-html", "--no-progress", *extra,
    ]  # fmt: skip


def _run(folder: Path, index: Path, *extra: str) -> subprocess.CompletedProcess[str]:
    folder.mkdir(parents=True, exist_ok=True)
    return run_cli(*_argv(folder, index, *extra))


def _journal(folder: Path) -> Path:
    return folder / "outcomes.jsonl.journal"


def _lines(path: Path) -> list[str]:
    return path.read_text(encoding="utf-8").splitlines() if path.exists() else []


def _stopped(folder: Path, index: Path, stop: signal.Signals) -> subprocess.CompletedProcess[str]:
    """A run with a slow agent, sent `stop` once DONE_BEFORE_STOP cases are journalled."""
    folder.mkdir(parents=True, exist_ok=True)
    env = dict(os.environ, PYTHONPATH=str(ROOT), TQDM_DISABLE="1", RAGORO_AGENT_DELAY="0.5")
    child = subprocess.Popen(
        [sys.executable, "-m", *_argv(folder, index)],
        cwd=ROOT,
        env=env,
        stdout=subprocess.PIPE,
        stderr=subprocess.PIPE,
        text=True,
    )
    deadline = time.monotonic() + 300
    while len(_lines(_journal(folder))) < 1 + DONE_BEFORE_STOP:
        assert child.poll() is None, child.communicate()
        assert time.monotonic() < deadline, "the run journalled nothing in 300 s"
        time.sleep(0.05)
    child.send_signal(stop)
    out, err = child.communicate(timeout=120)
    return subprocess.CompletedProcess(child.args, child.returncode, out, err)


def _report(folder: Path) -> dict[str, Any]:
    """report.json with this run's own folder named alike, and timings left out."""
    text = (folder / "report.json").read_text(encoding="utf-8")
    data: dict[str, Any] = json.loads(text.replace(str(folder), "<run folder>"))
    for varying in ("timings", "started_at"):
        data.pop(varying)
    return data


def _outcomes(folder: Path) -> list[dict[str, Any]]:
    rows = [json.loads(line) for line in _lines(folder / "outcomes.jsonl")]
    for row in rows:
        row.pop("latency_s")
    return rows


@pytest.fixture(scope="module")
def clean(tmp_path_factory: pytest.TempPathFactory, demo_index: Path) -> Path:
    """An uninterrupted run: what every resumed run must equal."""
    folder = tmp_path_factory.mktemp("clean")
    result = _run(folder, demo_index)
    assert result.returncode == 0, result.stdout + result.stderr
    assert not _journal(folder).exists()  # removed once the outcomes are written
    return folder


@pytest.fixture(scope="module")
def killed(tmp_path_factory: pytest.TempPathFactory, demo_index: Path) -> Path:
    """The journal a run killed (SIGKILL: no clean-up at all) midway left behind."""
    folder = tmp_path_factory.mktemp("killed")
    result = _stopped(folder, demo_index, signal.SIGKILL)
    assert result.returncode == -signal.SIGKILL
    assert not (folder / "outcomes.jsonl").exists()
    return _journal(folder)


def _resumes_as_clean(folder: Path, clean: Path, index: Path, *extra: str) -> str:
    """Rerun the command in `folder`; assert it equals the clean run; its stderr."""
    result = _run(folder, index, *extra)
    assert result.returncode == 0, result.stdout + result.stderr
    ids = [row["case_id"] for row in _outcomes(folder)]
    assert len(ids) == len(set(ids)) == N_CASES
    assert _outcomes(folder) == _outcomes(clean)
    assert _report(folder) == _report(clean)
    assert not _journal(folder).exists()
    return result.stderr


def test_ctrl_c_keeps_the_finished_cases_and_a_rerun_resumes_to_the_clean_result(
    tmp_path: Path, demo_index: Path, clean: Path
) -> None:
    stopped = _stopped(tmp_path, demo_index, signal.SIGINT)
    assert stopped.returncode == 130, stopped.stderr
    assert "rerun the same command to resume" in stopped.stderr
    assert not (tmp_path / "outcomes.jsonl").exists()
    journalled = _lines(_journal(tmp_path))
    header = json.loads(journalled[0])
    assert header["kind"] == "ragoro-outcomes-journal" and header["fingerprint"]["k"] == 3
    finished = [json.loads(line)["case_id"] for line in journalled[1:]]
    assert DONE_BEFORE_STOP <= len(finished) < N_CASES
    err = _resumes_as_clean(tmp_path, clean, demo_index)
    assert f"{len(finished)} of {N_CASES} case(s) already done" in err
    assert f"{N_CASES - len(finished)} to run" in err


def test_a_torn_last_line_is_dropped_with_a_warning_and_its_case_redone(
    tmp_path: Path, demo_index: Path, clean: Path, killed: Path
) -> None:
    journal = _journal(tmp_path)
    shutil.copy(killed, journal)
    whole = len(_lines(journal)) - 1
    with journal.open("a", encoding="utf-8") as handle:
        handle.write('{"case_id": "num-001", "question": "Quanto')  # a write cut by a kill
    err = _resumes_as_clean(tmp_path, clean, demo_index)
    assert "dropped a truncated last line" in err
    assert f"{whole} of {N_CASES} case(s) already done" in err


def test_a_journal_of_another_run_is_refused_until_fresh_is_asked_for(
    tmp_path: Path, demo_index: Path, clean: Path, killed: Path
) -> None:
    journal = _journal(tmp_path)
    shutil.copy(killed, journal)
    before = journal.read_bytes()
    refused = _run(tmp_path, demo_index, "--k", "2")
    assert refused.returncode == 2, refused.stdout + refused.stderr
    assert "of a different run (k: journal 3, now 2)" in refused.stderr
    assert "--fresh" in refused.stderr and "--outcomes" in refused.stderr
    assert journal.read_bytes() == before  # nothing overwritten, nothing appended
    assert not (tmp_path / "outcomes.jsonl").exists()
    fresh = _run(tmp_path, demo_index, "--k", "2", "--fresh")
    assert fresh.returncode == 0, fresh.stdout + fresh.stderr
    assert "already done" not in fresh.stderr
    assert len(_outcomes(tmp_path)) == N_CASES and not journal.exists()
    # The same command as the journal's resumes it, once the other run is out of the way.
    shutil.copy(killed, journal)
    (tmp_path / "baseline.json").unlink()  # the k=2 run's; the clean run made its own
    _resumes_as_clean(tmp_path, clean, demo_index)


def test_a_journal_that_is_not_an_outcomes_journal_is_refused(
    tmp_path: Path, demo_index: Path
) -> None:
    journal = _journal(tmp_path)
    journal.write_text('{"id": "something else"}\n', encoding="utf-8")
    refused = _run(tmp_path, demo_index)
    assert refused.returncode == 2
    assert "is not an outcomes journal" in refused.stderr
    assert journal.read_text(encoding="utf-8") == '{"id": "something else"}\n'


@pytest.mark.slow
def test_ray_resumes_a_killed_local_run_to_the_clean_result(
    tmp_path: Path, demo_index: Path, clean: Path, killed: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    monkeypatch.delenv("RAY_ADDRESS", raising=False)
    shutil.copy(killed, _journal(tmp_path))
    err = _resumes_as_clean(tmp_path, clean, demo_index, "--executor", "ray", "--ray-workers", "2")
    assert "case(s) already done" in err
