"""TM's "value" move prior (policy.pxi; mcts:selection=puct,prior=value): a softmax over the mover's margin
one move later, each move weighed alone, and an information-set search with it reads only what the
searching seat sees and weighs each of its nodes' moves once."""

from __future__ import annotations

import math
import random

import pytest

from gaia_ai._core import tm_rules
from gaia_ai.bots import make_bot
from gaia_ai.errors import UnsupportedError
from gaia_ai.games import load_game
from gaia_ai.games.terraforming_mars import TmState
from gaia_ai.games.terraforming_mars.search import TmSearcher
from gaia_ai.search.config import SearchConfig

PRIOR_VP = 4.0   # policy.pxi's PRIOR_VP


def _action_menu(seed: int, players: int = 2) -> TmState:
    """A position at a seat's action menu a few generations in (random moves, then the first menu)."""
    state = TmState.new(players, seed)
    rng = random.Random(seed)
    for _ in range(60):
        state.apply(rng.choice(state.legal_codes()))
    while not (state.core.step == "action" and len(state.search_codes()) >= 5):
        state.apply(rng.choice(state.legal_codes()))
    return state


def _margin(state: TmState, code: int) -> float:
    after = state.copy()
    mover = state.current_player
    after.apply(code)
    values = tm_rules.evaluate(after.core)
    return values[mover] - max(v for q, v in enumerate(values) if q != mover)


@pytest.mark.parametrize("seed", [3, 8])
def test_value_prior_is_a_softmax_of_the_movers_margin_one_move_later(seed):
    state = _action_menu(seed)
    codes = state.search_codes()
    prior = tm_rules.move_prior(state.core, codes)
    assert len(prior) == len(codes) and all(p > 0 for p in prior) and math.isclose(sum(prior), 1.0)
    margins = [_margin(state, code) for code in codes]
    base = max(range(len(codes)), key=lambda i: margins[i])
    for i in range(len(codes)):
        assert math.log(prior[i] / prior[base]) == pytest.approx((margins[i] - margins[base]) / PRIOR_VP, abs=1e-9)
    assert len({round(p, 12) for p in prior}) > 1     # the margins differ: the prior is not uniform


def test_value_prior_weighs_each_move_alone_by_its_gain_in_margin():
    # PRIOR_POINTWISE: a move's weight is its own, whatever else is listed, so the information-set search
    # weighs only the moves a sample adds to a node
    state = _action_menu(8)
    codes = state.search_codes()
    weights = tm_rules.move_prior(state.core, codes, weights=True)
    for i in (0, len(codes) // 2, len(codes) - 1):
        assert tm_rules.move_prior(state.core, [codes[i]], weights=True) == [weights[i]]
    assert tm_rules.move_prior(state.core, codes[::-1], weights=True) == weights[::-1]
    assert tm_rules.move_prior(state.core, codes) == pytest.approx([w / sum(weights) for w in weights], rel=1e-12)
    values = tm_rules.evaluate(state.core)
    mover = state.current_player
    before = values[mover] - max(v for q, v in enumerate(values) if q != mover)
    for code, weight in zip(codes, weights):
        assert math.log(weight) == pytest.approx((_margin(state, code) - before) / PRIOR_VP, abs=1e-9)


def test_the_search_weighs_each_child_once():
    state = _action_menu(5, players=3)
    config = SearchConfig(simulations=300, rollout_depth=8, selection="puct", prior="value", seed=4)
    stats = TmSearcher(config).search(state).stats
    # every node but the root was added once, with its move's weight: no sample weighs a list again
    assert stats.prior_moves == stats.nodes - 1 > stats.simulations
    uniform = TmSearcher(SearchConfig(simulations=300, rollout_depth=8, selection="puct", seed=4)).search(state)
    assert uniform.stats.prior_moves == 0


def test_prior_after_weighs_a_node_once_it_has_that_many_visits():
    state = _action_menu(5, players=3)
    base = {"simulations": 300, "rollout_depth": 8, "selection": "puct", "prior": "value", "seed": 4}
    at_once = TmSearcher(SearchConfig(**base)).search(state)
    later = TmSearcher(SearchConfig(**base, prior_after=8)).search(state)
    assert 0 < later.stats.prior_moves < at_once.stats.prior_moves
    assert later.stats.prior_moves < later.stats.nodes - 1          # some nodes never reached 8 visits
    again = TmSearcher(SearchConfig(**base, prior_after=8)).search(state)
    assert [(c.move, c.visits) for c in again.candidates] == [(c.move, c.visits) for c in later.candidates]
    # two threads share the tree: a node is weighed under its expansion lock (and the sanitizer stage
    # of .ci/run runs this file)
    shared = TmSearcher(SearchConfig(**base, prior_after=4, threads=2)).search(state)
    assert shared.stats.simulations == 300 and 0 < shared.stats.prior_moves < shared.stats.nodes
    assert {c.move.code for c in shared.candidates} <= set(state.search_codes())
    # past the budget, only the root is weighed (at once, on the search's own sample)
    never = TmSearcher(SearchConfig(**base, prior_after=10_000)).search(state)
    assert never.stats.prior_moves == len(state.search_codes())


def test_prior_after_refusals():
    state = _action_menu(3)
    with pytest.raises(ValueError, match="prior_after must be >= 0"):
        SearchConfig(simulations=10, selection="puct", prior="value", prior_after=-1)
    with pytest.raises(ValueError, match="needs a move prior"):
        SearchConfig(simulations=10, selection="puct", prior_after=4)
    game = load_game("gaia-project")
    gaia_state = game.new_game(game.deal(2, 1))
    with pytest.raises(ValueError, match="prior_after needs the information-set search"):
        game.search(gaia_state, SearchConfig(simulations=10, selection="puct", prior="value", prior_after=4))
    assert make_bot("mcts:sims=20,rollout_depth=4,selection=puct,prior=value,pafter=4",
                    game=load_game("terraforming-mars")).choose(state).code in state.search_codes()


def test_value_prior_refuses_a_move_of_another_decision():
    state = _action_menu(3)
    with pytest.raises(ValueError, match="not a legal move of this decision"):
        tm_rules.move_prior(state.core, [state.search_codes()[0], 999_999_999])
    with pytest.raises(ValueError, match="1 to"):
        tm_rules.move_prior(state.core, [])


def test_search_with_value_prior_sees_only_the_seats_information_and_is_reproducible():
    state = _action_menu(5, players=3)
    seat = state.current_player
    config = SearchConfig(simulations=150, rollout_depth=8, selection="puct", prior="value", seed=4)
    first = TmSearcher(config).search(state)
    # the other seats' hands and the piles resampled: the seat cannot tell the two apart
    resampled = state.determinize(seat, 11)
    assert resampled.key() != state.key()
    other = TmSearcher(config).search(resampled)
    visits = [(c.move, c.visits) for c in first.candidates]
    assert visits == [(c.move, c.visits) for c in other.candidates]
    assert visits == [(c.move, c.visits) for c in TmSearcher(config).search(state).candidates]
    # the prior changes the search: uniform PUCT spends its visits otherwise
    uniform = TmSearcher(SearchConfig(simulations=150, rollout_depth=8, selection="puct", seed=4)).search(state)
    assert visits != [(c.move, c.visits) for c in uniform.candidates]


def test_value_prior_bot_spec_and_refusals():
    game = load_game("terraforming-mars")
    bot = make_bot("mcts:sims=30,rollout_depth=4,selection=puct,prior=value,eval=n1", game=game)
    state = _action_menu(3)
    assert bot.choose(state).code in state.search_codes()
    with pytest.raises(ValueError, match="needs selection='puct'"):
        TmSearcher(SearchConfig(simulations=10, prior="value")).search(state)
    with pytest.raises(ValueError, match="widening needs open information"):
        TmSearcher(SearchConfig(simulations=10, selection="puct", prior="value", widening=1.0)).search(state)
    with pytest.raises(UnsupportedError, match="no 'policy' move prior"):
        TmSearcher(SearchConfig(simulations=10, selection="puct", prior="policy")).search(state)
    ed = load_game("eminent-domain")
    ed_state = ed.new_game(ed.deal(2, 1))
    with pytest.raises(UnsupportedError, match="no .p1. move prior for this game"):
        ed.search(ed_state, SearchConfig(simulations=10, selection="puct", prior="p1"))
