"""ragoro's library API in one place: what the command lines, benchmarks and tests call.

    from ragoro import evaluate, generate, validate, open_index, make_agent, make_judge

    index = open_index("faiss_index_locale")
    evaluation = evaluate("data/golden/qa_golden_set.jsonl", index=index, judge="offline")
    print(evaluation.report.metrics["answer_accuracy"].pass_rate)
    outcome = gate(evaluation.report, "data/golden/qa_baseline.json")
    check = selfcheck("data/golden/qa_golden_set.jsonl", index=index)  # judge vs null agents

This module sits on top of every package (it imports builder, evaluator, judges and
vectordb); nothing of ours imports it, so it creates no cycle.
"""

from __future__ import annotations

from pathlib import Path

from builder.api import Validation, corpus_texts, generate, validate
from builder.generate.config import GenerateConfig
from builder.generate.runner import RunResult
from evaluator.agents import make_agent
from evaluator.evaluate import Evaluation, evaluate, rescore
from evaluator.gate import GateOutcome, run_gate
from evaluator.report import RunReport
from evaluator.selfcheck import SelfcheckResult, selfcheck
from judges import make_judge
from vectordb import DEFAULT_INDEX, VectorIndex, build_index

__all__ = [
    "Evaluation",
    "GateOutcome",
    "GenerateConfig",
    "RunReport",
    "RunResult",
    "SelfcheckResult",
    "Validation",
    "build_index",
    "corpus_texts",
    "evaluate",
    "gate",
    "generate",
    "make_agent",
    "make_judge",
    "open_index",
    "rescore",
    "selfcheck",
    "validate",
]


def open_index(path: Path | str = DEFAULT_INDEX) -> VectorIndex:
    """Open an index built by `build_index` / `python -m vectordb build`."""
    return VectorIndex.open(path)


def gate(
    report: RunReport,
    baseline: Path | str,
    *,
    update: bool = False,
    fail_on_flips: bool = False,
) -> GateOutcome:
    """Compare a report with its golden set's baseline entry (created when missing;
    ratcheted up, never down, with `update`; any pass->fail flip fails with
    `fail_on_flips`); `GateOutcome.exit_code` is 0 pass, 1 regression, 2 bad file, and
    `GateOutcome.verdict` is what `report.json` stores under `gate`."""
    return run_gate(report, Path(baseline), update=update, fail_on_flips=fail_on_flips)
