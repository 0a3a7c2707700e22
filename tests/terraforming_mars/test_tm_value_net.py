"""TM's value network (issue 41; net.pxi, value_net.py): its inputs are the seat's own view, its C forward
pass is numpy's of the same weights, its files are checked by name and game, a search with it is
reproducible, its training is reproducible from a seed, and the heuristic it corrects did not change when
evaluate.pxi was split into parts for it."""

from __future__ import annotations

import hashlib
import json
import random

import numpy as np
import pytest

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars import TmState, value_net
from gaia_ai.games.terraforming_mars.bots import GreedyBot
from gaia_ai.games.terraforming_mars.search import TmSearcher
from gaia_ai.search.config import SearchConfig

TEST_SLOT = tm_rules.NET_SLOT_COUNT - 1     # value_net.load fills the slots from 0


def _positions(games: int = 2, players: int = 2, every: int = 25) -> list[TmState]:
    """Positions of greedy games where the network applies, every `every`-th decision."""
    out = []
    for g in range(games):
        state = TmState.new(players, 40 + g)
        bots = [GreedyBot(seat + 1) for seat in range(players)]
        k = 0
        while not state.is_terminal:
            if tm_rules.net_applies_at(state.core) and k % every == 0:
                out.append(state.copy())
            state.apply(bots[state.current_player].choose(state))
            k += 1
    return out


def _random_model(seed: int) -> dict:
    n, h1, h2, _ = tm_rules.NET_LAYERS
    rng = np.random.default_rng(seed)
    return {"game": value_net.GAME, "kind": "mlp", "version": "n1", "inputs": list(tm_rules.NET_INPUTS),
            "layers": list(tm_rules.NET_LAYERS),
            "input_mean": rng.normal(0, 3, n).tolist(), "input_scale": rng.uniform(0.5, 20, n).tolist(),
            "w1": rng.normal(0, 0.3, (n, h1)).tolist(), "b1": rng.normal(0, 0.1, h1).tolist(),
            "w2": rng.normal(0, 0.3, (h1, h2)).tolist(), "b2": rng.normal(0, 0.1, h2).tolist(),
            "w3": rng.normal(0, 0.3, h2).tolist(), "b3": 0.4, "y_mean": 1.5, "y_scale": 6.0}


@pytest.fixture(scope="module")
def positions() -> list[TmState]:
    return _positions()


def test_inputs_are_named_and_sized() -> None:
    assert len(tm_rules.NET_INPUTS) == tm_rules.NET_LAYERS[0] == len(set(tm_rules.NET_INPUTS))


def test_inputs_read_only_what_the_seat_sees(positions: list[TmState]) -> None:
    """Other hands, the draw pile and the discard pile resampled (determinize): the seat's inputs stay;
    the other seat's own row, which reads its (resampled) hand, does not always."""
    changed_other = 0
    for i, state in enumerate(positions):
        for seat in range(state.num_players):
            seen = state.determinize(seat, 1000 + i)
            other = 1 - seat
            assert seen.core.hand(other) != state.core.hand(other) or not state.core.hand(other)
            rows, _ = tm_rules.net_inputs_of(state.core)
            seen_rows, _ = tm_rules.net_inputs_of(seen.core)
            assert seen_rows[seat] == rows[seat]
            changed_other += seen_rows[other] != rows[other]
    assert changed_other > 0


def test_heuristic_parts_sum_to_the_estimate(positions: list[TmState]) -> None:
    for state in positions:
        _, heuristic = tm_rules.net_inputs_of(state.core)
        assert heuristic == tm_rules.evaluate(state.core)


def test_evaluate_is_what_it_was_before_the_split() -> None:
    """evaluate.pxi's ev_player, split into ev_board + ev_hand + ev_milestones_awards for the network,
    gives the numbers it gave before (pinned: the sha256 of their reprs at 13,941 positions of rollout-
    policy games, computed with the unsplit ev_player of commit 606ed58)."""
    values = []
    for seed in range(12):
        for players in (2, 3, 4):
            state = TmState.new(players, seed, colonies=(seed % 3 == 2))
            rng = random.Random(seed)
            n = 0
            while not state.is_terminal and n < 2500:
                values.append(tuple(tm_rules.evaluate(state.core)))
                state.core.apply(tm_rules.rollout_move(state.core, rng.randrange(2**63)))
                n += 1
    assert len(values) == 13941
    digest = hashlib.sha256(repr(values).encode()).hexdigest()
    assert digest == "449ca4b18ebba02e37f2aeea61e115dea005e712b63b2476cad3262c8c8404b9"


def test_c_forward_is_numpys(positions: list[TmState]) -> None:
    model = _random_model(3)
    value_net.install(model, "random", TEST_SLOT)
    for state in positions:
        rows, heuristic = tm_rules.net_inputs_of(state.core)
        expected = np.array(heuristic) + value_net.forward(model, np.array(rows))
        assert np.abs(np.array(tm_rules.evaluate_net(state.core, TEST_SLOT)) - expected).max() < 1e-9
    # where it does not apply (the initial selection): the heuristic's numbers
    setup = TmState.new(2, 1)
    assert not tm_rules.net_applies_at(setup.core)
    assert tm_rules.evaluate_net(setup.core, TEST_SLOT) == tm_rules.evaluate(setup.core)


def test_weights_round_trip_through_json(positions: list[TmState]) -> None:
    model = json.loads(json.dumps(_random_model(4)))
    value_net.install(model, "round trip", TEST_SLOT)
    state = positions[len(positions) // 2]
    rows, heuristic = tm_rules.net_inputs_of(state.core)
    assert np.allclose(tm_rules.evaluate_net(state.core, TEST_SLOT),
                       np.array(heuristic) + value_net.forward(model, np.array(rows)), atol=1e-9)


def test_a_weight_that_does_not_fit_is_refused_and_the_slot_kept(positions: list[TmState]) -> None:
    value_net.install(_random_model(5), "first", TEST_SLOT)
    state = positions[0]
    before = tm_rules.evaluate_net(state.core, TEST_SLOT)
    bad = _random_model(6)
    bad["w2"] = bad["w2"][:-1]
    with pytest.raises(ValueError, match="bad.json: value network w2: expected 64 rows of 32 numbers"):
        value_net.install(bad, "bad.json", TEST_SLOT)
    assert tm_rules.evaluate_net(state.core, TEST_SLOT) == before


def test_bad_documents_are_refused_by_name() -> None:
    model = _random_model(7)
    gaia = {k: v for k, v in model.items() if k != "game"}
    with pytest.raises(ValueError, match="value-n1.json: a value network of 'another game'"):
        value_net.check_model(gaia, "value-n1.json")
    with pytest.raises(ValueError, match="not of 'terraforming-mars'"):
        value_net.check_model({**model, "game": "gaia-project"}, "x.json")
    with pytest.raises(ValueError, match="x.json: its inputs are not this build's"):
        value_net.check_model({**model, "inputs": model["inputs"][:-1]}, "x.json")
    with pytest.raises(ValueError, match="x.json: no w3"):
        value_net.check_model({k: v for k, v in model.items() if k != "w3"}, "x.json")
    with pytest.raises(ValueError, match="x.json: not a value network"):
        value_net.check_model([1, 2], "x.json")


def test_a_gaia_file_in_the_models_folder_is_refused(tmp_path, monkeypatch: pytest.MonkeyPatch) -> None:
    """Gaia's value network under TM's file name, in the GAIA_AI_MODELS folder: a clear error, not
    weights read as TM's."""
    from importlib import resources

    gaia_n1 = resources.files("gaia_ai.games.gaia") / "data" / "value-n1.json"
    (tmp_path / "tm-value-n97.json").write_text(gaia_n1.read_text())
    monkeypatch.setenv("GAIA_AI_MODELS", str(tmp_path))
    with pytest.raises(ValueError, match="tm-value-n97.json: a value network of 'another game'"):
        value_net.load("n97")
    with pytest.raises(ValueError, match=r"no Terraforming Mars value network 'n98' \(tm-value-n98.json\)"):
        value_net.load("n98")
    with pytest.raises(ValueError, match="named n1, n2"):
        value_net.load("v1")


def test_a_search_names_a_missing_network_at_once() -> None:
    with pytest.raises(ValueError, match="no Terraforming Mars value network 'n99'"):
        TmSearcher(SearchConfig(simulations=10, evaluator="n99"))


def test_eval_n1_searches_reproducibly(positions: list[TmState]) -> None:
    state = positions[3]
    config = SearchConfig(simulations=120, rollout_depth=8, evaluator="n1", seed=5)
    first = TmSearcher(config).search(state)
    again = TmSearcher(config).search(state)
    assert [(str(c.move), c.visits, c.value) for c in first.candidates] == \
        [(str(c.move), c.visits, c.value) for c in again.candidates]
    heuristic = TmSearcher(SearchConfig(simulations=120, rollout_depth=8, seed=5)).search(state)
    # the leaf value is the network's: the same search with the heuristic values its moves otherwise
    assert [c.value for c in first.candidates] != [c.value for c in heuristic.candidates]


def test_training_is_reproducible_from_its_seed() -> None:
    first = value_net.train(10, 3, epochs=1)
    again = value_net.train(10, 3, epochs=1)
    assert json.dumps(first) == json.dumps(again)
    assert first["trained"]["held_out_positions"] > 0
    other = value_net.train(10, 4, epochs=1)
    assert other["w1"] != first["w1"]
    value_net.check_model(first, "trained")


def test_targets_margin_is_the_error_less_the_tables_mean() -> None:
    heuristic = np.array([[100.0, 90.0], [110.0, 80.0]])
    final = np.array([120.0, 95.0])
    assert value_net.targets(heuristic, final, "final").tolist() == [[20.0, 5.0], [10.0, 15.0]]
    assert value_net.targets(heuristic, final, "margin").tolist() == [[7.5, -7.5], [-2.5, 2.5]]
    fig = value_net.figures(heuristic, np.repeat(final[None, :], 2, 0))
    assert fig["leader_wins"] == 1.0 and fig["bias"] == -12.5


def test_greedy_values_by_the_network(positions: list[TmState]) -> None:
    """greedy:eval=nN values each move by the network: the C values are the network's margins after
    the move, reproducible, and a missing network is a bot spec error."""
    from gaia_ai.bots.base import make_bot
    from gaia_ai.errors import BotSpecError

    state = positions[2]
    slot = value_net.slot("n1")
    moves, by_net = tm_rules.greedy_values(state.core, slot)
    same, heuristic = tm_rules.greedy_values(state.core)
    assert moves == same and by_net != heuristic
    assert tm_rules.greedy_values(state.core, slot) == (moves, by_net)
    bot = make_bot("greedy:eval=n1", "terraforming-mars")
    assert bot.name == "greedy:eval=n1"
    assert str(bot.choose(state)) == str(make_bot("greedy:eval=n1", "terraforming-mars").choose(state))
    with pytest.raises(BotSpecError, match="no Terraforming Mars value network 'n99'"):
        make_bot("greedy:eval=n99", "terraforming-mars")


def test_a_tm_generation_is_gated_by_a_match_against_its_parent(tmp_path, monkeypatch: pytest.MonkeyPatch,
                                                                capsys: pytest.CaptureFixture[str]) -> None:
    """train --game terraforming-mars --net --gate: the candidate tm-value-n7.json (found by its version
    in --out's folder) plays the parent's search with eval= swapped; a misnamed --out is refused first."""
    from gaia_ai.cli import main
    from gaia_ai.games.api import MODELS_ENV

    monkeypatch.setenv(MODELS_ENV, str(tmp_path))   # restored after the test (train sets it)
    parent = "mcts:sims=20,rollout_depth=20,eval=n1"
    argv = ["train", "--game", "terraforming-mars", "--net", "--games", "10", "--seed", "3", "--version", "n7",
            "--gate", parent, "--gate-games", "2"]
    assert main([*argv, "--out", str(tmp_path / "value-n7.json")]) == 2
    assert "name --out tm-value-n7.json" in capsys.readouterr().err
    out = tmp_path / "tm-value-n7.json"
    status = main([*argv, "--out", str(out)])
    gate = json.loads(out.read_text())["trained"]["gate"]
    assert status == (0 if gate["passed"] else 3)
    assert gate["games"] == 2 and gate["candidate"] == "mcts:sims=20,rollout_depth=20,eval=n7"
    log = (tmp_path / "tm-value-n7.gate.txt").read_text()
    assert log.count("\ngame ") == 2 and "eval=n7" in log and "eval=n1" in log
