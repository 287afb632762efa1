"""Shared helpers for the generator tests: the demo corpus planned once per session."""

from __future__ import annotations

import atexit
import shutil
import tempfile
from functools import lru_cache
from pathlib import Path

from builder.generate.candidates import Candidates, gather
from builder.generate.config import GenerateConfig
from builder.generate.corpus import Corpus, load_corpus
from builder.generate.plan import Planner, Scenario
from ragoro.contracts import CaseType
from tests.conftest import DEMO_DOCS
from vectordb import build_index


@lru_cache(maxsize=1)
def demo_index() -> Path:
    """A real index of the demo corpus, built once per test process into a temp folder.

    Tests never rely on a faiss_index_locale/ left in the checkout: CI starts from a
    clean clone.
    """
    folder = Path(tempfile.mkdtemp(prefix="ragoro-demo-index-"))
    atexit.register(shutil.rmtree, folder, True)
    build_index(DEMO_DOCS, folder / "faiss_index_locale")
    return folder / "faiss_index_locale"


@lru_cache(maxsize=1)
def demo_corpus() -> Corpus:
    """The demo corpus with its index, loaded once."""
    return load_corpus(DEMO_DOCS, demo_index(), 900)


@lru_cache(maxsize=2)
def demo_candidates(offline: bool) -> Candidates:
    """Planning candidates of the demo corpus."""
    return gather(demo_corpus(), offline=offline, k=5)


def scenario_of(case_type: CaseType, *, offline: bool = False) -> Scenario:
    """The first planned scenario of a case type on the whole demo corpus."""
    corpus = demo_corpus()
    planner = Planner(corpus, demo_candidates(offline), 42, offline=offline)
    scenarios = planner.plan(len(corpus.chunks), {case_type: 1.0})
    return next(s for s in scenarios if s.case_type == case_type)


def config(tmp_path: Path, **overrides: object) -> GenerateConfig:
    """A run configuration over the demo corpus writing into tmp_path."""
    values: dict[str, object] = {
        "docs": DEMO_DOCS,
        "index": demo_index(),
        "out": tmp_path / "golden.jsonl",
        "cache_dir": tmp_path / "cache",
        "progress": False,
        "sample": None,
        "n": 8,
    }
    values.update(overrides)
    return GenerateConfig(**values)  # type: ignore[arg-type]
