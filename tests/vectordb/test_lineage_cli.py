"""`python -m vectordb build` never silently replaces another corpus's index, records the
folder it indexed, and never reads a file outside the corpus through a symlink."""

from __future__ import annotations

import json
import os
import shutil
from pathlib import Path
from typing import Any

from tests.conftest import run_cli

MANUAL = "The hydraulic oil tank holds 28.5 litres. Change the oil every 500 hours.\n"
HANDBOOK = "Employees are entitled to 26 days of paid holiday per year.\n"


def _corpus(folder: Path, name: str, text: str) -> Path:
    folder.mkdir(parents=True)
    (folder / name).write_text(text, encoding="utf-8")
    return folder


def _build(docs: Path, index: Path, *extra: str) -> tuple[int, str, str]:
    result = run_cli("vectordb", "build", "--docs", str(docs), "--index", str(index), *extra)
    return result.returncode, result.stdout, result.stderr


def _manifest(index: Path) -> dict[str, Any]:
    data: dict[str, Any] = json.loads((index / "manifest.json").read_text(encoding="utf-8"))
    return data


def test_building_over_another_folders_index_needs_replace(tmp_path: Path) -> None:
    first = _corpus(tmp_path / "first", "manual.txt", MANUAL)
    second = _corpus(tmp_path / "second", "handbook.txt", HANDBOOK)
    index = tmp_path / "index"
    code, out, err = _build(first, index)
    assert code == 0, out + err
    manifest = _manifest(index)
    assert manifest["docs"] == "../first" and len(manifest["corpus_sha256"]) == 64

    # The same folder again is an ordinary rebuild.
    assert _build(first, index)[0] == 0
    before = (index / "manifest.json").read_bytes()

    code, out, err = _build(second, index)
    assert code == 2, out + err
    assert f"index {index} was built from {first.resolve()}, not {second}" in err
    assert "pass --replace" in err and "its own --index folder" in err
    assert (index / "manifest.json").read_bytes() == before

    code, out, err = _build(second, index, "--replace")
    assert code == 0, out + err
    assert list(_manifest(index)["files"]) == ["handbook.txt"]


def test_an_index_built_before_folders_were_recorded_is_checked_by_its_files(
    tmp_path: Path,
) -> None:
    first = _corpus(tmp_path / "first", "manual.txt", MANUAL)
    second = _corpus(tmp_path / "second", "handbook.txt", HANDBOOK)
    index = tmp_path / "index"
    assert _build(first, index)[0] == 0
    manifest = _manifest(index)
    del manifest["docs"]
    (index / "manifest.json").write_text(json.dumps(manifest), encoding="utf-8")
    code, _, err = _build(second, index)
    assert code == 2 and "none of its 1 files is in" in err


def test_a_symlink_out_of_the_corpus_is_named_and_not_read(tmp_path: Path) -> None:
    docs = _corpus(tmp_path / "docs", "manual.txt", MANUAL)
    secret = _corpus(tmp_path / "private", "secret.txt", "The launch code is 0000.\n")
    os.symlink(secret / "secret.txt", docs / "linked.txt")
    os.symlink(secret, docs / "linked_folder")
    shutil.copy(docs / "manual.txt", docs / "copy.txt")
    os.symlink(docs / "copy.txt", docs / "inside.txt")  # inside the corpus: read
    index = tmp_path / "index"
    code, out, err = _build(docs, index)
    assert code == 0, out + err
    assert f"skipped linked.txt: outside the corpus (symlink to {secret / 'secret.txt'}" in err
    assert f"skipped linked_folder: outside the corpus (symlink to {secret}" in err
    manifest = _manifest(index)
    assert sorted(manifest["files"]) == ["copy.txt", "inside.txt", "manual.txt"]
    assert {s["path"] for s in manifest["skipped"]} == {"linked.txt", "linked_folder"}
    chunks = (index / "chunks.jsonl").read_text(encoding="utf-8")
    assert "launch code" not in chunks
