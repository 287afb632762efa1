"""`python -m judges calibrate`: how well a judge agrees with hand-written labels."""

from __future__ import annotations

import argparse
from pathlib import Path
from typing import TYPE_CHECKING

from judges.registry import JUDGES
from ragoro.cli import run_command
from ragoro.errors import ExitCode, UsageError

if TYPE_CHECKING:
    from judges.calibrate import CalibrationReport

DEFAULT_FILE = Path("data/calibration/calibration.jsonl")


def _parser() -> argparse.ArgumentParser:
    parser = argparse.ArgumentParser(
        prog="python -m judges",
        description="Measure a judge before trusting it. Exit 0 done, 2 usage/input error, "
        "3 model provider unavailable.",
    )
    commands = parser.add_subparsers(dest="command", required=True)
    cal = commands.add_parser(
        "calibrate",
        help="agreement of a judge with human labels, per label and split",
        description="Judge every hand-labelled case of FILE and print, per label (faithful, "
        "correct, relevant) and per split: accuracy with a 95% Wilson interval, Cohen's "
        "kappa, the confusion matrix and the misses grouped by trap family. Tune on the "
        "dev split only; report from the heldout splits (heldout, heldout2, ...).",
    )
    cal.add_argument("file", type=Path, nargs="?", default=DEFAULT_FILE, help="calibration JSONL")
    cal.add_argument("--judge", choices=sorted(JUDGES), default="offline", help="which judge")
    cal.add_argument("--judge-model", metavar="PROVIDER:MODEL", help="model of the LLM judge")
    cal.add_argument(
        "--split",
        action="append",
        default=[],
        metavar="NAME",
        help="judge only this split (repeatable; default: every split)",
    )
    cal.add_argument("--report", type=Path, help="also write the results as JSON here")
    cal.add_argument("--misses", action="store_true", help="print each miss with the reason")
    return parser


def render(report: CalibrationReport, *, misses: bool = False) -> str:
    """The calibration tables as printable text."""
    model = f" {report.judge_model}" if report.judge_model else ""
    lines = [f"judge {report.judge}{model} · {report.file}"]
    for split, stats in report.splits.items():
        lines += ["", f"split {split}:"]
        lines.append(
            f"  {'label':<9} {'metric':<17} {'n':>4} {'acc':>6} {'95% CI':>13} {'kappa':>6}"
            f" {'tp':>4} {'fp':>4} {'fn':>4} {'tn':>4} {'unsc':>5}"
        )
        for s in stats.values():
            kappa = f"{s.kappa:.2f}" if s.kappa is not None else "n/a"
            c = s.confusion
            lines.append(
                f"  {s.label:<9} {s.metric:<17} {s.n:>4} {s.accuracy:>6.3f} "
                f"{f'[{s.low:.2f}, {s.high:.2f}]':>13} {kappa:>6} {c['tp']:>4} {c['fp']:>4} "
                f"{c['fn']:>4} {c['tn']:>4} {s.unscored:>5}"
            )
        for s in stats.values():
            if s.misses:
                shown = ", ".join(f"{family} {len(ids)}" for family, ids in s.misses.items())
                lines.append(f"  misses {s.label}: {shown}")
                if misses:
                    for family, ids in s.misses.items():
                        for case_id in ids:
                            why = report.reasons.get(case_id, {}).get(s.metric, "unscored")
                            lines.append(f"    {family} {case_id}: {why}")
    return "\n".join(lines)


def _calibrate(args: argparse.Namespace) -> int:
    from judges.calibrate import calibrate, load_calibration
    from judges.registry import make_judge
    from ragoro.golden import atomic_write_text
    from ragoro.probe import arm_probe_of

    if args.judge != "llm" and args.judge_model:
        raise UsageError("--judge-model needs --judge llm")
    cases = load_calibration(args.file)
    judge = make_judge(args.judge, model=args.judge_model)
    # 180 judged cases: a wrong key or a dead host must stop it at the first.
    arm_probe_of(judge, offline_flag="--judge offline")
    report = calibrate(cases, judge, file=str(args.file), splits=args.split)
    print(render(report, misses=args.misses))
    if args.report is not None:
        atomic_write_text(args.report, report.model_dump_json(indent=2) + "\n")
        print(f"report: {args.report}")
    return ExitCode.PASS


def main(argv: list[str] | None = None) -> int:
    """Entry point of `python -m judges`; returns the process exit code."""
    args = _parser().parse_args(argv)
    return run_command(_calibrate, args, offline_flag="--judge offline")
