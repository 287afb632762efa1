"""The evaluator's defaults that its command line shows in `--help`.

Kept in a module that imports nothing heavy, so the parser can name them without loading
the agent, the judges or the extraction pipeline that use them.
"""

from __future__ import annotations

from pathlib import Path

__all__ = ["DEFAULT_EXTRACTION_BASELINE", "DEFAULT_FIXTURES", "DEFAULT_GOLDEN", "SELFCHECK_AGENTS"]

DEFAULT_GOLDEN = Path("data/golden/qa_golden_set.jsonl")
"""The golden set `run` and `selfcheck` read when none is given."""

DEFAULT_FIXTURES = Path("data/fixtures/demo_ground_truth.json")
"""The extraction ground truth `extraction` scores against when none is given."""

DEFAULT_EXTRACTION_BASELINE = Path("data/golden/extraction_baseline.json")
"""The baseline `extraction` gates on when none is given."""

SELFCHECK_AGENTS: tuple[str, ...] = (
    "reference",
    "null:yes",
    "null:echo",
    "null:swap",
    "null:refuse",
    "null:context",
)
"""The agents selfcheck runs, in the order of the table's columns."""
