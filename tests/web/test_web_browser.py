"""The web page in a real headless browser (Debian's chromium driven by Playwright): load the page, paste
an export, hints appear in words, a step of the line redraws the board, a bad file shows a clear
message. Screenshots go to GAIA_AI_SCREENSHOTS (a folder) when it is set, for the README.

.ci/run installs chromium and sets GAIA_AI_REQUIRE_BROWSER=1, so there a missing browser fails; elsewhere
the test skips without it."""

from __future__ import annotations

import os
import threading
from collections.abc import Iterator
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.web.server import make_server

CHROMIUM = os.environ.get("GAIA_AI_CHROMIUM", "/usr/bin/chromium")
EXPORT = Path(__file__).resolve().parents[1] / "data" / "exports" / "bot-000-at-60.json"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
REQUIRED = os.environ.get("GAIA_AI_REQUIRE_BROWSER") == "1"

pytestmark = pytest.mark.browser


def _need(condition: bool, reason: str) -> None:
    if not condition:
        if REQUIRED:
            pytest.fail(reason + " (GAIA_AI_REQUIRE_BROWSER=1)")
        pytest.skip(reason)


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    httpd = make_server("127.0.0.1", 0)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    yield f"http://127.0.0.1:{httpd.server_port}/"
    httpd.shutdown()
    httpd.server_close()


@pytest.fixture(scope="module")
def browser() -> Iterator[Any]:
    _need(Path(CHROMIUM).exists(), f"no chromium at {CHROMIUM}")
    try:
        from playwright.sync_api import sync_playwright
    except ImportError:
        _need(False, "playwright is not installed (pip install -e '.[test]')")
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=FLAGS, headless=True)
        yield browser
        browser.close()


def _shot(page: Any, name: str) -> None:
    folder = os.environ.get("GAIA_AI_SCREENSHOTS")
    if folder:
        Path(folder).mkdir(parents=True, exist_ok=True)
        page.screenshot(path=str(Path(folder) / name), full_page=True)


def test_paste_search_step_and_a_bad_file(browser: Any, url: str) -> None:
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    page.goto(url)
    assert page.title() == "gaia-ai: move hints"

    # paste an export: the board and whose turn it is
    page.fill("#paste", EXPORT.read_text())
    page.click("#load")
    page.wait_for_selector("#board svg")
    assert "p2 bescods to play" in page.inner_text("#message")
    assert "Round 3, p2 bescods to play" in page.inner_text("#board")

    # search: ranked hints in words, the first hint's line shown on the board
    page.fill("#seconds", "")
    page.fill("#simulations", "300")
    page.click("#search")
    page.wait_for_selector(".hint", timeout=60_000)
    hints = page.query_selector_all(".hint")
    assert 1 <= len(hints) <= 5
    first = hints[0].inner_text()
    assert "win " in first and "VP" in first and "visits" in first
    steps = page.query_selector_all(".step")
    assert len(steps) >= 2 and steps[0].inner_text().startswith("p2 bescods: ")
    page.wait_for_function("document.querySelector('#board').dataset.step === '0:0'")
    board_before = page.inner_html("#board")
    _shot(page, "web-hints.png")

    # a step of the line redraws the board with that step
    page.click("#next")
    page.wait_for_function("document.querySelector('#board').dataset.step === '0:1'")
    assert page.inner_html("#board") != board_before
    assert "Step 2 of" in page.inner_text("#board")
    assert "current" in (page.query_selector_all(".step")[1].get_attribute("class") or "")

    # a file that is not a game: a clear message, the board stays
    page.set_input_files("#file", files=[{"name": "notes.json", "mimeType": "application/json",
                                           "buffer": b'{"shopping": ["milk"]}'}])
    page.wait_for_selector("#message.error")
    message = page.inner_text("#message")
    assert message.startswith("notes.json is not a boardgamers.space export") and "shopping" in message
    _shot(page, "web-bad-file.png")
    page.close()
