"""AlphaZero's root noise (SearchConfig.root_noise, root_noise_alpha; bot spec noise=, alpha=): the root's
PUCT priors mixed once per search with a Dirichlet draw of the search's seed, the rest of the tree and
every search without it unchanged; refused by name where it cannot apply."""

from __future__ import annotations

import math
from typing import Any

import numpy as np
import pytest
from search_helpers import toy_search

from gaia_ai._core import gaia_rules, mcts, toy_cards, toy_game
from gaia_ai.bots.base import make_bot
from gaia_ai.errors import BotSpecError
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_core
from gaia_ai.search import SearchConfig


def _answer(result: dict[str, Any]) -> list[tuple[Any, ...]]:
    return [(c["move"], c["visits"], c["value"], c["prior"], tuple(c["pv"])) for c in result["candidates"]]


def _count() -> Any:
    # 0 to 21 by 1..3 with 3 players: a root of three moves, each of them searched in some depth
    return toy_game.new_state("count", players=3, target=21, max_step=3)


def _gaia(searcher: mcts.Searcher | None = None, core: Any = None, **config: Any) -> dict[str, Any]:
    core = demo()._core.copy() if core is None else core
    searcher = searcher or mcts.Searcher(gaia_rules.state_derived_ranges())
    settings = {"simulations": 200, "seed": 3, "selection": "puct", "prior": "policy", **config}
    return search_core(searcher, core, SearchConfig(**settings))


@pytest.mark.parametrize("alpha", [0.03, 0.3, 1.0, 2.5])
def test_the_dirichlet_draw_has_the_distributions_mean_and_variance(alpha: float) -> None:
    """Marsaglia-Tsang's gamma (boosted below alpha 1), normalized: each share's mean 1/k and variance
    (1/k)(1 - 1/k) / (k alpha + 1), within 5% over 20,000 seeded draws; a seed gives one draw."""
    k = 5
    draws = np.array([mcts.dirichlet(alpha, k, seed) for seed in range(20000)])
    assert np.allclose(draws.sum(1), 1.0)
    assert np.all(draws >= 0)
    assert np.allclose(draws.mean(0), 1 / k, atol=0.01)
    expected = (1 / k) * (1 - 1 / k) / (k * alpha + 1)
    assert abs(draws.var(0).mean() / expected - 1) < 0.05
    assert mcts.dirichlet(alpha, k, 7) == mcts.dirichlet(alpha, k, 7)
    with pytest.raises(ValueError, match="alpha must be > 0"):
        mcts.dirichlet(0.0, k, 1)


def test_noise_changes_the_roots_priors_and_visits_reproducibly() -> None:
    plain = _gaia()
    noised = _gaia(root_noise=0.25)
    assert [(c["move"], c["visits"]) for c in noised["candidates"]] != \
        [(c["move"], c["visits"]) for c in plain["candidates"]]
    assert _answer(_gaia(root_noise=0.25)) == _answer(noised)        # same seed, same search
    assert _answer(_gaia(root_noise=0.25, seed=4)) != _answer(noised)
    # the reported prior is the one selection used: the game's mixed with a draw, still a distribution
    before = {c["move"]: c["prior"] for c in plain["candidates"]}
    after = {c["move"]: c["prior"] for c in noised["candidates"]}
    assert math.fsum(after.values()) == pytest.approx(1.0, abs=1e-5)
    assert all(after[m] >= 0.75 * before[m] - 1e-6 for m in before)   # (1 - 0.25) p + 0.25 eta, eta >= 0
    assert after != pytest.approx(before)


def test_noise_zero_is_the_search_without_noise_bit_for_bit() -> None:
    for config in ({}, {"prior": "uniform"}, {"widening": 1.0, "prior_temperature": 2.0},
                   {"threads": 2, "parallelism": "root"}):
        assert _answer(_gaia(root_noise=0.0, root_noise_alpha=1.7, **config)) == _answer(_gaia(**config))
    assert _answer(toy_search(_count(), simulations=500, seed=2, selection="puct", root_noise=0.0)) == \
        _answer(toy_search(_count(), simulations=500, seed=2, selection="puct"))


def test_noise_with_uniform_priors_and_root_parallel_trees() -> None:
    """Uniform priors are noised too (the toy game has no prior of its own); root parallelism draws per
    tree and stays deterministic for its thread count."""
    base = {"simulations": 600, "seed": 5, "selection": "puct"}
    plain = toy_search(_count(), **base)
    noised = toy_search(_count(), **base, root_noise=0.5, root_noise_alpha=0.1)
    assert [c["visits"] for c in noised["candidates"]] != [c["visits"] for c in plain["candidates"]]
    assert {round(c["prior"], 6) for c in plain["candidates"]} == {round(1 / 3, 6)}
    assert len({round(c["prior"], 6) for c in noised["candidates"]}) == 3
    parallel = {**base, "threads": 2, "parallelism": "root", "root_noise": 0.5}
    assert _answer(toy_search(_count(), **parallel)) == _answer(toy_search(_count(), **parallel))


def test_a_reused_root_gets_a_fresh_draw_not_noise_on_noise() -> None:
    """The same position searched twice by one Searcher (its tree reused): the second search's priors are
    the game's mixed with one draw, as in a fresh search of that seed."""
    searcher = mcts.Searcher(gaia_rules.state_derived_ranges())
    core = demo()._core.copy()
    first = _gaia(searcher, core, root_noise=0.25)
    second = _gaia(searcher, core, root_noise=0.25)
    assert second["stats"]["reused_visits"] > 0
    assert {c["move"]: c["prior"] for c in second["candidates"]} == {c["move"]: c["prior"] for c in first["candidates"]}
    third = _gaia(searcher, core)    # noise off again: the game's priors
    assert {c["move"]: c["prior"] for c in third["candidates"]} == \
        {c["move"]: c["prior"] for c in _gaia()["candidates"]}


def test_the_decisions_of_one_seed_get_draws_of_their_own() -> None:
    """Self-play searches a whole game with one seed: the draw also depends on the root's moves, so two
    positions with as many moves do not get the same noise on their first, second, ... move (with
    root_noise=1 the priors are the draw itself)."""
    core = demo()._core.copy()
    seen: dict[int, list[float]] = {}
    for _ in range(80):
        moves = gaia_rules.search_moves_int(core)
        if len(moves) >= 2:
            result = _gaia(core=core.copy(), simulations=2, prior="uniform", root_noise=1.0)
            prior = {c["move"]: c["prior"] for c in result["candidates"]}
            draw = [prior[m] for m in moves]
            if len(moves) in seen:
                assert draw != seen[len(moves)]
                return
            seen[len(moves)] = draw
        gaia_rules.apply_search_move(core, moves[0])
    pytest.fail("no two positions with as many search moves")


@pytest.mark.parametrize("config, message", [
    ({"root_noise": -0.1}, r"SearchConfig.root_noise must be a number in \[0, 1\], got -0.1"),
    ({"root_noise": 1.5}, r"SearchConfig.root_noise must be a number in \[0, 1\], got 1.5"),
    ({"root_noise": 0.25, "root_noise_alpha": 0.0}, "SearchConfig.root_noise_alpha must be a finite number > 0"),
    ({"root_noise": 0.25, "root_noise_alpha": -1.0}, "SearchConfig.root_noise_alpha must be a finite number > 0"),
    ({"root_noise": 0.25, "selection": "uct"}, "root_noise=0.25 needs selection='puct'"),
])
def test_bad_noise_settings_are_refused_by_name(config: dict[str, Any], message: str) -> None:
    with pytest.raises(ValueError, match=message):
        SearchConfig(**{"selection": "puct", **config})


def test_the_bot_spec_names_noise_and_alpha() -> None:
    config = make_bot("mcts:selection=puct,noise=0.25,alpha=0.5").config
    assert (config.root_noise, config.root_noise_alpha) == (0.25, 0.5)
    with pytest.raises(BotSpecError, match=r"root_noise must be a number in \[0, 1\].*spec key 'noise'"):
        make_bot("mcts:selection=puct,noise=2")
    with pytest.raises(BotSpecError, match="root_noise_alpha must be a finite number > 0.*spec key 'alpha'"):
        make_bot("mcts:selection=puct,noise=0.25,alpha=0")
    with pytest.raises(BotSpecError, match="needs selection='puct'"):
        make_bot("mcts:noise=0.25")


def test_the_c_search_checks_the_settings_too() -> None:
    """A config dict built by hand (not through SearchConfig) is checked by the search itself."""
    state = _count()
    iface, owner = toy_game.game_interface(state)
    config = SearchConfig(simulations=10, selection="puct").to_dict()
    for bad, message in (({"root_noise": 2.0}, r"root_noise must be in \[0, 1\]"),
                         ({"root_noise": 0.5, "root_noise_alpha": 0.0}, "root_noise_alpha must be a finite"),
                         ({"root_noise": 0.5, "selection": "uct"}, "root_noise needs selection='puct'")):
        with pytest.raises(ValueError, match=message):
            mcts.search(iface, toy_game.state_pointer(state), {**config, **bad})
    del owner


def test_noise_needs_open_information() -> None:
    state = toy_cards.deal(2, 5, seed=3)
    iface, owner = toy_cards.game_interface(state)
    with pytest.raises(ValueError, match="root_noise needs open information"):
        mcts.search(iface, toy_cards.state_pointer(state),
                    SearchConfig(simulations=10, selection="puct", root_noise=0.25).to_dict())
    del owner
