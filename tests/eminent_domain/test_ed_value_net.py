"""Eminent Domain's value network (issue 41, item 3; net.pxi, value_net.py): its inputs are the seat's own
view, its C forward pass (core/mlp.pxi) is numpy's of the same weights, its files are checked by name and
game, a search with it is reproducible and valued by it, and its training is reproducible from a seed."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gaia_ai._core import ed_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.games.api import MODELS_ENV
from gaia_ai.games.eminent_domain import value_net
from gaia_ai.games.eminent_domain.search import EdSearcher
from gaia_ai.games.eminent_domain.state import EdState
from gaia_ai.search.config import SearchConfig

TEST_SLOT = ed_rules.NET_SLOT_COUNT - 1     # value_net.load fills the slots from 0


def _positions(games: int = 3, players: int = 2, every: int = 15) -> list[EdState]:
    """Positions of greedy games, every `every`-th decision."""
    out = []
    for g in range(games):
        state = EdState.new(players + g % 2, 40 + g)
        bots = [make_bot(f"greedy:seed={seat + 1}", "eminent-domain") for seat in range(state.num_players)]
        k = 0
        while not state.is_terminal:
            if k % every == 0:
                out.append(state.copy())
            state.apply(bots[state.current_player].choose(state))
            k += 1
    return out


def _random_model(seed: int) -> dict:
    n, h1, h2, _ = ed_rules.NET_LAYERS
    rng = np.random.default_rng(seed)
    return {"game": value_net.GAME, "kind": "mlp", "version": "n1", "inputs": list(ed_rules.NET_INPUTS),
            "layers": list(ed_rules.NET_LAYERS),
            "input_mean": rng.normal(0, 3, n).tolist(), "input_scale": rng.uniform(0.5, 20, n).tolist(),
            "w1": rng.normal(0, 0.3, (n, h1)).tolist(), "b1": rng.normal(0, 0.1, h1).tolist(),
            "w2": rng.normal(0, 0.3, (h1, h2)).tolist(), "b2": rng.normal(0, 0.1, h2).tolist(),
            "w3": rng.normal(0, 0.3, h2).tolist(), "b3": 0.4, "y_mean": 0.5, "y_scale": 3.0}


@pytest.fixture(scope="module")
def positions() -> list[EdState]:
    return _positions()


def test_inputs_are_named_and_sized() -> None:
    assert len(ed_rules.NET_INPUTS) == ed_rules.NET_LAYERS[0] == len(set(ed_rules.NET_INPUTS))


def test_inputs_read_only_what_the_seat_sees(positions: list[EdState]) -> None:
    """The others' hands, deck orders and face-down planets resampled (determinize): the seat's own row
    stays; another seat's row, which reads its (resampled) hand and planets, does not always."""
    changed_other = 0
    for i, state in enumerate(positions):
        rows, _ = ed_rules.net_inputs_of(state._core)
        for seat in range(state.num_players):
            for draw in range(3):
                seen_rows, _ = ed_rules.net_inputs_of(state.determinize(seat, 1000 * i + draw)._core)
                # (to rounding: a resample moves the planets, so sums over them run in another order)
                assert np.allclose(seen_rows[seat], rows[seat], rtol=0, atol=1e-9)
                changed_other += any(not np.allclose(seen_rows[q], rows[q], rtol=0, atol=1e-9)
                                     for q in range(state.num_players) if q != seat)
    assert changed_other > 0


def test_the_estimate_it_corrects_is_the_heuristics(positions: list[EdState]) -> None:
    for state in positions:
        rows, heuristic = ed_rules.net_inputs_of(state._core)
        assert heuristic == ed_rules.evaluate(state._core)
        assert [row[ed_rules.NET_INPUTS.index("own heuristic estimate")] for row in rows] == heuristic
        assert [row[0] for row in rows] == state.scores()


def test_c_forward_is_numpys(positions: list[EdState]) -> None:
    model = _random_model(3)
    value_net.install(model, "random", TEST_SLOT)
    for state in positions:
        rows, heuristic = ed_rules.net_inputs_of(state._core)
        expected = np.array(heuristic) + value_net.mlp.forward(model, np.array(rows))
        assert np.abs(np.array(ed_rules.evaluate_net(state._core, TEST_SLOT)) - expected).max() < 1e-9
    # at the end: the heuristic's numbers (then the final scores' own)
    end = _positions(1, every=10_000)[0]
    bots = [make_bot("greedy", "eminent-domain")] * 2
    while not end.is_terminal:
        end.apply(bots[end.current_player].choose(end))
    assert ed_rules.evaluate_net(end._core, TEST_SLOT) == ed_rules.evaluate(end._core)
    with pytest.raises(ValueError, match="no network inputs once the game is over"):
        ed_rules.net_inputs_of(end._core)


def test_a_weight_that_does_not_fit_is_refused_and_the_slot_kept(positions: list[EdState]) -> None:
    value_net.install(_random_model(5), "first", TEST_SLOT)
    state = positions[0]
    before = ed_rules.evaluate_net(state._core, TEST_SLOT)
    bad = _random_model(6)
    bad["w2"] = bad["w2"][:-1]
    with pytest.raises(ValueError, match="bad.json: value network w2: expected 64 rows of 32 numbers"):
        value_net.install(bad, "bad.json", TEST_SLOT)
    bad = _random_model(6)
    bad["input_scale"][3] = 0.0
    with pytest.raises(ValueError, match="input scale: every number must be > 0"):
        value_net.install(bad, "bad.json", TEST_SLOT)
    bad = _random_model(6)
    bad["b1"][0] = float("nan")
    with pytest.raises(ValueError, match="b1: not every number is finite"):
        value_net.install(bad, "bad.json", TEST_SLOT)
    assert ed_rules.evaluate_net(state._core, TEST_SLOT) == before
    with pytest.raises(ValueError, match="value network slot 4: 0 to 3"):
        ed_rules.evaluate_net(state._core, 4)


def test_bad_documents_are_refused_by_name(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    model = _random_model(7)
    with pytest.raises(ValueError, match="not of 'eminent-domain'"):
        value_net.check_model({**model, "game": "terraforming-mars"}, "x.json")
    with pytest.raises(ValueError, match="x.json: its inputs are not this build's"):
        value_net.check_model({**model, "inputs": model["inputs"][:-1]}, "x.json")
    from importlib import resources

    tm_n1 = resources.files("gaia_ai.games.terraforming_mars") / "data" / "tm-value-n1.json"
    (tmp_path / "ed-value-n97.json").write_text(tm_n1.read_text())
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    with pytest.raises(ValueError, match="ed-value-n97.json: a value network of 'terraforming-mars'"):
        value_net.load("n97")
    with pytest.raises(ValueError, match=r"no Eminent Domain value network 'n98' \(ed-value-n98.json\)"):
        EdSearcher(SearchConfig(simulations=10, evaluator="n98"))


def test_eval_nn_searches_reproducibly_and_by_the_network(tmp_path, monkeypatch: pytest.MonkeyPatch,
                                                           positions: list[EdState]) -> None:
    (tmp_path / "ed-value-n96.json").write_text(json.dumps(_random_model(8)))
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    state = positions[4]
    config = SearchConfig(simulations=150, rollout_depth=0, evaluator="n96", seed=5)
    first = EdSearcher(config).search(state)
    again = EdSearcher(config).search(state)
    assert [(str(c.move), c.visits, c.value) for c in first.candidates] == \
        [(str(c.move), c.visits, c.value) for c in again.candidates]
    heuristic = EdSearcher(SearchConfig(simulations=150, rollout_depth=0, seed=5)).search(state)
    # the leaf value is the network's: the same search with the heuristic values its moves otherwise
    assert [c.value for c in first.candidates] != [c.value for c in heuristic.candidates]


def test_training_is_reproducible_from_its_seed() -> None:
    first = value_net.train(10, 3)
    again = value_net.train(10, 3)
    assert json.dumps(first) == json.dumps(again)
    trained = first["trained"]
    assert trained["held_out_positions"] > 0 and trained["positions"] > trained["held_out_positions"]
    assert set(trained["held_out"]) == {"heuristic", "network"}
    assert value_net.train(10, 4)["w1"] != first["w1"]
    value_net.check_model(first, "trained")
    with pytest.raises(ValueError, match="2 to 4 players"):
        value_net.train(10, 3, players=5)


@pytest.mark.parametrize("extra, message", [
    (["--player", "greedy", "--player", "random"], "one --player plays every seat"),
    (["--players", "2,3"], "one player count, got [2, 3]"),
    (["--detour", "5"], "no --detour"),
])
def test_train_refuses_what_its_self_play_cannot_do(extra: list[str], message: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    from gaia_ai.cli import main

    assert main(["train", "--game", "eminent-domain", "--net", "--games", "10", *extra]) == 2
    assert message in capsys.readouterr().err
