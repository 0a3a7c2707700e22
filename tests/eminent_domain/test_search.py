"""Eminent Domain through the game-agnostic information-set search (gaia_ai.search.core): the C
interface's information fields, the searcher's result, and that hidden cards never leak into it."""

from __future__ import annotations

from typing import Any

import pytest

from gaia_ai._core import ed_rules, mcts
from gaia_ai.bots import make_bot
from gaia_ai.errors import GameOverError
from gaia_ai.games.api import CoreSearchable
from gaia_ai.games.eminent_domain.game import GAME
from gaia_ai.games.eminent_domain.state import EdState
from gaia_ai.search import SearchConfig
from gaia_ai.search.core import CoreSearcher, SearchResult, search


def _played(seed: int, moves: int) -> EdState:
    """A 2-player game a few seeded random moves in (cards drawn, seen, discarded)."""
    state = EdState.new(2, seed=seed)
    state._core.random_playout(seed, max_moves=moves)
    return state


def answer(result: SearchResult) -> list[Any]:
    """Everything of a result but the timings."""
    return [(str(c.move), c.visits, c.value, c.win_probability, c.expected_score, [str(m) for m in c.pv])
            for c in result.candidates] + [result.player, result.stats.nodes, result.stats.max_depth]


def test_interface_declares_hidden_information_chance_and_move_count() -> None:
    state = EdState.new(2, seed=1)
    assert isinstance(state, CoreSearchable)
    iface, _pointer, _owner = state.search_interface()
    info = mcts.interface_info(iface)
    assert info["hidden_information"] and info["chance"]
    assert info["max_moves"] == 512 and info["num_players"] == 2


def test_info_key_is_what_the_seat_knows() -> None:
    state = _played(3, 40)
    seat = state.current_player
    other = 1 - seat
    key = ed_rules.info_key(state._core, seat)
    # resampling what seat cannot see keeps its key; resampling for the other seat (seat's own hand
    # among the resampled cards) changes it
    assert ed_rules.info_key(state.determinize(seat, 11)._core, seat) == key
    assert any(ed_rules.info_key(state.determinize(other, s)._core, seat) != key for s in range(5))
    with pytest.raises(ValueError, match="no player 2"):
        ed_rules.info_key(state._core, 2)


def test_result_shape_and_legal_moves() -> None:
    state = _played(5, 30)
    before = state.key()
    result = search(state, SearchConfig(simulations=300, seed=2))
    assert state.key() == before
    assert result.player == state.current_player
    assert result.stats.simulations == 300
    legal = {str(m) for m in state.legal_moves()}
    assert {str(c.move) for c in result.candidates} <= legal
    visits = [c.visits for c in result.candidates]
    assert visits == sorted(visits, reverse=True) and sum(visits) <= 300
    for c in result.candidates:
        assert c.moves == [c.move] and c.pv[0] == c.move and len(c.pv_players) == len(c.pv)
        assert 0.0 <= c.value <= 1.0 and 0.0 <= c.win_probability <= 1.0
    assert len(search(state, SearchConfig(simulations=100, seed=2), top_k=1).candidates) == 1


def test_hidden_cards_never_leak() -> None:
    """Same seed on two states that differ only in what the searching seat cannot see: same answer."""
    for seed, moves in [(7, 0), (8, 25), (9, 60)]:
        state = _played(seed, moves)
        seat = state.current_player
        twin = state.determinize(seat, seed + 1000)
        assert twin.key() != state.key()   # the hidden cards really differ
        assert twin.observation(seat) == state.observation(seat)
        config = SearchConfig(simulations=400, seed=seed)
        assert answer(search(state, config)) == answer(search(twin, config))


def test_the_check_sees_a_difference_the_seat_can_see() -> None:
    """The leak test's comparison is not blind: a state resampled for the other seat searches otherwise."""
    state = _played(9, 60)
    seat = state.current_player
    config = SearchConfig(simulations=400, seed=9)
    base = answer(search(state, config))
    assert any(answer(search(state.determinize(1 - seat, s), config)) != base for s in range(3))


def test_searcher_over_a_game_and_errors() -> None:
    searcher = GAME.searcher(SearchConfig(simulations=50, seed=1))
    assert isinstance(searcher, CoreSearcher)
    state = EdState.new(2, seed=4)
    for _ in range(6):
        result = searcher.search(state)
        assert result.stats.reused_visits == 0   # an information-set tree is never carried over
        state.apply(result.best.move)
    state._core.random_playout(1)
    assert state.is_terminal
    with pytest.raises(GameOverError, match="finished game"):
        searcher.search(state)
    with pytest.raises(TypeError, match="search_interface"):
        searcher.search(object.__new__(_NoCore))


class _NoCore:
    is_terminal = False


def test_mcts_bot_plays_eminent_domain() -> None:
    bot = make_bot("mcts:sims=30,seed=3", GAME)
    state = GAME.new_game(GAME.deal(2, 5))
    for _ in range(10):
        state.apply(bot.choose(state))


def test_match_describes_a_game_without_roles() -> None:
    from gaia_ai.bots.match import GameResult, describe_game

    line = describe_game(["mcts", "random"], GameResult("1", [0, 1], [], [15, 3]))
    assert line == "p1 mcts 15, p2 random 3: mcts wins"
