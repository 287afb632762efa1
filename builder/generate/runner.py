"""Run a generation: plan, write each scenario in worker threads, journal every decision,
then deduplicate and rewrite the output in plan order.

Test hook: RAGORO_GENERATE_DELAY=<seconds> sleeps that long in each scenario, so a test
can kill a run midway (the offline writer is otherwise too fast to interrupt).
"""

from __future__ import annotations

import os
import threading
import time
from collections.abc import Callable, Iterator
from concurrent.futures import Future, ThreadPoolExecutor, as_completed
from dataclasses import dataclass, field
from datetime import UTC, datetime
from typing import TYPE_CHECKING, Any

from builder.generate.assemble import Stamp, assemble
from builder.generate.candidates import gather
from builder.generate.config import OFFLINE_GENERATOR, GenerateConfig
from builder.generate.corpus import Corpus, load_corpus, sample_size
from builder.generate.draft import Draft, Rejected
from builder.generate.llm_writer import write_with_model
from builder.generate.offline import write_offline
from builder.generate.plan import Planner, Scenario
from builder.generate.quality import deduplicate, difficulty
from builder.generate.store import DUPLICATE, Journal, Loaded, finalise, load_journal
from ragoro.contracts import GoldenItem
from ragoro.llm import (
    Accounting,
    BudgetExhausted,
    CallCache,
    LLMCallError,
    LLMClient,
    RetryPolicy,
    is_offline,
    make_chat_model,
)
from ragoro.probe import arm_probe

if TYPE_CHECKING:
    from langchain_core.language_models import BaseChatModel

DELAY_ENV = "RAGORO_GENERATE_DELAY"

ModelFactory = Callable[[str], "BaseChatModel"]
Writer = Callable[[Scenario], Draft]


@dataclass
class Outcome:
    """What happened to one scenario in this run."""

    scenario: Scenario
    item: GoldenItem | None = None
    reject: Rejected | None = None
    error: str | None = None
    """A provider failure after retries: not recorded, so a rerun tries again."""
    stopped: bool = False
    """Not attempted because the call budget ran out."""


@dataclass
class RunResult:
    """Everything the summary reports about a run."""

    items: list[GoldenItem]
    rejects: list[dict[str, Any]]
    planned: int
    resumed: int
    new_items: int = 0
    new_rejects: int = 0
    errors: list[str] = field(default_factory=list)
    budget_exhausted: bool = False
    undone: int = 0
    accounting: Accounting | None = None
    wall_s: float = 0.0
    write_s: float = 0.0
    """Wall time of the writing phase alone (no loading, planning or final rewrite)."""
    notes: list[str] = field(default_factory=list)


def reject_row(scenario: Scenario, rejected: Rejected, generator: str) -> dict[str, Any]:
    """The rejects-file record of one scenario."""
    row: dict[str, Any] = {
        "scenario_id": scenario.id,
        "case_type": scenario.case_type,
        "chunk_ids": scenario.chunk_ids,
        "reason": rejected.reason,
        "detail": rejected.detail,
        "generator": generator,
    }
    if rejected.raw is not None:
        row["raw"] = rejected.raw
    return row


def _writer(
    config: GenerateConfig,
    corpus: Corpus,
    model_factory: ModelFactory,
    retry: RetryPolicy | None,
    accounting: Accounting,
) -> Writer:
    if is_offline(config.llm):
        return lambda scenario: write_offline(scenario, corpus)
    gate = config.limits.gate(config.llm, accounting)
    if retry is not None:
        gate.retry = retry
    client = LLMClient(
        model_factory(config.llm),
        config.llm,
        cache=CallCache(config.cache_dir) if config.cache else None,
        gate=gate,
        max_reasks=config.max_reasks,
    )
    # A wrong key or a dead host stops the run at its first request, not after every
    # scenario's retries; a resumed run answered from the cache sends nothing.
    arm_probe(client, offline_flag="--llm offline")
    return lambda scenario: write_with_model(scenario, corpus, client)


def _default_factory(timeout: float) -> ModelFactory:
    def build(spec: str) -> BaseChatModel:
        return make_chat_model(spec, timeout=timeout)

    return build


class _Worker:
    def __init__(self, corpus: Corpus, writer: Writer, stamp: Stamp, k: int) -> None:
        self.corpus, self.writer, self.stamp, self.k = corpus, writer, stamp, k
        self.stop = threading.Event()
        self.delay = float(os.environ.get(DELAY_ENV, "0") or 0)

    def __call__(self, scenario: Scenario) -> Outcome:
        if self.stop.is_set():
            return Outcome(scenario, stopped=True)
        if self.delay > 0:
            time.sleep(self.delay)
        try:
            draft = self.writer(scenario)
            item = assemble(scenario, draft, self.corpus, self.stamp)
        except Rejected as rejected:
            return Outcome(scenario, reject=rejected)
        except BudgetExhausted:
            self.stop.set()
            return Outcome(scenario, stopped=True)
        except LLMCallError as exc:
            return Outcome(scenario, error=str(exc))
        item.tags["difficulty"] = difficulty(item, self.corpus.index, self.k)
        return Outcome(scenario, item=item)


def _progress(total: int, enabled: bool) -> Any:
    from tqdm import tqdm

    return tqdm(total=total, desc="generating", unit="case", disable=not enabled or None)


def _run_pool(todo: list[Scenario], worker: _Worker, concurrency: int) -> Iterator[Outcome]:
    with ThreadPoolExecutor(max_workers=concurrency, thread_name_prefix="generate") as pool:
        futures: list[Future[Outcome]] = [pool.submit(worker, s) for s in todo]
        try:
            for future in as_completed(futures):
                yield future.result()
        finally:
            worker.stop.set()


def run_generation(
    config: GenerateConfig,
    *,
    model_factory: ModelFactory | None = None,
    retry: RetryPolicy | None = None,
) -> RunResult:
    """Plan, write and journal every scenario not done yet; return the final set.

    `model_factory` builds the chat model from the --llm spec (default `make_chat_model`
    with the config's timeout; tests pass fakes through the same `BaseChatModel`
    interface); `retry` overrides the backoff policy.
    """
    factory = model_factory if model_factory is not None else _default_factory(config.timeout)

    started = time.monotonic()
    corpus = load_corpus(config.docs, config.index, config.chunk_size, progress=config.progress)
    offline = is_offline(config.llm)
    cands = gather(corpus, offline=offline, k=config.roundtrip_k)
    size = sample_size(len(corpus.chunks), config.sample, config.n)
    scenarios = Planner(corpus, cands, config.seed, offline=offline).plan(size, config.mix)
    rejects_path = config.rejects_path
    loaded = load_journal(config.out, rejects_path)
    done = set(loaded.items) | set(loaded.rejects) | set(loaded.duplicates)
    todo = [s for s in scenarios if s.id not in done]
    accounting = Accounting()
    generator = OFFLINE_GENERATOR if offline else config.llm
    writer = _writer(config, corpus, factory, retry, accounting)
    stamp = Stamp(generator, config.seed, datetime.now(UTC).isoformat(timespec="seconds"))
    worker = _Worker(corpus, writer, stamp, config.roundtrip_k)
    result = RunResult([], [], planned=len(scenarios), resumed=len(scenarios) - len(todo))
    result.notes.extend(loaded.notes)
    journal = Journal(config.out, rejects_path)
    bar = _progress(len(todo), config.progress)
    writing = time.monotonic()
    try:
        for outcome in _run_pool(todo, worker, config.concurrency):
            sid = outcome.scenario.id
            if outcome.item is not None:
                journal.item(outcome.item)
                loaded.items[sid] = outcome.item
                result.new_items += 1
            elif outcome.reject is not None:
                row = reject_row(outcome.scenario, outcome.reject, generator)
                journal.reject(row)
                loaded.rejects[sid] = row
                result.new_rejects += 1
            elif outcome.error is not None:
                result.errors.append(f"{sid}: {outcome.error}")
            else:
                result.undone += 1
            bar.update(1)
    finally:
        result.write_s = time.monotonic() - writing
        bar.close()
        journal.close()
    result.budget_exhausted = worker.stop.is_set() and result.undone > 0
    _finish(config, scenarios, loaded, result, corpus)
    result.accounting = accounting
    result.wall_s = time.monotonic() - started
    return result


def _finish(
    config: GenerateConfig,
    scenarios: list[Scenario],
    loaded: Loaded,
    result: RunResult,
    corpus: Corpus,
) -> None:
    """Deduplicate every accepted item in plan order and rewrite both files."""
    order = {s.id: s.order for s in scenarios}
    pool = {**loaded.items, **loaded.duplicates}
    planned = sorted((sid for sid in pool if sid in order), key=order.__getitem__)
    extra = sorted(sid for sid in pool if sid not in order)
    if extra:
        result.notes.append(
            f"{len(extra)} item(s) in {config.out} are not in this plan (other --sample/--seed?): kept"
        )
    candidates = [pool[sid] for sid in planned + extra] + loaded.foreign
    kept, duplicates = deduplicate(
        candidates, corpus.index, config.dedup_threshold, [f"«{t}»" for t in corpus.titles.values()]
    )
    rows = dict(loaded.rejects)
    for dup in duplicates:
        sid = dup.item.provenance.scenario_id if dup.item.provenance else None
        if sid is None:
            continue
        rows[sid] = {
            "scenario_id": sid,
            "case_type": dup.item.case_type,
            "reason": DUPLICATE,
            "detail": f"same question as {dup.of} (similarity {dup.similarity:.3f})",
            "item": dup.item.model_dump(mode="json", exclude_none=True),
        }
    reject_rows = sorted(
        rows.values(), key=lambda r: (order.get(r["scenario_id"], 1 << 30), r["scenario_id"])
    )
    finalise(config.out, config.rejects_path, kept, reject_rows)
    result.items = kept
    result.rejects = reject_rows
