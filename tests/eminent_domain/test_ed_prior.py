"""Eminent Domain's "value" move prior (prior.pxi; mcts:selection=puct,prior=value): each move weighed alone
by the mover's greedy-heuristic margin one move later, and a search with it reads only what the searching
seat sees, weighs each of its nodes' moves once, and takes prior_after."""

from __future__ import annotations

import math

import pytest

from gaia_ai._core import ed_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.games.eminent_domain.search import EdSearcher
from gaia_ai.games.eminent_domain.state import EdState
from gaia_ai.search.config import SearchConfig

PRIOR_INFLUENCE = 1.0   # prior.pxi's


def _margin(core, mover: int) -> float:
    values = ed_rules.heuristic_values(core)
    return values[mover] - max(v for q, v in enumerate(values) if q != mover)


def _telling_position() -> EdState:
    """A decision of a greedy game where the moves' one-move margins differ (most differ in none)."""
    state = EdState.new(2, 7)
    bots = [make_bot(f"greedy:seed={seat + 1}", "eminent-domain") for seat in range(2)]
    while not state.is_terminal:
        codes = state._core.legal_moves()
        if len(codes) >= 3 and len({round(w, 9) for w in ed_rules.move_prior(state._core, codes)}) > 1:
            return state
        state.apply(bots[state.current_player].choose(state))
    raise AssertionError("no decision with differing margins in a whole game")


def test_value_prior_weighs_each_move_alone_by_its_gain_in_margin():
    state = _telling_position()
    core = state._core
    codes = core.legal_moves()
    weights = ed_rules.move_prior(core, codes, weights=True)
    assert ed_rules.move_prior(core, [codes[-1]], weights=True) == [weights[-1]]
    assert ed_rules.move_prior(core, codes[::-1], weights=True) == weights[::-1]
    prior = ed_rules.move_prior(core, codes)
    assert prior == pytest.approx([w / sum(weights) for w in weights], rel=1e-12)
    mover = core.actor
    before = _margin(core, mover)
    for code, weight in zip(codes, weights):
        after = core.copy()
        after.apply(code)
        assert math.log(weight) == pytest.approx((_margin(after, mover) - before) / PRIOR_INFLUENCE, abs=1e-9)


def test_value_prior_refusals():
    state = _telling_position()
    with pytest.raises(ValueError, match="not a legal move of this decision"):
        ed_rules.move_prior(state._core, [999_999])
    with pytest.raises(ValueError, match="1 to"):
        ed_rules.move_prior(state._core, [])
    with pytest.raises(ValueError, match="no 'policy' move prior for Eminent Domain"):
        ed_rules.game_interface(state._core.copy(), -1, "policy")


def test_search_with_value_prior_hides_the_other_hands_weighs_once_and_repeats():
    state = _telling_position()
    seat = state.current_player
    config = SearchConfig(simulations=200, selection="puct", prior="value", seed=3)
    first = EdSearcher(config).search(state)
    assert first.stats.prior_moves == first.stats.nodes - 1 > 0
    other = EdSearcher(config).search(state.determinize(seat, 5))
    assert [(c.move, c.visits) for c in first.candidates] == [(c.move, c.visits) for c in other.candidates]
    later = EdSearcher(SearchConfig(simulations=200, selection="puct", prior="value", prior_after=8, seed=3)).search(state)
    assert 0 < later.stats.prior_moves < first.stats.prior_moves
    assert make_bot("mcts:sims=30,selection=puct,prior=value,pafter=4", "eminent-domain").choose(state) in state.legal_moves()
