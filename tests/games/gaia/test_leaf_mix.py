"""The mixed leaf (SearchConfig.leaf_mix, issue 18): a simulation's value is leaf_mix times the
evaluator's value of the tree's leaf plus (1 - leaf_mix) times the rollout's, AlphaGo's lambda. The
rollout still decides the reported win probability and expected score."""

from __future__ import annotations

import pytest

from gaia_ai.bots.base import make_bot
from gaia_ai.errors import BotSpecError
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.search import SearchConfig


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
