"""`python -m evaluator run|rescore|selfcheck|extraction`: run the agent, judge every answer,
gate on the baseline; check that the judge passes the reference answers and fails the null
ones; or score what the loaders extract against ground truth, per channel."""

from __future__ import annotations

import argparse
from pathlib import Path

from evaluator.defaults import DEFAULT_GOLDEN, SELFCHECK_AGENTS
from evaluator.extraction_cli import add_extraction_parser
from evaluator.gate_cli import add_gate_arguments
from evaluator.views_cli import add_view_arguments
from judges.registry import JUDGES
from ragoro.cli import run_command
from ragoro.executors import add_executor_arguments
from ragoro.llm.arguments import add_request_arguments, add_role_arguments


def _common(parser: argparse.ArgumentParser, *, golden_default: Path | None) -> None:
    parser.add_argument(
        "--golden",
        type=Path,
        default=golden_default,
        help="golden set (JSONL or JSON array)"
        + (
            f" (default {DEFAULT_GOLDEN})"
            if golden_default
            else f" (default: the one the outcomes' lineage sidecar names, else {DEFAULT_GOLDEN})"
        ),
    )
    parser.add_argument(
        "--judge",
        choices=sorted(JUDGES),
        default="offline",
        help="a registered judge: offline (default, no model) or llm; see docs/extending.md",
    )
    parser.add_argument(
        "--judge-model",
        metavar="PROVIDER:MODEL",
        help="LLM judge model (default google_genai:gemini-2.5-pro)",
    )
    parser.add_argument(
        "--mode",
        choices=("tool", "agent"),
        default="tool",
        help="LLM agent style; also keys the baseline",
    )
    parser.add_argument(
        "--report",
        type=Path,
        default=Path("out/qa_report.json"),
        help="where to write the JSON report",
    )
    parser.add_argument(
        "--allow-self-judge",
        action="store_true",
        help="let the judge model equal the agent or builder model",
    )
    parser.add_argument(
        "--concurrency", type=int, default=1, help="cases run/judged at once (LLM paths)"
    )
    parser.add_argument(
        "--repeats",
        type=int,
        default=1,
        metavar="N",
        help="judge every answer N times (default 1) and report each metric's spread (max - "
        "min pass rate over the repeats); rates and verdicts stay repeat 1's, and the gate "
        "lets a drop within the spread pass. Each repeat is a fresh LLM call (own cache "
        "key); the offline judge is deterministic and judged once (spread 0)",
    )
    parser.add_argument("--no-progress", action="store_true", help="hide progress bars")
    add_view_arguments(parser)
    parser.add_argument(
        "--reviewed-only",
        action="store_true",
        help="evaluate only the items a reviewer accepted or edited (python -m builder "
        "review); rejected items are never evaluated. Gate such a run on its own --baseline",
    )
    parser.add_argument(
        "--explain",
        action="store_true",
        help="print the reason of every failed or unscored verdict (the JSON report always "
        "keeps them under case_results)",
    )
    add_gate_arguments(parser)
    _model_arguments(parser)
    add_executor_arguments(parser)


def _model_arguments(parser: argparse.ArgumentParser, *, agent: bool = False) -> None:
    """Each role's request caps, the shared request options and the call cache."""
    if agent:
        add_role_arguments(parser, "agent")
    add_role_arguments(parser, "judge")
    add_request_arguments(parser)
    parser.add_argument(
        "--no-cache",
        action="store_true",
        help="neither read nor write the cache of model calls (every call is sent again), "
        "the question vectors or the chunk analyses stored beside the index",
    )
    parser.add_argument(
        "--cache-dir",
        type=Path,
        default=None,
        help="model-call cache folder (default $RAGORO_CACHE_DIR or .cache/ragoro)",
    )


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m evaluator",
        description="Run a RAG agent on a golden set, judge each answer on separate metrics, "
        "and compare with a baseline that only ratchets up. Exit 0 pass, 1 regression, "
        "2 usage/input error, 3 model provider unavailable.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    run = commands.add_parser(
        "run",
        help="run the agent on every case, then judge",
        description="Run the agent under test on every golden question and judge the answers.",
    )
    run.add_argument(
        "--index",
        type=Path,
        default=Path("faiss_index_locale"),
        help="index built by python -m vectordb build",
    )
    run.add_argument(
        "--agent",
        default="extractive",
        help="extractive (offline default), a registered agent (reference, null:yes, null:echo, "
        "null:swap, null:refuse, null:context), PROVIDER:MODEL (reference LLM agent), or "
        "module:callable / file.py:callable",
    )
    run.add_argument("--k", type=int, default=3, help="chunks retrieved per question")
    add_role_arguments(run, "agent")
    run.add_argument(
        "--outcomes",
        type=Path,
        default=Path("out/outcomes.jsonl"),
        help="where to write the agent outcomes; every finished case is also appended to "
        "OUTCOMES.journal as it is done, so an interrupted run resumes when rerun (the "
        "journal is removed once the outcomes are written)",
    )
    run.add_argument(
        "--fresh",
        action="store_true",
        help="discard the journal an interrupted run left beside --outcomes and run every "
        "case again (without it a rerun resumes, and a journal of another run is refused)",
    )
    _common(run, golden_default=DEFAULT_GOLDEN)
    rescore = commands.add_parser(
        "rescore",
        help="judge saved outcomes again without re-running the agent",
        description="Judge an outcomes JSONL file (see docs/outcomes.md) from any RAG system.",
    )
    rescore.add_argument(
        "outcomes", type=Path, help="outcomes JSONL written by run (or by your system)"
    )
    rescore.add_argument(
        "--index",
        type=Path,
        default=None,
        help="index whose documents anchor contexts without offsets (optional; default: the "
        "one the outcomes' lineage sidecar names, else faiss_index_locale if present)",
    )
    _common(rescore, golden_default=None)
    _selfcheck_parser(commands)
    add_extraction_parser(commands)
    return parser


def _selfcheck_parser(commands: argparse._SubParsersAction[argparse.ArgumentParser]) -> None:
    check = commands.add_parser(
        "selfcheck",
        help="check the judge passes the reference answers and fails the null ones",
        description=f"Run {', '.join(SELFCHECK_AGENTS)} on a golden set, print each one's "
        "pass rate per metric, and check the judge separates them. Exit 0 when every goal "
        "holds, 1 when one fails, 2 on bad input. The baseline is not read or written.",
    )
    check.add_argument(
        "--golden", type=Path, default=DEFAULT_GOLDEN, help="golden set (JSONL or JSON array)"
    )
    check.add_argument(
        "--index",
        type=Path,
        default=Path("faiss_index_locale"),
        help="index built by python -m vectordb build",
    )
    check.add_argument(
        "--judge",
        choices=sorted(JUDGES),
        default="offline",
        help="a registered judge: offline (default, no model) or llm; see docs/extending.md",
    )
    check.add_argument(
        "--judge-model",
        metavar="PROVIDER:MODEL",
        help="LLM judge model (default google_genai:gemini-2.5-pro)",
    )
    check.add_argument("--k", type=int, default=3, help="chunks null:context retrieves")
    check.add_argument(
        "--report",
        type=Path,
        default=Path("out/selfcheck.json"),
        help="where to write the JSON summary",
    )
    check.add_argument(
        "--concurrency", type=int, default=1, help="cases run/judged at once (LLM judge)"
    )
    check.add_argument("--no-progress", action="store_true", help="hide progress bars")
    _model_arguments(check)


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m evaluator`; returns the process exit code."""
    args = _parser().parse_args(argv)
    # Imported once the arguments are good: --help and usage errors never load the agent,
    # the judges or the report.
    from evaluator.commands import HANDLERS

    return run_command(HANDLERS[args.command], args, offline_flag="--judge offline")
