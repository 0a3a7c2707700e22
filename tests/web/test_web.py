"""The web page's API (gaia_ai.web.app) through Flask's test client: a pasted export, a bad file, a
search with hints in words, a step of the line on the board, a cancelled search, bad budgets."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.web.app import create_app

EXPORT = Path(__file__).resolve().parents[1] / "data" / "exports" / "bot-000-at-60.json"


@pytest.fixture
def client() -> Any:
    return create_app().test_client()


def _load(client: Any, text: str, name: str = "game.json") -> Any:
    return client.post("/api/position", json={"text": text, "name": name})


def _wait(client: Any, job: str, seconds: float = 60) -> dict[str, Any]:
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        data = client.get(f"/api/search/{job}").get_json()
        if data["status"] != "running":
            return data
        time.sleep(0.05)
    raise AssertionError(f"search {job} still running after {seconds} s")


def test_the_page_is_served(client: Any) -> None:
    page = client.get("/")
    assert page.status_code == 200
    assert b'id="paste"' in page.data and b"on this computer" in page.data


def test_a_pasted_export_shows_the_board_and_who_plays(client: Any) -> None:
    reply = _load(client, EXPORT.read_text())
    assert reply.status_code == 200
    data = reply.get_json()
    assert data["kind"] == "boardgamers.space export"
    assert data["to_move"] == "p2 bescods"
    assert data["svg"].lstrip().startswith("<?xml") and "p1 gleens" in data["svg"]


def test_a_file_that_is_not_a_position_gets_a_clear_message(client: Any) -> None:
    reply = _load(client, json.dumps({"hello": 1}), "notes.json")
    assert reply.status_code == 400
    error = reply.get_json()["error"]
    assert error.startswith("notes.json is not a boardgamers.space export") and "its keys: hello" in error
    reply = _load(client, "{not json", "broken.json")
    assert reply.status_code == 400 and "broken.json is not JSON (line 1" in reply.get_json()["error"]


def test_a_search_gives_hints_in_words_and_a_line_to_step_through(client: Any) -> None:
    pid = _load(client, EXPORT.read_text()).get_json()["id"]
    job = client.post("/api/search", json={"position": pid, "simulations": 200, "top": 3}).get_json()["job"]
    data = _wait(client, job)
    assert data["status"] == "done" and data["stats"]["simulations"] >= 200
    hints = data["hints"]
    assert 1 <= len(hints) <= 3 and [h["rank"] for h in hints] == list(range(1, len(hints) + 1))
    first = hints[0]
    assert first["words"] and all(w[0].isupper() for w in first["words"])
    assert 0 <= first["win_probability"] <= 1
    assert first["line"][0]["who"] == "p2 bescods" and first["line"][0]["player"] == 2
    board = client.get(f"/api/search/{job}/board?hint=0&step=1")
    assert board.status_code == 200 and board.mimetype == "image/svg+xml"
    step = first["line"][1]
    assert f"Step 2 of {len(first['line'])}: {step['who']} plays {step['notation']}" in board.data.decode()
    assert client.get(f"/api/search/{job}/board?hint=9&step=0").status_code == 400


def test_a_long_search_shows_progress_and_can_be_cancelled(client: Any) -> None:
    pid = _load(client, EXPORT.read_text()).get_json()["id"]
    job = client.post("/api/search", json={"position": pid, "budget_ms": 60_000}).get_json()["job"]
    time.sleep(0.5)
    running = client.get(f"/api/search/{job}").get_json()
    assert running["status"] == "running" and 0 < running["progress"] < 0.5
    client.post(f"/api/search/{job}/cancel", json={})
    data = _wait(client, job, 10)
    assert data["status"] == "cancelled" and data["elapsed"] < 10
    assert data["hints"], "a cancelled search still shows what it found"


@pytest.mark.parametrize(("body", "message"), [
    ({"budget_ms": -5}, "budget_ms must be between 1 and"),
    ({"simulations": "many"}, "simulations must be a whole number"),
    ({}, "give one budget"),
    ({"budget_ms": 100, "simulations": 100}, "give one budget"),
    ({"budget_ms": 100, "threads": 0}, "threads must be between 1 and 64"),
])
def test_bad_budgets_are_refused_by_name(client: Any, body: dict[str, Any], message: str) -> None:
    pid = _load(client, EXPORT.read_text()).get_json()["id"]
    reply = client.post("/api/search", json={"position": pid, **body})
    assert reply.status_code == 400 and message in reply.get_json()["error"]


def test_the_page_can_search_on_a_gaia_ai_server() -> None:
    from service_helpers import running_server

    with running_server(max_simulations=100) as server:
        client = create_app(server=f"127.0.0.1:{server.port}").test_client()
        assert b"on the server 127.0.0.1:" in client.get("/").data
        pid = _load(client, EXPORT.read_text()).get_json()["id"]
        job = client.post("/api/search", json={"position": pid, "simulations": 400, "top": 2}).get_json()["job"]
        data = _wait(client, job)
    assert data["status"] == "done", data
    assert data["stats"]["simulations"] == 100 and data["stats"]["budget_capped"] is True
    hint = data["hints"][0]
    assert hint["words"] and hint["line"][0]["who"] == "p2 bescods"
    assert client.get(f"/api/search/{job}/board?hint=0&step=1").status_code == 200


def test_a_game_without_words_or_pictures_still_gets_its_hints(monkeypatch: pytest.MonkeyPatch) -> None:
    from gaia_ai.games.api import Game
    from gaia_ai.games.gaia.game import GaiaGame

    class Plain(GaiaGame):   # a game that has not written its describe_moves and draw yet
        describe_moves = Game.describe_moves
        draw = Game.draw

    monkeypatch.setattr("gaia_ai.web.app.load_game", lambda name: Plain())
    client = create_app().test_client()
    reply = _load(client, EXPORT.read_text()).get_json()
    assert 'class="noboard"' in reply["svg"] and "round 3, move phase" in reply["svg"]   # the position in words
    job = client.post("/api/search", json={"position": reply["id"], "simulations": 50}).get_json()["job"]
    data = _wait(client, job)
    assert data["status"] == "done" and data["hints"][0]["line"][0]["words"] == data["hints"][0]["line"][0]["notation"]
    board = client.get(f"/api/search/{job}/board?hint=0&step=0")
    assert board.status_code == 400 and "no board picture yet" in board.get_json()["error"]
