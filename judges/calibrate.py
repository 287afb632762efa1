"""Measure a judge against human labels: agreement, Cohen's kappa, confusion, interval.

A calibration file has one hand-labelled case per line (format in data/calibration/README.md):
a question, reference answers, the contexts the answer was given, the answer, and the
labels a person gave it (faithful, correct, relevant), with a trap family and a split.
Each case becomes a golden item and an outcome, the judge scores it, and each label is
compared with the verdict of its metric. An unscored verdict is counted as a miss: a judge
that says nothing has not agreed with anybody.
"""

from __future__ import annotations

import json
import math
from collections import Counter, defaultdict
from collections.abc import Iterable, Sequence
from pathlib import Path
from typing import Literal

from pydantic import BaseModel, ConfigDict, Field, ValidationError

from judges.base import Judge
from ragoro.contracts import CaseOutcome, GoldenItem, Passage, RetrievedContext
from ragoro.errors import InputError

__all__ = [
    "LABEL_METRICS",
    "CalibrationCase",
    "CalibrationReport",
    "LabelStats",
    "calibrate",
    "load_calibration",
]

Label = Literal["faithful", "correct", "relevant"]
LABEL_METRICS: dict[Label, str] = {
    "faithful": "faithfulness",
    "correct": "answer_accuracy",
    "relevant": "answer_relevancy",
}
"""Which metric's verdict each human label is compared with."""
_SEPARATOR = "\n\n"


class Labels(BaseModel):
    """What a person decided about one answer."""

    model_config = ConfigDict(extra="forbid")

    faithful: bool
    correct: bool
    relevant: bool


class CalibrationCase(BaseModel):
    """One hand-labelled case."""

    model_config = ConfigDict(extra="forbid")

    id: str = Field(min_length=1)
    split: str = Field(min_length=1, description="heldout (never tuned on) or dev.")
    lang: str
    family: str = Field(min_length=1, description="The trap the case sets (paraphrase, flip...).")
    question: str = Field(min_length=1)
    references: list[str] = Field(min_length=1)
    contexts: list[str] = Field(min_length=1)
    answer: str
    answerable: bool = True
    labels: Labels
    note: str = ""

    def document_path(self) -> str:
        """The synthetic document the contexts are cut from."""
        return f"calibration/{self.id}.txt"

    def document_text(self) -> str:
        """The contexts joined into one document, so offsets point somewhere real."""
        return _SEPARATOR.join(self.contexts)

    def spans(self) -> list[tuple[str, int, int]]:
        """Each context with its [start, end) span in `document_text`."""
        out, cursor = [], 0
        for text in self.contexts:
            out.append((text, cursor, cursor + len(text)))
            cursor += len(text) + len(_SEPARATOR)
        return out

    def to_item(self) -> GoldenItem:
        """The case as a golden item: a refusal case when it cannot be answered."""
        path = self.document_path()
        passages = [
            Passage(content=text, document_path=path, start_char=start, end_char=end)
            for text, start, end in self.spans()
        ]
        tags = {"lang": self.lang, "family": self.family, "split": self.split}
        common = {
            "id": self.id,
            "question": self.question,
            "answer": self.references[0],
            "answers": self.references[1:],
            "tags": tags,
        }
        if not self.answerable:
            return GoldenItem.model_validate({**common, "case_type": "refusal"})
        return GoldenItem.model_validate({**common, "case_type": "narrative", "passages": passages})

    def to_outcome(self) -> CaseOutcome:
        """The answer under judgement, with the contexts it was given."""
        path = self.document_path()
        contexts = [
            RetrievedContext(document_path=path, text=text, start_char=start, end_char=end)
            for text, start, end in self.spans()
        ]
        return CaseOutcome(
            case_id=self.id, question=self.question, answer=self.answer, contexts=contexts
        )


def load_calibration(path: Path) -> list[CalibrationCase]:
    """Every case of a calibration file; a bad line raises `InputError` with file:line."""
    if not path.is_file():
        raise InputError(f"calibration file not found: {path}")
    cases: list[CalibrationCase] = []
    seen: dict[str, int] = {}
    try:
        lines = path.read_text(encoding="utf-8").splitlines()
    except UnicodeDecodeError as exc:
        raise InputError(f"{path}: not UTF-8 ({exc.reason} at byte {exc.start})") from exc
    for number, line in enumerate(lines, start=1):
        if not line.strip():
            continue
        try:
            case = CalibrationCase.model_validate(json.loads(line))
        except json.JSONDecodeError as exc:
            raise InputError(f"{path}:{number}: invalid JSON: {exc.msg}") from exc
        except ValidationError as exc:
            error = exc.errors()[0]
            where = ".".join(str(p) for p in error["loc"]) or "line"
            raise InputError(f"{path}:{number}: {where}: {error['msg']}") from exc
        if case.id in seen:
            raise InputError(
                f"{path}:{number}: duplicate id {case.id!r} (first on line {seen[case.id]})"
            )
        seen[case.id] = number
        cases.append(case)
    if not cases:
        raise InputError(f"calibration file {path} has no cases")
    return cases


class LabelStats(BaseModel):
    """Agreement of one metric with one human label over some cases."""

    label: str
    metric: str
    n: int
    agree: int
    accuracy: float = Field(description="agree / n; 0.0 when n is 0 (nothing agreed).")
    low: float = Field(description="Wilson 95% interval, lower end.")
    high: float = Field(description="Wilson 95% interval, upper end.")
    kappa: float | None = Field(description="Cohen's kappa; None when it is undefined.")
    confusion: dict[str, int] = Field(
        description="tp / fp / fn / tn (positive = the label is true), unscored apart."
    )
    unscored: int
    misses: dict[str, list[str]] = Field(description="family -> ids the judge got wrong.")


class CalibrationReport(BaseModel):
    """Per split, per label: how well the judge agrees with people."""

    judge: str
    judge_model: str | None
    file: str
    splits: dict[str, dict[str, LabelStats]]
    reasons: dict[str, dict[str, str]] = Field(
        default_factory=dict, description="case id -> metric -> the judge's reason."
    )


def wilson(agree: int, n: int, z: float = 1.96) -> tuple[float, float]:
    """The Wilson score interval of a proportion (95% by default)."""
    if n == 0:
        return 0.0, 1.0
    p = agree / n
    centre = (p + z * z / (2 * n)) / (1 + z * z / n)
    half = z * math.sqrt(p * (1 - p) / n + z * z / (4 * n * n)) / (1 + z * z / n)
    return max(0.0, centre - half), min(1.0, centre + half)


def cohen_kappa(pairs: Sequence[tuple[bool, bool]]) -> float | None:
    """Cohen's kappa of (human, judge) pairs; None when chance agreement is total."""
    n = len(pairs)
    if n == 0:
        return None
    observed = sum(h == j for h, j in pairs) / n
    human_yes = sum(h for h, _ in pairs) / n
    judge_yes = sum(j for _, j in pairs) / n
    chance = human_yes * judge_yes + (1 - human_yes) * (1 - judge_yes)
    if math.isclose(chance, 1.0):
        return None
    return (observed - chance) / (1 - chance)


def _stats(label: Label, rows: Iterable[tuple[CalibrationCase, bool | None]]) -> LabelStats:
    confusion: Counter[str] = Counter(tp=0, fp=0, fn=0, tn=0)
    misses: dict[str, list[str]] = defaultdict(list)
    pairs: list[tuple[bool, bool]] = []
    n = agree = unscored = 0
    for case, said in rows:
        truth = getattr(case.labels, label)
        n += 1
        if said is None:
            unscored += 1
            misses[case.family].append(case.id)
            continue
        pairs.append((truth, said))
        key = ("t" if truth == said else "f") + ("p" if said else "n")
        confusion[key] += 1
        if truth == said:
            agree += 1
        else:
            misses[case.family].append(case.id)
    low, high = wilson(agree, n)
    return LabelStats(
        label=label,
        metric=LABEL_METRICS[label],
        n=n,
        agree=agree,
        accuracy=agree / n if n else 0.0,
        low=low,
        high=high,
        kappa=cohen_kappa(pairs),
        confusion=dict(confusion),
        unscored=unscored,
        misses=dict(sorted(misses.items())),
    )


def calibrate(
    cases: Sequence[CalibrationCase], judge: Judge, *, file: str = "", splits: Sequence[str] = ()
) -> CalibrationReport:
    """Judge every case and compare each label with its metric's verdict, per split
    (`splits` restricts which are judged; "all" sums them when there are several)."""
    chosen = [c for c in cases if not splits or c.split in splits]
    if not chosen:
        raise InputError(f"no calibration case in split(s) {', '.join(splits)}")
    verdicts: dict[str, dict[str, bool | None]] = {}
    reasons: dict[str, dict[str, str]] = {}
    for case in chosen:
        result = judge.judge(case.to_item(), case.to_outcome())
        by_metric = {v.metric: v for v in result.verdicts}
        verdicts[case.id] = {
            m: by_metric[m].passed if m in by_metric else None for m in LABEL_METRICS.values()
        }
        reasons[case.id] = {
            m: by_metric[m].reason for m in LABEL_METRICS.values() if m in by_metric
        }
    groups: dict[str, list[CalibrationCase]] = defaultdict(list)
    for case in chosen:
        groups[case.split].append(case)
    if len(groups) > 1:
        groups["all"] = list(chosen)
    out: dict[str, dict[str, LabelStats]] = {}
    for split, members in sorted(groups.items()):
        out[split] = {
            label: _stats(label, ((c, verdicts[c.id][metric]) for c in members))
            for label, metric in LABEL_METRICS.items()
        }
    return CalibrationReport(
        judge=judge.name, judge_model=judge.model, file=file, splits=out, reasons=reasons
    )
