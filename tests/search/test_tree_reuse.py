"""Tree reuse between the consecutive searches of a game: mcts.Searcher, GaiaSearcher, MctsBot."""

from __future__ import annotations

from typing import Any

import pytest
from search_helpers import toy_search

from gaia_ai._core import gaia_rules, mcts, toy_game
from gaia_ai.bots.base import RandomBot, make_bot
from gaia_ai.bots.mcts import MctsBot
from gaia_ai.games import load_game
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.search import GaiaSearcher, search_gaia
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.search import SearchConfig


def ranking(result: dict[str, Any]) -> list[Any]:
    stats = {k: v for k, v in result["stats"].items() if k not in ("elapsed", "simulations_per_second", "reuse_probe_moves")}
    rows = [(c["move"], c["visits"], c["value"], c["win_probability"], tuple(c["pv"])) for c in result["candidates"]]
    return [result["player"], rows, sorted(stats.items())]


def count_game() -> Any:
    return toy_game.new_state("count", players=2, target=40, max_step=3)


# ---- the game-agnostic core on a toy game ------------------------------------------------------------


def test_subtree_of_best_move_and_reply_is_reused() -> None:
    state = count_game()
    searcher = mcts.Searcher()
    first = toy_search(state, searcher, simulations=3000, seed=1)
    assert first["stats"]["reused_visits"] == 0
    best = first["candidates"][0]
    state.apply(best["move"])
    state.apply(best["pv"][1][0])  # the opponent's most visited reply
    second = toy_search(state, searcher, simulations=3000, seed=1)
    reused = second["stats"]["reused_visits"]
    assert 0 < reused < best["visits"]
    assert second["stats"]["reused_nodes"] > 1
    assert second["stats"]["simulations"] == 3000
    # the reused visits are the new root's: its children carry them plus the new simulations
    assert sum(c["visits"] for c in second["candidates"]) == 3000 + reused - 1


def test_same_position_again_continues_the_tree() -> None:
    state = count_game()
    searcher = mcts.Searcher()
    toy_search(state, searcher, simulations=500, seed=2)
    again = toy_search(state, searcher, simulations=500, seed=2)
    assert again["stats"]["reused_visits"] == 500
    assert sum(c["visits"] for c in again["candidates"]) == 1000


@pytest.mark.parametrize(("threads", "parallelism"), [(1, "tree"), (2, "root")])
def test_reuse_is_deterministic(threads: int, parallelism: str) -> None:
    def game() -> list[Any]:
        state = count_game()
        searcher = mcts.Searcher()
        out = []
        for _ in range(4):
            result = toy_search(state, searcher, simulations=1500, seed=4, threads=threads, parallelism=parallelism)
            out.append(ranking(result))
            state.apply(result["candidates"][0]["move"])
            state.apply(1)
        return out

    a, b = game(), game()
    assert a == b
    assert any(r[2][[k for k, _ in r[2]].index("reused_visits")][1] > 0 for r in a[1:])


def _topped_up(state: Any, searcher: mcts.Searcher, top_up: int, **config: Any) -> dict[str, Any]:
    iface, owner = toy_game.game_interface(state)
    result = searcher.search(iface, toy_game.state_pointer(state), SearchConfig(**config).to_dict(), top_up=top_up)
    del owner
    return result


def test_top_up_counts_the_reused_visits_in_the_budget() -> None:
    state = count_game()
    searcher = mcts.Searcher()
    _topped_up(state, searcher, 0, simulations=500, seed=2)
    again = _topped_up(state, searcher, 100, simulations=800, seed=2)   # 500 reused: 300 new
    assert again["stats"]["reused_visits"] == 500 and again["stats"]["simulations"] == 300
    assert sum(c["visits"] for c in again["candidates"]) == 800
    floor = _topped_up(state, searcher, 100, simulations=600, seed=2)   # 800 reused: the 100 at least
    assert floor["stats"]["simulations"] == 100
    fresh = _topped_up(count_game(), mcts.Searcher(), 100, simulations=700, seed=2)   # nothing reused
    assert fresh["stats"]["simulations"] == 700


@pytest.mark.parametrize("config", [{"simulations": 100}, {"simulations": None, "time_ms": 50}])
def test_top_up_needs_a_simulation_budget_and_a_count(config: dict[str, Any]) -> None:
    with pytest.raises(ValueError, match="top_up"):
        _topped_up(count_game(), mcts.Searcher(), -1 if config["simulations"] else 10, **config)


def test_unreachable_position_starts_fresh_like_search() -> None:
    searcher = mcts.Searcher()
    toy_search(count_game(), searcher, simulations=800, seed=5)
    other = toy_game.new_state("count", players=2, target=41, max_step=3)  # another game
    result = toy_search(other, searcher, simulations=800, seed=5)
    assert result["stats"]["reused_visits"] == 0 and result["stats"]["reused_nodes"] == 0
    assert ranking(result) == ranking(toy_search(other, simulations=800, seed=5))


def test_reuse_off_is_a_fresh_search() -> None:
    state = count_game()
    searcher = mcts.Searcher()
    toy_search(state, searcher, simulations=500, seed=6)
    result = toy_search(state, searcher, simulations=500, seed=6, reuse_tree=False)
    assert result["stats"]["reused_visits"] == 0
    assert ranking(result) == ranking(toy_search(state, simulations=500, seed=6))
    assert ranking(toy_search(state, simulations=500, seed=6, reuse_tree=True)) == ranking(result)  # stateless


@pytest.mark.parametrize("parallelism", ["root", "tree"])
def test_node_budget_holds_across_reuse(parallelism: str) -> None:
    state = count_game()
    searcher = mcts.Searcher()
    reused = 0
    for _ in range(5):
        result = toy_search(state, searcher, simulations=3000, max_nodes=200, threads=2, parallelism=parallelism, seed=7)
        assert result["stats"]["nodes"] <= 200
        assert result["stats"]["reused_nodes"] <= 200
        reused += result["stats"]["reused_visits"]
        state.apply(result["candidates"][0]["move"])
        state.apply(2)
    assert reused > 0
    # a smaller budget than the kept tree: the copy keeps what fits
    result = toy_search(state, searcher, simulations=100, max_nodes=60, threads=2, parallelism=parallelism, seed=7)
    assert result["stats"]["nodes"] <= 60


def test_hidden_information_tree_is_not_reused_by_another_player() -> None:
    # player 0's tree holds player 0's card: player 1 must not search with it
    results = []
    for first_card in (0, 1, 2, 4):
        state = toy_game.new_state("cards", players=2, deck=5, cards=[first_card, 3])
        searcher = mcts.Searcher()
        assert toy_search(state, searcher, simulations=1000, seed=8)["stats"]["hidden_information"]
        state.apply(3)  # player 0 bets 3: player 1 (card 3) decides
        result = toy_search(state, searcher, simulations=1000, seed=8)
        assert result["player"] == 1 and result["stats"]["reused_visits"] == 0
        results.append(ranking(result))
    assert all(r == results[0] for r in results)


# ---- Gaia ---------------------------------------------------------------------------------------------


def gaia_start(players: int = 2, seed: str = "r1") -> GaiaState:
    state = GaiaState.new(GameSetup.random(players, seed=seed))
    for seat, faction in enumerate(["terrans", "xenos", "gleens", "nevlas"][:players]):
        state.apply_line(f"p{seat + 1} faction {faction}")
    return state


def play_search_move(state: GaiaState, commands: list[Any]) -> None:
    for command in commands:
        state.apply(command)


def test_gaia_searcher_reuses_after_own_move_and_reply() -> None:
    state = gaia_start()
    config = SearchConfig(simulations=300, seed=3)
    searcher = GaiaSearcher(config)
    first = searcher.search(state)
    assert first.stats.reused_visits == 0
    play_search_move(state, first.best.moves)
    # the opponent answers with a search move of its own (what the tree branches over)
    reply = search_gaia(state, SearchConfig(simulations=100, seed=1)).best.moves
    play_search_move(state, reply)
    second = searcher.search(state)
    assert second.stats.reused_visits > 0
    assert second.stats.reused_nodes > 0
    assert second.stats.simulations == 300
    assert second.best.moves[0] in state.legal_moves()
    # determinism: the same sequence of positions again gives the same results
    replay = GaiaSearcher(config)
    start = gaia_start()
    assert [c.visits for c in replay.search(start).candidates] == [c.visits for c in first.candidates]
    play_search_move(start, first.best.moves)
    play_search_move(start, reply)
    again = replay.search(start)
    def counts(stats: Any) -> tuple[int, ...]:
        return (stats.simulations, stats.nodes, stats.max_depth, stats.reused_nodes, stats.reused_visits)

    assert counts(again.stats) == counts(second.stats)
    assert [(c.moves, c.visits, c.value) for c in again.candidates] == [
        (c.moves, c.visits, c.value) for c in second.candidates
    ]


def test_gaia_searcher_other_game_starts_fresh() -> None:
    searcher = GaiaSearcher(SearchConfig(simulations=100, seed=2))
    searcher.search(gaia_start(seed="r1"))
    other = gaia_start(seed="r2")
    result = searcher.search(other)
    assert result.stats.reused_visits == 0
    assert [(c.moves, c.visits) for c in result.candidates] == [
        (c.moves, c.visits) for c in search_gaia(other, SearchConfig(simulations=100, seed=2)).candidates
    ]


def test_mcts_bot_spec_reuse_flag() -> None:
    assert make_bot("mcts:sims=10").config.reuse_tree is True  # type: ignore[attr-defined]
    for text, value in (("0", False), ("false", False), ("1", True), ("true", True)):
        assert make_bot(f"mcts:sims=10,reuse_tree={text}").config.reuse_tree is value  # type: ignore[attr-defined]
    with pytest.raises(ValueError, match="boolean"):
        make_bot("mcts:sims=10,reuse_tree=maybe")


def test_mcts_bot_with_reuse_plays_a_whole_game_against_random() -> None:
    state = gaia_start(seed="g1")
    bot = MctsBot(SearchConfig(simulations=40, seed=1), load_game("gaia-project"))
    bots = [bot, RandomBot(seed=2)]
    reused = []
    search = bot.searcher.search

    def recording(position: GaiaState, **options: Any) -> Any:
        result = search(position, **options)
        reused.append(result.stats.reused_visits)
        return result

    bot.searcher.search = recording  # type: ignore[method-assign]
    for _ in range(3000):
        if state.is_terminal:
            break
        command = bots[state.current_player].choose(state)
        assert state.is_legal(command)
        state.apply(command)
    assert state.is_terminal
    assert reused and any(r > 0 for r in reused)
    assert gaia_rules.state_bytes(state._core)  # the game ended in a valid position


def test_open_information_tree_serves_the_next_player() -> None:
    state = count_game()
    searcher = mcts.Searcher()
    first = toy_search(state, searcher, simulations=2000, seed=9)
    state.apply(first["candidates"][0]["move"])  # now player 1 searches the child's subtree
    second = toy_search(state, searcher, simulations=2000, seed=9)
    assert second["player"] == 1
    assert second["stats"]["reused_visits"] == first["candidates"][0]["visits"]
