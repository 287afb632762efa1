"""Keyword search adds a chunk's best sentence to the whole chunk's score (`passages`): the
chunk that says what is asked in one sentence outranks one that scatters the question's
words over unrelated sentences."""

from __future__ import annotations

import numpy as np
import pytest

from evaluator.agents.hybrid import HybridRetriever
from evaluator.agents.passages import combined
from vectordb import VectorIndex, build_index

# The first paragraph names shifts, bonuses and nights more often, each in another sentence;
# the second says in one sentence what the night shift's bonus is.
SHIFTS = (
    "# Turni\n\n"
    "Il turno di notte inizia alle 22 e finisce alle 6. Il premio annuale è pagato a marzo. "
    "Il turno del sabato è facoltativo e il premio di presenza vale 50 euro. La mensa chiude "
    "alle 14 e di notte resta chiusa.\n\n"
    "Per il turno di notte spetta un premio di 30 euro.\n\n"
    "Gli straordinari vanno autorizzati dal responsabile.\n"
)
RESULTS = "# Annual results\n\nThe Group had 6,842 employees at year end and revenue grew by 6%.\n"


@pytest.fixture(scope="module")
def retriever(tmp_path_factory: pytest.TempPathFactory) -> HybridRetriever:
    base = tmp_path_factory.mktemp("sentences")
    docs = base / "docs"
    docs.mkdir()
    (docs / "turni.md").write_text(SHIFTS, encoding="utf-8")
    (docs / "results.md").write_text(RESULTS, encoding="utf-8")
    build_index(docs, base / "index", chunk_size=240, chunk_overlap=0)
    return HybridRetriever(VectorIndex.open(base / "index"))


@pytest.mark.parametrize(
    "question",
    ["Di quanto è il premio per il turno di notte?", "How much is the night shift bonus?"],
)
def test_the_chunk_saying_it_in_one_sentence_comes_first(
    retriever: HybridRetriever, question: str
) -> None:
    rows = retriever.bm25_ranking(question, 3)
    assert rows
    assert retriever.index.chunks[rows[0]].text.startswith("Per il turno di notte spetta")
    # By the whole chunks' words alone the scattered paragraph is ahead.
    whole = retriever._keywords.grouped_scores(retriever.query_groups(question))  # type: ignore[union-attr]
    assert int(np.argmax(whole)) != rows[0]


def test_scores_are_added_over_their_best_values() -> None:
    chunk = np.array([0.0, 2.0, 1.0], dtype=np.float32)
    sentence = np.array([0.0, 1.0, 4.0], dtype=np.float32)
    assert combined(chunk, sentence).tolist() == [0.0, 1.25, 1.5]
    # No sentence evidence at all leaves the chunk's own scores, over their best.
    assert combined(chunk, np.zeros(3, dtype=np.float32)).tolist() == [0.0, 1.0, 0.5]


def test_every_sentence_belongs_to_a_chunk_in_order(retriever: HybridRetriever) -> None:
    sentences = retriever._sentences
    assert sentences is not None
    rows = sentences.rows.tolist()
    assert rows == sorted(rows) and set(rows) == set(range(len(retriever.index.chunks)))
