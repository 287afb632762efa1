"""Judges: score agent outcomes against golden items, one metric at a time.

judge = make_judge("offline")                 # CI: lexical + deterministic, no model
judge = make_judge("llm", model="google_genai:gemini-2.5-pro")   # nightly
result = judge.judge(item, outcome)           # JudgeResult: one Verdict per metric
"""

from judges.applicability import APPLIES_TO, applicable_metrics, applies
from judges.base import Judge, JudgeResult
from judges.behaviour import expected_documents, is_fabrication
from judges.deterministic import (
    ANSWER_METRICS,
    DETERMINISTIC_METRICS,
    DeterministicConfig,
    deterministic_verdicts,
)
from judges.lexical import LexicalConfig
from judges.llm import LLMJudge, LLMThresholds
from judges.llm_prompt import PROMPT_VERSION, JudgeOutput
from judges.offline import OfflineJudge
from judges.options import ClientFactory, JudgeOptions
from judges.registry import JUDGES, make_judge

__all__ = [
    "ANSWER_METRICS",
    "APPLIES_TO",
    "DETERMINISTIC_METRICS",
    "JUDGES",
    "PROMPT_VERSION",
    "ClientFactory",
    "DeterministicConfig",
    "Judge",
    "JudgeOptions",
    "JudgeOutput",
    "JudgeResult",
    "LLMJudge",
    "LLMThresholds",
    "LexicalConfig",
    "OfflineJudge",
    "applicable_metrics",
    "applies",
    "deterministic_verdicts",
    "expected_documents",
    "is_fabrication",
    "make_judge",
]
