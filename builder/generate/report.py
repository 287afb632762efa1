"""The end-of-run summary: items per case type and language, rejects by reason, spend."""

from __future__ import annotations

from collections import Counter
from typing import TextIO

from builder.generate.runner import RunResult
from ragoro.contracts import CASE_TYPES


def _table(rows: list[list[str]]) -> list[str]:
    widths = [max(len(row[i]) for row in rows) for i in range(len(rows[0]))]
    return ["  ".join(cell.ljust(w) for cell, w in zip(row, widths, strict=True)) for row in rows]


def print_summary(result: RunResult, out: TextIO) -> None:
    """Print the summary tables of a run."""
    for note in result.notes:
        print(f"note: {note}", file=out)
    langs = sorted({item.tags.get("lang", "?") for item in result.items}) or ["it", "en"]
    counts = Counter((item.case_type, item.tags.get("lang", "?")) for item in result.items)
    rows = [["case type", *langs, "total"]]
    for case_type in CASE_TYPES:
        per_lang = [counts[(case_type, lang)] for lang in langs]
        rows.append([case_type, *map(str, per_lang), str(sum(per_lang))])
    totals = [sum(counts[(t, lang)] for t in CASE_TYPES) for lang in langs]
    rows.append(["TOTAL", *map(str, totals), str(sum(totals))])
    print(
        f"\nitems: {len(result.items)} (planned {result.planned}, resumed {result.resumed}, "
        f"new {result.new_items})",
        file=out,
    )
    print("\n".join(_table(rows)), file=out)
    reasons = Counter(str(row.get("reason", "?")) for row in result.rejects)
    print(f"\nrejects: {len(result.rejects)}", file=out)
    for reason, count in sorted(reasons.items()):
        print(f"  {reason:<24} {count}", file=out)
    if result.accounting is not None:
        stats = result.accounting.summary()
        if stats:
            header = [
                "model",
                "calls",
                "cache_hits",
                "input_tokens",
                "output_tokens",
                "retries",
                "errors",
            ]
            table = [header] + [[str(row[h]) for h in header] for row in stats]
            print("\nmodel calls:", file=out)
            print("\n".join("  " + line for line in _table(table)), file=out)
        else:
            print("\nmodel calls: 0 (offline generator)", file=out)
    if result.errors:
        print(
            f"\n{len(result.errors)} scenario(s) failed on provider errors; rerun to retry them:",
            file=out,
        )
        for error in result.errors[:10]:
            print(f"  {error}", file=out)
    if result.budget_exhausted:
        print(
            f"\ncall budget (--max-calls) spent: {result.undone} scenario(s) not written. "
            "Items so far are kept; rerun the same command (with a larger budget) to continue.",
            file=out,
        )
    print(f"\nwall time: {result.wall_s:.1f}s", file=out)
