"""The gate's command-line surface: the --baseline flags and where the default baseline lives.

Kept apart from `evaluator.gate` (the comparison, ratchet and file locking) so that a
parser can be built without loading the gate's machinery.
"""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["BASELINE_NAME", "DEFAULT_BASELINE", "add_gate_arguments", "baseline_beside"]

BASELINE_NAME = "qa_baseline.json"
DEFAULT_BASELINE = Path("data/golden") / BASELINE_NAME


def add_gate_arguments(parser: argparse.ArgumentParser, *, default: Path | None = None) -> None:
    """Add --baseline and --update-baseline to a `run`/`rescore`/`extraction` parser.

    With no `default`, --baseline defaults to None: the caller takes the baseline beside
    the golden set (`baseline_beside`), so a run on another golden set never writes into
    the committed baseline file.
    """
    where = (
        str(default)
        if default is not None
        else f"{BASELINE_NAME} in the golden set's folder, so {DEFAULT_BASELINE} for the "
        "committed set"
    )
    parser.add_argument(
        "--baseline",
        type=Path,
        default=default,
        metavar="PATH",
        help="baseline file, one entry per mode/judge; a missing entry is created from this "
        f"run and passes (default {where})",
    )
    parser.add_argument(
        "--update-baseline",
        action="store_true",
        help="ratchet this golden set's mode/judge entry: store pass rates that rose (with "
        "the judge spread this run measured for them, see --repeats) and fabrication or "
        "unscored counts that fell; never loosens a value (lowering one is a reviewed hand "
        "edit of the file), never raises a rate on a run with more unscored verdicts than "
        "the entry allows",
    )
    parser.add_argument(
        "--fail-on-flips",
        action="store_true",
        help="fail the gate when any case of a gated metric went from pass to fail, even "
        "when the metric's rate rose (flips are listed on every run either way)",
    )


def baseline_beside(golden: Path | str) -> Path:
    """The default baseline of a golden set: `qa_baseline.json` in the golden file's folder."""
    return Path(golden).parent / BASELINE_NAME
