"""Judges: score agent outcomes against golden items, one metric at a time.

judge = make_judge("offline")                 # CI: lexical + deterministic, no model
judge = make_judge("llm", model="google_genai:gemini-2.5-pro")   # nightly
result = judge.judge(item, outcome)           # JudgeResult: one Verdict per metric

Metrics are specs in the registry `judges.metrics` (one file each); judges in
`judges.registry`.
"""

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
