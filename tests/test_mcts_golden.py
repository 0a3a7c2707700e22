"""Open-information search answers do not change: fixed Gaia and toy positions, seeds and simulation
budgets give exactly the answers recorded in tests/data/mcts_golden.json.

The file was recorded with the search as it was before information-set MCTS joined it (main at
a9d92e9): every candidate's move and visits, and the bits of its value, win share and mean score.
Regenerate it only when a change of the open-information search is meant:
``python tests/test_mcts_golden.py --write``.
"""

from __future__ import annotations

import json
import sys
from pathlib import Path
from typing import Any

import pytest

from gaia_ai._core import gaia_rules, mcts, toy_game
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.search import SearchConfig

GOLDEN = Path(__file__).resolve().parent / "data" / "mcts_golden.json"

# (name, players, setup seed, moves played in, search config)
GAIA_CASES: list[tuple[str, int, str, int, dict[str, Any]]] = [
    ("gaia2-uct", 2, "golden1", 40, {"simulations": 300, "seed": 1}),
    ("gaia2-puct-rank", 2, "golden2", 60, {"simulations": 300, "seed": 2, "selection": "puct", "value": "rank"}),
    ("gaia3-truncated", 3, "golden3", 50, {"simulations": 200, "seed": 3, "rollout_depth": 20}),
    ("gaia4-root2", 4, "golden4", 70, {"simulations": 200, "seed": 4, "threads": 2, "parallelism": "root"}),
    ("gaia2-root2", 2, "golden5", 30, {"simulations": 300, "seed": 5, "threads": 2, "parallelism": "root"}),
]
TOY_CASES: list[tuple[str, dict[str, Any], dict[str, Any]]] = [
    ("count2", {"kind": "count", "players": 2, "target": 21, "max_step": 3},
     {"simulations": 2000, "seed": 6}),
    ("count3-puct", {"kind": "count", "players": 3, "target": 15, "max_step": 3},
     {"simulations": 1500, "seed": 7, "selection": "puct"}),
    ("tree3-rank", {"kind": "tree", "players": 3}, {"simulations": 500, "seed": 8, "value": "rank"}),
]


def gaia_position(players: int, seed: str, moves: int) -> GaiaState:
    """A seeded random game `moves` moves in, then on to a decision with at least two search moves."""
    state = GaiaState.new(GameSetup.random(players, seed=seed))
    core = state._core
    for m in gaia_rules.random_game_moves(core.copy(), 3)[:moves]:
        core.apply_move(core.current_player, m)
    while not core.finished and len(gaia_rules.search_moves_int(core)) < 2:
        gaia_rules.apply_search_move(core, gaia_rules.search_moves_int(core)[0])
    return state


def answer(result: dict[str, Any]) -> list[list[Any]]:
    """Each candidate's move, visits, and the exact bits of its value, win share and mean score."""
    return [[c["move"], c["visits"], c["value"].hex(), c["win_probability"].hex(), c["expected_score"].hex(),
             [list(step) for step in c["pv"]]] for c in result["candidates"]]


def gaia_answer(case: tuple[str, int, str, int, dict[str, Any]]) -> list[list[Any]]:
    _, players, seed, moves, config = case
    core = gaia_position(players, seed, moves)._core.copy()
    iface, owner = gaia_rules.game_interface(core)
    result = mcts.search(iface, gaia_rules.state_pointer(core), SearchConfig(**config).to_dict())
    del owner
    return answer(result)


def toy_answer(case: tuple[str, dict[str, Any], dict[str, Any]]) -> list[list[Any]]:
    _, position, config = case
    state = toy_game.new_state(**position)
    iface, owner = toy_game.game_interface(state)
    result = mcts.search(iface, toy_game.state_pointer(state), SearchConfig(**config).to_dict())
    del owner
    return answer(result)


def reuse_answer() -> list[list[list[Any]]]:
    """A Searcher reusing its tree over three consecutive decisions of one Gaia game."""
    core = gaia_position(2, "golden6", 40)._core.copy()
    searcher = mcts.Searcher(gaia_rules.state_derived_ranges())
    config = SearchConfig(simulations=200, seed=9).to_dict()
    answers = []
    for _ in range(3):
        iface, owner = gaia_rules.game_interface(core)
        result = searcher.search(iface, gaia_rules.state_pointer(core), config)
        answers.append(answer(result) + [[result["stats"]["reused_visits"]]])
        del owner
        gaia_rules.apply_search_move(core, result["candidates"][0]["move"])
    return answers


def current() -> dict[str, Any]:
    out: dict[str, Any] = {name: gaia_answer(case) for case in GAIA_CASES for name in [case[0]]}
    out.update({case[0]: toy_answer(case) for case in TOY_CASES})
    out["gaia2-reuse"] = reuse_answer()
    return out


@pytest.fixture(scope="module")
def golden() -> dict[str, Any]:
    return json.loads(GOLDEN.read_text())


@pytest.mark.parametrize("case", GAIA_CASES, ids=[c[0] for c in GAIA_CASES])
def test_gaia_answer_is_unchanged(case: tuple[str, int, str, int, dict[str, Any]],
                                  golden: dict[str, Any]) -> None:
    assert gaia_answer(case) == golden[case[0]]


@pytest.mark.parametrize("case", TOY_CASES, ids=[c[0] for c in TOY_CASES])
def test_toy_answer_is_unchanged(case: tuple[str, dict[str, Any], dict[str, Any]],
                                 golden: dict[str, Any]) -> None:
    assert toy_answer(case) == golden[case[0]]


def test_gaia_tree_reuse_is_unchanged(golden: dict[str, Any]) -> None:
    assert reuse_answer() == golden["gaia2-reuse"]


if __name__ == "__main__":
    if sys.argv[1:] != ["--write"]:
        sys.exit("usage: python tests/test_mcts_golden.py --write   (records the current answers)")
    GOLDEN.write_text(json.dumps(current(), indent=1) + "\n")
    print(f"wrote {GOLDEN}")
