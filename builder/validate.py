"""Prove every passage of a golden set against its document, and re-anchor moved ones."""

from __future__ import annotations

import json
import shutil
from collections import Counter
from collections.abc import Mapping
from dataclasses import dataclass, field
from pathlib import Path

from ragoro.contracts import GoldenItem, Passage
from ragoro.golden import (
    GoldenProblem,
    GoldenRecord,
    atomic_write_text,
    is_json_array_file,
    item_json,
    iter_golden,
    render_golden,
)
from ragoro.locate import Located, locate


@dataclass(frozen=True)
class PassageFinding:
    """A passage that does not hold against its document, and where it moved (if found)."""

    index: int
    message: str
    relocated: Located | None = None


@dataclass
class ValidationReport:
    """Everything `builder validate` found in one golden file."""

    path: Path
    records: list[GoldenRecord] = field(default_factory=list)
    problems: list[GoldenProblem] = field(default_factory=list)
    invalid_ids: set[str] = field(default_factory=set)
    fixable: dict[int, list[PassageFinding]] = field(default_factory=dict)
    unparsable: int = 0

    @property
    def n_invalid(self) -> int:
        """Records with at least one problem."""
        return len({p.line for p in self.problems})

    @property
    def valid(self) -> bool:
        """True when nothing is wrong."""
        return not self.problems


def check_passage(passage: Passage, texts: Mapping[str, str]) -> str | Located | None:
    """None when the passage holds; a Located when its content moved; else the reason."""
    text = texts.get(passage.document_path)
    if text is None:
        return f"document {passage.document_path!r} is not in the corpus"
    in_range = passage.end_char <= len(text)
    if in_range and text[passage.start_char : passage.end_char] == passage.content:
        return None
    found = locate(text, passage.content, hint=passage.start_char)
    if found is not None:
        return found
    if not in_range:
        return f"offsets [{passage.start_char}:{passage.end_char}] are past the end of the document ({len(text)} chars) and the content is nowhere in it"
    return f"content does not match [{passage.start_char}:{passage.end_char}] and is nowhere in the document"


def _passage_findings(
    item: GoldenItem, texts: Mapping[str, str]
) -> tuple[list[PassageFinding], list[PassageFinding]]:
    movable, broken = [], []
    for index, passage in enumerate(item.passages):
        outcome = check_passage(passage, texts)
        if isinstance(outcome, Located):
            how = "exact" if outcome.method == "exact" else "whitespace-normalised"
            message = (
                f"content moved: [{passage.start_char}:{passage.end_char}] -> "
                f"[{outcome.start}:{outcome.end}] ({how} match)"
            )
            movable.append(PassageFinding(index, message, outcome))
        elif outcome is not None:
            broken.append(PassageFinding(index, outcome))
    if item.expected.source and item.expected.source.doc not in texts:
        broken.append(
            PassageFinding(
                -1, f"expected.source.doc {item.expected.source.doc!r} is not in the corpus"
            )
        )
    return movable, broken


def validate_golden(path: Path, texts: Mapping[str, str]) -> ValidationReport:
    """Check schema, ids and every passage of a golden file against the document texts."""
    report = ValidationReport(path)
    for record in iter_golden(path):
        report.records.append(record)
        if record.problem is not None:
            report.problems.append(record.problem)
            report.unparsable += record.raw is None
            continue
        assert record.item is not None
        movable, broken = _passage_findings(record.item, texts)
        for finding in [*movable, *broken]:
            where = "expected.source.doc" if finding.index < 0 else f"passages[{finding.index}]"
            report.problems.append(
                GoldenProblem(str(path), record.line, where, finding.message, record.item.id)
            )
            report.invalid_ids.add(record.item.id)
        if movable:
            report.fixable[record.line] = movable
    return report


def _reanchored(
    item: GoldenItem, findings: list[PassageFinding], texts: Mapping[str, str]
) -> GoldenItem:
    passages = list(item.passages)
    for finding in findings:
        assert finding.relocated is not None
        old = passages[finding.index]
        text = texts[old.document_path]
        start, end = finding.relocated.start, finding.relocated.end
        passages[finding.index] = Passage(
            content=text[start:end], document_path=old.document_path, start_char=start, end_char=end
        )
    return item.model_copy(update={"passages": passages})


def apply_fixes(report: ValidationReport, texts: Mapping[str, str]) -> tuple[int, Path]:
    """Rewrite the file atomically with moved passages re-anchored; keep a .bak copy.

    Items whose content is nowhere in their document are left exactly as they were.
    Returns how many items were fixed and the backup path.
    """
    if report.unparsable:
        raise ValueError(
            f"{report.path} has {report.unparsable} line(s) that are not JSON: fix them by hand first"
        )
    rows: list[str] = []
    fixed = 0
    for record in report.records:
        if record.item is not None and record.line in report.fixable:
            rows.append(item_json(_reanchored(record.item, report.fixable[record.line], texts)))
            fixed += 1
        else:
            rows.append(json.dumps(record.raw, ensure_ascii=False))
    backup = report.path.with_name(report.path.name + ".bak")
    shutil.copy2(report.path, backup)
    as_array = is_json_array_file(report.path)
    atomic_write_text(report.path, render_golden(rows, as_array=as_array))
    return fixed, backup


def summarise(items: list[GoldenItem]) -> dict[str, Counter[str]]:
    """Counts of items per case type, per tag (key=value), per hop count and language."""
    by_type: Counter[str] = Counter(item.case_type for item in items)
    by_tag: Counter[str] = Counter(
        f"{k}={v}" for item in items for k, v in sorted(item.tags.items()) if k != "hops"
    )
    by_hops: Counter[str] = Counter(
        item.tags.get("hops", str(len(item.passages))) for item in items
    )
    return {"case_type": by_type, "tag": by_tag, "hops": by_hops}
