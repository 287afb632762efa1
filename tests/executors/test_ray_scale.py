"""The scale test: 10x the demo corpus (60 distinct PDFs) and 1,000 cases, run with the
local executor and with Ray (a local Ray with 2 CPUs): the same outcomes, the same
report, apart from timings. Ray builds the 10x index (loading and embedding fanned out);
a Ray build of the demo corpus writes the very files a local build does.

One Ray instance serves the whole module; the offline extractive agent and the offline
judge keep it free of any model provider.
"""

from __future__ import annotations

import hashlib
from collections.abc import Iterator
from dataclasses import dataclass
from pathlib import Path
from typing import Any

import pytest

from evaluator.evaluate import Evaluation, evaluate, rescore
from ragoro.executors.ray import RayExecutor
from tests.conftest import DEMO_DOCS, ROOT
from tests.executors.scale_corpus import CASES, COPIES, write_corpus, write_golden
from vectordb import VectorIndex, build_index

pytestmark = pytest.mark.slow

COMMITTED_GOLDEN = ROOT / "data" / "golden" / "qa_golden_set.jsonl"


@dataclass
class Scale:
    docs: Path
    index: Path
    golden: Path
    ray: RayExecutor


@pytest.fixture(scope="module")
def scale(tmp_path_factory: pytest.TempPathFactory) -> Iterator[Scale]:
    """The 10x corpus, its Ray-built index and the 1,000-case golden set, made once."""
    base = tmp_path_factory.mktemp("scale")
    docs, index, golden = base / "docs", base / "index", base / "golden.jsonl"
    write_corpus(DEMO_DOCS, docs)
    ray = RayExecutor(num_cpus=2)
    try:
        build_index(
            docs, index, loader=ray.document_loader(), encoder_factory=ray.encoder_factory()
        )
        assert write_golden(COMMITTED_GOLDEN, VectorIndex.open(index).texts, golden) == CASES
        yield Scale(docs, index, golden, ray)
    finally:
        ray.close()


def _report(evaluation: Evaluation) -> dict[str, Any]:
    data = evaluation.report.model_dump()
    for varying in ("timings", "started_at"):
        data.pop(varying)
    return data


def _outcomes(evaluation: Evaluation) -> list[dict[str, Any]]:
    return [o.model_dump(exclude={"latency_s"}) for o in evaluation.outcomes]


def test_the_scale_corpus_is_ten_distinct_copies_and_the_golden_set_1000_cases(
    scale: Scale,
) -> None:
    index = VectorIndex.open(scale.index)
    demo = len(list(DEMO_DOCS.glob("*.pdf")))
    assert len(index.documents) == COPIES * demo
    assert len({d.sha256 for d in index.documents.values()}) == COPIES * demo
    assert len({hashlib.sha256(d.text.encode()).hexdigest() for d in index.documents.values()}) == (
        COPIES * demo
    )
    ids = [line.split('"id":"', 1)[1].split('"', 1)[0] for line in scale.golden.open()]
    assert len(ids) == len(set(ids)) == CASES


def test_1000_cases_over_10x_the_corpus_give_the_same_report_on_both_executors(
    scale: Scale,
) -> None:
    local = evaluate(scale.golden, index=scale.index)
    ray = evaluate(scale.golden, index=scale.index, executor=scale.ray)
    assert [o.case_id for o in ray.outcomes] == [o.case_id for o in local.outcomes]
    assert _outcomes(ray) == _outcomes(local)
    assert _report(ray) == _report(local)
    # Not a vacuous equality: ten near-identical copies compete, yet many cases pass.
    assert local.report.n_cases == CASES
    assert local.report.metrics["context_recall"].pass_rate > 0.3

    again = rescore(local.outcomes, golden=scale.golden, index=scale.index, executor=scale.ray)
    assert _report(again) == _report(
        rescore(local.outcomes, golden=scale.golden, index=scale.index)
    )


def test_a_ray_build_of_the_demo_corpus_writes_the_local_index_byte_for_byte(
    scale: Scale, demo_index: Path, tmp_path: Path
) -> None:
    folder = tmp_path / "index"
    result = build_index(
        DEMO_DOCS,
        folder,
        loader=scale.ray.document_loader(),
        encoder_factory=scale.ray.encoder_factory(),
    )
    assert result.embedded == result.chunks > 0
    for name in ("index.faiss", "chunks.jsonl", "documents.jsonl"):
        assert (folder / name).read_bytes() == (demo_index / name).read_bytes(), name
    ours, theirs = VectorIndex.open(folder).manifest, VectorIndex.open(demo_index).manifest
    assert ours.files == theirs.files and ours.corpus_sha256 == theirs.corpus_sha256
