"""`python -m evaluator extraction`: its options and its run, apart from the QA commands."""

from __future__ import annotations

import argparse
from pathlib import Path

from evaluator.defaults import DEFAULT_EXTRACTION_BASELINE, DEFAULT_FIXTURES
from evaluator.gate_cli import add_gate_arguments

__all__ = ["add_extraction_parser"]


def add_extraction_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    """Register `extraction` and its options on the evaluator's subcommands."""
    extraction = commands.add_parser(
        "extraction",
        help="score extracted text, table cells and numbers against ground truth",
        description="Load every document under --docs, extract its facts (sentences, table "
        "cells with header paths, numbers with unit and label), align them with the "
        "ground truth by locator and score each channel on the facts present on both sides "
        "(coverage counts the rest). Gated like run: a channel below its baseline fails. "
        "Exit 0 pass, 1 regression, 2 usage/input error.",
    )
    extraction.add_argument(
        "--docs", type=Path, default=Path("documenti_pdf"), help="folder the fixtures describe"
    )
    extraction.add_argument(
        "--fixtures",
        type=Path,
        default=DEFAULT_FIXTURES,
        help=f"ground-truth JSON (default {DEFAULT_FIXTURES}; see scripts/make_fixtures.py)",
    )
    extraction.add_argument(
        "--report",
        type=Path,
        default=Path("out/extraction_report.json"),
        help="where to write the JSON report (every mismatch and missing fact)",
    )
    extraction.add_argument(
        "--mismatches",
        type=int,
        default=10,
        metavar="N",
        help="mismatches printed per channel (default 10; the report keeps all)",
    )
    add_gate_arguments(extraction, default=DEFAULT_EXTRACTION_BASELINE)
