"""Implicit minimax (SearchConfig.minimax, issue 18): each node keeps the evaluator's value of its
position backed up through the tree (a leaf's is the evaluator's, a terminal one's the final score's, an
expanded node's its best child's for the player who moves there), and selection ranks children by
(1 - minimax) * their mean + minimax * that value. The toy count race evaluates every unfinished position
as a tie (0.5), so the backed-up values are known exactly."""

from __future__ import annotations

import math
from typing import Any

import pytest
from search_helpers import toy_search

from gaia_ai._core import mcts, toy_game
from gaia_ai.bots.base import make_bot
from gaia_ai.errors import BotSpecError
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import GaiaSearcher
from gaia_ai.search import SearchConfig


def by_move(result: dict[str, Any]) -> dict[int, dict[str, Any]]:
    return {c["move"]: c for c in result["candidates"]}


def test_an_unvisited_winning_move_is_tried_first() -> None:
    """At 8 of 10 by 1..3, move 2 wins at once. Its implicit value is the final score's (1 by rank) from
    the root's expansion on, before any visit, so the one simulation goes to it; without minimax the
    unvisited moves tie and the first (1) is tried."""
    state = toy_game.new_state("count", players=2, target=10, max_step=3, total=8)
    common = {"simulations": 1, "selection": "puct", "value": "rank"}
    with_mm = by_move(toy_search(state, minimax=1.0, **common))
    without = by_move(toy_search(state, **common))
    assert (with_mm[2]["visits"], with_mm[1]["visits"]) == (1, 0)
    assert (without[1]["visits"], without[2]["visits"]) == (1, 0)
    assert with_mm[2]["minimax_value"] == 1.0
    assert with_mm[1]["minimax_value"] == 0.5        # the evaluator's tie at 9 of 10
    assert all(math.isnan(c["minimax_value"]) for c in without.values())


def test_a_reply_that_wins_is_backed_up_to_the_move_that_allows_it() -> None:
    """At 5 of 10 by 1..3, playing 2 or 3 lets the opponent reach 10 at once: once those moves are
    expanded their value is the opponent's win seen from the mover (0); playing 1 leaves the opponent 4
    to go, and each of its replies (to 7, 8 or 9) lets the mover reach 10 at once: once the tree holds
    those, the backup proves move 1 a win (1), which no mean of random playouts reaches."""
    state = toy_game.new_state("count", players=2, target=10, max_step=3, total=5)
    result = toy_search(state, simulations=60, selection="puct", value="rank", minimax=0.5, seed=3)
    moves = by_move(result)
    assert result["candidates"][0]["move"] == 1
    assert moves[2]["minimax_value"] == 0.0 and moves[3]["minimax_value"] == 0.0
    assert moves[1]["minimax_value"] == 1.0 and moves[1]["value"] < 1.0


@pytest.mark.parametrize("selection", ["uct", "puct"])
def test_minimax_one_solves_the_race_with_few_simulations(selection: str) -> None:
    """From 0 to 10 by 1..3 the first player wins by playing 2 (leaving multiples of 4); with the
    selection ranked by the backed-up values alone the search finds it."""
    state = toy_game.new_state("count", players=2, target=10, max_step=3)
    result = toy_search(state, simulations=3000, selection=selection, value="rank", minimax=1.0, seed=1)
    assert result["candidates"][0]["move"] == 2
    assert by_move(result)[2]["minimax_value"] == 1.0


def test_the_same_seed_gives_the_same_search() -> None:
    state = toy_game.new_state("count", players=3, target=15, max_step=3)
    runs = [toy_search(state, simulations=500, selection="puct", minimax=0.4, seed=9) for _ in range(2)]
    assert [(c["move"], c["visits"], c["value"]) for c in runs[0]["candidates"]] \
        == [(c["move"], c["visits"], c["value"]) for c in runs[1]["candidates"]]


def test_a_reused_tree_keeps_its_values() -> None:
    """A second search of the same position continues the first one's tree with its backed-up values:
    after one more simulation moves 2 and 3 still read 0 and move 1 still reads 1, which a fresh
    one-simulation search cannot know (its moves are unexpanded: 0.5 from the evaluator)."""
    state = toy_game.new_state("count", players=2, target=10, max_step=3, total=5)
    config = {"selection": "puct", "value": "rank", "minimax": 0.5, "seed": 3}
    searcher = mcts.Searcher()
    toy_search(state, searcher, simulations=60, **config)
    again = toy_search(state, searcher, simulations=1, **config)
    fresh = toy_search(state, simulations=1, **config)
    assert again["stats"]["reused_visits"] == 60
    assert {m: c["minimax_value"] for m, c in by_move(again).items()} == {1: 1.0, 2: 0.0, 3: 0.0}
    assert {m: c["minimax_value"] for m, c in by_move(fresh).items()} == {1: 0.5, 2: 0.5, 3: 0.5}


def test_a_tree_grown_without_values_is_continued_with_them() -> None:
    """Tree reuse from a search without minimax (no values kept) into one with it: the old nodes have
    no value (skipped), new expansions get theirs, and the search runs on."""
    plain = GaiaSearcher(SearchConfig(simulations=200, evaluator="v1", selection="puct", seed=4))
    plain.search(demo())
    plain.config = SearchConfig(simulations=200, evaluator="v1", selection="puct", prior="value",
                                c_puct=0.75, minimax=0.5, seed=4)
    result = plain.search(demo())
    assert result.stats.reused_visits >= 200
    assert sum(c.visits for c in result.candidates) >= 400


def test_hidden_information_refuses_it_by_name() -> None:
    state = toy_game.new_state("cards", players=2)
    with pytest.raises(ValueError, match="minimax needs open information"):
        toy_search(state, simulations=10, minimax=0.5)


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), True, "half"])
def test_out_of_range_is_refused_by_name(bad: object) -> None:
    with pytest.raises(ValueError, match="minimax must be a number in"):
        SearchConfig(minimax=bad)


def test_the_bot_spec_names_it_mm() -> None:
    assert make_bot("mcts:mm=0.3").config.minimax == 0.3
    with pytest.raises(BotSpecError, match="minimax"):
        make_bot("mcts:mm=2")
