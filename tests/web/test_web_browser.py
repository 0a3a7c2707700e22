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


def test_tm_page_a_player_view_its_hints_and_the_copy_button(browser: Any) -> None:
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
        assert answer["type"] == json.loads(TM_VIEW.read_text())["waitingFor"]["type"]   # the prompt's own type
        assert len(page.query_selector_all(".answer")) == len(hints)   # every hint at a view's prompt has one
        hints[0].query_selector(".answer button").click()
        page.wait_for_function("document.querySelector('.answer .copied').innerText.startsWith('Copied')")
        assert json.loads(page.evaluate("navigator.clipboard.readText()")) == answer
        page.wait_for_function("document.querySelector('#board').dataset.step === '0:0'")
        assert page.inner_text("#board").startswith("Step 1 of")   # no board picture yet: the step in words
        _shot(page, "web-tm-view.png")

        # Choose File, then "Show the board": the file's text is used, a log gets its slider
        _choose(page, TM_LOG)
        _ok(page, "after move 333 of 333")
        page.click("#load")
        message = _ok(page, "after move 333 of 333")
        assert "empty" not in message and "The game is over" in message
        _slide(page, 40)
        _ok(page, "after move 40 of 333")
        page.click("#move-prev")
        _ok(page, "after move 39 of 333")
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
        _ok(page, "after move 502 of 502")
        assert page.input_value("#paste").startswith('{"format": "eminent-domain/1"')
        page.click("#load")   # "Show the board" after Choose File reads the chosen file's text
        message = _ok(page, "after move 502 of 502")
        assert message.startswith("game log: 2 players") and "The game is over" in message
        assert page.is_disabled("#search")

        _slide(page, 41)
        message = _ok(page, "after move 41 of 502")
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


def test_a_position_form_builds_the_text_the_game_reads(browser: Any, monkeypatch: pytest.MonkeyPatch) -> None:
    """The page's form machinery on a stub form of Eminent Domain (a log typed field by field, with
    per-seat notes): the JSON it builds, the seats shown for the players chosen, a bad field named."""
    from gaia_ai.games.api import FormField, PositionForm
    from gaia_ai.games.eminent_domain.game import EdGame

    rec = json.loads(ED_LOG.read_text())
    form = PositionForm(
        "Or type a game log", "A stub form for the test.", {"format": "eminent-domain/1", "notes": {}},
        (("The game", (FormField("setup.players", "players", "choice", ((2, "2"), (3, "3"), (4, "4")), 3),
                       FormField("setup.seed", "seed"),
                       FormField("moves", "moves", "json", help="the log's lines"))),),
        seat_fields=(FormField("seats.{seat}.hand", "{p}'s hand", "cards"),
                     FormField("seats.{seat}.owns", "{p} owns", "list")), players_path="setup.players")
    built: list[dict[str, Any]] = []
    real = EdGame.read_position

    def reading(self: Any, text: str, name: str = "the pasted text", move: int | None = None) -> Any:
        data = json.loads(text)
        if name == "the position form":
            built.append(data)
            data = {k: v for k, v in data.items() if k not in ("notes", "seats")}
        return real(self, json.dumps(data), name, move)

    monkeypatch.setattr(EdGame, "position_form", lambda self: form)
    monkeypatch.setattr(EdGame, "read_position", reading)
    with _serving("eminent-domain") as address:
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        page.goto(address)
        page.wait_for_selector("#formpanel:not([hidden])")
        assert not page.is_visible("#form-build")   # folded until asked for
        page.click("#form-title")
        assert page.inner_text("#form-title") == "Or type a game log"
        assert [page.is_visible(f"fieldset.seat[data-seat='{s}']") for s in range(4)] == [True, True, True, False]
        page.select_option("[data-path='setup.players']", "2")
        assert [page.is_visible(f"fieldset.seat[data-seat='{s}']") for s in range(4)] == [True, True, False, False]
        page.fill("[data-path='setup.seed']", "1.5")
        page.click("#form-build")
        page.wait_for_selector("#message.error")
        assert page.inner_text("#message") == 'seed: "1.5" is not a whole number'

        page.fill("[data-path='setup.seed']", str(rec["setup"]["seed"]))
        page.fill("[data-path='moves']", json.dumps(rec["moves"][:41]))
        page.fill("[data-path='seats.0.hand']", "survey x2, colonize, 3 warfare")
        page.fill("[data-path='seats.1.hand']", "5")
        page.fill("[data-path='seats.1.owns']", "A2_data_network, politics")
        page.click("#form-build")
        message = _ok(page, "to play")
        assert message.startswith("game log: 2 players") and "after move 41 of 41" in message
        assert built[-1]["setup"] == {"players": 2, "seed": rec["setup"]["seed"]}
        assert built[-1]["seats"] == [{"hand": {"survey": 2, "colonize": 1, "warfare": 3}},
                                      {"hand": 5, "owns": ["A2_data_network", "politics"]}]
        assert json.loads(page.input_value("#paste")) == built[-1]   # the box holds what was read
        page.close()


def test_ed_page_a_typed_position_from_its_form(browser: Any) -> None:
    """Eminent Domain's form (issue 42): it starts as the documented example, builds the typed position
    (eminent-domain-entry/1) the page reads, gets hints, and a bad entry is refused by its field."""
    from gaia_ai.games.eminent_domain.entry import observation_from_entry

    example = json.loads((Path(__file__).resolve().parents[2] / "examples" / "eminent-domain-position.json").read_text())
    with _serving("eminent-domain") as address:
        page = browser.new_page(viewport={"width": 1500, "height": 1000})
        page.goto(address)
        page.wait_for_selector("#formpanel:not([hidden])")
        assert not page.is_visible("#form-build")   # folded until asked for
        page.click("#form-title")
        assert [page.is_visible(f"fieldset.seat[data-seat='{s}']") for s in range(4)] == [True, True, False, False]
        page.click("#form-build")
        message = _ok(page, "to play")
        assert message.startswith("typed position: 2 players") and "p1 to play" in message
        built = json.loads(page.input_value("#paste"))
        assert observation_from_entry(built) == observation_from_entry(example)   # the example, as typed
        hints = _search(page, 300)
        assert hints and page.query_selector(".hint .words").inner_text()
        _shot(page, "web-ed-form.png")

        page.fill("[data-path='seats.0.hand']", "survey x2, dragons")
        page.click("#form-build")
        page.wait_for_selector("#message.error")
        assert page.inner_text("#message") == ("the position form (typed position): seats[0].hand.dragons: "
                                               "unknown card 'dragons'")
        page.fill("[data-path='seats.0.hand']", "survey, colonize x2, produce_trade, warfare")
        page.fill("[data-path='planets']", json.dumps(example["planets"] + [{"id": "SA1", "where": "discard"}]))
        page.click("#form-build")
        page.wait_for_selector("#message.error")
        assert "planets[5].id: SA1 is in two places (planets[0] and planets[5])" in page.inner_text("#message")
        page.close()
