"""The value network of Gaia positions (issue 41, first step): the C forward pass (net.pxi) is the numpy
one (value_net.forward) of the same weights, a weight file that does not fit is refused by name before
anything is written, training is reproducible from its seed, and a search with eval=n1 plays legal moves."""

from __future__ import annotations

import copy
import json

import numpy as np
import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.games.gaia import value, value_net
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.search import SearchConfig

# the slot the shipped networks reach last: random weights go there, the shipped n1 keeps its own
SPARE = gaia_rules.NET_SLOT_COUNT - 1


def random_model(seed: int) -> dict:
    """A network of this build's shape with random weights (most units active somewhere)."""
    rng = np.random.default_rng(seed)
    n, h1, h2, _ = gaia_rules.NET_LAYERS
    return {"version": "n99", "kind": "mlp", "inputs": list(gaia_rules.NET_INPUTS), "layers": list(gaia_rules.NET_LAYERS),
            "input_mean": rng.normal(0, 3, n).tolist(), "input_scale": rng.uniform(0.5, 9, n).tolist(),
            "w1": rng.normal(0, 0.3, (n, h1)).tolist(), "b1": rng.normal(0, 0.5, h1).tolist(),
            "w2": rng.normal(0, 0.3, (h1, h2)).tolist(), "b2": rng.normal(0, 0.5, h2).tolist(),
            "w3": rng.normal(0, 0.5, h2).tolist(), "b3": 0.7, "y_mean": 21.5, "y_scale": 9.25}


def game_positions(game: int = 3, seed: int = 41, every: int = 2) -> list[tuple]:
    """(inputs, VP now, C estimate of the shipped n1, C estimate of SPARE) at positions of a greedy game."""
    out: list[tuple] = []
    seen = [0]
    n1 = value_net.slot("n1")

    def on_position(core, raw) -> None:
        seen[0] += 1
        if seen[0] % every == 1:
            out.append((gaia_rules.net_inputs_of(core), [raw["pl"][p]["vp"] - raw["pl"][p]["bid"] for p in range(2)],
                        gaia_rules.evaluate_net(core, n1), gaia_rules.evaluate_net(core, SPARE)))

    value.self_play(game, seed, "greedy", on_position)
    return out


def test_the_c_forward_pass_is_the_numpy_one() -> None:
    shipped = value_net.load("n1")
    model = random_model(5)
    value_net.install(model, "random.json", SPARE)
    positions = game_positions()
    assert len(positions) > 20
    for inputs, vp, c_n1, c_random in positions:
        x = np.array(inputs)
        assert np.abs(np.array(c_n1) - (np.array(vp) + value_net.forward(shipped, x))).max() < 1e-9
        assert np.abs(np.array(c_random) - (np.array(vp) + value_net.forward(model, x))).max() < 1e-9
    # the random network's hidden units are not all dead on these positions (the test would be weak)
    z = (np.array([p[0][0] for p in positions]) - model["input_mean"]) / np.array(model["input_scale"])
    assert 0.1 < (z @ np.array(model["w1"]) + model["b1"] > 0).mean() < 0.9


def test_a_network_with_a_base_adds_the_linear_value() -> None:
    """A network with a base (mcts:eval=nN of `gaia-ai train --net --base v1`) estimates the base's VP to
    gain plus its own output, in C as in numpy; with its output zeroed it is the base itself."""
    v1 = value.load("v1")
    model = random_model(7)
    model["base"] = {"version": "v1", "weights": v1["weights"]}
    value_net.install(model, "based.json", SPARE)
    positions = game_positions(game=4)
    assert len(positions) > 20
    for inputs, vp, _, c_based in positions:
        assert np.abs(np.array(c_based) - (np.array(vp) + value_net.forward(model, np.array(inputs)))).max() < 1e-9
    flat = dict(model, w3=[0.0] * len(model["w3"]), b3=0.0, y_mean=0.0)
    value_net.install(flat, "flat.json", SPARE)
    v1_slot = value.slot("v1")
    checked = [0]

    def on_position(core, raw) -> None:
        checked[0] += 1
        assert np.allclose(gaia_rules.evaluate_net(core, SPARE), gaia_rules.evaluate_learned(core, v1_slot), atol=1e-9)

    value.self_play(5, 41, "greedy", on_position)
    assert checked[0] > 20
    bad = dict(model, base={"version": "v1", "weights": v1["weights"][:5]})
    with pytest.raises(ValueError, match="bad.json.*base"):
        value_net.install(bad, "bad.json", SPARE)


def test_the_inputs_are_what_the_position_holds() -> None:
    state = demo()
    raw = state.raw_state()
    names = gaia_rules.NET_INPUTS
    assert len(names) == gaia_rules.NET_LAYERS[0] == len(set(names))
    features = gaia_rules.value_features_of(state._core)
    for p, row in enumerate(gaia_rules.net_inputs_of(state._core)):
        x = dict(zip(names, row, strict=True))
        pl, other = raw["pl"][p], raw["pl"][1 - p]
        assert [x[f"own {n}"] for n in gaia_rules.VALUE_FEATURES[:-1]] == features[p][:-1]
        assert [x[f"others' mean {n}"] for n in gaia_rules.VALUE_FEATURES[:-1]] == features[1 - p][:-1]
        assert [x[f"own research track {t}"] for t in range(6)] == pl["research"]
        assert x["own power area3"] == pl["power"][2] and x["own mines"] == pl["nbuild"][0]
        assert x["VP lead over the others' mean"] == pl["vp"] - other["vp"]
        assert [x[f"round {r}"] for r in range(1, 7)] == [float(r == raw["round"]) for r in range(1, 7)]


def test_a_network_that_does_not_fit_is_refused_by_name() -> None:
    state = demo()
    value_net.install(random_model(6), "random.json", SPARE)
    before = gaia_rules.evaluate_net(state._core, SPARE)
    good = random_model(7)
    bad = []
    for key, edit in [("w1", lambda m: m["w1"].pop()), ("w2", lambda m: m["w2"][3].append(0.0)),
                      ("b1", lambda m: m["b1"].pop()), ("w3", lambda m: m["w3"].append(1.0)),
                      ("input scale", lambda m: m["input_scale"].__setitem__(4, 0.0)),
                      ("finite", lambda m: m["b2"].__setitem__(0, float("nan"))),
                      ("layers", lambda m: m.__setitem__("layers", [58, 32, 32, 1])),
                      ("inputs", lambda m: m["inputs"].pop()), ("no b3", lambda m: m.pop("b3")),
                      ("kind", lambda m: m.__setitem__("kind", "linear"))]:
        m = copy.deepcopy(good)
        edit(m)
        bad.append((key, m))
    for key, m in bad:
        with pytest.raises(ValueError, match=f"edited.json: .*{key}"):
            value_net.install(m, "edited.json", SPARE)
        # nothing was written: the slot still holds the earlier network
        assert gaia_rules.evaluate_net(state._core, SPARE) == before
    with pytest.raises(ValueError, match="slot 4"):
        gaia_rules.evaluate_net(state._core, 4)


def test_a_network_is_loaded_by_name() -> None:
    assert "n1" in value_net.shipped_versions()
    assert value_net.shipped_versions() == value_net.MODELS.versions()
    assert value.shipped_versions() == [v for v in value.shipped_versions() if v.startswith("v")]   # v* only
    model = value_net.load("n1")
    assert model == json.loads(value_net.MODELS.path("n1").read_text())
    assert value_net.slot("n1") == value_net.slot("n1")
    with pytest.raises(ValueError, match="no value network 'n9'.*shipped: n1"):
        search_gaia(demo(), SearchConfig(simulations=5, evaluator="n9"))
    with pytest.raises(ValueError, match="named n1, n2"):
        value_net.load("v1")
    with pytest.raises(ValueError, match="evaluator"):
        SearchConfig(evaluator="n1x")


def test_training_is_reproducible_from_its_seed() -> None:
    a = value_net.train(10, seed=7, epochs=1)
    b = value_net.train(10, seed=7, epochs=1)
    c = value_net.train(10, seed=8, epochs=1)
    assert a == b
    assert a["w1"] != c["w1"]
    assert a["trained"]["held_out_positions"] > 0 and a["layers"] == list(gaia_rules.NET_LAYERS)
    value_net.install(a, "trained.json", SPARE)   # what train makes, the C core takes
    with pytest.raises(ValueError, match="at least 10 games"):
        value_net.train(9, seed=7)


def test_searches_with_the_network_play_legal_moves() -> None:
    state = demo()
    legal = set(state.legal_moves())
    for config in (SearchConfig(simulations=40, evaluator="n1", rollout_depth=0, seed=2),
                   SearchConfig(simulations=40, evaluator="n1", leaf_mix=0.5, selection="puct", prior="value",
                                seed=2)):
        result = search_gaia(state, config)
        assert result.candidates and result.candidates[0].moves[0] in legal
    # the network is what the leaves see: with rollout_depth=0 it and v1 value the root differently
    n1 = search_gaia(state, SearchConfig(simulations=40, evaluator="n1", rollout_depth=0, seed=2))
    v1 = search_gaia(state, SearchConfig(simulations=40, evaluator="v1", rollout_depth=0, seed=2))
    assert [c.value for c in n1.candidates] != [c.value for c in v1.candidates]
    bot = make_bot("mcts:sims=20,eval=n1,rollout_depth=0")
    assert bot.choose(state) in legal


def test_gaia_ai_train_net_writes_the_network(tmp_path) -> None:
    from gaia_ai.cli import main

    out = tmp_path / "net.json"
    assert main(["train", "--net", "--games", "10", "--seed", "3", "--epochs", "1", "--out", str(out)]) == 0
    assert json.loads(out.read_text()) == json.loads(json.dumps(value_net.train(10, seed=3, epochs=1)))
    assert json.loads(out.read_text())["version"] == "n1"
    assert main(["train", "--epochs", "2", "--games", "10"]) == 2      # --epochs needs --net: one line, exit 2
    assert main(["train", "--net", "--policy", "--games", "10"]) == 2


def test_more_seats_are_encoded_against_the_others_mean() -> None:
    """Trained on 2-player games, the network still values a 3-player position: the other seats' features
    enter as their mean, and the C estimate is the numpy one."""
    from gaia_ai.games.gaia.engine import GaiaState, GameSetup

    state = GaiaState.new(GameSetup.random(3, "net-3p"))
    for faction in ("terrans", "xenos", "taklons"):
        state.apply(f"faction {faction}")
    bot = make_bot("greedy")
    while state.raw_state()["phase"] != gaia_rules.PHASE_CODES.index("move"):
        state.apply(bot.choose(state))
    for _ in range(12):
        state.apply(bot.choose(state))
    model = value_net.load("n1")
    raw = state.raw_state()
    inputs = np.array(gaia_rules.net_inputs_of(state._core))
    features = np.array(gaia_rules.value_features_of(state._core))[:, :-1]
    others = [np.delete(features, p, axis=0).mean(0) for p in range(3)]
    start = len(gaia_rules.NET_INPUTS) - 6 - 1 - features.shape[1]
    assert np.allclose(inputs[:, start:start + features.shape[1]], others)
    vp = np.array([raw["pl"][p]["vp"] for p in range(3)])
    expected = vp + value_net.forward(model, inputs)
    assert np.abs(np.array(gaia_rules.evaluate_net(state._core, value_net.slot("n1"))) - expected).max() < 1e-9


def test_the_shipped_n2_is_a_refitted_v1_and_its_correction() -> None:
    """n2 (issue 41: trained on the hint search's own 2-player games, `--base refit --epochs 3`) ships with
    its base, v1's recipe refitted on those games, and the C search reads it as numpy does."""
    n2 = value_net.load("n2")
    assert n2["base"]["version"] == value_net.REFIT
    assert np.array(n2["base"]["weights"]).shape == (6, len(gaia_rules.VALUE_FEATURES))
    assert n2["base"]["weights"] != value.load("v1")["weights"]
    assert n2["trained"]["epochs"] == 3 and n2["trained"]["games_made_by"]["players"] == 2
    slot = value_net.slot("n2")
    checked = [0]

    def on_position(core, raw) -> None:
        checked[0] += 1
        vp = np.array([raw["pl"][p]["vp"] - raw["pl"][p]["bid"] for p in range(2)])
        expected = vp + value_net.forward(n2, np.array(gaia_rules.net_inputs_of(core)))
        assert np.abs(np.array(gaia_rules.evaluate_net(core, slot)) - expected).max() < 1e-9

    value.self_play(6, 41, "greedy", on_position)
    assert checked[0] > 20
