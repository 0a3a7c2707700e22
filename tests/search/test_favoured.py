"""A favoured root move (gaia_ai._core.mcts.search's favoured=(move, share)): the search keeps it at that
share of the simulations, in the same tree, and refuses a move that is not legal at the root."""

from __future__ import annotations

import pytest

from gaia_ai.games.registry import load_game
from gaia_ai.search import SearchConfig
from gaia_ai.search.core import search


@pytest.mark.parametrize("game_name", ["eminent-domain", "terraforming-mars"])
def test_the_favoured_move_gets_its_share(game_name: str) -> None:
    game = load_game(game_name)
    state = game.new_game(game.deal(2, seed=3))
    config = SearchConfig(simulations=400, seed=1)
    plain = search(state, config)
    least = plain.candidates[-1]
    code = next(int(c) for c, moves in state.search_moves() if moves[0] == least.move)
    favoured = search(state, config, favoured=(code, 0.25))
    again = next(c for c in favoured.candidates if c.move == least.move)
    assert least.visits < 0.25 * 400 - 1 <= again.visits
    assert favoured.stats.simulations == 400


def test_a_favoured_move_must_be_legal() -> None:
    game = load_game("eminent-domain")
    state = game.new_game(game.deal(2, seed=3))
    illegal = max(int(c) for c, _ in state.search_moves()) + 1
    with pytest.raises(ValueError, match="favoured"):
        search(state, SearchConfig(simulations=10, seed=1), favoured=(illegal, 0.1))
