"""PUCT's move prior for Gaia (issue 18), computed in C at node expansion: a probability per search move
(the rollout policy's weights, or a softmax over the learned value one move later), chosen by
SearchConfig.prior / the bot spec, refused by name where it does not apply."""

from __future__ import annotations

import math
import random

import pytest

from gaia_ai._core import gaia_rules, mcts, toy_game
from gaia_ai.bots.base import make_bot
from gaia_ai.errors import BotSpecError, UnsupportedError
from gaia_ai.games.gaia import policy, value
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.games.registry import load_game
from gaia_ai.search import SearchConfig
from gaia_ai.search.core import search as core_search

PRIORS = ("uniform", "rollout", "value", "policy")


def _positions(seed: int, count: int) -> list[object]:
    """Cores of a seeded random 2-player game (search moves), every few decisions: setup, auction-free
    faction picks, leech answers and main actions alike."""
    rng = random.Random(seed)
    core = GaiaState.new(GameSetup.random(2, seed=f"prior{seed}"))._core
    out = []
    step = 0
    while not core.finished and len(out) < count:
        if step % 7 == 0:
            out.append(core.copy())
        moves = gaia_rules.search_moves_int(core)
        gaia_rules.apply_search_move(core, rng.choice(moves))
        step += 1
    return out


@pytest.fixture(scope="module", autouse=True)
def _weights() -> None:
    value.load()
    policy.load()


@pytest.mark.parametrize("prior", PRIORS)
def test_the_prior_is_a_deterministic_distribution_over_the_search_moves(prior: str) -> None:
    for core in [demo()._core, *_positions(seed=1, count=25)]:
        weighted = gaia_rules.move_prior(core, prior, value.slot())
        assert [m for m, _ in weighted] == gaia_rules.search_moves_int(core)
        probabilities = [p for _, p in weighted]
        assert all(p >= 0 for p in probabilities)
        assert math.fsum(probabilities) == pytest.approx(1.0, abs=1e-9)
        assert gaia_rules.move_prior(core.copy(), prior, value.slot()) == weighted


@pytest.mark.parametrize("prior", ["rollout", "value", "policy"])
def test_the_priors_prefer_some_moves(prior: str) -> None:
    probabilities = [p for _, p in gaia_rules.move_prior(demo()._core, prior, value.slot())]
    assert max(probabilities) > 2 * min(probabilities)


def test_the_value_prior_follows_the_learned_value_one_move_later() -> None:
    core = demo()._core
    player = core.current_player
    weighted = gaia_rules.move_prior(core, "value", value.slot())
    margins = []
    for m, _ in weighted:
        after = core.copy()
        gaia_rules.apply_search_move(after, m)
        est = gaia_rules.evaluate_learned(after, value.slot())
        margins.append(est[player] - max(e for q, e in enumerate(est) if q != player))
    best = max(range(len(margins)), key=margins.__getitem__)
    worst = min(range(len(margins)), key=margins.__getitem__)
    assert weighted[best][1] == max(p for _, p in weighted)
    assert weighted[best][1] / weighted[worst][1] == pytest.approx(math.exp((margins[best] - margins[worst]) / 4.0))


@pytest.mark.parametrize("prior", ["rollout", "value", "policy"])
def test_a_search_with_a_prior_is_deterministic_and_differs_from_uniform(prior: str) -> None:
    config = SearchConfig(simulations=120, selection="puct", prior=prior, evaluator="learned", rollout_depth=0,
                          seed=5)
    a = search_gaia(demo(), config)
    b = search_gaia(demo(), config)
    assert [(c.moves, c.visits) for c in a.candidates] == [(c.moves, c.visits) for c in b.candidates]
    uniform = search_gaia(demo(), SearchConfig(simulations=120, selection="puct", evaluator="learned",
                                                rollout_depth=0, seed=5))
    assert [(c.moves, c.visits) for c in a.candidates] != [(c.moves, c.visits) for c in uniform.candidates]


def test_the_prior_keeps_the_node_size() -> None:
    assert mcts.node_bytes() == 56


def test_bot_spec_names_the_prior() -> None:
    bot = make_bot("mcts:sims=20,selection=puct,prior=value,eval=learned,rollout_depth=0")
    assert bot.config.prior == "value" and bot.config.selection == "puct"
    with pytest.raises(BotSpecError, match="prior"):
        make_bot("mcts:sims=20,selection=puct,prior=oracle")
    with pytest.raises(BotSpecError, match="puct"):
        make_bot("mcts:sims=20,prior=rollout")   # UCT has no priors


def test_bad_priors_are_refused_by_name() -> None:
    core = demo()._core
    with pytest.raises(ValueError, match="prior 'oracle'"):
        gaia_rules.move_prior(core, "oracle")
    with pytest.raises(ValueError, match="prior 'oracle'"):
        gaia_rules.game_interface(core, "heuristic", "oracle")
    config = SearchConfig(simulations=10, selection="puct").to_dict()
    iface, owner = gaia_rules.game_interface(core)   # no prior in its table
    with pytest.raises(ValueError, match="no move prior"):
        mcts.search(iface, gaia_rules.state_pointer(core), {**config, "prior": "value"})
    iface, owner = gaia_rules.game_interface(core, "heuristic", "value")
    with pytest.raises(ValueError, match="needs selection='puct'"):
        mcts.search(iface, gaia_rules.state_pointer(core), {**config, "selection": "uct", "prior": "value"})
    del owner


def test_games_without_a_prior_say_so() -> None:
    game = load_game("eminent-domain")
    state = game.new_game(game.deal(2, seed=1))
    with pytest.raises(UnsupportedError, match="prior"):
        core_search(state, SearchConfig(simulations=10, selection="puct", prior="rollout"))
    toy = toy_game.new_state("count", max_step=5)
    iface, owner = toy_game.game_interface(toy)
    config = SearchConfig(simulations=10, selection="puct").to_dict()
    with pytest.raises(ValueError, match="no move prior"):
        mcts.search(iface, toy_game.state_pointer(toy), {**config, "prior": "value"})
    del owner


def test_first_play_urgency_leaves_unlikely_moves_unvisited() -> None:
    """fpu_reduction values an unvisited move below its tried siblings: with a large one the search
    stays on the moves its prior likes; 0 is the siblings' mean (every move gets tried at this budget)."""
    def visited(fpu: float) -> int:
        config = SearchConfig(simulations=300, evaluator="learned", rollout_depth=0, selection="puct",
                              prior="value", c_puct=0.75, fpu_reduction=fpu)
        return sum(1 for c in search_gaia(demo(), config).candidates if c.visits > 0)

    moves = len(gaia_rules.search_moves_int(demo()._core))
    assert visited(0.0) == moves
    assert visited(1.0) < moves
    assert make_bot("mcts:fpu=0.2").config.fpu_reduction == 0.2
    with pytest.raises(BotSpecError, match="fpu_reduction must be a number >= 0"):
        make_bot("mcts:fpu=-1")


def test_the_fast_search_example_is_the_recommended_spec() -> None:
    from pathlib import Path

    example = Path(__file__).resolve().parents[3] / "examples" / "search-fast.toml"
    spec = "mcts:sims=1000,eval=learned,rollout_depth=0,selection=puct,prior=value,c_puct=0.75,fpu=0.2"
    assert SearchConfig.from_toml(example) == make_bot(spec).config


def test_the_strong_search_example_is_the_mixed_leaf_spec_and_gaias_hint_search() -> None:
    from pathlib import Path

    example = Path(__file__).resolve().parents[3] / "examples" / "search-strong.toml"
    spec = "mcts:sims=2000,eval=n2,selection=puct,prior=policy,c_puct=0.75,fpu=0.2,mix=0.5,mixd=-0.1"
    assert SearchConfig.from_toml(example) == make_bot(spec).config
    hint = load_game("gaia-project").hint_search()
    assert SearchConfig(simulations=2000, **hint) == make_bot(spec).config
    assert load_game("terraforming-mars").hint_search() == {}


def test_prior_temperature_tempers_the_games_prior_exactly() -> None:
    """The root's priors as PUCT uses them: the game's, raised to 1 / prior_temperature, renormalized;
    1 (the default) leaves them as the game gives them."""
    core = demo()._core
    game_prior = dict(gaia_rules.move_prior(core, "value", value.slot()))

    def root_priors(temperature: float) -> dict[int, float]:
        config = SearchConfig(simulations=50, rollout_depth=0, selection="puct", prior="value",
                              prior_temperature=temperature)
        return {c["move"]: c["prior"] for c in _root(config)}

    assert root_priors(1.0) == pytest.approx(game_prior, abs=1e-6)
    for temperature in (0.5, 2.0):
        powered = {m: p ** (1 / temperature) for m, p in game_prior.items()}
        total = math.fsum(powered.values())
        assert root_priors(temperature) == pytest.approx({m: p / total for m, p in powered.items()}, abs=1e-6)
    top = max(game_prior, key=game_prior.get)
    assert root_priors(0.5)[top] > game_prior[top] > root_priors(2.0)[top]   # sharper, then flatter


def test_prior_temperature_is_refused_where_it_has_no_prior_to_temper() -> None:
    with pytest.raises(ValueError, match="prior_temperature=2 needs a move prior"):
        SearchConfig(selection="puct", prior_temperature=2)
    with pytest.raises(ValueError, match="prior_temperature must be a finite number > 0"):
        SearchConfig(selection="puct", prior="value", prior_temperature=0)
    assert make_bot("mcts:selection=puct,prior=value,ptemp=2").config.prior_temperature == 2.0
    with pytest.raises(BotSpecError, match="prior_temperature"):
        make_bot("mcts:ptemp=0.5")
    toy = toy_game.new_state("count", max_step=5)
    iface, owner = toy_game.game_interface(toy)
    config = SearchConfig(simulations=10, selection="puct").to_dict()
    with pytest.raises(ValueError, match="prior_temperature needs a move prior"):
        mcts.search(iface, toy_game.state_pointer(toy), {**config, "prior_temperature": 0.5})
    del owner


def _root(config: SearchConfig, root_moves: list[int] | None = None) -> list[dict]:
    """The raw root candidates of a search of the demo position with config's evaluator ("heuristic" or
    the newest learned value) and prior."""
    core = demo()._core
    iface, owner = gaia_rules.game_interface(core, "heuristic" if config.evaluator == "heuristic" else "learned",
                                             config.prior)
    result = mcts.search(iface, gaia_rules.state_pointer(core), config.to_dict(), root_moves=root_moves)
    del owner
    return result["candidates"]


def test_progressive_widening_opens_the_likeliest_moves_first() -> None:
    """With widening, a node with N visits chooses among its ceil(widening * (N + 1) ** power) likeliest
    moves: at 120 simulations, 0.2 * sqrt(121) = 2.2 opens three root moves, the three of highest prior;
    without it the search tries every move of the demo position at this budget."""
    base = {"simulations": 120, "evaluator": "learned", "rollout_depth": 0, "selection": "puct",
            "prior": "policy", "c_puct": 0.75, "seed": 4}
    everything = _root(SearchConfig(**base))
    assert len(everything) > 3 and all(c["visits"] > 0 for c in everything)
    widened = _root(SearchConfig(**base, widening=0.2))
    visited = {c["move"] for c in widened if c["visits"] > 0}
    likeliest = sorted(everything, key=lambda c: -c["prior"])[:3]
    assert visited == {c["move"] for c in likeliest}
    assert sum(c["visits"] for c in widened) == 120
    # a larger power opens moves sooner: (N + 1) ** 1 reaches every move
    assert all(c["visits"] > 0 for c in _root(SearchConfig(**base, widening=0.2, widening_power=1.0)))
    assert [(c["move"], c["visits"]) for c in widened] == \
        [(c["move"], c["visits"]) for c in _root(SearchConfig(**base, widening=0.2))]   # deterministic


def test_progressive_widening_scores_every_move_a_search_is_restricted_to() -> None:
    base = {"simulations": 60, "evaluator": "learned", "rollout_depth": 0, "selection": "puct", "prior": "policy",
            "seed": 4}
    moves = gaia_rules.search_moves_int(demo()._core)
    chosen = moves[-4:]   # unlikely or not, each was asked for
    result = _root(SearchConfig(**base, widening=0.1), root_moves=chosen)
    assert sorted(c["move"] for c in result) == sorted(chosen) and all(c["visits"] > 0 for c in result)


def test_progressive_widening_is_refused_without_a_prior_and_out_of_range() -> None:
    assert make_bot("mcts:selection=puct,prior=policy,pw=2,pwp=0.4").config.widening == 2.0
    assert make_bot("mcts:selection=puct,prior=policy,pw=2,pwp=0.4").config.widening_power == 0.4
    with pytest.raises(ValueError, match="widening=1 needs selection='puct' and a move prior"):
        SearchConfig(selection="puct", widening=1)
    with pytest.raises(ValueError, match="widening must be a number >= 0"):
        SearchConfig(selection="puct", prior="policy", widening=-1)
    with pytest.raises(ValueError, match=r"widening_power must be a number in \(0, 1\]"):
        SearchConfig(selection="puct", prior="policy", widening=1, widening_power=1.5)
    with pytest.raises(BotSpecError, match="widening_power"):
        make_bot("mcts:selection=puct,prior=policy,pw=1,pwp=0")
    core = demo()._core
    iface, owner = gaia_rules.game_interface(core, "heuristic", "value")
    config = {**SearchConfig(simulations=10, selection="puct").to_dict(), "widening": 1.0}
    with pytest.raises(ValueError, match="widening needs selection='puct' and a move prior"):
        mcts.search(iface, gaia_rules.state_pointer(core), config)
    with pytest.raises(ValueError, match="widening must be >= 0"):
        mcts.search(iface, gaia_rules.state_pointer(core), {**config, "prior": "value", "widening": -1.0})
    del owner
