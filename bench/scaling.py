"""Shared pieces of the scaling benchmarks: bigger corpora and golden sets made of distinct
copies of the demo ones, a child process measured for wall time and peak RSS, and min /
median summaries.

A scaled corpus of N copies renders every demo source N times from `corpus_src/`, each copy
with its own company name and title, so no two files (or chunks) are byte-identical and a
rebuild cannot reuse one copy's vectors for another. Corpora are kept in `out/bench/` and
reused by later runs.
"""

from __future__ import annotations

import importlib
import json
import os
import statistics
import subprocess
import sys
import time
from dataclasses import dataclass
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
BENCH_OUT = ROOT / "out" / "bench"

# Words of the demo sources that name the company: each copy renames them.
_NAMES = ("Ferraris", "Northwind")


def _copy_name(number: int) -> str:
    letters = ""
    n = number
    while True:
        letters = chr(ord("a") + n % 26) + letters
        n = n // 26 - 1
        if n < 0:
            return letters


def scaled_corpus(scale: int) -> Path:
    """A folder of `scale` distinct copies of the demo corpus (rendered PDFs), made once."""
    if scale == 1:
        return ROOT / "documenti_pdf"
    folder = BENCH_OUT / f"corpus-{scale}x"
    sources = sorted(p for p in (ROOT / "corpus_src").glob("*.md") if p.name != "README.md")
    if folder.is_dir() and len(list(folder.glob("*.pdf"))) == scale * len(sources):
        return folder
    sys.path.insert(0, str(ROOT / "scripts"))
    render = importlib.import_module("render_corpus")  # scripts/ is not a package

    staging = BENCH_OUT / f".corpus-{scale}x.staging"
    staging.mkdir(parents=True, exist_ok=True)
    for copy in range(scale):
        tag = _copy_name(copy)
        for source in sources:
            text = source.read_text(encoding="utf-8")
            for name in _NAMES:
                text = text.replace(name, f"{name}-{tag.upper()}")
            text = text.replace("\n# ", f"\n# ({tag}) ", 1)
            copied = staging / f"{source.stem}__{tag}.md"
            copied.write_text(text, encoding="utf-8")
            render.render_document(
                render.parse_document(copied), staging / f"{source.stem}__{tag}.pdf"
            )
            copied.unlink()
    if folder.exists():
        import shutil

        shutil.rmtree(folder)
    staging.rename(folder)
    return folder


def scaled_golden(source: Path, scale: int, out: Path) -> Path:
    """`scale` copies of every case of `source`, each with its own id and its own question
    (so no query vector is shared between copies)."""
    lines = [line for line in source.read_text(encoding="utf-8").splitlines() if line.strip()]
    with out.open("w", encoding="utf-8") as handle:
        for copy in range(scale):
            for line in lines:
                item = json.loads(line)
                if copy:
                    item["id"] = f"{item['id']}-x{copy}"
                    item["question"] = f"{item['question']} ({copy})"
                handle.write(json.dumps(item, ensure_ascii=False) + "\n")
    return out


@dataclass(frozen=True)
class Measured:
    """One child process: wall time, peak resident memory, what it printed."""

    wall_s: float
    peak_rss_mb: float
    stdout: str
    returncode: int

    def result(self) -> dict[str, float]:
        """The JSON object the child printed on its last line starting with RESULT."""
        for line in reversed(self.stdout.splitlines()):
            if line.startswith("RESULT "):
                found: dict[str, float] = json.loads(line[len("RESULT ") :])
                return found
        raise RuntimeError(f"no RESULT line in:\n{self.stdout}")


def run_measured(argv: list[str], *, cwd: Path = ROOT) -> Measured:
    """Run a child process to its end; its own peak RSS comes from `os.wait4`."""
    env = dict(os.environ, PYTHONPATH=str(ROOT), TQDM_DISABLE="1")
    started = time.perf_counter()
    child = subprocess.Popen(
        argv, cwd=cwd, env=env, stdout=subprocess.PIPE, stderr=subprocess.DEVNULL, text=True
    )
    assert child.stdout is not None
    out = child.stdout.read()
    _, status, usage = os.wait4(child.pid, 0)
    wall = time.perf_counter() - started
    child.returncode = os.waitstatus_to_exitcode(status)
    if child.returncode not in (0, 1):
        raise RuntimeError(f"{' '.join(argv)} failed ({child.returncode}):\n{out}")
    return Measured(wall, usage.ru_maxrss / 1024, out, child.returncode)


def min_median(values: list[float], fmt: str = "{:.2f}") -> str:
    """'min / median' of the values (one value alone when there is one)."""
    if len(values) == 1:
        return fmt.format(values[0])
    return f"{fmt.format(min(values))} / {fmt.format(statistics.median(values))}"


def print_table(header: list[str], rows: list[list[str]]) -> None:
    """A Markdown table (pasted as is into docs/performance.md)."""
    print("| " + " | ".join(header) + " |")
    print("|" + "|".join("---" for _ in header) + "|")
    for row in rows:
        print("| " + " | ".join(row) + " |")


def print_row(row: list[str]) -> None:
    """One finished row on stderr at once, so a long run shows (and keeps) its progress."""
    print("row: | " + " | ".join(row) + " |", file=sys.stderr, flush=True)


def scales(text: str) -> list[int]:
    """'1,10,40' -> [1, 10, 40]."""
    return [int(part) for part in text.split(",") if part.strip()]
