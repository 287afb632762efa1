"""The agent's reading of an index stored beside it: the same answers, never trusted when stale."""

from __future__ import annotations

import gc
import hashlib
import json
import shutil
import subprocess
import sys
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import numpy as np
import pytest

from evaluator import corpus_store
from evaluator.agents.extractive import ExtractiveAgent
from evaluator.agents.hybrid import HybridRetriever, KeywordIndex
from evaluator.agents.null import YesAgent
from evaluator.agents.support import CorpusStats
from evaluator.corpus_store import CORPUS_FILE, use_corpus_store
from ragoro import stored
from tests.conftest import ROOT, run_cli
from vectordb import VectorIndex

GOLDEN = ROOT / "data" / "golden" / "qa_golden_set.jsonl"


@pytest.fixture(autouse=True)
def fresh() -> Iterator[None]:
    corpus_store._READ.clear()
    yield
    corpus_store._READ.clear()


@pytest.fixture
def index_copy(small_index: VectorIndex, tmp_path: Path) -> VectorIndex:
    folder = tmp_path / "index"
    shutil.copytree(small_index.path, folder)
    (folder / CORPUS_FILE).unlink(missing_ok=True)
    return VectorIndex.open(folder)


def _agent(index: VectorIndex) -> tuple[ExtractiveAgent, corpus_store.CorpusStoreUse]:
    corpus_store._READ.clear()  # as a fresh process
    agent = ExtractiveAgent(index)
    used = use_corpus_store(agent, index)
    assert used is not None
    return agent, used


def _lines(path: Path) -> tuple[dict[str, Any], dict[str, Any]]:
    head, body = path.read_text(encoding="utf-8").splitlines()
    return json.loads(head), json.loads(body)


def _write_lines(path: Path, head: dict[str, Any], body: dict[str, Any]) -> None:
    text = json.dumps(body)
    head["body_sha256"] = hashlib.sha256(text.encode()).hexdigest()
    path.write_text(f"{json.dumps(head)}\n{text}\n", encoding="utf-8")


def _same_reading(stats: CorpusStats, expected: CorpusStats) -> None:
    got, want = stats.reading(), expected.reading()
    assert got.doc_lang == want.doc_lang and got.chunk_tokens == want.chunk_tokens
    assert list(got.surface_words.items()) == list(want.surface_words.items())  # in order
    assert got.sentences.keys() == want.sentences.keys()
    for path, sentences in want.sentences.items():
        assert got.sentences[path] == sentences  # path, offsets, text, language
        for mine, theirs in zip(got.sentences[path], sentences, strict=True):
            assert mine.tokens == theirs.tokens
            assert [repr(q) for q in mine.quantities] == [repr(q) for q in theirs.quantities]
    assert stats.term_matches.vocabulary == expected.term_matches.vocabulary


def test_the_stored_reading_is_read_back_equal_to_computed(index_copy: VectorIndex) -> None:
    first, used = _agent(index_copy)
    assert (used.loaded, used.saved) == (False, True)
    head, body = _lines(index_copy.path / CORPUS_FILE)
    assert head["schema"] == "ragoro.corpus_reading" and head["schema_version"] == 3
    assert len(body["chunk_tokens"]) == len(index_copy.chunks)
    second, used = _agent(index_copy)
    assert (used.loaded, used.saved) == (True, False)
    computed = CorpusStats(index_copy.chunks, index_copy.documents)
    _same_reading(second.stats, computed)
    _same_reading(first.stats, computed)
    assert second.retriever.vocabulary == HybridRetriever(index_copy).vocabulary
    assert HybridRetriever.corpus_terms(index_copy) == [
        [body["strings"][t] for t in terms] for terms in body["corpus"]
    ]


def test_table_rows_are_read_back_under_their_headers(demo_index: Path, tmp_path: Path) -> None:
    # A table row is read under its table's header line (`rows`); the header is part of
    # what the store must give back, or a row's year column is lost on every later run.
    folder = tmp_path / "index"
    shutil.copytree(demo_index, folder)
    (folder / CORPUS_FILE).unlink(missing_ok=True)
    index = VectorIndex.open(folder)
    _agent(index)
    second, used = _agent(index)
    assert used.loaded
    computed = CorpusStats(index.chunks, index.documents)
    _same_reading(second.stats, computed)
    headed = [s for group in computed.reading().sentences.values() for s in group if s.header]
    assert headed, "the demo corpus has tables: some row must carry a header"


def test_the_stored_keyword_index_scores_as_bm25s(index_copy: VectorIndex) -> None:
    _agent(index_copy)
    agent, used = _agent(index_copy)
    assert used.loaded
    fresh = HybridRetriever(index_copy)
    for terms in HybridRetriever.corpus_terms(index_copy):
        assert np.array_equal(
            agent.retriever._keywords.get_scores(terms),  # type: ignore[union-attr]
            fresh._keywords.get_scores(terms),  # type: ignore[union-attr]
        )
        assert agent.retriever._keywords.data.dtype == np.float32  # type: ignore[union-attr]
    # The chunks' sentences' index (`passages`) is read back as made, row for row.
    mine, theirs = agent.retriever._sentences, fresh._sentences
    assert mine is not None and theirs is not None
    assert np.array_equal(mine.rows, theirs.rows)
    for terms in HybridRetriever.corpus_terms(index_copy):
        groups = [[t] for t in terms]
        assert np.array_equal(
            mine.best_per_chunk(groups, len(index_copy.chunks)),
            theirs.best_per_chunk(groups, len(index_copy.chunks)),
        )


def test_a_run_reading_the_store_does_not_import_bm25s(index_copy: VectorIndex) -> None:
    _agent(index_copy)
    script = (
        "import sys\n"
        "from evaluator.agents.extractive import ExtractiveAgent\n"
        "from evaluator.corpus_store import use_corpus_store\n"
        "from vectordb import VectorIndex\n"
        f"index = VectorIndex.open({str(index_copy.path)!r})\n"
        "agent = ExtractiveAgent(index)\n"
        "print(use_corpus_store(agent, index).loaded, agent.retriever.bm25_ranking('ferie', 5),"
        " 'bm25s' in sys.modules)\n"
    )
    done = subprocess.run(
        [sys.executable, "-c", script],
        cwd=ROOT,
        env={"PYTHONPATH": str(ROOT), "PATH": "/usr/bin:/bin"},
        capture_output=True,
        text=True,
        check=True,
    )
    loaded, *_, imported = done.stdout.split()
    assert (loaded, imported) == ("True", "False")


def test_answers_are_the_same_with_and_without_the_store(index_copy: VectorIndex) -> None:
    questions = [
        "Quanto dura la garanzia?",
        "How long is the warranty?",
        "What is the torque of the main bolt?",
    ]
    without = ExtractiveAgent(index_copy)
    _agent(index_copy)
    stored_agent, used = _agent(index_copy)
    assert used.loaded
    index_copy.use_query_cache()
    for question in questions:
        assert stored_agent.answer(question) == without.answer(question)


def test_other_agents_read_nothing(index_copy: VectorIndex) -> None:
    assert use_corpus_store(YesAgent(), index_copy) is None
    assert not (index_copy.path / CORPUS_FILE).exists()


@pytest.mark.parametrize(
    ("field", "value", "why"),
    [
        ("index", "0" * 64, "another index"),
        ("code_version", "0" * 64, "another version of the agent"),
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
    _agent(index_copy)
    path = index_copy.path / CORPUS_FILE
    head, body = _lines(path)
    # A wrong reading under the stale header (its sha256 right) must never be read back.
    body["strings"].append("poisoned")
    body["chunk_tokens"][0] = [len(body["strings"]) - 1]
    head[field] = value
    _write_lines(path, head, body)
    agent, used = _agent(index_copy)
    assert (used.loaded, used.saved) == (False, True)
    assert f"ignoring {path}: made for {why}" in capsys.readouterr().err
    assert "poisoned" not in agent.stats.chunk_tokens[0]
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


def _one_chunk_less(data: dict[str, Any]) -> None:
    data["chunk_tokens"].pop()


def _another_document(data: dict[str, Any]) -> None:
    data["doc_lang"][0][0] = data["sentences"][-1][0] = len(data["strings"])
    data["strings"].append("altro.pdf")


def _unknown_language(data: dict[str, Any]) -> None:
    data["doc_lang"][0][1] = "xx"


def _stem_missing(data: dict[str, Any]) -> None:
    data["surface_words"].pop()


def _quantity_past_the_end(data: dict[str, Any]) -> None:
    rows = [row for _, group in data["sentences"] for row in group if row[4]]
    rows[0][4][0] = len(data["quantities"])


def _chunk_past_the_end(data: dict[str, Any]) -> None:
    data["keywords"][2][0] = data["keywords"][4]


def _keywords_missing(data: dict[str, Any]) -> None:
    data["keywords"] = None


def _sentence_past_the_last_chunk(data: dict[str, Any]) -> None:
    data["sentence_rows"][-1] = len(data["chunk_tokens"])


def _sentence_keywords_missing(data: dict[str, Any]) -> None:
    data["sentence_keywords"] = None


@pytest.mark.parametrize(
    ("damage", "why"),
    [
        (_cut, "damaged"),
        (_rehashed(_chunk_past_the_end), "malformed"),
        (_rehashed(_keywords_missing), "malformed"),
        (_rehashed(_sentence_past_the_last_chunk), "malformed"),
        (_rehashed(_sentence_keywords_missing), "malformed"),
        (_flipped, "damaged"),
        (_rehashed(_one_chunk_less), "malformed"),
        (_rehashed(_another_document), "malformed"),
        (_rehashed(_unknown_language), "malformed"),
        (_rehashed(_stem_missing), "malformed"),
        (_rehashed(_quantity_past_the_end), "malformed"),
    ],
)
def test_a_damaged_file_is_named_and_rebuilt(
    index_copy: VectorIndex,
    capsys: pytest.CaptureFixture[str],
    damage: Callable[[dict[str, Any], str], str],
    why: str,
) -> None:
    _agent(index_copy)
    path = index_copy.path / CORPUS_FILE
    head_line, body = path.read_text(encoding="utf-8").splitlines()
    path.write_text(damage(json.loads(head_line), body), encoding="utf-8")
    agent, used = _agent(index_copy)
    assert (used.loaded, used.saved) == (False, True)
    assert f"ignoring {path}: {why}" in capsys.readouterr().err
    _same_reading(agent.stats, CorpusStats(index_copy.chunks, index_copy.documents))
    assert _agent(index_copy)[1].loaded


def test_a_read_only_index_folder_is_named_and_the_run_goes_on(
    index_copy: VectorIndex,
    capsys: pytest.CaptureFixture[str],
    monkeypatch: pytest.MonkeyPatch,
) -> None:
    def refuse(path: Path, text: str) -> None:
        raise PermissionError(13, "Permission denied", str(path))

    monkeypatch.setattr(stored, "atomic_write_text", refuse)
    agent, used = _agent(index_copy)
    assert (used.loaded, used.saved) == (False, False)
    assert "cannot save the agent's reading of the index" in capsys.readouterr().err
    assert not (index_copy.path / CORPUS_FILE).exists()
    _same_reading(agent.stats, CorpusStats(index_copy.chunks, index_copy.documents))


def test_a_stored_reading_is_decoded_with_the_collector_paused_and_computed_without(
    index_copy: VectorIndex, monkeypatch: pytest.MonkeyPatch
) -> None:
    decode, build, seen = corpus_store._decode, KeywordIndex.build, []

    def watched_decode(data: Any, index: VectorIndex) -> Any:
        seen.append(("decode", gc.isenabled()))
        return decode(data, index)

    def watched_build(corpus: list[list[str]]) -> KeywordIndex:
        seen.append(("compute", gc.isenabled()))
        return build(corpus)

    monkeypatch.setattr(corpus_store, "_decode", watched_decode)
    monkeypatch.setattr(KeywordIndex, "build", staticmethod(watched_build))
    assert not _agent(index_copy)[1].loaded  # computed, the collector running
    assert _agent(index_copy)[1].loaded  # read back, the collector paused
    *computing, reading = seen  # the chunks' and the sentences' keyword indexes, then one read
    assert set(computing) == {("compute", True)} and reading == ("decode", False)
    assert gc.isenabled()


def test_the_file_is_json_never_a_pickle(index_copy: VectorIndex) -> None:
    _agent(index_copy)
    raw = (index_copy.path / CORPUS_FILE).read_bytes()
    assert raw.startswith(b"{") and not raw.startswith(b"\x80")  # a pickle starts with \x80
    for line in raw.splitlines():
        assert isinstance(json.loads(line), dict)


def _outcomes(tmp: Path, name: str, index: Path, *extra: str) -> list[dict[str, object]]:
    outcomes = tmp / f"{name}.jsonl"
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
        str(tmp / f"{name}.json"),
        "--outcomes",
        str(outcomes),
        "--baseline",
        str(tmp / f"{name}-baseline.json"),
        "--no-progress",
        "--no-html",
        *extra,
    )
    assert done.returncode == 0, done.stderr
    rows = [json.loads(line) for line in outcomes.read_text(encoding="utf-8").splitlines()]
    for row in rows:
        row.pop("latency_s")
    return rows


def test_the_committed_golden_set_gets_identical_outcomes_with_and_without_the_store(
    demo_index: Path, tmp_path: Path
) -> None:
    index = tmp_path / "index"
    shutil.copytree(demo_index, index)
    (index / CORPUS_FILE).unlink(missing_ok=True)
    without = _outcomes(tmp_path, "without", index, "--no-cache")
    assert not (index / CORPUS_FILE).exists()  # --no-cache reads and writes nothing
    computing = _outcomes(tmp_path, "computing", index)
    assert (index / CORPUS_FILE).is_file()
    reading_back = _outcomes(tmp_path, "reading", index)
    assert computing == without
    assert reading_back == without
