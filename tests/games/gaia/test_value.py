"""The learned value of Gaia positions (issue 18): features computed in C, a per-round linear model
fitted on self-play games, reproducible from its seed, and the search's leaf evaluator on request.
The "final tiles VP now" feature is computed by final_tile_shares, the function final scoring itself uses:
the corpus replay (every game's final scores) checks it."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.errors import BotSpecError, UnsupportedError
from gaia_ai.games.gaia import value
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.games.registry import load_game
from gaia_ai.search import SearchConfig
from gaia_ai.search.core import search as core_search


def test_features_are_what_the_position_holds() -> None:
    state = demo()
    raw = state.raw_state()
    features = gaia_rules.value_features_of(state._core)
    names = gaia_rules.VALUE_FEATURES
    for p, row in enumerate(features):
        f = dict(zip(names, row, strict=True))
        pl = raw["pl"][p]
        assert f["credits"] == pl["credits"] and f["ores"] == pl["ores"] and f["qic"] == pl["qic"]
        assert f["power charges"] == pl["power"][1] + 2 * pl["power"][2]
        assert f["research levels"] == sum(pl["research"])
        assert f["rounds left"] == 6 - raw["round"]
        assert f["mines x rounds left"] == pl["nbuild"][0] * (6 - raw["round"])
        assert f["bias"] == 1.0


def test_training_is_reproducible_from_its_seed() -> None:
    a = value.train(3, seed=7, player="greedy")
    b = value.train(3, seed=7, player="greedy")
    c = value.train(3, seed=8, player="greedy")
    assert a == b
    assert a["weights"] != c["weights"]
    assert a["features"] == list(gaia_rules.VALUE_FEATURES) and len(a["weights"]) == 6


def test_several_players_take_the_training_games_in_turn() -> None:
    """Expert iteration trains on the parent's search games beside greedy's: game g is player[g % k]'s."""
    mixed = value.train(4, seed=7, player=["greedy", "policy"])
    assert mixed["trained"]["player"] == ["greedy", "policy"]
    by_game = [value.self_play(g, 7, p) for g, p in enumerate(["greedy", "policy", "greedy", "policy"])]
    assert mixed["weights"] == value.fit([s for game in by_game for s in game])
    assert mixed["weights"] != value.train(4, seed=7, player="greedy")["weights"]


def test_the_shipped_model_fits_its_games_better_than_a_constant() -> None:
    model = value.load()
    weights = value.check_model(model, "value-v1.json")
    samples = value.self_play(10_001, seed=99)   # a game the model was not trained on
    errors = [abs(value.predict(weights, s) - s.final) for s in samples]
    constant = np.mean([s.final - s.vp for s in samples])
    baseline = [abs(s.vp + constant - s.final) for s in samples]
    assert np.mean(errors) < np.mean(baseline)


def test_the_c_evaluator_is_the_model() -> None:
    model = value.load()
    state = demo()
    raw = state.raw_state()
    features = gaia_rules.value_features_of(state._core)
    expected = [raw["pl"][p]["vp"] + float(np.dot(model["weights"][raw["round"] - 1], features[p])) for p in range(2)]
    assert gaia_rules.evaluate_learned(state._core, value.slot()) == pytest.approx(expected)


def test_each_model_has_a_slot_of_its_own() -> None:
    """Two models in one process (a match of eval=v1 against eval=v2) each keep their own weights."""
    state = demo()
    learned = gaia_rules.evaluate_learned(state._core, value.slot())
    spare = gaia_rules.VALUE_SLOT_COUNT - 1   # the slot the shipped models reach last
    gaia_rules.set_value_weights([[0.0] * len(gaia_rules.VALUE_FEATURES)] * 6, spare)
    raw = state.raw_state()
    assert gaia_rules.evaluate_learned(state._core, spare) == [raw["pl"][p]["vp"] for p in range(2)]
    assert gaia_rules.evaluate_learned(state._core, value.slot()) == learned
    with pytest.raises(ValueError, match="slot 4"):
        gaia_rules.evaluate_learned(state._core, 4)


def test_a_version_the_package_does_not_ship_is_refused_by_name() -> None:
    assert value.version_of("learned") == value.VERSION == value.shipped_versions()[-1]
    with pytest.raises(ValueError, match="no learned value 'v99'.*shipped: v1"):
        search_gaia(demo(), SearchConfig(simulations=5, evaluator="v99", rollout_depth=0))
    with pytest.raises(ValueError, match="evaluator must be heuristic, learned or a version"):
        SearchConfig(evaluator="v1; rm")


def test_a_pinned_version_is_the_same_search_as_learned_when_it_is_the_newest() -> None:
    config = SearchConfig(simulations=60, evaluator="learned", rollout_depth=0, seed=3)
    pinned = SearchConfig(simulations=60, evaluator=value.VERSION, rollout_depth=0, seed=3)
    a, b = search_gaia(demo(), config), search_gaia(demo(), pinned)
    assert [(c.move, c.visits) for c in a.candidates] == [(c.move, c.visits) for c in b.candidates]


def test_a_search_with_the_learned_value_is_deterministic() -> None:
    config = SearchConfig(simulations=60, evaluator="learned", rollout_depth=0, seed=3)
    a = search_gaia(demo(), config)
    b = search_gaia(demo(), config)
    assert [c.moves for c in a.candidates] == [c.moves for c in b.candidates]
    assert [c.visits for c in a.candidates] == [c.visits for c in b.candidates]


def test_bot_spec_and_config_name_the_evaluator() -> None:
    bot = make_bot("mcts:sims=20,eval=learned,rollout_depth=0")
    assert bot.config.evaluator == "learned"
    with pytest.raises(BotSpecError, match="evaluator"):
        make_bot("mcts:sims=20,eval=neural")
    with pytest.raises(ValueError, match="evaluator"):
        SearchConfig(evaluator="nope")  # type: ignore[arg-type]


def test_a_game_without_a_learned_value_says_so() -> None:
    game = load_game("eminent-domain")
    state = game.new_game(game.deal(2, seed=1))
    with pytest.raises(UnsupportedError, match="learned"):
        core_search(state, SearchConfig(simulations=10, evaluator="learned"))


def test_a_model_of_other_features_is_refused(tmp_path) -> None:
    model = json.loads(value.model_path().read_text())
    model["features"] = model["features"][:-1]
    with pytest.raises(ValueError, match="features"):
        value.check_model(model, "edited.json")


def test_gaia_ai_train_writes_the_model(tmp_path) -> None:
    from gaia_ai.cli import main

    out = tmp_path / "value.json"
    assert main(["train", "--games", "2", "--seed", "3", "--out", str(out)]) == 0
    assert json.loads(out.read_text()) == value.train(2, seed=3, player="greedy")
    assert json.loads(out.read_text())["version"] == "v1"   # the shipped recipe's label (README: byte for byte)
    assert main(["train", "--game", "eminent-domain", "--games", "2"]) == 2   # no learned value: one line, exit 2


def test_self_play_seats_every_faction_against_another_home_planet() -> None:
    from gaia_ai.games.gaia.engine import FACTIONS
    from gaia_ai.games.gaia.game import home

    assert sorted(value.SELF_PLAY_ORDER) == sorted(FACTIONS)
    pairs = [value.two_factions(g) for g in range(7)]
    assert all(home(a) != home(b) for a, b in pairs)
    assert len({a for a, _ in pairs}) == 7   # the first seat takes the factions in turn
