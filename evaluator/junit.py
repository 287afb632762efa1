"""JUnit XML for CI annotations: one testcase per case and gated metric.

A failed verdict is a <failure> whose message is the verdict's reason; an unscored one is
<skipped> with the reason (the gate counts a rise of unscored verdicts on its own). One
<testsuite> per metric, named after it, so a CI's test view groups by metric.
"""

from __future__ import annotations

import re
import xml.etree.ElementTree as ET
from collections.abc import Callable, Iterable, Mapping
from pathlib import Path

from evaluator.report import CaseVerdict, RunReport, metric_order
from ragoro.golden import atomic_write_text

# XML 1.0 cannot carry these characters at all, even escaped; a reason quoting a document
# with a stray control byte would otherwise make the whole file unreadable.
_NOT_XML = re.compile("[^\t\n\r\x20-\ud7ff\ue000-\ufffd\U00010000-\U0010ffff]")


def _clean(text: str) -> str:
    return _NOT_XML.sub("\ufffd", text)


Rows = Callable[[], Iterable[tuple[str, Mapping[str, CaseVerdict]]]]
"""Each case's results, read again on every call (a report that does not hold them)."""


def junit_xml(
    report: RunReport, gated: Iterable[str] | None = None, rows: Rows | None = None
) -> str:
    """The run as JUnit XML text; `gated` limits the metrics (default: every metric);
    `rows` gives the case results when the report does not hold them."""
    names = metric_order(report.metrics if gated is None else set(gated) & set(report.metrics))
    root = ET.Element("testsuites", name=_clean(f"ragoro {report.agent} / {report.judge}"))
    totals = {"tests": 0, "failures": 0, "skipped": 0}
    for metric in names:
        suite = ET.SubElement(root, "testsuite", name=_clean(metric))
        counts = {"tests": 0, "failures": 0, "skipped": 0}
        for case_id, row in report.case_results.items() if rows is None else rows():
            verdict = row.get(metric)
            if verdict is None:
                continue  # the metric does not apply to this case type
            counts["tests"] += 1
            case = ET.SubElement(
                suite, "testcase", classname=_clean(f"ragoro.{metric}"), name=_clean(case_id)
            )
            if verdict.passed is False:
                counts["failures"] += 1
                value = "" if verdict.value is None else f" (value {verdict.value:.2f})"
                failure = ET.SubElement(
                    case, "failure", message=_clean(verdict.reason or "failed"), type=metric
                )
                failure.text = _clean(f"{metric} failed on {case_id}{value}: {verdict.reason}")
            elif verdict.passed is None:
                counts["skipped"] += 1
                ET.SubElement(case, "skipped", message=_clean(f"unscored: {verdict.reason}"))
        for key, count in counts.items():
            suite.set(key, str(count))
            totals[key] += count
        suite.set("errors", "0")
    for key, count in totals.items():
        root.set(key, str(count))
    root.set("errors", "0")
    ET.indent(root)
    return ET.tostring(root, encoding="unicode", xml_declaration=True) + "\n"


def write_junit(
    path: Path, report: RunReport, gated: Iterable[str] | None = None, rows: Rows | None = None
) -> None:
    """Write `junit_xml` atomically to `path`."""
    atomic_write_text(path, junit_xml(report, gated, rows))
