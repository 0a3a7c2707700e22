"""The mixed leaf (SearchConfig.leaf_mix, issue 18): a simulation's value is leaf_mix times the
evaluator's value of the tree's leaf plus (1 - leaf_mix) times the rollout's, AlphaGo's lambda. The
rollout still decides the reported win probability and expected score."""

from __future__ import annotations

import pytest

from gaia_ai.bots.base import make_bot
from gaia_ai.errors import BotSpecError
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.search import SearchConfig, SearchStats
from gaia_ai.search.budget import RATES, SearchRates


def _search(simulations: int, **fields: object) -> dict[str, tuple[int, float, float, float]]:
    config = SearchConfig(simulations=simulations, evaluator="v1", selection="puct", prior="value",
                          c_puct=0.75, seed=5, **fields)
    return {str(c.move): (c.visits, c.value, c.win_probability, c.expected_score)
            for c in search_gaia(demo(), config).candidates if c.visits}


def test_a_mixed_leaf_weighs_the_leaf_value_against_the_rollout() -> None:
    """One simulation visits one root move: its value with leaf_mix 0.5 is the mean of the rollout's
    value (leaf_mix 0) and the leaf's (leaf_mix 1); the rollout, the same for all three (evaluate draws
    no random numbers), gives all three the same win probability and expected score."""
    rollout, leaf, mixed = (_search(1, leaf_mix=w) for w in (0.0, 1.0, 0.5))
    assert rollout.keys() == leaf.keys() == mixed.keys() and len(mixed) == 1
    (move,) = mixed
    assert rollout[move][1] != leaf[move][1]
    assert mixed[move][1] == pytest.approx((rollout[move][1] + leaf[move][1]) / 2, abs=1e-12)
    assert rollout[move][2:] == leaf[move][2:] == mixed[move][2:]


def test_leaf_mix_one_searches_as_the_evaluator_alone() -> None:
    """With leaf_mix 1 the rollouts decide nothing in the tree: the visits and values per move are those
    of a search that evaluates its leaves at once (rollout_depth 0)."""
    mixed = _search(200, leaf_mix=1.0)
    at_once = _search(200, rollout_depth=0)
    assert {m: v[0] for m, v in mixed.items()} == {m: v[0] for m, v in at_once.items()}
    assert {m: v[1] for m, v in mixed.items()} == pytest.approx({m: v[1] for m, v in at_once.items()}, abs=1e-12)
    assert len(mixed) > 1


@pytest.mark.parametrize("bad", [-0.1, 1.5, float("nan"), True, "half"])
def test_leaf_mix_out_of_range_is_refused_by_name(bad: object) -> None:
    with pytest.raises(ValueError, match="leaf_mix must be a number in"):
        SearchConfig(leaf_mix=bad)


def test_the_bot_spec_names_it_mix() -> None:
    assert make_bot("mcts:mix=0.5").config.leaf_mix == 0.5
    with pytest.raises(BotSpecError, match="leaf_mix"):
        make_bot("mcts:mix=2")


# ---- the budget rule: leaf_mix_per_doubling ---------------------------------------------------------

RULE = {"leaf_mix": 0.5, "leaf_mix_per_doubling": -0.1}


@pytest.mark.parametrize(("simulations", "weight"), [(400, 0.5), (800, 0.4), (1600, 0.3), (3200, 0.2), (100, 0.5),
                                                     (10**9, 0.0), (1, 0.5)])
def test_the_rule_moves_the_weight_a_step_a_doubling_above_the_reference_within_0_and_1(simulations: int,
                                                                                      weight: float) -> None:
    config = SearchConfig(simulations=simulations, **RULE)
    assert config.leaf_mix_at(simulations) == pytest.approx(weight, abs=1e-12)
    resolved = config.for_search()
    assert (resolved.leaf_mix, resolved.leaf_mix_per_doubling) == (pytest.approx(weight, abs=1e-12), 0.0)


def test_at_1600_the_rule_is_exactly_the_measured_mix_0_3() -> None:
    """docs/value-analysis.md's 1600-simulation games with mix=0.3 are this rule's games, to the bit."""
    assert SearchConfig(simulations=1600, **RULE).for_search().leaf_mix == 0.3


def test_the_reference_budget_moves_where_the_weight_is_leaf_mix() -> None:
    config = SearchConfig(simulations=200, leaf_mix_reference=100, **RULE)
    assert config.for_search().leaf_mix == pytest.approx(0.4, abs=1e-12)


def test_a_rising_rule_stops_at_1() -> None:
    config = SearchConfig(simulations=3200, leaf_mix=0.5, leaf_mix_per_doubling=0.25)
    assert config.for_search().leaf_mix == 1.0
    assert config.leaf_mix_at(800) == pytest.approx(0.75)


def test_without_the_rule_the_config_runs_as_it_is() -> None:
    config = SearchConfig(simulations=1600, leaf_mix=0.5)
    assert config.for_search() is config and config.leaf_mix_at(10**6) == 0.5


def test_a_time_budget_expects_its_simulations_at_the_given_rate() -> None:
    timed = SearchConfig(simulations=None, time_ms=2000, **RULE)
    assert timed.for_search().leaf_mix == 0.5                           # no rate yet: leaf_mix itself
    assert timed.for_search(800.0).leaf_mix == pytest.approx(0.3)       # 2 s at 800/s: 1600 simulations
    # with a simulation budget the time is a bound, not the budget: the weight stays the machine's-speed-free one
    both = SearchConfig(simulations=1600, time_ms=2000, **RULE)
    assert both.for_search(100.0).leaf_mix == both.for_search(10**6).leaf_mix == both.for_search().leaf_mix == 0.3


def test_a_search_with_the_rule_is_the_search_at_the_resolved_weight() -> None:
    ruled = _search(300, leaf_mix_reference=75, **RULE)                 # two doublings: 0.3
    plain = _search(300, leaf_mix=0.3)
    assert ruled == plain and len(plain) > 1
    assert ruled != _search(300, leaf_mix=0.5)


@pytest.mark.parametrize(("field", "bad"), [("leaf_mix_per_doubling", 1.5), ("leaf_mix_per_doubling", float("nan")),
                                            ("leaf_mix_per_doubling", True), ("leaf_mix_reference", 0),
                                            ("leaf_mix_reference", 2.5)])
def test_a_bad_rule_is_refused_by_name(field: str, bad: object) -> None:
    with pytest.raises(ValueError, match=field):
        SearchConfig(**{field: bad})


def test_the_c_core_refuses_an_unresolved_rule() -> None:
    """Passing the rule to the C core unresolved would silently search at leaf_mix: it is refused."""
    from gaia_ai._core import gaia_rules, mcts

    state = demo()
    iface, owner = gaia_rules.game_interface(state._core, "learned", "uniform", 0, 0)
    config = SearchConfig(simulations=10, evaluator="v1", **RULE).to_dict()
    with pytest.raises(ValueError, match="leaf_mix_per_doubling"):
        mcts.search(iface, gaia_rules.state_pointer(state._core), config)
    del owner


def test_the_bot_spec_names_the_rule_mixd_and_mixref() -> None:
    config = make_bot("mcts:sims=1600,mix=0.5,mixd=-0.1,mixref=400").config
    assert (config.leaf_mix, config.leaf_mix_per_doubling, config.leaf_mix_reference) == (0.5, -0.1, 400)
    with pytest.raises(BotSpecError, match="leaf_mix_per_doubling"):
        make_bot("mcts:mixd=-3")


# ---- the rate a time budget expects: gaia_ai.search.budget ---------------------------------------

def test_a_timed_search_takes_the_rate_of_the_last_search_of_its_kind() -> None:
    rates = SearchRates()
    timed = SearchConfig(simulations=None, time_ms=1000, **RULE)
    assert rates.config_for_search(timed).leaf_mix == 0.5
    rates.record(timed, _stats(simulations=1000, rate=1600.0))
    assert rates.expected(timed) == 1600.0
    assert rates.config_for_search(timed).leaf_mix == pytest.approx(0.3)
    # another seed or budget is the same kind; another search (threads) is not
    assert rates.expected(SearchConfig(simulations=None, time_ms=50, seed=9, **RULE)) == 1600.0
    assert rates.expected(SearchConfig(simulations=None, time_ms=1000, threads=2, **RULE)) is None


def test_a_cancelled_search_or_one_without_the_rule_teaches_no_rate() -> None:
    rates = SearchRates()
    timed = SearchConfig(simulations=None, time_ms=1000, **RULE)
    rates.record(timed, _stats(simulations=10, rate=10.0, cancelled=True))
    rates.record(SearchConfig(simulations=None, time_ms=1000, leaf_mix=0.5), _stats(simulations=10, rate=10.0))
    assert rates.expected(timed) is None and not rates._rates


def test_the_rates_remembered_are_bounded() -> None:
    """A service's clients choose configs: however many kinds they send, a few hundred rates are kept."""
    rates = SearchRates(max_kinds=4)
    configs = [SearchConfig(simulations=100, c_puct=1 + i / 10, **RULE) for i in range(10)]
    for config in configs:
        rates.record(config, _stats(simulations=100, rate=500.0))
    assert len(rates._rates) == 4
    assert rates.expected(configs[-1]) == 500.0 and rates.expected(configs[0]) is None


def test_a_searcher_with_a_time_budget_learns_its_rate_from_its_first_search() -> None:
    """The process's rates (RATES) after one timed Gaia search hold its rate; the next search of that
    kind runs at the weight the rule gives that rate (a c_puct no other test uses keeps the kind apart)."""
    from gaia_ai.games.gaia.search import GaiaSearcher

    config = SearchConfig(simulations=None, time_ms=100, evaluator="v1", selection="puct", prior="policy",
                          c_puct=0.7531, **RULE)
    assert RATES.expected(config) is None
    result = GaiaSearcher(config).search(demo())
    rate = RATES.expected(config)
    assert rate == result.stats.simulations_per_second > 0
    expected_weight = config.leaf_mix_at(0.1 * rate)
    assert RATES.config_for_search(config).leaf_mix == pytest.approx(expected_weight)


def _stats(simulations: int, rate: float, cancelled: bool = False) -> SearchStats:
    return SearchStats(simulations=simulations, nodes=simulations, max_depth=1, elapsed=simulations / rate,
                       simulations_per_second=rate, cancelled=cancelled)


def test_the_game_agnostic_searcher_resolves_the_rule_too() -> None:
    """Terraforming Mars through gaia_ai.search.core (its heuristic evaluate at the leaf): the rule's
    search is the search at the resolved weight, and the C core never sees the rule."""
    from gaia_ai.games.registry import load_game
    from gaia_ai.search.core import search as core_search

    game = load_game("terraforming-mars")
    state = game.new_game(game.deal(2, seed=3))

    def root(**fields: object) -> dict[str, tuple[int, float]]:
        config = SearchConfig(simulations=120, rollout_depth=4, seed=2, **fields)
        return {str(c.move): (c.visits, c.value) for c in core_search(state, config).candidates}

    ruled = root(leaf_mix_reference=30, **RULE)
    assert ruled == root(leaf_mix=0.3) and len(ruled) > 1
    assert ruled != root(leaf_mix=0.5)
