"""Terraforming Mars behind the toolkit's protocol: moves as values, scores, roles, what a seat sees."""

from __future__ import annotations

import random

import pytest

from gaia_ai import errors
from gaia_ai.games import load_game
from gaia_ai.games.terraforming_mars import TmMove, TmState


def test_registered_with_its_info():
    game = load_game("terraforming-mars")
    assert game.info.player_counts == (2, 3, 4, 5) and game.info.role_name == "corporation"
    assert game.info.hidden_information


def test_moves_are_values_that_parse_back_at_their_position():
    game = load_game("terraforming-mars")
    state = game.new_game(game.deal(2, 5))
    move = state.legal_moves()[0]
    assert isinstance(move, TmMove) and str(move).startswith("setup ")
    assert game.parse_move(str(move), state) == move and hash(move) == hash(game.parse_move(str(move), state))
    with pytest.raises(errors.NotationError):
        game.parse_move(str(move))                   # setup lines name the cards of an offer
    with pytest.raises(errors.NotationError, match="unknown card"):
        game.parse_move("play No Such Card", state)


def test_a_move_of_another_position_is_refused():
    # the same code at player 1's setup means player 1's own corporation and cards
    state = TmState.new(2, 3)
    first = state.legal_moves()[-1]
    state.apply(first)
    with pytest.raises(errors.IllegalMoveError, match="not a move of this position"):
        state.apply(first)


def test_final_scores_roles_and_breakdown():
    state = TmState.new(2, 8)
    assert state.role(0) is None and state.final_scores() is None
    rng = random.Random(8)
    while not state.is_terminal:
        state.apply(rng.choice(state.legal_codes()))
    assert state.role(0) in {c["name"] for c in __import__(
        "gaia_ai.games.terraforming_mars.tables", fromlist=["CORPS"]).CORPS}
    scores = state.final_scores()
    assert scores == [b["total"] for b in state.score_breakdown()] and all(isinstance(s, int) for s in scores)


def test_observation_hides_other_hands_and_determinize_keeps_it():
    state = TmState.new(3, 4)
    rng = random.Random(4)
    for _ in range(40):
        state.apply(rng.choice(state.legal_codes()))
    seen = state.observation(0)
    assert isinstance(seen["players"][1]["hand"], int) and isinstance(seen["players"][0]["hand"], list)
    sample = state.determinize(0, 123)
    assert sample.observation(0) == seen
    assert sample.key() != state.key()               # the hidden part was resampled


def test_describe_and_search_moves():
    game = load_game("terraforming-mars")
    state = game.new_game(game.deal(2, 1))
    assert "generation 1" in game.describe(state)
    legal = {m.code: m for m in state.legal_moves()}
    search = state.search_moves()
    # each search move is one legal move standing for itself: 22 of the selection's 2,048
    assert 0 < len(search) < len(legal)
    assert all(atomic == [legal[code]] for code, atomic in search)


def test_colonies_option_deals_colonies_games():
    base = load_game("terraforming-mars")
    game = base.with_options({"colonies": "on"})
    assert game is not base and game.info.name == base.info.name
    assert "Colonies" in game.info.options["sets"] and "Colonies" not in base.info.options["sets"]
    assert game.with_options({"colonies": "off"}) is base and base.with_options({"colonies": "yes"}) is game
    deal = game.deal(2, 9)
    assert deal.setup.colonies and not base.deal(2, 9).setup.colonies
    assert game.setup_from_data(game.setup_to_data(deal.setup)) == deal.setup
    assert base.setup_from_data({"players": 2, "seed": 9}) == base.deal(2, 9).setup   # stored before Colonies
    state = game.new_game(deal)
    assert state.core.colonies_on and state.game is game
    assert len(state.snapshot()["col"]) == 5                   # n + 3 tiles at 2 players
    assert not base.new_game(base.deal(2, 9)).core.colonies_on


def test_colonies_option_refuses_bad_values_by_name():
    game = load_game("terraforming-mars")
    with pytest.raises(ValueError, match="colonies='maybe': expected on or off"):
        game.with_options({"colonies": "maybe"})
    with pytest.raises(ValueError, match="no option venus"):
        game.with_options({"venus": "on"})


def test_colonies_observation_shows_tiles_and_fleets_and_determinize_keeps_them():
    game = load_game("terraforming-mars").with_options({"colonies": "on"})
    state = game.new_game(game.deal(3, 12))
    rng = random.Random(12)
    while not (state.core.step == "action" and state.core.globals()[0] >= 3) and not state.is_terminal:
        state.apply(rng.choice(state.legal_codes()))
    seen = state.observation(1)
    assert len(seen["colonies"]) >= 5 and len(seen["fleets"]) == 3      # n + 2 tiles, and Aridor's
    assert seen["colonies"] == state.core.colonies()
    sample = state.determinize(1, 77)
    assert sample.observation(1) == seen and sample.core.colonies() == state.core.colonies()
    assert [sample.core.fleets(p) for p in range(3)] == [state.core.fleets(p) for p in range(3)]


def test_match_plays_colonies_games(capsys):
    from gaia_ai.bots.match import run_match
    from gaia_ai.cli import main

    result = run_match(["random:seed=1", "random:seed=2"], players=2, games=2, seed=4, game="terraforming-mars",
                       options={"colonies": "on"})
    assert len(result.games) == 2 and all(len(g.vp) == 2 and max(g.vp) > 20 for g in result.games)
    assert main(["match", "random", "random", "--game", "terraforming-mars", "--option", "colonies=on",
                 "--games", "1", "--json"]) == 0
    assert main(["match", "random", "random", "--game", "terraforming-mars", "--option", "colonies"]) == 2
    assert "expected KEY=VALUE" in capsys.readouterr().err
