"""Query vectors cached beside the index: a rerun of an unchanged question set loads no model."""

from __future__ import annotations

import json
import shutil
from pathlib import Path

import numpy as np
import pytest

from evaluator.evaluate import ModelUse, evaluate
from judges.paraphrase import VECTORS_FILE
from ragoro.golden import load_golden
from tests.conftest import ROOT, modules_loaded_by
from vectordb import VectorIndex
from vectordb.query_cache import CACHE_FILE, QueryVectorCache

GOLDEN = ROOT / "data" / "golden" / "qa_golden_set.jsonl"


class _Counting:
    """An encoder stand-in that records what it was asked to embed."""

    def __init__(self) -> None:
        self.calls: list[list[str]] = []

    def __call__(self, texts: list[str]) -> np.ndarray:
        self.calls.append(list(texts))
        return np.array([[float(len(t)), 1.0, 0.0] for t in texts], dtype=np.float32)


def test_only_missing_texts_are_encoded_and_a_new_cache_reads_them_from_disk(
    tmp_path: Path,
) -> None:
    encode = _Counting()
    first = QueryVectorCache(tmp_path, "model|3|abc", 3)
    vectors = first.embed(["uno", "due", "uno"], encode)
    assert encode.calls == [["uno", "due"]]
    assert vectors.shape == (3, 3) and vectors[0][0] == 3.0 and vectors[2][0] == 3.0
    first.embed(["due", "tre"], encode)
    assert encode.calls[-1] == ["tre"]
    again = QueryVectorCache(tmp_path, "model|3|abc", 3)
    out = again.embed(["tre", "uno"], encode)
    assert len(encode.calls) == 2, "a second cache over the same folder must read the file"
    assert (again.hits, again.misses) == (2, 0)
    np.testing.assert_array_equal(out, np.array([[3, 1, 0], [3, 1, 0]], dtype=np.float32))


def test_another_model_or_index_identity_recomputes(tmp_path: Path) -> None:
    encode = _Counting()
    QueryVectorCache(tmp_path, "model-a|3|abc", 3).embed(["uno"], encode)
    QueryVectorCache(tmp_path, "model-b|3|abc", 3).embed(["uno"], encode)
    QueryVectorCache(tmp_path, "model-b|3|rebuilt", 3).embed(["uno"], encode)
    assert encode.calls == [["uno"], ["uno"], ["uno"]]


def test_an_unreadable_cache_file_is_named_and_recomputed(
    tmp_path: Path, capsys: pytest.CaptureFixture[str]
) -> None:
    (tmp_path / CACHE_FILE).write_bytes(b"not a numpy file")
    encode = _Counting()
    vectors = QueryVectorCache(tmp_path, "m|3|x", 3).embed(["uno"], encode)
    assert encode.calls == [["uno"]] and vectors.shape == (1, 3)
    assert CACHE_FILE in capsys.readouterr().err
    assert QueryVectorCache(tmp_path, "m|3|x", 3).embed(["uno"], encode).shape == (1, 3)
    assert len(encode.calls) == 1, "the broken file was replaced by a good one"


def _outcomes(evaluation: object) -> list[dict[str, object]]:
    return [o.model_dump(exclude={"latency_s"}) for o in evaluation.outcomes]  # type: ignore[attr-defined]


def test_a_rerun_loads_no_model_and_gives_the_same_outcomes(
    demo_index: Path, tmp_path: Path, monkeypatch: pytest.MonkeyPatch
) -> None:
    index = tmp_path / "index"
    shutil.copytree(demo_index, index)
    # The shared demo index may hold the cache of an earlier test's evaluation.
    (index / CACHE_FILE).unlink(missing_ok=True)
    (index / VECTORS_FILE).unlink(missing_ok=True)
    uncached = evaluate(GOLDEN, index=index, use=ModelUse(cache=False))
    assert not (index / CACHE_FILE).exists(), "--no-cache writes no query-vector cache"
    assert not (index / VECTORS_FILE).exists(), "--no-cache writes no judge vectors"
    first = evaluate(GOLDEN, index=index)
    assert (index / CACHE_FILE).is_file()

    def no_model(name: str) -> object:
        raise AssertionError(f"the embedding model {name} was loaded on a cache hit")

    monkeypatch.setattr("vectordb.index.get_encoder", no_model)
    opened = VectorIndex.open(index)
    second = evaluate(GOLDEN, index=opened)
    assert opened.query_cache is not None and opened.query_cache.misses == 0
    assert opened.query_cache.hits >= len(second.outcomes)
    assert _outcomes(first) == _outcomes(second) == _outcomes(uncached)


def test_the_cli_rerun_imports_no_sentence_model(demo_index: Path, tmp_path: Path) -> None:
    index = tmp_path / "index"
    shutil.copytree(demo_index, index)
    evaluate(GOLDEN, index=index)  # warms the cache
    assert (index / VECTORS_FILE).is_file(), "the judge's paraphrase vectors are kept too"
    # A cache hit must not load the query model, and the offline judge reads the vectors
    # of its paraphrase check (judges/paraphrase.py) from beside the index: the rerun of an
    # unchanged golden set imports no sentence model at all.
    code, loaded, stdout = modules_loaded_by(
        "evaluator",
        "run",
        *("--golden", str(GOLDEN), "--index", str(index), "--no-progress"),
        *("--outcomes", str(tmp_path / "o.jsonl"), "--report", str(tmp_path / "r.json")),
        *("--baseline", str(tmp_path / "b.json")),
        watch=("torch", "sentence_transformers"),
        prelude=(
            "import vectordb.index\n"
            "def no_model(name):\n    raise SystemExit('query model loaded on a cache hit')\n"
            "vectordb.index.get_encoder = no_model"
        ),
    )
    assert code == "0", stdout
    assert loaded == "-", f"the rerun imported the model stack: {loaded}"
    report = json.loads((tmp_path / "r.json").read_text(encoding="utf-8"))
    assert report["n_cases"] == len(load_golden(GOLDEN)) > 0
