"""Eminent Domain's tools: the observation of one seat and the state rebuilt from it, suggest (from a log
or an observation), review, and the gRPC service; bad input gets a clear error."""

from __future__ import annotations

import copy
import json
import random
from pathlib import Path

import grpc
import pytest
from service_helpers import client_for, json_paths, running_server

from gaia_ai.bots.base import make_bot
from gaia_ai.cli import main
from gaia_ai.games.eminent_domain import EdState
from gaia_ai.games.eminent_domain.gamelog import record_of
from gaia_ai.games.eminent_domain.observation import (
    ObservationError,
    observation_json,
    state_from_observation,
)
from gaia_ai.games.eminent_domain.words import move_words
from gaia_ai.games.registry import load_game
from gaia_ai.review.model import ReviewError, review_config
from gaia_ai.service.client import ServiceError
from gaia_ai.v1 import suggest_pb2 as pb

GAME = "eminent-domain"


def played_game(seed: int = 5, players: int = 2) -> EdState:
    state = EdState.new(players, seed)
    bots = [make_bot(f"greedy:seed={p}", GAME) for p in range(players)]
    while not state.is_terminal:
        state.apply(bots[state.current_player].choose(state))
    return state


@pytest.fixture(scope="module")
def log_file(tmp_path_factory: pytest.TempPathFactory) -> Path:
    path = tmp_path_factory.mktemp("ed") / "game.json"
    path.write_text(json.dumps(record_of(played_game(), "ed-test")))
    return path


def at(path: Path, moves: int) -> EdState:
    state = EdState.new(2, json.loads(path.read_text())["setup"]["seed"])
    for line in json.loads(path.read_text())["moves"][:moves]:
        state.apply(line.partition(" ")[2])
    return state


# ---- observation ----------------------------------------------------------------------------------------

def test_an_observation_rebuilds_a_state_the_seat_cannot_tell_from_the_real_one():
    rng = random.Random(3)
    checked = 0
    for game in range(12):
        state = EdState.new(rng.choice([2, 3, 4]), game)
        while not state.is_terminal:
            if rng.random() < 0.08:
                for seat in range(state.players):
                    data = json.loads(json.dumps(observation_json(state, seat)))   # plain JSON
                    rebuilt = state_from_observation(data)
                    assert observation_json(rebuilt, seat) == data
                    assert rebuilt.observation(seat) == state.observation(seat)
                    if seat == state.current_player:
                        assert rebuilt.legal_moves() == state.legal_moves()
                    checked += 1
            state.apply(rng.choice(state.legal_moves()))
        assert state_from_observation(observation_json(state, 0)).final_scores() == state.final_scores()
    assert checked > 100


def test_an_observation_shows_nothing_the_seat_cannot_see():
    state = EdState.new(2, 8)
    for _ in range(30):
        state.apply(state.legal_moves()[0])
    twin = state.determinize(0, 99)      # p2's cards and hidden planet fronts dealt differently
    assert observation_json(twin, 0) == observation_json(state, 0)
    assert "hand" not in observation_json(state, 0)["seats"][1]


def _observation() -> dict:
    state = EdState.new(2, 4)
    for _ in range(12):
        state.apply(state.legal_moves()[-1])
    return observation_json(state, state.current_player)


@pytest.mark.parametrize(("edit", "message"), [
    (lambda d: d.update(format="x"), "format: expected 'eminent-domain-observation/1'"),
    (lambda d: d.update(players=7), "observation.players: 7 is out of range [2, 4]"),
    (lambda d: d["flow"].update(dec="boost"), "flow.dec: expected an integer, not 'boost'"),
    (lambda d: d["flow"].update(actor=5), "flow.actor: 5 is out of range [-1, 1]"),
    (lambda d: d["seats"][1 - d["seat"]].update(hand_size=99), "].hand_and_deck: "),
    (lambda d: d["seats"][1 - d["seat"]]["hand_and_deck"].update(bogus=1), "].hand_and_deck: unknown card 'bogus'"),
    (lambda d: d["seats"][d["seat"]].update(hand_size=99), "].hand: "),
    (lambda d: d["stacks"].update(survey=3), "stacks.survey: 3 in the stack"),
    (lambda d: d["planets"].append({"id": "ZZ9", "where": "discard"}), "unknown planet 'ZZ9'"),
    (lambda d: d["planets"].append(dict(d["planets"][0])), "is listed twice"),
    (lambda d: d["planets"][0].update(where="moon"), ".where: expected face_up, face_down, discard or look"),
    (lambda d: d.update(planet_deck=3), "planet_deck: 3 planets"),
    (lambda d: d["techs_available"].append("nonsense"), "techs_available: expected a list of tech card ids"),
    (lambda d: d.update(seats="x"), "seats: expected a list of 2 seats"),
])
def test_a_bad_observation_is_refused_naming_the_field(edit, message):
    data = copy.deepcopy(_observation())
    edit(data)
    with pytest.raises(ObservationError) as e:
        state_from_observation(data)
    assert message in str(e.value)


# ---- suggest, export-state, review on the command line -------------------------------------------------

def test_suggest_from_a_log_and_from_the_seat_s_observation_agree(log_file, tmp_path, capsys):
    args = ["--game", GAME, "--simulations", "500", "--seed", "2", "--json"]
    assert main(["suggest", "--log", str(log_file), "--move", "40", *args]) == 0
    from_log = json.loads(capsys.readouterr().out)
    obs = tmp_path / "obs.json"
    assert main(["export-state", "--game", GAME, "--log", str(log_file), "--move", "40", "--out", str(obs)]) == 0
    assert json.loads(obs.read_text())["seat"] == at(log_file, 40).current_player
    assert main(["suggest", "--observation", str(obs), *args]) == 0
    from_obs = json.loads(capsys.readouterr().out)
    # the search only ever sees what the seat sees: the same answer from both
    assert from_obs["suggestions"] == from_log["suggestions"]
    legal = {str(m) for m in at(log_file, 40).legal_moves()}
    assert from_log["suggestions"] and all(s["move"] in legal for s in from_log["suggestions"])


@pytest.mark.parametrize(("argv", "message"), [
    (["--move", "9999"], "--move 9999: the log has moves 0.."),
    ([], "the game is over: there is no move to suggest"),
])
def test_suggest_on_a_bad_log_position_says_why(log_file, capsys, argv, message):
    assert main(["suggest", "--game", GAME, "--log", str(log_file), *argv]) == 2
    assert message in capsys.readouterr().err


def test_suggest_refuses_an_observation_of_a_seat_not_to_move(log_file, tmp_path, capsys):
    state = at(log_file, 40)
    obs = tmp_path / "other.json"
    obs.write_text(json.dumps(observation_json(state, 1 - state.current_player)))
    assert main(["suggest", "--game", GAME, "--observation", str(obs)]) == 2
    assert "suggestions need the observation of the seat to move" in capsys.readouterr().err


def test_suggest_without_a_position_names_the_options(capsys):
    assert main(["suggest", "--game", GAME]) == 2
    assert "--log FILE" in capsys.readouterr().err


def test_review_labels_every_real_choice_of_a_seat(log_file):
    game = load_game(GAME)
    played = game.load_played_game(str(log_file))
    review = game.review_game(played, [0], review_config(simulations=200), (0, 60))
    assert review.decisions and review.final_scores == played_game().final_scores()
    for d in review.decisions:
        assert d.player == 0 and 0 <= d.index < 60 and d.choices > 1
        assert d.label in ("best", "good", "inaccuracy", "mistake", "blunder")
        assert (d.label == "best") == (d.rank == 1)
        assert d.vp_loss >= 0 and d.win_probability_loss >= 0
    forced = {s.index for s in review.skipped}
    assert all(s.reason == "forced" for s in review.skipped)
    assert forced.isdisjoint(d.index for d in review.decisions)


def test_review_on_the_command_line(log_file, capsys):
    assert main(["review", "--game", GAME, str(log_file), "--player", "p2", "--moves", "0:30",
                 "--simulations", "100", "--json"]) == 0
    out = json.loads(capsys.readouterr().out)
    assert out["decisions"] and {d["player"] for d in out["decisions"]} == {1}


def test_review_of_a_broken_log_names_the_line(tmp_path):
    rec = record_of(played_game(), "broken")
    rec["moves"][7] = "p1 keep ZZ9"
    path = tmp_path / "broken.json"
    path.write_text(json.dumps(rec))
    game = load_game(GAME)
    with pytest.raises(ReviewError, match="log line 7 'p1 keep ZZ9'"):
        game.review_game(game.load_played_game(str(path)), config=review_config(simulations=50))


# ---- the service -----------------------------------------------------------------------------------

@pytest.fixture(scope="module")
def server():
    with running_server() as s:
        yield s


@pytest.fixture(scope="module")
def client(server):
    with client_for(server) as c:
        yield c


def test_suggest_on_a_server_sends_the_seat_to_move_as_viewer(server, log_file, capsys):
    argv = ["suggest", "--server", f"127.0.0.1:{server.port}", "--game", GAME, "--log", str(log_file)]
    assert main([*argv, "--move", "40", "--simulations", "300", "--seed", "2", "--json"]) == 0
    remote = json.loads(capsys.readouterr().out)
    assert main(["suggest", "--game", GAME, "--log", str(log_file), "--move", "40", "--simulations", "300",
                 "--seed", "2", "--json"]) == 0
    local = json.loads(capsys.readouterr().out)
    assert remote["player"] == at(log_file, 40).current_player
    assert [s["move"] for s in remote["suggestions"]] == [s["move"] for s in local["suggestions"]]
    assert main(argv) == 1                      # the whole game: nothing to suggest
    assert "INVALID_ARGUMENT: position: the game is over" in capsys.readouterr().err


def test_the_service_answers_an_ed_log_and_an_observation(client, log_file):
    rec = json.loads(log_file.read_text())
    k = next(k for k in range(40, len(rec["moves"])) if len(at(log_file, k).legal_moves()) >= 3)   # 3 to rank
    cut = {**rec, "moves": rec["moves"][:k], "final_scores": None}
    state = at(log_file, k)
    seat = state.current_player
    reply = client.suggest(pb.Position(ed_log_json=json.dumps(cut)), game=GAME, viewer=seat, simulations=300,
                           seed=4, top_k=3)
    assert reply.game == GAME and reply.player == seat and len(reply.suggestions) == 3
    obs = pb.Position(ed_observation_json=json.dumps(observation_json(state, seat)))
    again = client.suggest(obs, game=GAME, viewer=seat, simulations=300, seed=4, top_k=3)
    assert [s.move for s in again.suggestions] == [s.move for s in reply.suggestions]
    assert [s.visits for s in again.suggestions] == [s.visits for s in reply.suggestions]
    for s in reply.suggestions:   # in words, as words.py says them (the PV's too)
        assert s.words == move_words(state, s.move) == s.main_command.words and all(c.words for c in s.pv)
    checked = client.validate(obs, game=GAME, viewer=seat)
    assert [m.notation for m in checked.legal_moves] == [str(m) for m in state.legal_moves()]
    assert checked.position.phase == state.decision and checked.position.current_player == seat


def _status(call) -> tuple[grpc.StatusCode, str]:
    with pytest.raises(ServiceError) as e:
        call()
    return e.value.code, e.value.details


def test_the_service_refuses_bad_ed_positions_with_invalid_argument(client, log_file):
    rec = json.loads(log_file.read_text())
    bad_move = {**rec, "moves": [*rec["moves"][:5], "p1 fly away"]}
    obs = observation_json(at(log_file, 40), at(log_file, 40).current_player)
    broken_obs = {**obs, "seats": obs["seats"][:1]}
    cases = [
        (pb.Position(ed_log_json="{"), "position.ed_log_json: not JSON"),
        (pb.Position(ed_log_json=json.dumps(bad_move)), "position.ed_log_json: move 5 'p1 fly away'"),
        (pb.Position(ed_observation_json=json.dumps(broken_obs)), "position.ed_observation_json: seats: expected"),
        (pb.Position(bgs_export_json="{}"), "position: set one of ed_log_json, ed_observation_json"),
        # json.loads recursed into a RecursionError (INTERNAL) before the JSON was bounded
        (pb.Position(ed_observation_json="[" * 100_000 + "]" * 100_000),
         "position.ed_observation_json: JSON nested 100000 levels deep, at most 64"),
        (pb.Position(ed_log_json='{"moves": ' + "[" * 5_000), "position.ed_log_json: JSON nested 5001 levels deep"),
    ]
    for position, message in cases:
        code, details = _status(lambda p=position: client.suggest(p, game=GAME, viewer=0, simulations=10))
        assert code == grpc.StatusCode.INVALID_ARGUMENT and message in details, details
    code, details = _status(lambda: client.suggest(pb.Position(ed_log_json=json.dumps(rec)), game=GAME,
                                                   simulations=10))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and details.startswith("viewer: required for Eminent Domain")
    code, details = _status(lambda: client.suggest(pb.Position(ed_log_json=json.dumps(rec)), game=GAME, viewer=0,
                                                   simulations=10))
    assert code == grpc.StatusCode.INVALID_ARGUMENT and "the game is over" in details


@pytest.mark.parametrize("option", ["--observation", "--log"])
def test_suggest_refuses_a_deeply_nested_file_in_one_line(tmp_path, capsys, option):
    nested = tmp_path / "nested.json"
    nested.write_text("[" * 20_000 + "]" * 20_000)
    assert main(["suggest", "--game", GAME, option, str(nested)]) == 2
    err = capsys.readouterr().err
    assert err.count("\n") == 1 and "JSON nested 20000 levels deep, at most 64" in err


def test_mutated_observations_are_refused_or_playable():
    # one field of an observation set to a random value: the reader refuses it by name (ObservationError,
    # what the service answers as INVALID_ARGUMENT) or builds a state whose game plays to the end
    rng = random.Random(11)
    samples = []
    for game in range(6):
        state = EdState.new(2 + game % 3, game)
        while not state.is_terminal and len(samples) < 4 * (game + 1):
            if rng.random() < 0.2:
                samples.append(observation_json(state, state.current_player))
            state.apply(rng.choice(state.legal_moves()))
    values = [-1, 0, 1, 2, 3, 7, 255, 256, 10**6, -(10**6), None, True, "x", "survey", [], {}, [0, 0, 0], 1.5]
    refused = accepted = 0
    for _ in range(600):
        obs = copy.deepcopy(rng.choice(samples))
        path = rng.choice([p for p in json_paths(obs) if p])
        node = obs
        for k in path[:-1]:
            node = node[k]
        node[path[-1]] = rng.choice(values)
        try:
            state = state_from_observation(obs)
        except ObservationError:
            refused += 1
            continue
        accepted += 1
        moves = 0
        while not state.is_terminal and moves < 3000:
            state.apply(rng.choice(state.legal_moves()))
            moves += 1
        assert state.is_terminal
    assert refused > 300 and accepted > 20
