"""The MCTS core (gaia_ai._core.mcts) on the toy games, and search_gaia on Gaia Project positions."""

from __future__ import annotations

import math
import threading
from pathlib import Path
from typing import Any

import pytest
from search_helpers import toy_search

from gaia_ai._core import gaia_rules, mcts, toy_game
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.search import GaiaSearcher, GameOverError, search_gaia, search_moves
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.search import CancelToken, SearchConfig


def ranking(result: dict[str, Any]) -> list[tuple[Any, ...]]:
    """Everything of a result but the timings."""
    stats = {k: v for k, v in result["stats"].items() if k not in ("elapsed", "simulations_per_second")}
    rows = [
        (c["move"], c["visits"], c["value"], c["win_probability"], c["expected_score"], tuple(c["pv"]))
        for c in result["candidates"]
    ]
    return [result["player"], rows, sorted(stats.items())]


# ---- correctness on the toy games ------------------------------------------------------------------------


@pytest.mark.parametrize("selection", ["uct", "puct"])
@pytest.mark.parametrize("value", ["margin", "rank"])
def test_immediate_win_ranked_first(selection: str, value: str) -> None:
    state = toy_game.new_state("count", players=2, target=10, max_step=3, total=8)  # 2 wins, 1 loses
    result = toy_search(state, simulations=300, selection=selection, value=value, margin_scale=1.0)
    best = result["candidates"][0]
    assert best["move"] == 2
    assert best["win_probability"] == 1.0 and best["expected_score"] == 1.0
    assert result["candidates"][1]["win_probability"] == 0.0


@pytest.mark.parametrize("selection", ["uct", "puct"])
def test_count_game_solved_from_the_start(selection: str) -> None:
    # From 0 to 10 by 1..3, the first player wins by leaving multiples of 4: play 2.
    state = toy_game.new_state("count", players=2, target=10, max_step=3)
    result = toy_search(state, simulations=20000, selection=selection, value="rank")
    assert result["candidates"][0]["move"] == 2
    assert result["candidates"][0]["value"] > 0.8
    pv = result["candidates"][0]["pv"]
    assert [player for _, player in pv] == [i % 2 for i in range(len(pv))]


@pytest.mark.parametrize("selection", ["uct", "puct"])
@pytest.mark.parametrize("value", ["margin", "rank"])
def test_multiplayer_backup_is_max_n(selection: str, value: str) -> None:
    # Only a search where player 1 plays for itself picks Z (move 2); see toy_game's docstring.
    state = toy_game.new_state("tree", players=3)
    result = toy_search(state, simulations=6000, selection=selection, value=value, margin_scale=3.0)
    assert result["candidates"][0]["move"] == 2
    assert result["candidates"][0]["pv"] == [(2, 0), (0, 1)]
    assert result["candidates"][0]["expected_score"] > 4.5


def test_three_player_count_game_immediate_win() -> None:
    state = toy_game.new_state("count", players=3, target=10, max_step=3, total=7, current=1)
    result = toy_search(state, simulations=500, value="rank")
    assert result["player"] == 1
    assert result["candidates"][0]["move"] == 3
    assert result["candidates"][0]["win_probability"] == 1.0


# ---- hidden information ---------------------------------------------------------------------------------------


@pytest.mark.parametrize("threads", [1, 2])
@pytest.mark.parametrize("players", [2, 3])
def test_search_does_not_read_the_opponents_cards(players: int, threads: int) -> None:
    deck = 6
    own = 2
    results = []
    pool = [c for c in range(deck) if c != own]
    for shift in range(len(pool)):
        others = [pool[(shift + k) % len(pool)] for k in range(players - 1)]
        state = toy_game.new_state("cards", players=players, deck=deck, cards=[own, *others])
        result = toy_search(state, simulations=2000, seed=11, threads=threads, parallelism="root")
        assert result["stats"]["hidden_information"]
        results.append(ranking(result))
    assert all(r == results[0] for r in results)


def test_second_player_does_not_read_the_first_players_card() -> None:
    results = []
    for first_card in (0, 1, 2, 4):
        state = toy_game.new_state("cards", players=2, deck=5, cards=[first_card, 3])
        state.apply(3)  # player 0 bets 3; player 1 (card 3) decides
        results.append(ranking(toy_search(state, simulations=1500, seed=5)))
    assert results[0][0] == 1
    assert all(r == results[0] for r in results)


def test_own_card_matters() -> None:
    low = toy_search(toy_game.new_state("cards", deck=5, cards=[0, 3]), simulations=3000, margin_scale=2.0)
    high = toy_search(toy_game.new_state("cards", deck=5, cards=[4, 3]), simulations=3000, margin_scale=2.0)
    assert low["candidates"][0]["move"] == 0  # the lowest card folds
    assert high["candidates"][-1]["move"] == 0  # the highest card never folds
    assert high["candidates"][0]["win_probability"] == 1.0


def test_open_information_is_detected() -> None:
    result = toy_search(toy_game.new_state("count"), simulations=10)
    assert not result["stats"]["hidden_information"]


# ---- budgets, determinism, parallelism -----------------------------------------------------------------------


def test_same_seed_same_result_and_seed_matters() -> None:
    state = toy_game.new_state("count", players=3, target=15, max_step=3)
    a = toy_search(state, simulations=3000, seed=1)
    b = toy_search(state, simulations=3000, seed=1)
    c = toy_search(state, simulations=3000, seed=2)
    assert ranking(a) == ranking(b)
    assert ranking(a) != ranking(c)


def test_root_parallelism_deterministic_per_thread_count() -> None:
    state = toy_game.new_state("count", players=2, target=21, max_step=3)
    a = toy_search(state, simulations=4001, seed=3, threads=2, parallelism="root")
    b = toy_search(state, simulations=4001, seed=3, threads=2, parallelism="root")
    assert ranking(a) == ranking(b)
    assert a["stats"]["simulations"] == 4001
    assert sum(c["visits"] for c in a["candidates"]) == 4001


def test_tree_parallelism_two_threads() -> None:
    state = toy_game.new_state("count", players=2, target=10, max_step=3)
    result = toy_search(state, simulations=20000, seed=3, threads=2, parallelism="tree", value="rank")
    assert result["stats"]["simulations"] == 20000
    assert result["stats"]["threads"] == 2
    assert sum(c["visits"] for c in result["candidates"]) == 20000
    assert result["candidates"][0]["move"] == 2


def test_time_budget() -> None:
    state = toy_game.new_state("count", players=4, target=200, max_step=5)
    result = toy_search(state, simulations=None, time_ms=200)
    assert 0.15 < result["stats"]["elapsed"] < 5.0
    assert result["stats"]["simulations"] > 10


@pytest.mark.parametrize("parallelism", ["root", "tree"])
def test_node_budget(parallelism: str) -> None:
    state = toy_game.new_state("count", players=2, target=40, max_step=3)
    result = toy_search(state, simulations=5000, max_nodes=60, threads=2, parallelism=parallelism)
    assert result["stats"]["nodes"] <= 60
    assert result["stats"]["simulations"] == 5000
    with pytest.raises(ValueError, match="max_nodes"):
        toy_search(state, simulations=10, max_nodes=3)


def test_single_legal_move_stops_early() -> None:
    state = toy_game.new_state("count", target=10, max_step=3, total=9)
    result = toy_search(state, simulations=10000)
    assert [c["move"] for c in result["candidates"]] == [1]
    assert result["stats"]["simulations"] == 1


def test_cancel_token_stops_the_search() -> None:
    state = toy_game.new_state("count", players=2, target=200, max_step=5)
    iface, owner = toy_game.game_interface(state)
    config = SearchConfig(simulations=10**9).to_dict()
    token = mcts.CancelToken()
    assert not token.cancelled
    timer = threading.Timer(0.2, token.cancel)
    timer.start()
    result = mcts.search(iface, toy_game.state_pointer(state), config, cancel=token)
    timer.join()
    assert token.cancelled and result["stats"]["cancelled"]
    assert 0 < result["stats"]["simulations"] < 10**9
    early = mcts.CancelToken()
    early.cancel()
    result = mcts.search(iface, toy_game.state_pointer(state), config, cancel=early)
    assert result["stats"]["simulations"] == 0 and result["stats"]["cancelled"]
    assert all(c["visits"] == 0 and math.isnan(c["value"]) for c in result["candidates"])
    del owner


def test_root_moves_restrict_the_root() -> None:
    state = toy_game.new_state("count", players=2, target=10, max_step=3, total=8)
    iface, owner = toy_game.game_interface(state)
    config = SearchConfig(simulations=200, seed=3).to_dict()
    pointer = toy_game.state_pointer(state)
    result = mcts.search(iface, pointer, config, root_moves=[1])   # the losing move, alone
    assert [(c["move"], c["visits"]) for c in result["candidates"]] == [(1, 200)]
    assert result["candidates"][0]["win_probability"] == 0.0
    both = mcts.search(iface, pointer, config, root_moves=[2, 1, 2])
    assert sorted(c["move"] for c in both["candidates"]) == [1, 2]
    with pytest.raises(ValueError, match="move 7 is not legal"):
        mcts.search(iface, pointer, config, root_moves=[7])
    with pytest.raises(ValueError, match="empty"):
        mcts.search(iface, pointer, config, root_moves=[])
    del owner


def test_truncated_rollouts_use_evaluate() -> None:
    state = toy_game.new_state("count", players=2, target=30, max_step=3)
    result = toy_search(state, simulations=500, rollout_depth=0)
    assert result["stats"]["simulations"] == 500


def test_finished_toy_game_is_an_error() -> None:
    state = toy_game.new_state("count", target=10, max_step=3, total=9)
    state.apply(1)
    with pytest.raises(ValueError, match="game is over"):
        toy_search(state)


# ---- configuration ------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("field", "bad"),
    [
        ("simulations", 0),
        ("simulations", 1.5),
        ("time_ms", 0),
        ("threads", 0),
        ("parallelism", "leaf"),
        ("selection", "ucb"),
        ("c_uct", 0.0),
        ("c_puct", -1.0),
        ("prior", "policy"),
        ("prior", "oracle"),
        ("prior", "p0"),   # a policy version is p1, p2, ...
        ("prior", "value"),   # with the default selection="uct", which has no priors
        ("value", "score"),
        ("margin_scale", 0),
        ("margin_scale", math.inf),
        ("rollout_depth", -1),
        ("max_nodes", 1),
        ("pv_length", 0),
        ("seed", "x"),
        ("virtual_loss", -1),
        ("threads", True),
        ("reuse_tree", 1),
    ],
)
def test_config_validation_names_the_field(field: str, bad: Any) -> None:
    with pytest.raises(ValueError, match=f"SearchConfig.{field}"):
        SearchConfig(**{field: bad})


def test_example_config_documents_every_field_at_its_default() -> None:
    example = Path(__file__).resolve().parents[2] / "examples" / "search.toml"
    assert SearchConfig.from_toml(example) == SearchConfig()
    keys = {line.split("=")[0].strip() for line in example.read_text().splitlines()
            if "=" in line and not line.lstrip().startswith("#")}
    assert keys == set(SearchConfig.__dataclass_fields__)


def test_config_from_toml(tmp_path: Path) -> None:
    path = tmp_path / "c.toml"
    path.write_text('simulations = "none"\ntime_ms = 250\nrollout_depth = "None"\n')
    config = SearchConfig.from_toml(path, threads=2)
    assert (config.simulations, config.time_ms, config.rollout_depth, config.threads) == (None, 250, None, 2)
    path.write_text("[search]\nthreads = 0\n")
    with pytest.raises(ValueError, match="c.toml: SearchConfig.threads must be >= 1"):
        SearchConfig.from_toml(path)


def test_config_needs_a_budget_and_round_trips() -> None:
    with pytest.raises(ValueError, match="budget"):
        SearchConfig(simulations=None, time_ms=None)
    config = SearchConfig(simulations=None, time_ms=50, threads=2, parallelism="tree")
    assert SearchConfig.from_dict(config.to_dict()) == config
    with pytest.raises(ValueError, match="unknown"):
        SearchConfig.from_dict({"simulation": 3})
    with pytest.raises(ValueError, match="unknown keys"):
        mcts.search(*_toy_capsules(), {"simulation": 3})


def _toy_capsules() -> tuple[Any, Any]:
    state = toy_game.new_state("count")
    iface, owner = toy_game.game_interface(state)
    _toy_capsules.keep = (state, owner)  # type: ignore[attr-defined]
    return iface, toy_game.state_pointer(state)


# ---- Gaia Project ----------------------------------------------------------------------------------------------


def gaia_position(players: int, seed: str = "x1", moves: int = 40) -> GaiaState:
    """A main-action position: a random game from a seeded setup, `moves` moves in."""
    state = GaiaState.new(GameSetup.random(players, seed=seed))
    core = state._core
    for m in gaia_rules.random_game_moves(core.copy(), 3)[:moves]:
        core.apply_move(core.current_player, m)
    # on to a decision with a choice among the search moves (a finished turn only ends)
    while not core.finished and len(gaia_rules.search_moves_int(core)) < 2:
        gaia_rules.apply_search_move(core, gaia_rules.search_moves_int(core)[0])
    return state


def test_gaia_search_is_deterministic_and_leaves_the_state() -> None:
    state = gaia_position(2)
    before = state.snapshot()
    config = SearchConfig(simulations=400, seed=9)
    a, b = search_gaia(state, config), search_gaia(state, config)
    assert state.snapshot() == before
    assert a.player == state.current_player
    assert [(c.move, c.visits, c.value, c.pv) for c in a.candidates] == [
        (c.move, c.visits, c.value, c.pv) for c in b.candidates
    ]
    assert a.stats.simulations == 400
    assert [c.visits for c in a.candidates] == sorted((c.visits for c in a.candidates), reverse=True)
    assert a.best.moves[0] in state.legal_moves()
    assert a.best.move in a.best.moves


@pytest.mark.parametrize("players", [2, 4])
@pytest.mark.parametrize("parallelism", ["root", "tree"])
def test_gaia_parallel_search_and_pv_is_legal(players: int, parallelism: str) -> None:
    state = gaia_position(players)
    result = search_gaia(state, SearchConfig(simulations=400, threads=2, parallelism=parallelism, seed=1))
    assert result.stats.simulations == 400
    assert sum(c.visits for c in result.candidates) == 400
    for candidate in result.candidates[:5]:
        assert candidate.pv[: len(candidate.moves)] == candidate.moves
        assert 0.0 <= candidate.value <= 1.0 and 0.0 <= candidate.win_probability <= 1.0
        line = state.copy()
        for command, player in zip(candidate.pv, candidate.pv_players, strict=True):
            assert command in line.legal_moves()
            line.apply(command, player)


def test_gaia_search_moves_and_a_restricted_root() -> None:
    state = gaia_position(2)
    moves = search_moves(state)
    assert [m for m, _ in moves] == list(gaia_rules.search_moves_int(state._core))
    for _, commands in moves:
        assert commands[0] in state.legal_moves()
    worst = search_gaia(state, SearchConfig(simulations=300, seed=2)).candidates[-1]
    move = next(m for m, commands in moves if commands == worst.moves)
    result = search_gaia(state, SearchConfig(simulations=300, seed=2), root_moves=[move])
    assert [(c.moves, c.visits) for c in result.candidates] == [(worst.moves, 300)]


def test_gaia_top_k_keeps_the_most_visited_candidates() -> None:
    state = gaia_position(2)
    config = SearchConfig(simulations=300, seed=4)
    everything = search_gaia(state, config)
    top = search_gaia(state, config, top_k=2)
    assert len(everything.candidates) > 2
    assert top.candidates == everything.candidates[:2]


def test_gaia_searcher_cancelled_before_it_starts() -> None:
    token = CancelToken()
    token.cancel()
    result = GaiaSearcher(SearchConfig(simulations=10**6)).search(gaia_position(2), cancel=token)
    assert result.stats.cancelled and result.stats.simulations == 0


def test_gaia_time_budget_and_truncated_rollouts() -> None:
    state = gaia_position(3, seed="x2")
    result = search_gaia(state, SearchConfig(simulations=None, time_ms=300, rollout_depth=20, value="rank"))
    assert 0.2 < result.stats.elapsed < 5.0
    assert result.stats.simulations > 0


def test_gaia_finished_game_is_an_error() -> None:
    state = GaiaState.new(GameSetup.random(2, seed="x1"))
    gaia_rules.random_game(state._core, 1)
    assert state.is_terminal
    with pytest.raises(GameOverError, match="finished game"):
        search_gaia(state, SearchConfig(simulations=10))
