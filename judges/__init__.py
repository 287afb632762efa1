"""Judges: score agent outcomes against golden items, one metric at a time.

judge = make_judge("offline")                 # CI: lexical + deterministic, no model
judge = make_judge("llm", model="google_genai:gemini-2.5-pro")   # nightly
result = judge.judge(item, outcome)           # JudgeResult: one Verdict per metric

Metrics are specs in the registry `judges.metrics` (one file each); judges in
`judges.registry`.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from ragoro.lazy import lazy_getattr

if TYPE_CHECKING:
    from judges.base import Judge, JudgeResult
    from judges.behaviour import expected_documents, is_fabrication
    from judges.deterministic import DeterministicConfig
    from judges.lexical import LexicalConfig
    from judges.llm import LLMJudge, default_thresholds
    from judges.llm_prompt import PROMPT_VERSION, JudgeOutput
    from judges.metrics import (
        METRICS,
        JudgeConfig,
        MetricInput,
        MetricSpec,
        applicable_metrics,
        applies,
        deterministic_verdicts,
        get_metric,
        metric_names,
        order_verdicts,
    )
    from judges.offline import OfflineJudge
    from judges.options import ClientFactory, JudgeOptions
    from judges.registry import JUDGES, make_judge

__all__ = [
    "JUDGES",
    "METRICS",
    "PROMPT_VERSION",
    "ClientFactory",
    "DeterministicConfig",
    "Judge",
    "JudgeConfig",
    "JudgeOptions",
    "JudgeOutput",
    "JudgeResult",
    "LLMJudge",
    "LexicalConfig",
    "MetricInput",
    "MetricSpec",
    "OfflineJudge",
    "applicable_metrics",
    "applies",
    "default_thresholds",
    "deterministic_verdicts",
    "expected_documents",
    "get_metric",
    "is_fabrication",
    "make_judge",
    "metric_names",
    "order_verdicts",
]

# Loaded on first use: importing the package (every command's --help) stays cheap.
_HOME = {
    "Judge": "judges.base",
    "JudgeResult": "judges.base",
    "expected_documents": "judges.behaviour",
    "is_fabrication": "judges.behaviour",
    "DeterministicConfig": "judges.deterministic",
    "LexicalConfig": "judges.lexical",
    "LLMJudge": "judges.llm",
    "default_thresholds": "judges.llm",
    "PROMPT_VERSION": "judges.llm_prompt",
    "JudgeOutput": "judges.llm_prompt",
    "METRICS": "judges.metrics",
    "JudgeConfig": "judges.metrics",
    "MetricInput": "judges.metrics",
    "MetricSpec": "judges.metrics",
    "applicable_metrics": "judges.metrics",
    "applies": "judges.metrics",
    "deterministic_verdicts": "judges.metrics",
    "get_metric": "judges.metrics",
    "metric_names": "judges.metrics",
    "order_verdicts": "judges.metrics",
    "OfflineJudge": "judges.offline",
    "ClientFactory": "judges.options",
    "JudgeOptions": "judges.options",
    "JUDGES": "judges.registry",
    "make_judge": "judges.registry",
}


__getattr__ = lazy_getattr(globals(), _HOME)
