"""Reverse generation of golden QA items: plan scenarios from sampled chunks, write each
(offline or with a model), locate quotes, check quality, journal crash-safely.

Modules: config (options, --mix) · corpus (documents, chunks, sampling) · facts (sentences
and table rows) · phrasing (IT/EN question templates) · names (names, years and their
classing noun) · refusals (near-miss refusals derived from the corpus) · bridge (composite
items across two documents, and the needs-both check) · styles (keywords, paraphrase,
typo) · candidates (facts, bridges, conflicts, refusals per chunk) · plan (scenarios and
ids) · offline / llm_writer (drafts) · assemble (draft -> GoldenItem) · quality
(round-trip difficulty, dedup) · summary (golden-set quality summary) · store (journal,
resume, final rewrite) · runner · report.
"""

from builder.generate.config import PROMPT_VERSION, GenerateConfig, parse_mix
from builder.generate.runner import RunResult, run_generation

__all__ = ["PROMPT_VERSION", "GenerateConfig", "RunResult", "parse_mix", "run_generation"]
