"""The web page's API for every game of the registry (gaia_ai.web.app through Flask's test client): what
each game accepts, a Terraforming Mars player view, observation and log, an Eminent Domain log and
observation, a log's move slider, the app's answer on a hint, and bad pastes refused by name."""

from __future__ import annotations

import json
import time
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.games.api import Deal
from gaia_ai.games.registry import game_names, load_game
from gaia_ai.web.app import create_app

DATA = Path(__file__).resolve().parents[1] / "data"
TM_VIEW = DATA / "tm-playerviews" / "base-v01-0-g6-60.json"
TM_LOG = DATA / "web" / "tm-greedy-2p.json"
ED_LOG = DATA / "web" / "ed-greedy-2p.json"
EXPORT = DATA / "exports" / "bot-000-at-60.json"


def _load(client: Any, text: str, name: str = "game.json", move: int | None = None) -> Any:
    body: dict[str, Any] = {"text": text, "name": name}
    if move is not None:
        body["move"] = move
    return client.post("/api/position", json=body)


def _hints(client: Any, pid: str, simulations: int = 200, top: int = 3) -> dict[str, Any]:
    job = client.post("/api/search", json={"position": pid, "simulations": simulations, "top": top}).get_json()["job"]
    deadline = time.monotonic() + 120
    while time.monotonic() < deadline:
        data = client.get(f"/api/search/{job}").get_json()
        if data["status"] != "running":
            return {**data, "job": job}
        time.sleep(0.05)
    raise AssertionError(f"search {job} still running")


def _replayed(name: str, lines: list[str], moves: int) -> Any:
    """The position after `moves` log lines, played here line by line (the check of the page's cut)."""
    game = load_game(name)
    rec = json.loads((TM_LOG if name == "terraforming-mars" else ED_LOG).read_text())
    state = game.new_game(Deal(game.setup_from_data(rec["setup"])))
    for line in lines[:moves]:
        state.apply(game.parse_move(line.partition(" ")[2], state))
    return state


@pytest.mark.parametrize("name", game_names())
def test_every_game_says_what_its_page_accepts(name: str) -> None:
    client = create_app(name).test_client()
    info = client.get("/api/game").get_json()
    game = load_game(name)
    assert info["title"] == game.info.title and info["kinds"], f"{name}: the page accepts nothing"
    assert [k["kind"] for k in info["kinds"]] == [k.kind for k in game.paste_kinds()]
    assert all(k["label"] and len(k["how"]) > 40 for k in info["kinds"])
    page = client.get("/").get_data(as_text=True)
    assert f"move hints for {game.info.title}" in page and "boardgamers" not in page


def test_tm_page_says_how_to_copy_the_player_view_from_the_browser() -> None:
    kinds = create_app("terraforming-mars").test_client().get("/api/game").get_json()["kinds"]
    view = kinds[0]
    assert view["kind"] == "player view" and "/api/player?id=" in view["how"] and "Network" in view["how"]


def test_a_pasted_tm_player_view_gets_hints_with_the_app_s_option_titles() -> None:
    client = create_app("terraforming-mars").test_client()
    reply = _load(client, TM_VIEW.read_text(), "view.json")
    assert reply.status_code == 200, reply.get_json()
    data = reply.get_json()
    assert data["kind"] == "player view" and data["moves"] is None
    assert data["to_move"] == "p1 Interplanetary Cinematics"
    assert "generation 6" in data["svg"]   # no board picture yet: the position in a line
    result = _hints(client, data["id"])
    assert result["status"] == "done", result
    first = result["hints"][0]
    assert first["words"] and '(the option "' in first["words"][0]   # the prompt's own option title
    assert first["line"][0]["who"] == "p1 (yellow, Interplanetary Cinematics)"   # the app's colour too
    board = client.get(f"/api/search/{result['job']}/board?hint=0&step=0")
    assert board.status_code == 400 and "no board picture" in board.get_json()["error"]


def test_a_tm_hint_carries_the_app_s_answer_when_the_game_gives_one(monkeypatch: pytest.MonkeyPatch) -> None:
    from gaia_ai.games.terraforming_mars.game import TmGame

    seen: list[str] = []

    def details(self: Any, state: Any, candidate: Any) -> dict[str, Any]:
        seen.append(str(candidate.move))
        return {"app_response": {"type": "or", "index": len(seen), "response": {"type": "option"}}}

    monkeypatch.setattr(TmGame, "hint_details", details)
    client = create_app("terraforming-mars").test_client()
    result = _hints(client, _load(client, TM_VIEW.read_text()).get_json()["id"])
    hints = result["hints"]
    assert [h["move"] for h in hints] == seen   # one answer per hint, asked of the hint's own candidate
    assert [h["app_response"]["index"] for h in hints] == list(range(1, len(hints) + 1))


def test_a_tm_view_hint_carries_the_app_s_real_answer() -> None:
    client = create_app("terraforming-mars").test_client()
    reply = _load(client, TM_VIEW.read_text()).get_json()
    prompt = json.loads(TM_VIEW.read_text())["waitingFor"]
    hints = _hints(client, reply["id"])["hints"]
    assert hints and all(h["app_response"]["type"] == prompt["type"] for h in hints)   # the prompt's own type
    assert all(h["app_moves"] and h["app_moves"][0] == h["move"] for h in hints)        # led by the hint's move


def test_a_hint_without_an_app_answer_has_none() -> None:
    client = create_app("eminent-domain").test_client()
    pid = _load(client, ED_LOG.read_text(), move=40).get_json()["id"]
    assert all("app_response" not in h for h in _hints(client, pid)["hints"])


def test_a_tm_observation_and_a_tm_log_with_its_slider() -> None:
    from gaia_ai.games.terraforming_mars.observation import observation_json

    rec = json.loads(TM_LOG.read_text())
    client = create_app("terraforming-mars").test_client()
    data = _load(client, TM_LOG.read_text(), "tm.json").get_json()
    assert data["kind"] == "game log" and data["moves"] == data["move"] == len(rec["moves"])
    assert data["to_move"] is None   # the whole game: over, the slider picks another position
    data = _load(client, TM_LOG.read_text(), "tm.json", move=40).get_json()
    assert data["move"] == 40 and data["last"] == rec["moves"][39]
    state = _replayed("terraforming-mars", rec["moves"], 40)
    assert data["to_move"] == load_game("terraforming-mars").player_name(state, state.current_player)
    observation = json.dumps(observation_json(state, state.current_player))
    obs = _load(client, observation, "seat.json").get_json()
    assert obs["kind"] == "observation" and obs["to_move"] == data["to_move"] and obs["moves"] is None
    assert _hints(client, obs["id"], simulations=100)["hints"]


def test_a_tm_corpus_record_is_a_log_with_its_slider() -> None:
    import gzip

    from gaia_ai.games.terraforming_mars.positions import record_state

    with gzip.open(DATA / "tm" / "games-sample.jsonl.gz", "rt") as f:
        rec = json.loads(f.readline())
    client = create_app("terraforming-mars").test_client()
    data = _load(client, json.dumps(rec), "b000.json", move=30).get_json()
    act = rec["acts"][29]
    assert data["kind"] == "game log" and data["moves"] == len(rec["acts"]) and data["move"] == 30
    assert data["last"].startswith(f"p{act['p'] + 1} {act['k']}")
    state = record_state(rec, 30)
    assert data["to_move"] == load_game("terraforming-mars").player_name(state, state.current_player)


def test_an_ed_log_gets_a_slider_and_an_observation_pastes_too() -> None:
    from gaia_ai.games.eminent_domain.observation import observation_json

    rec = json.loads(ED_LOG.read_text())
    client = create_app("eminent-domain").test_client()
    whole = _load(client, ED_LOG.read_text()).get_json()
    assert whole["kind"] == "game log" and whole["moves"] == whole["move"] == len(rec["moves"])
    assert whole["to_move"] is None
    data = _load(client, ED_LOG.read_text(), move=41).get_json()
    state = _replayed("eminent-domain", rec["moves"], 41)
    assert data["move"] == 41 and data["last"] == rec["moves"][40] and data["to_move"] == f"p{state.current_player + 1}"
    result = _hints(client, data["id"])
    assert result["status"] == "done" and result["hints"][0]["words"]
    legal = {str(m) for m in state.legal_moves()}
    assert {h["move"] for h in result["hints"]} <= legal
    obs = _load(client, json.dumps(observation_json(state, state.current_player)), "seat.json").get_json()
    assert obs["kind"] == "observation" and obs["to_move"] == data["to_move"]


def test_a_gaia_export_gets_a_slider_from_its_first_line() -> None:
    history = json.loads(EXPORT.read_text())["moveHistory"]
    client = create_app().test_client()
    data = _load(client, EXPORT.read_text(), move=30).get_json()
    assert data["moves"] == len(history) and data["first"] == 1 and data["last"] == history[29]
    assert "Round" in data["svg"]
    reply = _load(client, EXPORT.read_text(), move=0)
    assert reply.status_code == 400 and f"it has moves 1..{len(history)}" in reply.get_json()["error"]


@pytest.mark.parametrize(("name", "text", "move", "message"), [
    ("terraforming-mars", "", None, "the pasted text is empty: paste or choose a Terraforming Mars player view"),
    ("terraforming-mars", "[1, 2]", None, "is a JSON list, not an object"),
    ("terraforming-mars", '{"format": "eminent-domain/1", "moves": []}', None, "its format is 'eminent-domain/1'"),
    ("terraforming-mars", '{"game": {}, "thisPlayer": {}, "players": []}', None,
     "(player view): not a Terraforming Mars player view: no cardsInHand"),
    ("terraforming-mars", TM_VIEW, 3, "is a player view, one position: it has no moves"),
    ("terraforming-mars", TM_LOG, 9999, "move 9999 is not a position of the game (it has moves 0..333)"),
    ("eminent-domain", "{oops", None, "is not JSON (line 1, column 2"),
    ("eminent-domain", '{"format": "eminent-domain/1"}\n{"format": "eminent-domain/1"}', None,
     "holds more than one JSON value (line 2 starts another: a .jsonl file of several games?)"),
    ("eminent-domain", EXPORT, None, "is not an Eminent Domain game log"),
    ("eminent-domain", ED_LOG, -1, "must be between 0 and"),
    ("eminent-domain", '{"format": "eminent-domain/1", "setup": {"players": 2, "seed": 1}, "moves": ["p2 fly"]}',
     None, "(game log): move 0 'p2 fly': the decision is p1's"),
    ("eminent-domain", '{"format": "eminent-domain-observation/1", "seat": 0}', None, "(observation): "),
])
def test_a_bad_paste_is_refused_naming_what_is_wrong(name: str, text: Any, move: int | None, message: str) -> None:
    client = create_app(name).test_client()
    reply = _load(client, text.read_text() if isinstance(text, Path) else text, "the pasted text", move)
    assert reply.status_code == 400 and message in reply.get_json()["error"], reply.get_json()


def test_the_tm_page_can_search_on_a_gaia_ai_server() -> None:
    from service_helpers import running_server

    with running_server(max_simulations=100) as server:
        client = create_app("terraforming-mars", server=f"127.0.0.1:{server.port}").test_client()
        pid = _load(client, TM_VIEW.read_text()).get_json()["id"]
        result = _hints(client, pid, simulations=100, top=2)
        gaia = create_app(server=f"127.0.0.1:{server.port}").test_client()
        cut = _load(gaia, EXPORT.read_text(), move=31).get_json()   # p3 itars to play (p2 bescods at 60)
        gaia_result = _hints(gaia, cut["id"], simulations=100, top=2)
        ed = create_app("eminent-domain", server=f"127.0.0.1:{server.port}").test_client()
        ed_result = _hints(ed, _load(ed, ED_LOG.read_text(), move=41).get_json()["id"], simulations=100, top=2)
    assert result["status"] == "done", result
    hint = result["hints"][0]
    assert hint["words"] and hint["line"][0]["who"] == "p1 (yellow, Interplanetary Cinematics)"
    assert hint["app_response"]["type"] == json.loads(TM_VIEW.read_text())["waitingFor"]["type"]   # the server's
    assert hint["app_moves"][0] == hint["move"]
    assert ed_result["status"] == "done" and ed_result["hints"][0]["words"], ed_result
    # the server was sent the export cut at move 31: its line starts with the seat to move there
    assert gaia_result["status"] == "done", gaia_result
    assert cut["to_move"] == "p3 itars" and gaia_result["hints"][0]["line"][0]["who"] == "p3 itars"


@pytest.mark.parametrize(("page_game", "text", "names"), [
    ("gaia-project", TM_VIEW, "terraforming-mars"),
    ("terraforming-mars", ED_LOG, "eminent-domain"),
    ("eminent-domain", TM_LOG, "terraforming-mars"),
])
def test_another_game_s_text_says_which_page_reads_it(page_game: str, text: Path, names: str) -> None:
    reply = _load(create_app(page_game).test_client(), text.read_text(), text.name)
    error = reply.get_json()["error"]
    title = load_game(names).info.title
    assert reply.status_code == 400 and error.startswith(f"{text.name} is not")
    assert error.endswith(f"It looks like a {title} text: the page for it is 'gaia-ai web --game {names}'")
