"""The web page of every game in a real headless browser (Debian's chromium driven by Playwright): paste
or choose a position, hints appear in words, a step of the line redraws the board, a log's move slider
picks a position, "Choose File" then "Show the board" reads the file, the copy button of a hint's app
answer copies it, a bad file shows a clear message. Screenshots go to GAIA_AI_SCREENSHOTS (a folder) when
it is set, for the docs.

.ci/run installs chromium and sets GAIA_AI_REQUIRE_BROWSER=1, so there a missing browser fails; elsewhere
the test skips without it."""

from __future__ import annotations

import json
import os
import threading
from collections.abc import Iterator
from contextlib import contextmanager
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.web.server import make_server

CHROMIUM = os.environ.get("GAIA_AI_CHROMIUM", "/usr/bin/chromium")
DATA = Path(__file__).resolve().parents[1] / "data"
EXPORT = DATA / "exports" / "bot-000-at-60.json"
TM_VIEW = DATA / "tm-playerviews" / "base-v01-0-g6-60.json"
TM_LOG = DATA / "web" / "tm-greedy-2p.json"
ED_LOG = DATA / "web" / "ed-greedy-2p.json"
FLAGS = ["--headless", "--no-sandbox", "--disable-gpu", "--disable-background-networking",
         "--disable-component-update", "--disable-sync", "--no-first-run"]
REQUIRED = os.environ.get("GAIA_AI_REQUIRE_BROWSER") == "1"

pytestmark = pytest.mark.browser


def _need(condition: bool, reason: str) -> None:
    if not condition:
        if REQUIRED:
            pytest.fail(reason + " (GAIA_AI_REQUIRE_BROWSER=1)")
        pytest.skip(reason)


@contextmanager
def _serving(game: str) -> Iterator[str]:
    httpd = make_server("127.0.0.1", 0, game=game)
    thread = threading.Thread(target=httpd.serve_forever, daemon=True)
    thread.start()
    try:
        yield f"http://127.0.0.1:{httpd.server_port}/"
    finally:
        httpd.shutdown()
        httpd.server_close()


@pytest.fixture(scope="module")
def url() -> Iterator[str]:
    with _serving("gaia-project") as address:
        yield address


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


def _choose(page: Any, path: Path) -> None:
    page.set_input_files("#file", files=[{"name": path.name, "mimeType": "application/json",
                                           "buffer": path.read_bytes()}])


def _ok(page: Any, text: str) -> str:
    """Wait until the message says `text` (a position read); the message."""
    page.wait_for_function("(t) => document.querySelector('#message').className === 'ok' && "
                           "document.querySelector('#message').innerText.includes(t)", arg=text, timeout=30_000)
    return page.inner_text("#message")


def _slide(page: Any, move: int) -> None:
    page.eval_on_selector("#move", "(el, k) => { el.value = k; el.dispatchEvent(new Event('change')); }", move)


def _search(page: Any, simulations: int) -> list[Any]:
    page.fill("#seconds", "")
    page.fill("#simulations", str(simulations))
    page.click("#search")
    page.wait_for_selector(".hint", timeout=60_000)
    return page.query_selector_all(".hint")


def test_paste_search_step_and_a_bad_file(browser: Any, url: str) -> None:
    page = browser.new_page(viewport={"width": 1500, "height": 1000})
    page.goto(url)
    assert page.title() == "gaia-ai: move hints"
    assert "boardgamers.space export" in page.inner_text("#kinds")

    # paste an export: the board and whose turn it is
    page.fill("#paste", EXPORT.read_text())
    page.click("#load")
    page.wait_for_selector("#board svg")
    assert "p2 bescods to play" in page.inner_text("#message")
    assert "Round 3, p2 bescods to play" in page.inner_text("#board")
    assert page.is_visible("#slider") and page.inner_text("#move-number") == "60"

    # search: ranked hints in words, the first hint's line shown on the board
    hints = _search(page, 300)
    assert 1 <= len(hints) <= 5
    first = hints[0].inner_text()
    assert "win " in first and "VP" in first and "visits" in first
    assert not page.query_selector_all(".answer")   # Gaia's hints carry no app answer
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

    # the slider: an earlier position of the same export
    _slide(page, 30)
    message = _ok(page, "after move 30 of 60")
    assert page.inner_text("#move-last") == "The last move: " + json.loads(EXPORT.read_text())["moveHistory"][29]
    assert not page.query_selector_all(".hint") and "to play" in message

    # a file that is not a game: a clear message, the board stays
    page.set_input_files("#file", files=[{"name": "notes.json", "mimeType": "application/json",
                                           "buffer": b'{"shopping": ["milk"]}'}])
    page.wait_for_selector("#message.error")
    message = page.inner_text("#message")
    assert message.startswith("notes.json is not a boardgamers.space export") and "shopping" in message
    _shot(page, "web-bad-file.png")
    page.close()


def test_tm_page_a_player_view_its_hints_and_the_copy_button(browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    from gaia_ai.games.terraforming_mars.game import TmGame

    real = TmGame.hint_details

    def with_answer(self: Any, state: Any, candidate: Any) -> dict[str, Any]:
        found = real(self, state, candidate)   # the real answer once the game gives one; a stub until then
        return found or {"app_response": {"type": "or", "index": 0, "response": {"type": "option",
                                                                                 "stub": str(candidate.move)}}}

    monkeypatch.setattr(TmGame, "hint_details", with_answer)
    with _serving("terraforming-mars") as address:
        context = browser.new_context(viewport={"width": 1500, "height": 1100})
        context.grant_permissions(["clipboard-read", "clipboard-write"], origin=address.rstrip("/"))
        page = context.new_page()
        page.goto(address)
        assert "move hints for Terraforming Mars" in page.inner_text("header")
        page.click("#kinds details[data-kind='player view'] summary")
        assert "/api/player?id=" in page.inner_text("#kinds")

        page.fill("#paste", TM_VIEW.read_text())
        page.click("#load")
        message = _ok(page, "to play")
        assert "player view: 2 players" in message and "p1 Interplanetary Cinematics to play" in message
        assert not page.is_visible("#slider")   # a view is one position
        hints = _search(page, 200)
        first = hints[0].inner_text()
        assert '(the option "' in first and "Copy the app's answer" in first
        answer = json.loads(hints[0].query_selector(".answer pre").inner_text())
        assert isinstance(answer, dict) and answer.get("type")   # an InputResponse names its type
        hints[0].query_selector(".answer button").click()
        page.wait_for_function("document.querySelector('.answer .copied').innerText.startsWith('Copied')")
        assert json.loads(page.evaluate("navigator.clipboard.readText()")) == answer
        page.wait_for_function("document.querySelector('#board').dataset.step === '0:0'")
        assert page.inner_text("#board").startswith("Step 1 of")   # no board picture yet: the step in words
        _shot(page, "web-tm-view.png")

        # Choose File, then "Show the board": the file's text is used, a log gets its slider
        _choose(page, TM_LOG)
        _ok(page, "after move 348 of 348")
        page.click("#load")
        message = _ok(page, "after move 348 of 348")
        assert "empty" not in message and "The game is over" in message
        _slide(page, 40)
        _ok(page, "after move 40 of 348")
        page.click("#move-prev")
        _ok(page, "after move 39 of 348")
        log = json.loads(TM_LOG.read_text())["moves"]
        assert page.inner_text("#move-last") == "The last move: " + log[38]
        context.close()


def test_ed_page_a_chosen_log_its_slider_and_hints(browser: Any) -> None:
    with _serving("eminent-domain") as address:
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        page.goto(address)
        assert "move hints for Eminent Domain" in page.inner_text("header")
        assert "eminent-domain/1" in page.inner_text("#kinds")

        _choose(page, ED_LOG)
        _ok(page, "after move 460 of 460")
        assert page.input_value("#paste").startswith('{"format": "eminent-domain/1"')
        page.click("#load")   # "Show the board" after Choose File reads the chosen file's text
        message = _ok(page, "after move 460 of 460")
        assert message.startswith("game log: 2 players") and "The game is over" in message
        assert page.is_disabled("#search")

        _slide(page, 41)
        message = _ok(page, "after move 41 of 460")
        assert "p2 to play" in message or "p1 to play" in message
        hints = _search(page, 300)
        assert hints and not page.query_selector_all(".answer")   # ED's hints carry no app answer
        assert page.query_selector(".hint .words").inner_text()
        page.wait_for_function("document.querySelector('#board').dataset.step === '0:0'")
        page.click("#next")
        page.wait_for_function("document.querySelector('#board').dataset.step === '0:1'")
        assert page.inner_text("#board").startswith("Step 2 of")
        _shot(page, "web-ed-log.png")

        # a Terraforming Mars view on the Eminent Domain page: refused by name
        _choose(page, TM_VIEW)
        page.wait_for_selector("#message.error")
        assert page.inner_text("#message").startswith(f"{TM_VIEW.name} is not an Eminent Domain game log")
        page.close()
