"""Headless Chromium for the browser tests (Debian's chromium + chromium-driver).

`make test` installs both when missing (scripts/ensure_browser.sh). Without them the tests
skip on a developer's machine and fail in CI (CI=true), so CI never passes without them.
"""

from __future__ import annotations

import os
import shutil
from collections.abc import Iterator
from pathlib import Path
from typing import NoReturn

import pytest
from selenium import webdriver
from selenium.webdriver.chrome.service import Service
from selenium.webdriver.remote.webdriver import WebDriver

from tests.conftest import ROOT

ARTIFACTS = Path(os.environ.get("RAGORO_TEST_ARTIFACTS", ROOT / "out" / "test-artifacts"))


def _missing(reason: str) -> NoReturn:
    if os.environ.get("CI"):
        pytest.fail(f"{reason}: CI must run the browser tests (make installs them)")
    pytest.skip(
        f"{reason}; run scripts/ensure_browser.sh (apt-get install chromium chromium-driver)"
    )


@pytest.fixture(scope="module")
def browser() -> Iterator[WebDriver]:
    """A headless Chromium driven by selenium, one per test module."""
    chromium = shutil.which("chromium") or shutil.which("chromium-browser")
    driver_path = shutil.which("chromedriver")
    if chromium is None or driver_path is None:
        _missing("chromium or chromedriver not installed")
    options = webdriver.ChromeOptions()
    options.binary_location = str(chromium)
    for flag in ("--headless=new", "--no-sandbox", "--disable-gpu", "--window-size=1280,900"):
        options.add_argument(flag)
    options.add_argument("--disable-dev-shm-usage")
    driver = webdriver.Chrome(options=options, service=Service(str(driver_path)))
    driver.set_page_load_timeout(60)
    try:
        yield driver
    finally:
        driver.quit()


def screenshot(driver: WebDriver, name: str) -> Path:
    """Save a PNG of the current page as a test artefact; returns its path."""
    ARTIFACTS.mkdir(parents=True, exist_ok=True)
    path = ARTIFACTS / f"{name}.png"
    driver.save_screenshot(str(path))
    return path
