"""What an evaluation checks before it spends a single agent or judge call: the golden
items it may evaluate, a judge that would grade itself, a golden set made from another
corpus than the index, and (armed, not sent) a probe of each model's provider."""

from __future__ import annotations

from collections.abc import Sequence
from pathlib import Path

from evaluator.agents.base import Agent
from judges.base import Judge
from ragoro.contracts import GoldenItem
from ragoro.errors import InputError, UsageError
from ragoro.golden import load_golden
from ragoro.lineage import documents_missing, read_lineage, resolve_from
from ragoro.probe import arm_probe_of
from vectordb import VectorIndex

__all__ = [
    "builder_models",
    "check_golden_in_index",
    "check_repeats",
    "check_self_judge",
    "load_items",
    "probe_models",
]


def load_items(path: Path, *, reviewed_only: bool = False) -> list[GoldenItem]:
    """The items of a golden file to evaluate; a missing, broken or empty file raises
    `InputError`. Items a reviewer rejected are never evaluated; with `reviewed_only`, only
    the ones a reviewer accepted or edited are (see `python -m builder review`)."""
    try:
        items = load_golden(path)
    except FileNotFoundError as exc:
        raise InputError(f"{exc}; generate one with: python -m builder generate") from exc
    if not items:
        raise InputError(f"golden file {path} has no items")
    kept = [i for i in items if not (i.review and i.review.status == "rejected")]
    if reviewed_only:
        kept = [i for i in kept if i.review is not None]
    if not kept:
        which = "reviewed and accepted" if reviewed_only else "not rejected"
        raise InputError(
            f"golden file {path} has no item {which}: review it with python -m builder review"
        )
    return kept


def builder_models(items: Sequence[GoldenItem]) -> set[str]:
    """LLM models that generated the golden items (offline generations excluded)."""
    return {
        item.provenance.generator
        for item in items
        if item.provenance and item.provenance.generator and item.provenance.generator != "offline"
    }


def check_self_judge(judge_model: str | None, agent_model: str | None, builders: set[str]) -> None:
    """Refuse a judge that is the same model as the agent or the golden set's builder."""
    if judge_model is None:
        return
    if judge_model == agent_model:
        raise UsageError(
            f"the judge model {judge_model} is also the agent model: it would grade itself. "
            "Pick another --judge-model, or pass --allow-self-judge"
        )
    if judge_model in builders:
        raise UsageError(
            f"the judge model {judge_model} also wrote the golden set: it would grade its own "
            "questions. Pick another --judge-model, or pass --allow-self-judge"
        )


def check_repeats(repeats: int) -> None:
    """Refuse a repeat count below 1 (exit 2), before any agent or judge call."""
    if repeats < 1:
        raise UsageError(f"--repeats must be at least 1, got {repeats}")


def check_golden_in_index(golden: Path, items: Sequence[GoldenItem], index: VectorIndex) -> None:
    """Refuse (exit 2, before any agent or judge call) a golden set whose documents the
    index does not hold: it was made from another corpus, and every case would fail."""
    missing = documents_missing(items, index.documents)
    if not missing:
        return
    lineage = read_lineage(golden)
    made_from = resolve_from(golden, lineage.docs) if lineage else None
    built_from = index.manifest.docs_folder(index.path)
    shown = ", ".join(missing[:3]) + (" ..." if len(missing) > 3 else "")
    origin = f"made from {made_from}" if made_from else "made from another corpus"
    index_origin = f" (built from {built_from})" if built_from else ""
    rebuild = (
        f"python -m vectordb build --docs {made_from} --index <its own folder>"
        if made_from
        else "python -m vectordb build --docs <its corpus> --index <its own folder>"
    )
    raise InputError(
        f"golden set {golden} was {origin}: {len(missing)} of its documents are not in "
        f"index {index.path}{index_origin}: {shown}. Index that corpus ({rebuild}) and pass "
        "its --index, or pass the golden set of this index with --golden"
    )


def probe_models(judge: Judge, agent: Agent | None = None) -> None:
    """Arm one quick call to each model the run uses (the judge's, an LLM agent's), made
    just before its first request: a wrong key or an unreachable host stops the run in
    seconds with exit 3, and a rerun answered from the cache sends nothing."""
    arm_probe_of(judge, offline_flag="--judge offline")
    arm_probe_of(agent, offline_flag="--agent extractive")
