"""The chunk analyses stored beside an index: the same verdicts, never trusted when stale."""

from __future__ import annotations

import gc
import hashlib
import json
import shutil
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest

from evaluator.chunk_analyses import index_fingerprint
from judges import analysis_store, reading, support
from judges.analysis_store import ANALYSES_FILE, use_store
from ragoro import stored
from ragoro.text.numbers import Quantity
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


def _lines(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    head, body = path.read_text(encoding="utf-8").splitlines()
    return json.loads(head), json.loads(body)


def _write_lines(path: Path, head: dict[str, Any], body: dict[str, Any]) -> None:
    text = json.dumps(body)
    head["body_sha256"] = hashlib.sha256(text.encode()).hexdigest()
    path.write_text(f"{json.dumps(head)}\n{text}\n", encoding="utf-8")


def _store(index: VectorIndex) -> analysis_store.StoreUse:
    analysis_store._IN_USE.clear()
    texts = [chunk.text for chunk in index.chunks]
    return use_store(index.path, index_fingerprint(index), texts)


def test_stored_analyses_read_back_equal_to_computed(index_copy: VectorIndex) -> None:
    first = _store(index_copy)
    assert first.saved and first.computed == len({c.text for c in index_copy.chunks})
    head, body = _lines(index_copy.path / ANALYSES_FILE)
    assert head["schema"] == "ragoro.text_analyses" and head["schema_version"] == 2
    assert head["index"] == index_fingerprint(index_copy)
    assert len(body["sources"]) == first.computed
    computed = {c.text: support._text_source(c.text, None) for c in index_copy.chunks}
    _forget()
    second = _store(index_copy)
    assert (second.loaded, second.computed, second.saved) == (len(computed), 0, False)
    for text, expected in computed.items():
        stored = reading.stored_source(text, None)
        assert stored == expected  # every window's tokens, quantities, dates, names, clauses
        for window in stored.windows:
            assert reading.analysed(window.text, window.lang) is window  # not computed again


def test_a_stored_window_shares_its_quantities_as_a_computed_one_does(
    index_copy: VectorIndex,
) -> None:
    _store(index_copy)
    _forget()
    _store(index_copy)
    windows = [w for c in index_copy.chunks for w in support._text_source(c.text, None).windows]
    assert any(w.quantities for w in windows)
    for window in windows:
        assert all(any(q is o for o in window.all_quantities) for q in window.quantities)


def test_a_quantity_or_clause_shared_by_windows_is_written_once(index_copy: VectorIndex) -> None:
    # A sentence's quantities and clauses are also its pair windows': one row each.
    _store(index_copy)
    _, body = _lines(index_copy.path / ANALYSES_FILE)
    quantity_rows = [q for row in body["analyses"] for q in row[4]]
    clause_rows = [c for row in body["analyses"] for c in row[8]]
    assert len(body["quantities"]) == len(set(quantity_rows)) < len(quantity_rows)
    assert len(body["clauses"]) == len(set(clause_rows)) < len(clause_rows)
    assert len(body["strings"]) == len(set(body["strings"]))


def test_zero_and_minus_zero_are_two_quantities() -> None:
    # Equal as floats, but not the same number written: each keeps its own row.
    zero = Quantity(value=0.0, unit=None, start=0, end=1, raw="0", number=0.0)
    minus = Quantity(value=-0.0, unit=None, start=0, end=1, raw="0", number=-0.0)
    encoder = analysis_store._Encoder()
    assert encoder.quantity(zero) != encoder.quantity(minus)
    assert encoder.quantity(Quantity(0.0, None, 0, 1, "0", 0.0)) == encoder.quantity(zero)


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
    head, body = _lines(path)
    # A wrong analysis under the stale header (its sha256 right) must never be read back.
    body["strings"].append("poisoned")
    body["analyses"][0][2] = [len(body["strings"]) - 1]
    head[field] = value
    _write_lines(path, head, body)
    _forget()
    used = _store(index_copy)
    assert (used.loaded, used.saved) == (0, True)
    assert f"ignoring {path}: made for {why}" in capsys.readouterr().err
    assert not any(
        "poisoned" in w.tokens
        for c in index_copy.chunks
        for w in support._text_source(c.text, None).windows
    )
    assert _lines(path)[0][field] != value


def _cut(head: dict[str, Any], body: str) -> str:
    return f"{json.dumps(head)}\n{body[: len(body) // 2]}"


def _flipped(head: dict[str, Any], body: str) -> str:
    flipped = body.replace('"strings":["', '"strings":["x', 1)  # one string changed
    assert flipped != body
    return f"{json.dumps(head)}\n{flipped}\n"


def _rehashed(change: Callable[[dict[str, Any]], None]) -> Callable[[dict[str, Any], str], str]:
    def damage(head: dict[str, Any], body: str) -> str:
        data = json.loads(body)
        change(data)
        text = json.dumps(data)
        head["body_sha256"] = hashlib.sha256(text.encode()).hexdigest()
        return f"{json.dumps(head)}\n{text}\n"

    return damage


def _extra_field(data: dict[str, Any]) -> None:
    data["analyses"][0].append(7)


def _out_of_range(data: dict[str, Any]) -> None:
    data["sources"][0][2].append(999999)


def _unknown_language(data: dict[str, Any]) -> None:
    data["sources"][0][1] = "xx"


def _string_past_the_end(data: dict[str, Any]) -> None:
    data["clauses"][0][0] = len(data["strings"])


def _number_as_a_string(data: dict[str, Any]) -> None:
    data["strings"][0] = 7


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (_cut, "damaged"),
        (_flipped, "damaged"),
        (_rehashed(_extra_field), "malformed"),
        (_rehashed(_out_of_range), "malformed"),
        (_rehashed(_unknown_language), "malformed"),
        (_rehashed(_string_past_the_end), "malformed"),
        (_rehashed(_number_as_a_string), "malformed"),
    ],
)
def test_a_damaged_file_is_named_and_rebuilt(
    index_copy: VectorIndex,
    capsys: pytest.CaptureFixture[str],
    damage: Callable[[dict[str, Any], str], str],
    why: str,
) -> None:
    _store(index_copy)
    path = index_copy.path / ANALYSES_FILE
    head_line, body = path.read_text(encoding="utf-8").splitlines()
    path.write_text(damage(json.loads(head_line), body), encoding="utf-8")
    _forget()
    used = _store(index_copy)
    assert (used.loaded, used.saved) == (0, True)
    assert f"ignoring {path}: {why}" in capsys.readouterr().err
    assert _lines(path)[1]["sources"]


def test_a_read_only_index_folder_is_named_and_the_run_goes_on(
    index_copy: VectorIndex,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(path: Path, text: str) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(stored, "atomic_write_text", refuse)
    used = _store(index_copy)
    assert not used.saved and used.computed > 0
    assert "cannot save the chunk analyses" in capsys.readouterr().err
    assert not (index_copy.path / ANALYSES_FILE).exists()


def test_a_body_is_decoded_with_the_collector_paused_and_restored_after(
    index_copy: VectorIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    _store(index_copy)
    _forget()
    decode, seen = analysis_store._decode, []

    def watched(data: Any) -> list[tuple[str, reading.TextSource]]:
        seen.append(gc.isenabled())
        return decode(data)

    monkeypatch.setattr(analysis_store, "_decode", watched)
    assert gc.isenabled()
    assert _store(index_copy).loaded
    assert seen == [False] and gc.isenabled()


def test_a_paused_collection_leaves_the_collector_as_it_found_it() -> None:
    assert gc.isenabled()
    with pytest.raises(ValueError), stored.paused_collection():
        assert not gc.isenabled()
        raise ValueError("a malformed body")
    assert gc.isenabled()  # restored after an error too
    gc.disable()
    try:
        with stored.paused_collection():
            pass
        assert not gc.isenabled()  # a caller that had disabled it keeps it disabled
    finally:
        gc.enable()


def test_the_file_is_json_never_a_pickle(index_copy: VectorIndex) -> None:
    _store(index_copy)
    raw = (index_copy.path / ANALYSES_FILE).read_bytes()
    assert raw.startswith(b"{") and not raw.startswith(b"\x80")  # a pickle starts with \x80
    for line in raw.splitlines():
        assert isinstance(json.loads(line), dict)


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
