"""Gaia's learned move prior (issue 18, prior="policy"): distilled from the search's root visits, fitted
reproducibly, and computed in C exactly as the fit models it."""

from __future__ import annotations

import json
import math
import subprocess
import sys

import numpy as np
import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.games.gaia import policy, value
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.search import SearchConfig

# a quick teacher: the tests check the plumbing, not the teacher's strength
TEACHER = "mcts:sims=24,selection=puct,prior=value,eval=v1"


@pytest.fixture(scope="module")
def decisions() -> list[policy.Decision]:
    return [d for game in range(2) for d in policy.self_play(game, 3, TEACHER)]


def test_each_decision_holds_its_root_visits_and_what_every_move_leads_to(decisions) -> None:
    assert len(decisions) > 40
    for d in decisions:
        n = len(d.shares)
        assert n >= 2 and 1 <= d.round <= 6
        assert math.fsum(d.shares) == pytest.approx(1.0) and (d.shares >= 0).all()
        assert d.classes.shape == d.rows.shape == d.vp_margin.shape == (n,)
        assert d.feature_margin.shape == (n, len(gaia_rules.VALUE_FEATURES))
        assert ((0 <= d.classes) & (d.classes < policy.CLASSES)).all()
        assert ((d.rows >= d.round - 1) & (d.rows <= 5)).all()   # a move never goes back a round


def test_the_c_prior_is_the_softmax_the_fit_models() -> None:
    """The C prior, with the linear policy p1, over the positions of a game equals the fit's logits (from
    the same data self_play records) put through a softmax: what is trained is what the search uses."""
    model = policy.load("p1")   # the linear policy (p2 adds a head: test_policy_head)
    weights, bias, temperature = policy.check_policy(model, "p1")
    core = demo()._core.copy()
    checked = 0
    rng = 11
    while not core.finished:
        moves = gaia_rules.search_moves_int(core)
        if len(moves) >= 2 and core.round >= 1:
            decision = policy._decision(0, core, int(core.current_player), moves, dict.fromkeys(moves, 1))
            batch = policy._Batch([decision])
            expected, _ = batch.softmax(batch.logits(np.array(weights), np.array(bias), temperature))
            got = [p for _, p in gaia_rules.move_prior(core, "policy", 0, policy.slot("p1"))]
            assert got == pytest.approx(list(expected), abs=1e-12)
            checked += 1
        move, rng = gaia_rules.rollout_move(core, rng)
        gaia_rules.apply_search_move(core, move)
    assert checked > 30


@pytest.mark.parametrize("players", [3, 4])
def test_the_prior_is_a_distribution_at_larger_tables(players: int) -> None:
    """Trained on 2-player games, the prior still weighs every search move at 3 and 4 players (the margin
    against the best other player): a distribution along a whole random game (and, under the sanitizer
    build, no read past a table)."""
    slot = policy.slot()
    core = GaiaState.new(GameSetup.random(players, seed=f"policy-{players}"))._core
    rng, checked = 5, 0
    while not core.finished:
        weighted = gaia_rules.move_prior(core, "policy", 0, slot)
        assert [m for m, _ in weighted] == gaia_rules.search_moves_int(core)
        assert math.fsum(p for _, p in weighted) == pytest.approx(1.0) and min(p for _, p in weighted) >= 0
        checked += 1
        move, rng = gaia_rules.rollout_move(core, rng)
        gaia_rules.apply_search_move(core, move)
    assert checked > 50


def test_before_the_boards_are_loaded_the_prior_falls_back_as_the_value_does() -> None:
    """At a faction pick no seat has a faction to take features of: the linear models fall back to the
    heuristic there (the sanitizer build once caught the policy reading a table at faction -1), and the
    features refuse by name."""
    core = GaiaState.new(GameSetup.random(3, seed="policy-setup"))._core
    assert core.phase == "sf"   # choosing factions
    weighted = gaia_rules.move_prior(core, "policy", 0, policy.slot())
    assert len(weighted) > 1 and math.fsum(p for _, p in weighted) == pytest.approx(1.0)
    with pytest.raises(ValueError, match="faction"):
        gaia_rules.value_features_of(core)


def test_the_fit_predicts_the_visits_better_than_where_it_starts(decisions) -> None:
    start = value.check_model(value.load("v1"), "v1")
    zero = np.zeros((6, policy.CLASSES))
    weights, bias = policy.fit(decisions, start, steps=300)
    before = policy.scores(decisions, start, zero, policy.TEMPERATURE)
    after = policy.scores(decisions, weights, bias, policy.TEMPERATURE)
    assert after["cross_entropy"] < before["cross_entropy"]
    assert 0 <= after["kl"] < before["kl"]
    assert 0 <= after["top1"] <= 1


def test_the_trained_prior_is_flattened_to_the_value_priors_entropy(decisions) -> None:
    start = value.check_model(value.load("v1"), "v1")
    weights, bias = policy.fit(decisions, start, steps=300)
    sharp = policy.mean_entropy(decisions, weights, bias, policy.TEMPERATURE)
    target = policy.mean_entropy(decisions, start, np.zeros((6, policy.CLASSES)), policy.VALUE_PRIOR_TEMPERATURE)
    f = policy.flatten_factor(decisions, weights, bias, start)
    flat = policy.mean_entropy(decisions, weights, bias / f, policy.TEMPERATURE * f)
    assert sharp < target   # the visits are sharper than the value prior, and so is their fit
    assert f > 1 and flat == pytest.approx(target, abs=1e-3)


def test_training_is_reproducible_from_its_seed_in_any_number_of_processes() -> None:
    a = policy.train(2, seed=4, teacher=TEACHER)
    assert policy.train(2, seed=4, teacher=TEACHER, workers=2) == a
    assert policy.train(2, seed=5, teacher=TEACHER)["weights"] != a["weights"]
    assert a["features"] == list(gaia_rules.VALUE_FEATURES) and a["classes"] == policy.CLASSES
    assert len(a["weights"]) == 6 and all(len(row) == policy.CLASSES for row in a["bias"])
    assert a["trained"]["teacher"] == TEACHER


def test_the_teacher_must_be_a_search() -> None:
    with pytest.raises(ValueError, match="teacher 'greedy'"):
        policy.self_play(0, 1, "greedy")


def test_a_policy_of_other_classes_or_features_is_refused() -> None:
    model = json.loads(policy.model_path().read_text())
    with pytest.raises(ValueError, match="move-class"):
        policy.check_policy({**model, "classes": policy.CLASSES - 1}, "edited.json")
    with pytest.raises(ValueError, match="features"):
        policy.check_policy({**model, "features": model["features"][:-1]}, "edited.json")
    with pytest.raises(ValueError, match="expected 6 rows of 40"):
        gaia_rules.set_policy_weights(model["weights"], [row[:-1] for row in model["bias"]])
    with pytest.raises(ValueError, match="temperature"):
        gaia_rules.set_policy_weights(model["weights"], model["bias"], 0.0)


def test_the_prior_needs_its_weights_loaded() -> None:
    code = ("from gaia_ai._core import gaia_rules\nfrom gaia_ai.games.gaia.positions import demo\n"
            "gaia_rules.move_prior(demo()._core, 'policy')")
    run = subprocess.run([sys.executable, "-c", code], check=False, capture_output=True, text=True, timeout=120)
    assert run.returncode != 0 and "no policy weights in slot 0" in run.stderr


def test_bot_spec_selects_the_policy_and_its_search_is_deterministic() -> None:
    bot = make_bot("mcts:sims=60,selection=puct,prior=policy,eval=v1,rollout_depth=0,seed=2")
    assert bot.config.prior == "policy"
    a = search_gaia(demo(), bot.config)
    assert [(c.moves, c.visits) for c in a.candidates] == \
        [(c.moves, c.visits) for c in search_gaia(demo(), bot.config).candidates]
    value_prior = SearchConfig(**{**bot.config.to_dict(), "prior": "value"})
    assert [(c.moves, c.visits) for c in a.candidates] != \
        [(c.moves, c.visits) for c in search_gaia(demo(), value_prior).candidates]


def test_gaia_ai_train_policy_writes_the_model(tmp_path) -> None:
    from gaia_ai.cli import main

    out = tmp_path / "policy.json"
    assert main(["train", "--policy", "--games", "2", "--seed", "4", "--teacher", TEACHER, "--out", str(out)]) == 0
    assert json.loads(out.read_text()) == policy.train(2, seed=4, teacher=TEACHER)
    assert json.loads(out.read_text())["version"] == "p1"   # the shipped recipe's label
    assert main(["train", "--teacher", TEACHER, "--games", "2"]) == 2          # --teacher without --policy
    assert main(["train", "--policy", "--game", "eminent-domain", "--games", "2"]) == 2   # no move prior


def test_each_policy_version_has_a_slot_of_its_own() -> None:
    """Generations are rated in one process (a match of prior=p2 against prior=p1): each loaded policy
    keeps its own weights, and a slot out of range or never loaded is refused by name."""
    model = policy.load()
    weights, bias, temperature = policy.check_policy(model, "shipped")
    spare = gaia_rules.POLICY_SLOT_COUNT - 1
    assert spare not in policy.MODELS.slots.values()   # load() writes a slot before a search can use it
    core = demo()._core
    favoured = gaia_rules.move_class(gaia_rules.search_moves_int(core)[0])
    tilted = [[b + (3.0 if c == favoured else 0.0) for c, b in enumerate(row)] for row in bias]
    gaia_rules.set_policy_weights(weights, tilted, temperature, spare)
    shipped = dict(gaia_rules.move_prior(core, "policy", 0, policy.slot()))
    other = dict(gaia_rules.move_prior(core, "policy", 0, spare))
    assert shipped == dict(gaia_rules.move_prior(core, "policy", 0, policy.slot()))   # slot 0 untouched
    assert shipped.keys() == other.keys() and shipped != other
    count = gaia_rules.POLICY_SLOT_COUNT
    with pytest.raises(ValueError, match=f"policy slot {count}: 0 to {count - 1}"):
        gaia_rules.move_prior(core, "policy", 0, count)
    with pytest.raises(ValueError, match="policy slot -1"):
        gaia_rules.set_policy_weights(weights, bias, temperature, -1)


def test_a_bot_spec_pins_a_shipped_policy_version() -> None:
    """prior=policy is the shipped default (policy.VERSION), prior=pN that version; one the package does
    not ship is refused with the list of those it does."""
    assert policy.version_of("policy") == policy.VERSION and policy.VERSION in policy.shipped_versions()
    pinned = make_bot(f"mcts:sims=40,selection=puct,prior={policy.VERSION},eval=v1,rollout_depth=0,seed=3").config
    default = SearchConfig(**{**pinned.to_dict(), "prior": "policy"})
    assert [(c.moves, c.visits) for c in search_gaia(demo(), pinned).candidates] == \
        [(c.moves, c.visits) for c in search_gaia(demo(), default).candidates]
    with pytest.raises(ValueError, match=r"no policy 'p999' \(policy-p999.json\) in the package \(shipped: p1"):
        search_gaia(demo(), SearchConfig(**{**pinned.to_dict(), "prior": "p999"}))
    with pytest.raises(ValueError, match="policy version p1, p2"):
        SearchConfig(simulations=10, selection="puct", prior="p0")
