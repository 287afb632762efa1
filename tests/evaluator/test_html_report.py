"""The HTML report and JUnit file that `run` and `rescore` write beside the JSON report."""

from __future__ import annotations

import json
import xml.etree.ElementTree as ET
from pathlib import Path

import pytest

from tests.conftest import ROOT, run_cli
from tests.html_probe import probe

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"
HOSTILE = "<script>alert(1)</script><img src=x onerror=alert(2)> & \"quoted\" 'single'"


def _golden() -> dict[str, dict[str, object]]:
    rows = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    return {str(row["id"]): row for row in rows}


@pytest.fixture(scope="module")
def run_dir(tmp_path_factory: pytest.TempPathFactory, demo_index: Path) -> Path:
    """One offline run (baseline created), then a rescore of hostile, regressed outcomes."""
    folder = tmp_path_factory.mktemp("html")
    result = run_cli(
        "evaluator", "run", "--golden", str(GOLDEN), "--index", str(demo_index),
        "--report", str(folder / "report.json"), "--outcomes", str(folder / "outcomes.jsonl"),
        "--baseline", str(folder / "baseline.json"), "--no-progress",
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert f"html: {folder / 'report.html'}" in result.stdout
    outcomes = [
        json.loads(line)
        for line in (folder / "outcomes.jsonl").read_text(encoding="utf-8").splitlines()
    ]
    for outcome in outcomes:
        if outcome["case_id"] == "num-002":
            outcome["answer"] = HOSTILE  # was right: now wrong, and trying to run a script
        if outcome["case_id"] == "nar-001":
            for context in outcome["contexts"]:  # a foreign system gives text, no offsets
                context["start_char"] = context["end_char"] = None
    (folder / "hostile.jsonl").write_text(
        "".join(json.dumps(o) + "\n" for o in outcomes), encoding="utf-8"
    )
    result = run_cli(
        "evaluator", "rescore", str(folder / "hostile.jsonl"), "--golden", str(GOLDEN),
        "--index", str(demo_index), "--report", str(folder / "rescored.json"),
        "--baseline", str(folder / "baseline.json"), "--html", str(folder / "rescored.html"),
        "--junit", str(folder / "junit.xml"), "--no-progress",
    )  # fmt: skip
    assert result.returncode == 1, result.stdout + result.stderr  # the flip is a regression
    assert f"junit: {folder / 'junit.xml'}" in result.stdout
    return folder


def test_run_writes_a_self_contained_page_beside_the_report(run_dir: Path) -> None:
    page = (run_dir / "report.html").read_text(encoding="utf-8")
    probed = probe(page)
    assert set(probed.cases) == set(_golden())
    loading = [
        (tag, attrs)
        for tag, attrs in probed.tags
        if tag in ("link", "img", "iframe", "object", "embed")
        or (tag == "script" and "src" in attrs)
    ]
    assert loading == []  # nothing fetched: one file that works offline
    assert "Content-Security-Policy" in page and "default-src 'none'" in page


def test_golden_passages_are_highlighted_exactly_with_their_pages(run_dir: Path) -> None:
    probed = probe((run_dir / "report.html").read_text(encoding="utf-8"))
    for case_id, row in _golden().items():
        passages = row.get("passages") or []
        assert isinstance(passages, list)
        case = probed.cases[case_id]
        for number, passage in enumerate(passages):
            assert case.gold[str(number)] == passage["content"], case_id
    assert "page 2" in probed.cases["num-001"].page_labels  # the tank capacity is on page 2


def test_retrieved_contexts_are_highlighted_with_or_without_offsets(run_dir: Path) -> None:
    outcomes = {
        o["case_id"]: o
        for o in map(json.loads, (run_dir / "outcomes.jsonl").read_text().splitlines())
    }
    for page in ("report.html", "rescored.html"):
        case = probe((run_dir / page).read_text(encoding="utf-8")).cases["nar-001"]
        contexts = outcomes["nar-001"]["contexts"]
        assert contexts
        for number, context in enumerate(contexts):
            assert case.ctx[str(number)] == context["text"], page


def test_untrusted_answers_are_escaped(run_dir: Path) -> None:
    page = (run_dir / "rescored.html").read_text(encoding="utf-8")
    assert HOSTILE not in page and "<img src=x" not in page
    assert page.count("<script") == 1  # only the page's own filter script
    case = probe(page).cases["num-002"]
    assert HOSTILE in case.text  # shown as text, exactly


def test_rescore_page_names_the_flip_and_its_reason(run_dir: Path) -> None:
    page = (run_dir / "rescored.html").read_text(encoding="utf-8")
    report = json.loads((run_dir / "rescored.json").read_text(encoding="utf-8"))
    case = probe(page).cases["num-002"]
    assert "answer_accuracy" in json.loads(case.attrs["data-flipped"])
    assert "answer_accuracy" in json.loads(case.attrs["data-failed"])
    reason = report["case_results"]["num-002"]["answer_accuracy"]["reason"]
    assert reason and reason in case.text
    summary = page.split("<table id='summary'>")[1].split("</table>")[0]
    row = next(r for r in summary.split("<tr") if "data-metric='answer_accuracy'" in r)
    assert "#case-" in row and "num-002" in row and "class='num neg'" in row


def test_junit_has_one_testcase_per_case_and_gated_metric(run_dir: Path) -> None:
    root = ET.parse(run_dir / "junit.xml").getroot()
    report = json.loads((run_dir / "rescored.json").read_text(encoding="utf-8"))
    baseline = json.loads((run_dir / "baseline.json").read_text(encoding="utf-8"))
    gated = set(baseline["tool/offline"]["metrics"])
    assert root.tag == "testsuites"
    assert {suite.get("name") for suite in root} == gated
    expected = {
        (metric, case_id): verdict
        for case_id, row in report["case_results"].items()
        for metric, verdict in row.items()
        if metric in gated
    }
    seen = {}
    for suite in root:
        cases = suite.findall("testcase")
        assert suite.get("tests") == str(len(cases))
        assert suite.get("failures") == str(sum(c.find("failure") is not None for c in cases))
        for case in cases:
            seen[(suite.get("name"), case.get("name"))] = case
    assert set(seen) == set(expected)
    for key, case in seen.items():
        failure = case.find("failure")
        if expected[key]["passed"] is False:
            assert failure is not None and failure.get("message") == expected[key]["reason"]
        else:
            assert failure is None
    assert root.get("tests") == str(len(expected))


def test_junit_survives_control_characters_in_a_reason() -> None:
    from evaluator.junit import junit_xml
    from evaluator.report import CaseVerdict, MetricReport, RunReport

    report = RunReport(
        mode="tool", judge="offline", agent="a", golden_path="g", golden_sha256="0", n_cases=1,
        metrics={"faithfulness": MetricReport(
            name="faithfulness", applies_to=[], total=1, passed=0, pass_rate=0.0
        )},
        fabrication_count=0,
        case_results={"c<1>": {"faithfulness": CaseVerdict(
            passed=False, value=0.0, reason="claim \x01 & <b> not supported"
        )}},
    )  # fmt: skip
    root = ET.fromstring(junit_xml(report))
    failure = root.find("testsuite/testcase/failure")
    assert failure is not None and failure.get("message") == "claim \ufffd & <b> not supported"
    assert root.find("testsuite/testcase").get("name") == "c<1>"  # type: ignore[union-attr]


def test_no_html_writes_no_page(tmp_path: Path, demo_index: Path) -> None:
    result = run_cli(
        "evaluator", "run", "--golden", str(GOLDEN), "--index", str(demo_index),
        "--report", str(tmp_path / "r.json"), "--outcomes", str(tmp_path / "o.jsonl"),
        "--baseline", str(tmp_path / "b.json"), "--no-progress", "--no-html",
    )  # fmt: skip
    assert result.returncode == 0, result.stdout + result.stderr
    assert not (tmp_path / "r.html").exists() and "html:" not in result.stdout
