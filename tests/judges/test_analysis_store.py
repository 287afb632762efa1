"""The chunk analyses stored beside an index: the same verdicts, never trusted when stale."""

from __future__ import annotations

import json
import shutil
from collections.abc import Iterator
from pathlib import Path

import pytest

from evaluator.chunk_analyses import index_fingerprint
from judges import analysis_store, reading, support
from judges.analysis_store import ANALYSES_FILE, use_store
from tests.conftest import ROOT, run_cli
from vectordb import VectorIndex

GOLDEN = ROOT / "data" / "golden" / "qa_golden_set.jsonl"


def _forget() -> None:
    """This process forgets every analysis, as a fresh process would."""
    support._text_source.cache_clear()
    reading.analysed.cache_clear()
    reading._STORED_ANALYSES.clear()
    reading._STORED_SOURCES.clear()
    analysis_store._IN_USE.clear()


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    _forget()
    yield
    _forget()


@pytest.fixture
def index_copy(small_index: VectorIndex, tmp_path: Path) -> VectorIndex:
    folder = tmp_path / "index"
    shutil.copytree(small_index.path, folder)
    (folder / ANALYSES_FILE).unlink(missing_ok=True)
    return VectorIndex.open(folder)


def _store(index: VectorIndex) -> analysis_store.StoreUse:
    analysis_store._IN_USE.clear()
    texts = [chunk.text for chunk in index.chunks]
    return use_store(index.path, index_fingerprint(index), texts)


def test_stored_analyses_read_back_equal_to_computed(index_copy: VectorIndex) -> None:
    first = _store(index_copy)
    assert first.saved and first.computed == len({c.text for c in index_copy.chunks})
    data = json.loads((index_copy.path / ANALYSES_FILE).read_text(encoding="utf-8"))
    assert data["schema"] == "ragoro.text_analyses" and data["schema_version"] == 1
    assert data["index"] == index_fingerprint(index_copy)
    computed = {c.text: support._text_source(c.text, None) for c in index_copy.chunks}
    _forget()
    second = _store(index_copy)
    assert (second.loaded, second.computed, second.saved) == (len(computed), 0, False)
    for text, expected in computed.items():
        stored = reading.stored_source(text, None)
        assert stored == expected  # every window's tokens, quantities, dates, names, clauses
        for window in stored.windows:
            assert reading.analysed(window.text, window.lang) is window  # not computed again


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("index", "0" * 64, "another index"),
        ("code_version", "0" * 64, "another version of the analysis"),
        ("schema_version", 0, "another schema_version"),
    ],
)
def test_a_stale_file_is_ignored_and_rebuilt(
    index_copy: VectorIndex,
    capsys: pytest.CaptureFixture[str],
    field: str,
    value: object,
    why: str,
) -> None:
    _store(index_copy)
    path = index_copy.path / ANALYSES_FILE
    data = json.loads(path.read_text(encoding="utf-8"))
    # A wrong analysis under the stale header must never be read back.
    data["analyses"][0][2] = ["poisoned"]
    data[field] = value
    path.write_text(json.dumps(data), encoding="utf-8")
    _forget()
    used = _store(index_copy)
    assert (used.loaded, used.saved) == (0, True)
    assert f"ignoring {path}: made for {why}" in capsys.readouterr().err
    assert not any(
        "poisoned" in w.tokens
        for c in index_copy.chunks
        for w in support._text_source(c.text, None).windows
    )
    assert json.loads(path.read_text(encoding="utf-8"))[field] != value


@pytest.mark.parametrize(
    "damage",
    [
        lambda text: text[: len(text) // 2],  # cut off
        lambda text: text.replace('"analyses":[[', '"analyses":[[7,', 1),  # a field too many
        lambda text: text.replace('"windows":[', '"windows":[999999,', 1),  # out of range
        lambda text: text.replace('"lang":"', '"lang":"xx', 1),  # unknown language
    ],
)
def test_a_damaged_file_is_named_and_rebuilt(
    index_copy: VectorIndex, capsys: pytest.CaptureFixture[str], damage: object
) -> None:
    _store(index_copy)
    path = index_copy.path / ANALYSES_FILE
    good = path.read_text(encoding="utf-8")
    assert callable(damage)
    path.write_text(damage(good), encoding="utf-8")
    _forget()
    used = _store(index_copy)
    assert (used.loaded, used.saved) == (0, True)
    err = capsys.readouterr().err
    assert f"ignoring {path}:" in err and ("unreadable" in err or "malformed" in err)
    assert json.loads(path.read_text(encoding="utf-8"))["sources"]


def test_a_read_only_index_folder_is_named_and_the_run_goes_on(
    index_copy: VectorIndex,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(path: Path, text: str) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(analysis_store, "atomic_write_text", refuse)
    used = _store(index_copy)
    assert not used.saved and used.computed > 0
    assert "cannot save the chunk analyses" in capsys.readouterr().err
    assert not (index_copy.path / ANALYSES_FILE).exists()


def test_the_file_is_json_never_a_pickle(index_copy: VectorIndex) -> None:
    _store(index_copy)
    raw = (index_copy.path / ANALYSES_FILE).read_bytes()
    assert raw.startswith(b"{") and b"\x80" not in raw[:2]
    json.loads(raw)


def _report(tmp: Path, name: str, index: Path, *extra: str) -> dict[str, object]:
    report = tmp / f"{name}.json"
    (tmp / "baseline.json").unlink(missing_ok=True)
    done = run_cli(
        "evaluator",
        "run",
        "--judge",
        "offline",
        "--golden",
        str(GOLDEN),
        "--index",
        str(index),
        "--report",
        str(report),
        "--outcomes",
        str(tmp / "outcomes.jsonl"),
        "--baseline",
        str(tmp / "baseline.json"),
        "--no-progress",
        "--no-html",
        *extra,
    )
    assert done.returncode == 0, done.stderr
    data = json.loads(report.read_text(encoding="utf-8"))
    assert isinstance(data, dict)
    for varying in ("timings", "started_at"):
        data.pop(varying)
    return data


def test_the_committed_golden_set_gets_identical_reports_with_and_without_the_store(
    demo_index: Path, tmp_path: Path
) -> None:
    index = tmp_path / "index"
    shutil.copytree(demo_index, index)
    (index / ANALYSES_FILE).unlink(missing_ok=True)
    without = _report(tmp_path, "without", index, "--no-cache")
    assert not (index / ANALYSES_FILE).exists()  # --no-cache reads and writes nothing
    computing = _report(tmp_path, "computing", index)
    assert (index / ANALYSES_FILE).is_file()
    reading_back = _report(tmp_path, "reading", index)
    assert computing == without
    assert reading_back == without
