"""The extraction eval: facts a loader extracts, scored against ground truth per channel.

Facts are aligned with the ground truth, and only facts present on both sides are scored
(the seed's rule); what the extractor missed is counted apart, as each channel's
coverage, so an extractor that finds nothing does not score 1.0 unnoticed. Alignment:

- `tables`: each extracted table is matched with the ground-truth table that shares the
  most cell texts with it, then cells by row and column. A cell is correct when its text
  and its header path are both right.
- `text`: the two sentence sequences are aligned in order (difflib); an unequal pair
  counts as the same sentence when at least half of it matches, otherwise the sentence
  is missing. Correct means equal after white space is collapsed.
- `numbers`: a number is aligned through its sentence or cell, then by its position in
  it. Correct means the same value, unit and label.

The channels' accuracies and coverages are gated like QA metrics: `as_run_report` turns a
report into the QA gate's input (metric = channel, case = fact), so the same ratchet,
flipped-fact lists and exit codes apply (`evaluator.gate.run_gate`).
"""

from __future__ import annotations

import difflib
import json
from collections.abc import Iterable, Mapping
from pathlib import Path

from pydantic import BaseModel, Field

from evaluator.extraction_fixtures import (
    Fixtures,
    TruthCell,
    TruthDocument,
    TruthNumber,
    TruthSentence,
    fixtures_sha256,
    load_fixtures,
)
from evaluator.report import CaseVerdict, MetricReport, RunReport
from ragoro.errors import InputError
from vectordb import Document, load_documents
from vectordb.facts import CHANNELS, CellFact, DocumentFacts, NumberFact, TextFact, extract_facts

SAME_SENTENCE = 0.5
"""Least difflib ratio for two unequal sentences to count as one sentence, extracted badly."""
COVERAGE = "_coverage"


class Mismatch(BaseModel):
    """One aligned fact extracted wrong."""

    document: str
    expected_locator: str
    extracted_locator: str
    expected: str
    extracted: str


class ChannelReport(BaseModel):
    """One channel over every document: accuracy on aligned facts, coverage apart."""

    name: str
    expected: int = Field(description="Ground-truth facts.")
    extracted: int = Field(description="Facts the loader produced for those documents.")
    total: int = Field(description="Facts aligned on both sides: the ones scored.")
    correct: int
    accuracy: float = Field(description="correct / total; 1.0 when nothing was aligned.")
    coverage: float = Field(description="total / expected; 1.0 when nothing was expected.")
    mismatches: list[Mismatch] = Field(default_factory=list)
    missing: list[str] = Field(default_factory=list, description="doc#locator not found.")


class ExtractionReport(BaseModel):
    """What one extraction eval found."""

    fixtures: str
    fixtures_name: str
    fixtures_sha256: str
    docs: str
    documents: int
    load_failures: dict[str, str] = Field(default_factory=dict, description="path -> reason.")
    channels: dict[str, ChannelReport]
    results: dict[str, dict[str, bool]] = Field(
        default_factory=dict, description="doc#locator -> metric -> correct (or found)."
    )


class _Tally:
    """Counts of one channel while documents are scored."""

    def __init__(self, name: str) -> None:
        self.report = ChannelReport(
            name=name, expected=0, extracted=0, total=0, correct=0, accuracy=1.0, coverage=1.0
        )
        self.results: dict[str, dict[str, bool]] = {}

    def expect(self, doc: str, locator: str) -> None:
        self.report.expected += 1
        self.results.setdefault(f"{doc}#{locator}", {})[self.report.name + COVERAGE] = False

    def score(self, doc: str, truth: str, got: str, expected: str, extracted: str) -> None:
        case = f"{doc}#{truth}"
        self.results.setdefault(case, {})[self.report.name + COVERAGE] = True
        right = expected == extracted
        self.results[case][self.report.name] = right
        self.report.total += 1
        self.report.correct += right
        if not right:
            self.report.mismatches.append(
                Mismatch(
                    document=doc,
                    expected_locator=truth,
                    extracted_locator=got,
                    expected=expected,
                    extracted=extracted,
                )
            )

    def finish(self) -> ChannelReport:
        report = self.report
        report.accuracy = report.correct / report.total if report.total else 1.0
        report.coverage = report.total / report.expected if report.expected else 1.0
        report.missing = sorted(
            case for case, row in self.results.items() if not row[report.name + COVERAGE]
        )
        return report


def _align_sentences(truth: list[TruthSentence], got: list[TextFact]) -> dict[int, int]:
    """Index of each aligned ground-truth sentence -> index of its extracted sentence."""
    a = [t.text for t in truth]
    b = [g.text for g in got]
    pairs: dict[int, int] = {}
    matcher = difflib.SequenceMatcher(None, a, b, autojunk=False)
    for tag, i1, i2, j1, j2 in matcher.get_opcodes():
        if tag == "equal":
            pairs.update({i1 + k: j1 + k for k in range(i2 - i1)})
        elif tag == "replace":
            j = j1
            for i in range(i1, i2):
                for candidate in range(j, j2):
                    ratio = difflib.SequenceMatcher(None, a[i], b[candidate]).ratio()
                    if ratio >= SAME_SENTENCE:
                        pairs[i] = candidate
                        j = candidate + 1
                        break
    return pairs


def _table_of(locator: str) -> tuple[str, int, int]:
    """(table, row, col) of a ground-truth cell locator."""
    if "!" in locator:
        sheet, ref = locator.rsplit("!", 1)
        letters = "".join(ch for ch in ref if ch.isalpha())
        number = 0
        for ch in letters.upper():
            number = number * 26 + ord(ch) - 64
        return sheet, int(ref[len(letters) :]), number
    head, row, col = locator.rsplit(",", 2)
    return head, int(row.split("=")[1]), int(col.split("=")[1])


def _align_tables(truth: list[TruthCell], got: list[CellFact]) -> dict[str, CellFact]:
    """Ground-truth cell locator -> the extracted cell at the same place of the same table."""
    truth_tables: dict[str, dict[tuple[int, int], TruthCell]] = {}
    for cell in truth:
        table, row, col = _table_of(cell.locator)
        truth_tables.setdefault(table, {})[(row, col)] = cell
    got_tables: dict[str, dict[tuple[int, int], CellFact]] = {}
    for fact in got:
        got_tables.setdefault(fact.table, {})[(fact.row, fact.col)] = fact
    unused = list(truth_tables)
    aligned: dict[str, CellFact] = {}
    for cells in got_tables.values():
        texts = {c.text for c in cells.values()}
        best = max(
            unused,
            key=lambda t: len(texts & {c.text for c in truth_tables[t].values()}),
            default=None,
        )
        if best is None or not texts & {c.text for c in truth_tables[best].values()}:
            continue
        unused.remove(best)
        for place, cell in truth_tables[best].items():
            if place in cells:
                aligned[cell.locator] = cells[place]
    return aligned


def _number_text(number: TruthNumber | NumberFact) -> str:
    value = f"{number.value:g}"
    return f"{value} {number.unit}".strip() + f" [{number.label}]"


def _score_document(
    path: str, truth: TruthDocument, facts: DocumentFacts | None, tallies: Mapping[str, _Tally]
) -> None:
    for sentence in truth.text:
        tallies["text"].expect(path, sentence.locator)
    for cell in truth.tables:
        tallies["tables"].expect(path, cell.locator)
    for number in truth.numbers:
        tallies["numbers"].expect(path, number.locator)
    if facts is None:
        return
    tallies["text"].report.extracted += len(facts.text)
    tallies["tables"].report.extracted += len(facts.tables)
    tallies["numbers"].report.extracted += len(facts.numbers)
    source_map: dict[str, str] = {}
    for i, j in _align_sentences(truth.text, facts.text).items():
        expected, got = truth.text[i], facts.text[j]
        source_map[expected.locator] = got.locator
        tallies["text"].score(path, expected.locator, got.locator, expected.text, got.text)
    for locator, got_cell in _align_tables(truth.tables, facts.tables).items():
        source_map[locator] = got_cell.locator
        expected_cell = next(c for c in truth.tables if c.locator == locator)
        tallies["tables"].score(
            path,
            locator,
            got_cell.locator,
            f"{expected_cell.text} [{' / '.join(expected_cell.header)}]",
            f"{got_cell.text} [{' / '.join(got_cell.header)}]",
        )
    extracted = {n.locator: n for n in facts.numbers}
    for number in truth.numbers:
        source, index = number.locator.rsplit(",", 1)
        mapped = source_map.get(source)
        found = extracted.get(f"{mapped},{index}") if mapped else None
        if found is not None:
            tallies["numbers"].score(
                path, number.locator, found.locator, _number_text(number), _number_text(found)
            )


def score_extraction(
    documents: Iterable[Document], fixtures: Fixtures
) -> tuple[dict[str, ChannelReport], dict[str, dict[str, bool]]]:
    """Score the facts of `documents` against `fixtures`, per channel; return the channel
    reports and each fact's results ("doc#locator" -> metric -> correct/found).

    A fixture document that is absent (it did not load) has all its facts missing; a
    document the fixtures do not describe is not scored.
    """
    loaded = {document.path: document for document in documents}
    tallies = {name: _Tally(name) for name in CHANNELS}
    for path, truth in sorted(fixtures.documents.items()):
        document = loaded.get(path)
        facts = extract_facts(document) if document is not None else None
        _score_document(path, truth, facts, tallies)
    results: dict[str, dict[str, bool]] = {}
    for tally in tallies.values():
        for case, row in tally.results.items():
            results.setdefault(case, {}).update(row)
    return {name: tally.finish() for name, tally in tallies.items()}, dict(sorted(results.items()))


def as_run_report(report: ExtractionReport) -> RunReport:
    """The report as the QA gate reads it: metric = channel (accuracy) or channel_coverage,
    case = one ground-truth fact, mode "extraction", judge = the fixtures' name."""
    metrics: dict[str, MetricReport] = {}
    for name, channel in report.channels.items():
        for metric, rate in ((name, channel.accuracy), (name + COVERAGE, channel.coverage)):
            rows = [row[metric] for row in report.results.values() if metric in row]
            metrics[metric] = MetricReport(
                name=metric,
                applies_to=[],
                total=len(rows),
                passed=sum(rows),
                pass_rate=rate,
                failures=[c for c, row in report.results.items() if row.get(metric) is False],
            )
    return RunReport(
        mode="extraction",
        judge=report.fixtures_name,
        agent="vectordb.facts",
        golden_path=report.fixtures,
        golden_sha256=report.fixtures_sha256,
        n_cases=len(report.results),
        metrics=metrics,
        fabrication_count=0,
        case_results={
            case: {metric: CaseVerdict(passed=ok, value=float(ok)) for metric, ok in row.items()}
            for case, row in report.results.items()
        },
    )


def dump_report(report: ExtractionReport) -> str:
    """The JSON report as written to --report."""
    return json.dumps(report.model_dump(mode="json"), indent=2, ensure_ascii=False) + "\n"


def run_extraction(docs: Path, fixtures_path: Path) -> ExtractionReport:
    """Load every document under `docs`, extract its facts and score them on `fixtures`."""
    fixtures = load_fixtures(fixtures_path)
    try:
        result = load_documents(docs)
    except NotADirectoryError as exc:
        raise InputError(f"{exc}: pass --docs with the folder the fixtures describe") from exc
    described = [d for d in result.documents if d.path in fixtures.documents]
    if not described and not any(f.path in fixtures.documents for f in result.failures):
        raise InputError(
            f"no document under {docs} is described by {fixtures_path} "
            f"({len(fixtures.documents)} documents, e.g. {min(fixtures.documents)})"
        )
    channels, results = score_extraction(described, fixtures)
    return ExtractionReport(
        fixtures=fixtures_path.as_posix(),
        fixtures_name=fixtures.name,
        fixtures_sha256=fixtures_sha256(fixtures_path),
        docs=docs.as_posix(),
        documents=len(described),
        load_failures={f.path: f"{f.kind} ({f.detail})" for f in result.failures},
        channels=channels,
        results=results,
    )


def render_extraction(report: ExtractionReport, *, mismatches: int = 10) -> str:
    """Console summary: one line per channel, then up to `mismatches` mismatches each."""
    lines = [
        f"extraction: {report.documents} documents from {report.docs} against "
        f"{report.fixtures} ({report.fixtures_name})"
    ]
    for path, reason in sorted(report.load_failures.items()):
        lines.append(f"  not loaded: {path}: {reason}")
    lines.append(
        f"  {'channel':<8} {'accuracy':>8} {'correct':>8} {'aligned':>8} "
        f"{'expected':>8} {'coverage':>8}"
    )
    for channel in report.channels.values():
        lines.append(
            f"  {channel.name:<8} {channel.accuracy:>8.3f} {channel.correct:>8} "
            f"{channel.total:>8} {channel.expected:>8} {channel.coverage:>8.3f}"
        )
    for channel in report.channels.values():
        if not channel.mismatches:
            continue
        shown = channel.mismatches[:mismatches]
        lines.append(
            f"  {channel.name}: {len(channel.mismatches)} mismatches"
            + (
                f" (first {len(shown)}; all in the JSON report)"
                if len(shown) < len(channel.mismatches)
                else ""
            )
        )
        for m in shown:
            lines.append(
                f"    {m.document} {m.expected_locator} (extracted at {m.extracted_locator})"
            )
            lines.append(f"      expected:  {m.expected}")
            lines.append(f"      extracted: {m.extracted}")
    return "\n".join(lines)
