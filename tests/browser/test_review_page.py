"""The review page in headless Chromium: accept, edit and reject items, then read the file."""

from __future__ import annotations

import shutil
import threading
from collections.abc import Iterator
from pathlib import Path

import pytest
from selenium.webdriver.common.by import By
from selenium.webdriver.remote.webdriver import WebDriver
from selenium.webdriver.support.ui import Select, WebDriverWait

from builder.review import ReviewServer, make_server
from builder.review.cli import corpus_documents
from ragoro.golden import load_golden
from tests.browser.conftest import screenshot
from tests.conftest import ROOT

GOLDEN = ROOT / "tests" / "data" / "demo_golden.jsonl"


@pytest.fixture
def served(tmp_path: Path, demo_index: Path) -> Iterator[ReviewServer]:
    golden = tmp_path / "golden.jsonl"
    shutil.copy(GOLDEN, golden)
    server = make_server(golden, corpus_documents(None, demo_index), port=0)
    thread = threading.Thread(target=server.serve_forever, daemon=True)
    thread.start()
    yield server
    server.shutdown()
    server.server_close()
    thread.join(timeout=10)


def _fill(browser: WebDriver, field: str, text: str) -> None:
    element = browser.find_element(By.ID, field)
    element.clear()
    element.send_keys(text)


def _click_and_wait(browser: WebDriver, button: str, url_end: str) -> None:
    browser.find_element(By.ID, button).click()
    WebDriverWait(browser, 30).until(lambda b: b.current_url.endswith(url_end))


def test_accept_edit_and_reject_items_in_the_page(browser: WebDriver, served: ReviewServer) -> None:
    original = load_golden(served.store.path)
    browser.get(served.url)
    assert browser.find_element(By.ID, "status").text == "not reviewed"
    highlighted = "".join(
        m.get_attribute("textContent") or ""
        for m in browser.find_elements(By.CSS_SELECTOR, "mark.gold[data-p='0']")
    )
    assert highlighted == original[0].passages[0].content
    screenshot(browser, "review-page")

    _click_and_wait(browser, "accept", "/?i=1")  # item 1: accepted as written

    _fill(browser, "question", "What was consolidated revenue in fiscal year 2025?")
    _fill(browser, "answers", "EUR 1,702.5 million\nEUR 1.7 billion")
    _fill(browser, "note", "shorter question")
    _click_and_wait(browser, "accept", "/?i=2")  # item 2: edited

    Select(browser.find_element(By.ID, "case_type")).select_by_value("numeric")
    _click_and_wait(browser, "accept", "/decide")  # an invalid edit: shown again, not saved
    assert "numeric case needs expected.value" in browser.find_element(By.ID, "error").text
    screenshot(browser, "review-page-invalid-edit")
    _fill(browser, "note", "not a real question")
    _click_and_wait(browser, "reject", "/?i=3")  # item 3: rejected

    items = load_golden(served.store.path)
    assert [i.id for i in items] == [i.id for i in original]
    first, second, third = items[0], items[1], items[2]
    assert first.review is not None and first.review.status == "accepted"
    assert first.model_dump(exclude={"review"}) == original[0].model_dump(exclude={"review"})
    assert second.review is not None and second.review.status == "edited"
    assert second.review.note == "shorter question"
    assert second.question == "What was consolidated revenue in fiscal year 2025?"
    assert second.answers == ["EUR 1,702.5 million", "EUR 1.7 billion"]
    assert third.review is not None and third.review.status == "rejected"
    assert third.case_type == original[2].case_type and third.review.note == "not a real question"
    assert all(i.review is None for i in items[3:])
    browser.get(served.url)  # opens the first item not reviewed yet
    assert browser.find_element(By.ID, "status").text == "not reviewed"
    counts = browser.find_element(By.ID, "counts").text
    assert "1 accepted" in counts and "1 edited" in counts and "1 rejected" in counts
