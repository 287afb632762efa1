"""The agent's behaviour on a hand-written set, measured without any judge.

Reads a golden set and the outcomes `python -m evaluator run --outcomes` wrote for it, and
prints, per `tags.split` (dev / heldout) and overall:

- refusals on answerable questions (refusal cases excluded; clarification cases count as
  answerable), goal <= 10%;
- answers to unanswerable questions (refusal cases the agent did not refuse), goal <= 15%;
- context recall at k: the share of golden passages of which at least half the characters
  lie inside the agent's first k contexts of the same document, goal >= 0.85.

    .venv/bin/python -m evaluator run --golden data/handwritten/qa_handwritten.jsonl \
        --index faiss_index_locale --k 3 --outcomes out/hw/outcomes.jsonl --report out/hw/report.json
    .venv/bin/python bench/bench_handwritten.py data/handwritten/qa_handwritten.jsonl out/hw/outcomes.jsonl
"""

from __future__ import annotations

import argparse
import json
from collections.abc import Sequence
from pathlib import Path

from ragoro.contracts import CaseOutcome, GoldenItem
from ragoro.golden import load_golden


def _refused(outcome: CaseOutcome) -> bool:
    return outcome.refused is True or not outcome.answer.strip()


def _recalled(item: GoldenItem, outcome: CaseOutcome, k: int) -> tuple[int, int]:
    hit = 0
    for passage in item.passages:
        covered: set[int] = set()
        for ctx in outcome.contexts[:k]:
            if ctx.document_path != passage.document_path or ctx.start_char is None:
                continue
            end = ctx.end_char if ctx.end_char is not None else ctx.start_char
            covered.update(
                range(max(ctx.start_char, passage.start_char), min(end, passage.end_char))
            )
        if 2 * len(covered) >= passage.end_char - passage.start_char:
            hit += 1
    return hit, len(item.passages)


def _rate(num: int, den: int) -> str:
    return f"{num}/{den} = {num / den:.1%}" if den else "n/a"


def summarise(
    pairs: Sequence[tuple[GoldenItem, CaseOutcome]], k: int, show_ids: bool = True
) -> list[str]:
    """Agent errors, then answerable refused, unanswerable answered, context recall at k.

    With `show_ids` False only the counts are printed, never which case failed: held-out
    splits are read as aggregates only, so nobody tunes on their misses.
    """
    answerable = [(i, o) for i, o in pairs if i.case_type != "refusal"]
    unanswerable = [(i, o) for i, o in pairs if i.case_type == "refusal"]
    refused = [i.id for i, o in answerable if _refused(o)]
    answered = [i.id for i, o in unanswerable if not _refused(o)]
    hits = [_recalled(i, o, k) for i, o in answerable if i.passages]
    got, total = sum(h for h, _ in hits), sum(t for _, t in hits)
    errors = [o.case_id for _, o in pairs if o.error]

    def ids(found: list[str]) -> str:
        return " ".join(found) if show_ids else ""

    return [
        f"  agent errors (counted as refusals): {len(errors)}  {ids(errors[:5])}",
        f"  refusals on answerable:    {_rate(len(refused), len(answerable))}  {ids(refused)}",
        f"  answers to unanswerable:   {_rate(len(answered), len(unanswerable))}  {ids(answered)}",
        f"  context recall at k={k}:     {_rate(got, total)}",
    ]


def main() -> None:
    """Print the three behaviour figures per split."""
    parser = argparse.ArgumentParser(description=__doc__)
    parser.add_argument("golden", type=Path)
    parser.add_argument("outcomes", type=Path)
    parser.add_argument("--k", type=int, default=3)
    parser.add_argument(
        "--split", action="append", help="only these splits (repeatable); default: all"
    )
    parser.add_argument(
        "--ids-for",
        default="dev",
        help="comma-separated splits whose failing case ids are printed (default: dev); "
        "held-out splits are always summary-only",
    )
    args = parser.parse_args()
    items = {item.id: item for item in load_golden(args.golden)}
    outcomes = [
        CaseOutcome.model_validate(json.loads(line))
        for line in args.outcomes.read_text(encoding="utf-8").splitlines()
        if line.strip()
    ]
    pairs = [(items[o.case_id], o) for o in outcomes if o.case_id in items]
    splits = sorted({i.tags.get("split", "all") for i, _ in pairs})
    if args.split:
        splits = [s for s in splits if s in args.split]
        pairs = [(i, o) for i, o in pairs if i.tags.get("split", "all") in splits]
    ids_for = {s for s in args.ids_for.split(",") if s and not s.startswith("heldout")}
    for split in [*splits, "overall"] if len(splits) > 1 else splits or ["overall"]:
        chosen = [(i, o) for i, o in pairs if split == "overall" or i.tags.get("split") == split]
        print(f"{split} ({len(chosen)} cases)")
        print("\n".join(summarise(chosen, args.k, show_ids=split in ids_for)))


if __name__ == "__main__":
    main()
