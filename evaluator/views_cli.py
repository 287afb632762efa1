"""The views' command-line surface: --html, --no-html and --junit.

Kept apart from `evaluator.views` (which writes the HTML page and the JUnit XML) so that a
parser can be built without loading the report and its writers.
"""

from __future__ import annotations

import argparse
from pathlib import Path

__all__ = ["add_view_arguments"]


def add_view_arguments(parser: argparse.ArgumentParser) -> None:
    """Add --html, --no-html and --junit to a `run`/`rescore` parser."""
    parser.add_argument(
        "--html",
        type=Path,
        metavar="PATH",
        help="where to write the HTML report, one offline file (default: beside --report, "
        "same name with .html)",
    )
    parser.add_argument("--no-html", action="store_true", help="do not write the HTML report")
    parser.add_argument(
        "--junit",
        type=Path,
        metavar="PATH",
        help="also write JUnit XML: one testcase per case and gated metric, the verdict's "
        "reason as the failure message",
    )
