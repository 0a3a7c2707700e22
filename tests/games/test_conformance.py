"""The contract of gaia_ai.games.api, checked on every registered game (OpenSpiel's habit): random
playouts reach the end, every listed move applies, undo restores, copies are independent, search moves
expand to atomic moves that apply, notation round-trips, and determinize never changes what the viewer
can see. A new game passes this suite before anything above games/ may use it."""

from __future__ import annotations

import random

import pytest

from gaia_ai.errors import IllegalMoveError, ToolkitError, UnknownGameError
from gaia_ai.games import Game, State, game_names, load_game

MAX_DECISIONS = 20000   # a game longer than this is a bug
CHECK_EVERY = 7         # positions between two full checks (every legal move, every search move)


# variants checked beside each game's default (Game.with_options)
VARIANTS: dict[str, list[dict[str, str]]] = {"terraforming-mars": [{"colonies": "on"}],
                                             "gaia-project": [{"factions": "beta"}, {"auction": "choose-bid"}]}


def _variants() -> list[tuple[str, dict[str, str]]]:
    return [(name, options) for name in game_names() for options in [{}, *VARIANTS.get(name, [])]]


def _id(name: str, options: dict[str, str]) -> str:
    return ",".join([name, *(f"{k}={v}" for k, v in options.items())])


def _cases() -> list:
    return [pytest.param(name, options, players, id=f"{_id(name, options)}-{players}")
            for name, options in _variants() for players in load_game(name).info.player_counts]


def _check_position(game: Game, state: State, rng: random.Random) -> None:
    key = state.key()
    moves = state.legal_moves()
    assert moves, f"no legal move at a non-terminal position: {state!r}"
    assert moves == state.legal_moves(), "legal_moves() is not deterministic"
    for move in moves:
        text = str(move)
        assert game.parse_move(text, state) == move, f"{text!r} does not parse back to the same move"
        trial = state.copy()
        trial.apply(move)
        assert state.key() == key, f"applying {text!r} to a copy changed the original"
        trial.undo()
        assert trial.key() == key, f"undo after {text!r} did not restore the position"
    for _, atomic in state.search_moves():
        assert atomic, "a search move expands to no atomic move"
        line = state.copy()
        for move in atomic:
            line.apply(move)
    seat = state.current_player
    for viewer in {seat, rng.randrange(state.num_players)}:
        sample = state.determinize(viewer, rng.randrange(2**31))
        assert sample.observation(viewer) == state.observation(viewer), "determinize changed what the viewer sees"
        assert sample.current_player == seat


@pytest.mark.parametrize(("name", "options", "players"), _cases())
def test_random_playouts_keep_the_contract(name: str, options: dict[str, str], players: int) -> None:
    game = load_game(name).with_options(options)
    rng = random.Random(f"conformance-{_id(name, options)}-{players}")
    state = game.new_game(game.deal(players, f"conformance-{players}"))
    assert isinstance(state, State) and state.game is game and state.num_players == players
    for decision in range(MAX_DECISIONS):
        if state.is_terminal:
            break
        if decision % CHECK_EVERY == 0:
            _check_position(game, state, rng)
        state.apply(rng.choice(state.legal_moves()))
    assert state.is_terminal, f"{name}: no end after {MAX_DECISIONS} decisions"
    assert state.current_player == -1 and state.legal_moves() == []
    scores = state.final_scores()
    assert scores is not None and len(scores) == players


@pytest.mark.parametrize(("name", "options"), [pytest.param(n, o, id=_id(n, o)) for n, o in _variants()])
def test_an_illegal_move_is_refused_and_changes_nothing(name: str, options: dict[str, str]) -> None:
    game = load_game(name).with_options(options)
    state = game.new_game(game.deal(min(game.info.player_counts), "conformance-illegal"))
    key = state.key()
    legal = {str(m) for m in state.legal_moves()}
    later = state.copy()
    while not later.is_terminal and {str(m) for m in later.legal_moves()} <= legal | {""}:
        later.apply(later.legal_moves()[-1])
    foreign = next((m for m in later.legal_moves() if str(m) not in legal), None)
    assert foreign is not None, "could not find a move of another position to try"
    with pytest.raises(IllegalMoveError):
        state.apply(foreign)
    assert state.key() == key


@pytest.mark.parametrize(("name", "options"), [pytest.param(n, o, id=_id(n, o)) for n, o in _variants()])
def test_deals_are_seeded(name: str, options: dict[str, str]) -> None:
    game = load_game(name).with_options(options)
    players = max(game.info.player_counts)
    assert game.deal(players, 11) == game.deal(players, 11)
    first = game.new_game(game.deal(players, 11))
    again = game.new_game(game.deal(players, 11))
    assert first.key() == again.key()
    with pytest.raises(ValueError, match="played by"):
        game.deal(max(game.info.player_counts) + 1, 11)


@pytest.mark.parametrize("name", game_names())
def test_an_unknown_option_is_refused_by_name(name: str) -> None:
    game = load_game(name)
    assert game.with_options({}) is game
    with pytest.raises(ValueError, match="no-such-option"):
        game.with_options({"no-such-option": "on"})


def test_an_unknown_game_lists_the_known_ones() -> None:
    with pytest.raises(UnknownGameError, match="known games: .*gaia-project"):
        load_game("chess")
    assert issubclass(UnknownGameError, ToolkitError)
