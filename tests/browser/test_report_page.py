"""The HTML report in headless Chromium: filters, opening a failing case, highlights."""

from __future__ import annotations

import json
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select

from tests.browser.conftest import screenshot
from tests.conftest import ROOT, run_cli

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"
HOSTILE = (
    'EUR 9 million. <img src=x onerror="window.__pwned = 1"><script>window.__pwned = 2</script>'
)


@pytest.fixture(scope="module")
def report_page(tmp_path_factory: pytest.TempPathFactory, demo_index: Path) -> Path:
    """A baseline run, then a rescore where num-002's answer turned wrong (and hostile)."""
    folder = tmp_path_factory.mktemp("browser_report")
    common = ["--golden", str(GOLDEN), "--index", str(demo_index), "--no-progress",
              "--baseline", str(folder / "baseline.json")]  # fmt: skip
    first = run_cli(
        "evaluator", "run", *common, "--report", str(folder / "run.json"),
        "--outcomes", str(folder / "outcomes.jsonl"),
    )  # fmt: skip
    assert first.returncode == 0, first.stdout + first.stderr
    lines = (folder / "outcomes.jsonl").read_text(encoding="utf-8").splitlines()
    outcomes = [json.loads(line) for line in lines]
    for outcome in outcomes:
        if outcome["case_id"] == "num-002":
            outcome["answer"] = HOSTILE
    (folder / "changed.jsonl").write_text("".join(json.dumps(o) + "\n" for o in outcomes))
    again = run_cli(
        "evaluator", "rescore", str(folder / "changed.jsonl"), *common,
        "--report", str(folder / "report.json"),
    )  # fmt: skip
    assert again.returncode == 1, again.stdout + again.stderr
    return folder / "report.html"


def _visible_cases(driver: WebDriver) -> list[str]:
    cases = driver.find_elements(By.CSS_SELECTOR, "details.case")
    return [c.get_attribute("data-case") or "" for c in cases if c.is_displayed()]


def test_filters_narrow_the_cases(browser: WebDriver, report_page: Path) -> None:
    browser.get(report_page.as_uri())
    everything = _visible_cases(browser)
    assert len(everything) == len(GOLDEN.read_text(encoding="utf-8").splitlines())
    browser.find_element(By.ID, "f-flipped").click()
    assert _visible_cases(browser) == ["num-002"]
    browser.find_element(By.ID, "f-flipped").click()
    browser.find_element(By.ID, "f-failed").click()
    Select(browser.find_element(By.ID, "f-metric")).select_by_value("answer_accuracy")
    failed = _visible_cases(browser)
    assert "num-002" in failed and len(failed) < len(everything)
    report = json.loads(report_page.with_suffix(".json").read_text(encoding="utf-8"))
    assert set(failed) == set(report["metrics"]["answer_accuracy"]["failures"])
    Select(browser.find_element(By.ID, "f-metric")).select_by_value("")
    Select(browser.find_element(By.ID, "f-tag")).select_by_value("lang=it")
    shown = _visible_cases(browser)
    golden = [json.loads(line) for line in GOLDEN.read_text(encoding="utf-8").splitlines()]
    italian_failed = {
        g["id"] for g in golden if g.get("tags", {}).get("lang") == "it"
        and any(v["passed"] is False for v in report["case_results"][g["id"]].values())
    }  # fmt: skip
    assert set(shown) == italian_failed
    assert (
        browser.find_element(By.ID, "shown").text
        == f"{len(shown)} of {len(everything)} cases shown"
    )


def test_opening_a_failing_case_highlights_its_golden_passage(
    browser: WebDriver, report_page: Path
) -> None:
    browser.get(report_page.as_uri())
    browser.find_element(By.ID, "f-failed").click()
    case = browser.find_element(By.CSS_SELECTOR, "details.case[data-case='num-002']")
    marks = case.find_elements(By.CSS_SELECTOR, "mark.gold[data-p]")
    assert not any(m.is_displayed() for m in marks)  # closed until opened
    case.find_element(By.TAG_NAME, "summary").click()
    assert case.get_attribute("open") is not None
    marks = case.find_elements(By.CSS_SELECTOR, "mark.gold[data-p]")
    assert marks and all(m.is_displayed() for m in marks)
    passage = json.loads(GOLDEN.read_text(encoding="utf-8").splitlines()[1])["passages"][0]
    assert "".join(m.get_attribute("textContent") or "" for m in marks) == passage["content"]
    contexts = case.find_elements(By.CSS_SELECTOR, "mark.ctx")
    assert contexts and contexts[0].value_of_css_property("background-color") != (
        marks[0].value_of_css_property("background-color")
    )  # two colours
    labels = [e.text for e in case.find_elements(By.CSS_SELECTOR, ".page-label")]
    assert "page 1" in labels
    answer = case.find_element(By.CSS_SELECTOR, ".agent-answer").text
    assert answer == HOSTILE  # shown as text...
    assert browser.execute_script("return window.__pwned === undefined")  # ...never run
    browser.set_window_size(1280, 1500)
    browser.execute_script("window.scrollTo(0, 0)")
    screenshot(browser, "html-report-failing-case")


def test_a_flipped_case_link_in_the_summary_opens_it(browser: WebDriver, report_page: Path) -> None:
    browser.get(report_page.as_uri())
    link = browser.find_element(By.CSS_SELECTOR, "#summary tr[data-metric='answer_accuracy'] a")
    assert link.text == "num-002"
    link.click()
    case = browser.find_element(By.CSS_SELECTOR, "details.case[data-case='num-002']")
    assert case.get_attribute("open") is not None and case.is_displayed()
