"""`--ray-address` against a real Ray cluster: a head node started with `ray start` on
loopback, as a user's cluster would be, with the token authentication Ray turns on for it.

The local-mode tests prove the fan-out; this one proves that pointing the command at a
cluster works unchanged, and that a Ray left running on the machine is not picked up by a
run that did not ask for it.
"""

from __future__ import annotations

import os
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from collections.abc import Iterator
from pathlib import Path

import pytest

from tests.conftest import ROOT
from tests.executors.test_ray_cli import _outcomes, _report

pytestmark = pytest.mark.slow

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"
RAY = Path(sys.executable).with_name("ray")


def _free_port() -> int:
    with socket.socket() as probe:
        probe.bind(("127.0.0.1", 0))
        port: int = probe.getsockname()[1]
    return port


def _wait_for_head(temp_dir: Path, head: subprocess.Popen[str], timeout: float) -> None:
    # `ray start` writes the address of the cluster it started once its GCS answers.
    deadline = time.monotonic() + timeout
    while time.monotonic() < deadline:
        if (temp_dir / "ray_current_cluster").exists():
            return
        if head.poll() is not None:
            raise AssertionError(f"ray start exited with {head.returncode}")
        time.sleep(0.5)
    raise AssertionError("the Ray head did not come up")


@pytest.fixture(scope="module")
def cluster() -> Iterator[tuple[str, dict[str, str]]]:
    """A one-node Ray cluster on 127.0.0.1 with its own token; (address, client env)."""
    if not RAY.exists():
        pytest.fail(f"{RAY} is missing: Ray is in requirements-dev.txt")
    # A short private temp dir: Ray's socket paths must stay under the 107-byte limit, and
    # a private one keeps this head out of every other test's (and user's) way.
    temp_dir = Path(tempfile.mkdtemp(prefix="rg-ray-", dir="/tmp"))
    port = _free_port()
    env = dict(os.environ, RAY_AUTH_MODE="token", RAY_AUTH_TOKEN=secrets.token_hex(32))
    env.pop("RAY_ADDRESS", None)
    head = subprocess.Popen(
        [
            str(RAY), "start", "--head", "--block", "--node-ip-address=127.0.0.1",
            f"--port={port}", "--num-cpus=2", "--include-dashboard=false",
            "--disable-usage-stats", f"--temp-dir={temp_dir}",
        ],
        env=env, stdout=subprocess.DEVNULL, stderr=subprocess.PIPE, text=True,
        start_new_session=True,
    )  # fmt: skip
    try:
        _wait_for_head(temp_dir, head, timeout=120)
        client = {
            "RAY_AUTH_MODE": "token",
            "RAY_AUTH_TOKEN": env["RAY_AUTH_TOKEN"],
            "TQDM_DISABLE": "1",
            "PYTHONPATH": str(ROOT),
        }
        yield f"127.0.0.1:{port}", client
    finally:
        # --block makes the head the parent of the cluster's processes: ending its session
        # ends them all, without `ray stop` (which would stop every Ray on the machine).
        os.killpg(head.pid, signal.SIGTERM)
        try:
            head.wait(timeout=60)
        except subprocess.TimeoutExpired:
            os.killpg(head.pid, signal.SIGKILL)
            head.wait(timeout=30)
        shutil.rmtree(temp_dir, ignore_errors=True)


def _run(folder: Path, index: Path, env: dict[str, str], *extra: str) -> tuple[int, str]:
    folder.mkdir(parents=True, exist_ok=True)
    result = subprocess.run(
        [
            sys.executable, "-m", "evaluator", "run", "--golden", str(GOLDEN),
            "--index", str(index), "--report", str(folder / "report.json"),
            "--outcomes", str(folder / "outcomes.jsonl"),
            "--baseline", str(folder / "baseline.json"), "--no-html", "--no-progress", *extra,
        ],
        cwd=ROOT, env=env, capture_output=True, text=True, timeout=600, check=False,
    )  # fmt: skip
    return result.returncode, result.stdout + result.stderr


def test_a_run_pointed_at_a_cluster_writes_the_local_report(
    tmp_path: Path, demo_index: Path, cluster: tuple[str, dict[str, str]]
) -> None:
    address, client = cluster
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")} | client
    code, out = _run(tmp_path / "local", demo_index, env)
    assert code == 0, out
    code, out = _run(
        tmp_path / "ray", demo_index, env, "--executor", "ray", "--ray-address", address
    )
    assert code == 0, out
    assert _outcomes(tmp_path / "ray") == _outcomes(tmp_path / "local")
    assert _report(tmp_path / "ray") == _report(tmp_path / "local")


def test_without_the_clusters_token_the_error_says_what_to_set(
    tmp_path: Path, demo_index: Path, cluster: tuple[str, dict[str, str]]
) -> None:
    address, client = cluster
    env = {k: v for k, v in os.environ.items() if not k.startswith("RAY_")}
    env |= {k: v for k, v in client.items() if not k.startswith("RAY_")}
    code, out = _run(
        tmp_path / "run", demo_index, env, "--executor", "ray", "--ray-address", address
    )
    assert code == 2, out
    assert f"cannot start or reach Ray at {address}" in out
    assert "RAY_AUTH_MODE=token" in out
    assert not (tmp_path / "run" / "outcomes.jsonl").exists()
