"""Terraforming Mars positions for the tools: one seat's structured observation and the state rebuilt from
it, a corpus record cut before an action, suggest from each, and the gRPC service (player view,
observation, record); bad input gets INVALID_ARGUMENT naming the field."""

from __future__ import annotations

import copy
import gzip
import json
import random
from pathlib import Path

import grpc
import pytest
from service_helpers import client_for, json_paths, running_server

from gaia_ai.cli import main
from gaia_ai.games.terraforming_mars import TmState
from gaia_ai.games.terraforming_mars.observation import (
    ObservationError,
    observation_json,
    state_from_observation,
)
from gaia_ai.games.terraforming_mars.playerview import import_player_view
from gaia_ai.games.terraforming_mars.positions import PositionError, record_state
from gaia_ai.service.client import ServiceError
from gaia_ai.v1 import suggest_pb2 as pb

GAME = "terraforming-mars"
DATA = Path(__file__).resolve().parents[1] / "data"
SAMPLE = DATA / "tm" / "games-sample.jsonl.gz"
VIEWS = DATA / "tm-playerviews"


def record(index: int = 0) -> dict:
    with gzip.open(SAMPLE, "rt") as f:
        return [json.loads(line) for line in f][index]


# ---- observation ----------------------------------------------------------------------------------------

def test_an_observation_rebuilds_a_state_the_seat_cannot_tell_from_the_real_one():
    # random positions of base and Colonies games, 2-5 players, every seat: the rebuilt state shows the
    # seat the same observation (its own and the core's), and at its decision the same legal moves
    checked = 0
    for game in range(10):
        state = TmState.new(2 + game % 4, game, colonies=game % 2 == 1)
        rng = random.Random(game)
        while not state.is_terminal:
            if rng.random() < 0.02:
                for seat in range(state.num_players):
                    obs = observation_json(state, seat)
                    rebuilt = state_from_observation(json.loads(json.dumps(obs)), seed=seat)
                    assert observation_json(rebuilt, seat) == obs
                    assert rebuilt.observation(seat) == state.observation(seat)
                    if seat == state.current_player:
                        assert rebuilt.legal_lines() == state.legal_lines()
                    checked += 1
            state.apply(rng.choice(state.legal_codes()))
    assert checked > 200


def test_an_observation_shows_nothing_the_seat_cannot_see():
    state = TmState.new(3, 4)
    rng = random.Random(4)
    for _ in range(200):
        state.apply(rng.choice(state.legal_codes()))
    obs = observation_json(state, 1)
    text = json.dumps(obs)
    for p in (0, 2):
        assert "hand" not in obs["seats"][p] and obs["seats"][p]["hand_size"] == len(state.core.hand(p))
    assert "deck" not in obs and obs["draw_pile"] == state.core.deck_size()
    # two states that differ only in what seat 1 cannot see give the same observation
    other = state.determinize(1, 99)
    assert other.core.hand(0) != state.core.hand(0) or other.core.hand(2) != state.core.hand(2)
    assert json.dumps(observation_json(other, 1)) == text


def _edit(obs: dict, path: str, value) -> dict:
    out = copy.deepcopy(obs)
    *keys, last = path.split(".")
    node = out
    for k in keys:
        node = node[int(k)] if k.isdigit() else node[k]
    node[int(last) if last.isdigit() else last] = value
    return out


@pytest.mark.parametrize("path,value,message", [
    ("format", "x/1", "format: expected 'terraforming-mars-observation/1'"),
    ("players", 7, "observation.players: 7 is out of range [2, 5]"),
    ("seats.1.resources.heat", -2, "seats[1].resources.heat: -2 is out of range"),
    ("seats.0.tableau", ["No Such Card"], "seats[0].tableau[0]: unknown project card 'No Such Card'"),
    ("temperature", -29, "observation.temperature: -29 is odd"),
    ("draw_pile", 3, "draw_pile: the cards do not add up"),
    ("step", "dance", "step: expected one of setup, research"),
    ("board", [{"space": "99", "tile": "city", "owner": 0}], "board[0].space: unknown space '99'"),
    ("seats.1.hand_size", "many", "seats[1].hand_size: expected an integer"),
])
def test_a_bad_observation_is_refused_naming_the_field(path, value, message):
    state = TmState.new(2, 8)
    rng = random.Random(8)
    for _ in range(120):
        state.apply(rng.choice(state.legal_codes()))
    obs = observation_json(state, 0)
    with pytest.raises(ObservationError, match=None) as e:
        state_from_observation(_edit(obs, path, value))
    assert message in str(e.value)


def test_a_card_in_two_places_is_refused():
    state = TmState.new(2, 8)
    rng = random.Random(8)
    for _ in range(120):
        state.apply(rng.choice(state.legal_codes()))
    obs = observation_json(state, 0)
    card = obs["seats"][1]["tableau"][0] if obs["seats"][1]["tableau"] else obs["seats"][0]["tableau"][0]
    obs["seats"][0]["hand"].append(card)
    with pytest.raises(ObservationError, match="is also in"):
        state_from_observation(obs)


# ---- a corpus record cut before an action -------------------------------------------------------------------

def test_a_record_cut_before_an_action_is_the_judge_s_position():
    rec = record(0)
    state = record_state(rec, 40)
    assert state.current_player == rec["acts"][40]["p"]
    assert state.snapshot()["g"] == rec["acts"][39]["s"]["g"]
    with pytest.raises(PositionError, match=r"cut: 9999 is not an action of the record"):
        record_state(rec, 9999)
    broken = copy.deepcopy(rec)
    broken["acts"][5]["card"] = "No Such Card"
    with pytest.raises(PositionError, match=r"^act 5 \("):
        record_state(broken, 10)


def test_suggest_from_a_record_and_from_the_seat_s_observation(tmp_path, capsys):
    argv = ["suggest", "--game", GAME, "--corpus", str(SAMPLE), "--game-id", "b000", "--move", "40",
            "--simulations", "150", "--top", "2", "--json"]
    assert main(argv) == 0
    from_record = json.loads(capsys.readouterr().out)
    out = tmp_path / "seat.json"
    assert main(["export-state", "--game", GAME, "--corpus", str(SAMPLE), "--game-id", "b000", "--move", "40",
                 "--out", str(out)]) == 0
    obs = json.loads(out.read_text())
    assert obs["format"] == "terraforming-mars-observation/1" and obs["seat"] == from_record["player"]
    assert main(["suggest", "--game", GAME, "--observation", str(out), "--simulations", "150", "--top", "2",
                 "--json"]) == 0
    from_obs = json.loads(capsys.readouterr().out)
    assert from_obs["player"] == from_record["player"]
    legal = set(record_state(record(0), 40).legal_lines())
    assert all(s["move"] in legal and s["words"] for s in from_obs["suggestions"] + from_record["suggestions"])
    # another seat's observation is refused: its knowledge is not the mover's
    obs["seat"] = 1 - obs["seat"]
    other = tmp_path / "other.json"
    other.write_text(json.dumps(observation_json(record_state(record(0), 40), obs["seat"])))
    assert main(["suggest", "--game", GAME, "--observation", str(other), "--simulations", "10"]) == 2
    assert "but the decision is" in capsys.readouterr().err


def test_suggest_without_a_position_names_the_options(capsys):
    assert main(["suggest", "--game", GAME, "--simulations", "10"]) == 2
    assert "--tm-view FILE" in capsys.readouterr().err


# ---- the service -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server():
    with running_server() as s:
        yield s


@pytest.fixture(scope="module")
def client(server):
    with client_for(server) as c:
        yield c


def test_the_service_answers_a_view_an_observation_and_a_record(client):
    view_text = (VIEWS / "base-v01-0-g6-60.json").read_text()
    state, view = import_player_view(view_text)
    reply = client.suggest(pb.Position(tm_view_json=view_text), game=GAME, viewer=view.seat, simulations=200,
                           seed=3, top_k=3)
    assert reply.game == GAME and reply.player == view.seat and reply.role == state.role(view.seat)
    legal = set(state.legal_lines())
    assert len(reply.suggestions) == 3 and all(s.move in legal for s in reply.suggestions)
    for s in reply.suggestions:
        assert s.words and '(the option "' in s.words and s.pv[0].notation == s.move and s.pv[0].words
    assert reply.position.phase == "action" and reply.position.round == 6
    assert [seat.role_kind for seat in reply.position.seats] == ["corporation"] * 2

    rec_state = record_state(record(0), 40)
    seat = rec_state.current_player
    by_record = client.suggest(pb.Position(tm_log_json=json.dumps({**record(0), "cut": 40})), game=GAME,
                               viewer=seat, simulations=200, seed=3, top_k=2)
    obs = pb.Position(tm_observation_json=json.dumps(observation_json(rec_state, seat)))
    by_obs = client.suggest(obs, game=GAME, viewer=seat, simulations=200, seed=3, top_k=2)
    assert by_record.player == by_obs.player == seat
    checked = client.validate(obs, game=GAME, viewer=seat)
    assert [m.notation for m in checked.legal_moves] == rec_state.legal_lines()
    paid = next(m for m in checked.legal_moves if " pay " in m.notation)
    head, pay = paid.notation.split(" pay ")
    assert [paid.name, *paid.args] == [*head.split(" ", 1), *pay.split()]


def _status(call) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(ServiceError) as e:
        call()
    return e.value.code, e.value.details


def test_the_service_refuses_bad_tm_positions_with_invalid_argument(client):
    rec_state = record_state(record(0), 40)
    seat = rec_state.current_player
    obs = observation_json(rec_state, seat)
    view = json.loads((VIEWS / "base-v01-0-g6-60.json").read_text())
    gaia_like = {"options": {}, "players": [], "moveHistory": []}
    cases = [
        (pb.Position(tm_view_json="{"), "position.tm_view_json: the player view: not JSON"),
        (pb.Position(tm_view_json=json.dumps(gaia_like)), "position.tm_view_json: not a Terraforming Mars player view"),
        (pb.Position(tm_view_json=json.dumps({**view, "waitingFor": {"type": "dance", "title": "Dance"}})),
         "position.tm_view_json: the engine cannot reproduce this prompt"),
        (pb.Position(tm_view_json="[" * 100 + "]" * 100), "nested 100 levels deep, at most 64"),
        (pb.Position(tm_observation_json=json.dumps({**obs, "oxygen": 99})),
         "position.tm_observation_json: observation.oxygen: 99 is out of range [0, 14]"),
        (pb.Position(tm_observation_json=json.dumps({**obs, "seats": obs["seats"][:1]})),
         "position.tm_observation_json: seats: expected 2 seats"),
        (pb.Position(tm_log_json=json.dumps({**record(0), "cut": -1})), "position.tm_log_json: cut: -1"),
        (pb.Position(tm_log_json=json.dumps({"acts": 3})), "position.tm_log_json: not a Terraforming Mars corpus"),
        (pb.Position(ed_log_json="{}"), "position: set one of tm_view_json, tm_observation_json, tm_log_json"),
    ]
    for position, message in cases:
        code, details = _status(lambda p=position: client.suggest(p, game=GAME, viewer=seat, simulations=10))
        assert code == grpc.StatusCode.INVALID_ARGUMENT and message in details, details
        code, details = _status(lambda p=position: client.validate(p, game=GAME, viewer=seat))
        assert code == grpc.StatusCode.INVALID_ARGUMENT and message in details, details
    whole = pb.Position(tm_log_json=json.dumps(record(0)))
    code, details = _status(lambda: client.suggest(whole, game=GAME, simulations=10))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details.startswith("viewer: required for Terraforming")
    code, details = _status(lambda: client.suggest(whole, game=GAME, viewer=0, simulations=10))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and "the game is over" in details
    code, details = _status(lambda: client.suggest(pb.Position(tm_log_json=json.dumps({**record(0), "cut": 40})),
                                                   game=GAME, viewer=1 - seat, simulations=10))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and "but the decision is" in details


def test_suggest_on_a_server_prints_the_words(server, capsys):
    path = VIEWS / "colonies-v05-0-g15-197.json"
    argv = ["suggest", "--server", f"127.0.0.1:{server.port}", "--game", GAME, "--tm-view", str(path),
            "--simulations", "100", "--top", "2", "--json"]
    assert main(argv) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["suggestions"] and all(s["words"] for s in out["suggestions"])



def test_mutated_observations_are_refused_or_playable():
    # one field of a mid-action observation (a follow-up open, Colonies on) set to a random value: the
    # reader refuses it by name or builds a state whose moves apply and whose game plays to the end
    rng = random.Random(11)
    samples = []
    for game in range(6):
        state = TmState.new(2 + game % 3, game, colonies=True)
        while not state.is_terminal and len(samples) < 4 * (game + 1):
            if state.core.pending() and rng.random() < 0.3:
                samples.append(observation_json(state, state.current_player))
            state.apply(rng.choice(state.legal_codes()))
    values = [-1, 0, 1, 2, 7, 63, 255, 256, 300, 10**6, -(10**6), None, True, "x", "Comet", [], {}, [0, 0, 0]]
    refused = accepted = 0
    for _ in range(600):
        obs = copy.deepcopy(rng.choice(samples))
        paths = [p for p in json_paths(obs) if p]
        path = rng.choice(paths)
        node = obs
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = rng.choice(values)
        try:
            state = state_from_observation(obs, seed=rng.randrange(100))
        except ObservationError:
            refused += 1
            continue
        accepted += 1
        moves = 0
        while not state.is_terminal and moves < 3000 and state.legal_codes():
            state.apply(rng.choice(state.legal_codes()))
            moves += 1
    assert refused > 100 and accepted > 50
