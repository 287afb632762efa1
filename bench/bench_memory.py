"""Peak memory of `python -m evaluator run` over 1x, 10x and 100x the golden set.

At every scale the whole command line runs twice in fresh processes on a copy of the
index: first with an empty query-vector cache (every question embedded, the model
loaded), then again with the cache it filled (no question embedded). Each child's own
peak RSS comes from `os.wait4`. The last column is how much the warm peak grows per
1,000 cases over the previous scale: what one more case costs to hold.

    .venv/bin/python bench/bench_memory.py [--scales 1,10,100] [--root CHECKOUT]

`--root` measures another checkout (e.g. `git worktree add /tmp/base <commit>`, with a
copy of faiss_index_locale/) with the same procedure, so a before/after pair is two runs
of this script.
"""

from __future__ import annotations

import argparse
import shutil
import sys
import tempfile
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.scaling import print_row, print_table, run_measured, scaled_golden, scales  # noqa: E402


def _cli(root: Path, golden: Path, index: Path, tmp: Path) -> tuple[float, float]:
    argv = [sys.executable, "-m", "evaluator", "run", "--golden", str(golden)]
    argv += ["--index", str(index), "--outcomes", str(tmp / "o.jsonl")]
    argv += ["--report", str(tmp / "r.json"), "--baseline", str(tmp / "b.json")]
    measured = run_measured(argv, cwd=root)
    return measured.wall_s, measured.peak_rss_mb


def main() -> None:
    """Print the peak-RSS table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--scales", type=scales, default=[1, 10, 100])
    parser.add_argument("--root", type=Path, default=ROOT, help="checkout to measure")
    args = parser.parse_args()
    root = args.root.resolve()
    rows: list[list[str]] = []
    previous: tuple[int, float] | None = None
    with tempfile.TemporaryDirectory() as tmp_name:
        tmp = Path(tmp_name)
        index = tmp / "index"
        shutil.copytree(root / "faiss_index_locale", index)
        (index / "query_vectors.npz").unlink(missing_ok=True)
        for scale in args.scales:
            source = root / "data" / "golden" / "qa_golden_set.jsonl"
            golden = scaled_golden(source, scale, tmp / f"golden-{scale}x.jsonl")
            cases = sum(1 for line in golden.open(encoding="utf-8") if line.strip())
            cold_s, cold_mb = _cli(root, golden, index, tmp)
            warm_s, warm_mb = _cli(root, golden, index, tmp)
            growth = "-"
            if previous is not None:
                growth = f"{(warm_mb - previous[1]) / (cases - previous[0]) * 1000:.0f}"
            previous = (cases, warm_mb)
            rows.append(
                [
                    f"{scale}x",
                    str(cases),
                    f"{cold_s:.1f}",
                    f"{cold_mb:.0f}",
                    f"{warm_s:.1f}",
                    f"{warm_mb:.0f}",
                    growth,
                ]
            )
            print_row(rows[-1])
    print_table(
        [
            "scale",
            "cases",
            "CLI s (cold cache)",
            "peak RSS MB (cold)",
            "CLI s (warm cache)",
            "peak RSS MB (warm)",
            "warm MB per 1,000 more cases",
        ],
        rows,
    )


if __name__ == "__main__":
    main()
