"""Issue 41's expert-iteration data path: self-play games of a search at 2-4 seats (search_play), a value
network trained on them over worker processes (train --net with a search as --player), the same weights
from the same seed whatever the workers, a time limit that keeps the finished prefix of games, the games'
root visits saved, and bad options refused with a message that names them."""

from __future__ import annotations

import json

import numpy as np
import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.cli import main
from gaia_ai.games.gaia import search_play, value_net

SEARCH = "mcts:sims=3"


def test_a_search_game_is_a_function_of_its_seed_and_index() -> None:
    a = search_play.play(2, 5, SEARCH, 3, 8)
    b = search_play.play(2, 5, SEARCH, 3, 8)
    assert a.players == 3 and a.inputs.shape == (len(a.rounds), 3, len(gaia_rules.NET_INPUTS))
    assert np.array_equal(a.inputs, b.inputs) and np.array_equal(a.final, b.final)
    assert [d.moves.tolist() for d in a.decisions] == [d.moves.tolist() for d in b.decisions]
    assert set(a.rounds.tolist()) == set(range(1, 7))
    for d in a.decisions:
        assert len(d.moves) >= 2 and abs(d.shares.sum() - 1) < 1e-9 and 0 <= d.seat < 3
    # another game index, another deal: another game
    assert not np.array_equal(search_play.play(3, 5, SEARCH, 3, 8).final, a.final)


def test_exploration_draws_the_first_decisions_by_visits() -> None:
    greedy = search_play.play(0, 1, SEARCH, 2, 0)
    explored = search_play.play(0, 1, SEARCH, 2, 40)
    # the same deal and search seed: only the drawn moves make the games differ
    assert not np.array_equal(greedy.inputs[: min(len(greedy.rounds), len(explored.rounds))],
                              explored.inputs[: min(len(greedy.rounds), len(explored.rounds))])


@pytest.mark.parametrize("spec, message", [
    ("greedy", "not a search"),
    ("mcts:ms=50", "simulation budget"),
    ("mcts:sims=3,threads=2", "one thread"),
])
def test_self_play_needs_a_single_threaded_search_with_a_simulation_budget(spec: str, message: str) -> None:
    with pytest.raises(ValueError, match=message):
        search_play.search_config(spec)


def test_the_network_from_search_games_is_the_same_whatever_the_workers(tmp_path) -> None:
    one = value_net.train(10, seed=4, player=SEARCH, players=[2, 3], explore=5, epochs=1,
                          data=str(tmp_path / "games.npz"))
    two = value_net.train(10, seed=4, player=SEARCH, players=[2, 3], explore=5, epochs=1, workers=2)
    assert one == two
    other = value_net.train(10, seed=5, player=SEARCH, players=[2, 3], explore=5, epochs=1, workers=2)
    assert one["w1"] != other["w1"]
    trained = one["trained"]
    assert trained["players"] == [2, 3] and trained["explore"] == 5 and trained["games"] == 10
    value_net.install(one, "search-trained.json", gaia_rules.NET_SLOT_COUNT - 1)   # the C core takes it
    data = np.load(tmp_path / "games.npz")
    assert set(data["players"].tolist()) == {2, 3} and len(data["inputs"]) == len(data["final"])
    assert data["inputs"].shape[1] == len(gaia_rules.NET_INPUTS)
    # positions: a seat each; decisions: each one's moves and shares, the shares summing to 1
    games = data["game"].tolist()
    assert trained["positions"] == sum(games.count(g) // int(data["players"][games.index(g)]) for g in set(games))
    starts = data["decision_start"]
    assert len(starts) == trained["decisions"] + 1 and starts[-1] == len(data["move"]) == len(data["share"])
    sums = np.add.reduceat(data["share"], starts[:-1])
    assert np.allclose(sums, 1, atol=1e-5)


def test_a_time_limit_keeps_the_games_that_finished_in_a_row() -> None:
    # a limit shorter than the first game: none finished, which says what to do
    with pytest.raises(ValueError, match="only 0 games in a row finished"):
        value_net.train(10, seed=4, player="mcts:sims=200", players=[4], workers=2, seconds=0.05, epochs=1)


@pytest.mark.parametrize("argv, message", [
    (["--net", "--players", "5"], "2 to 4 players"),
    (["--net", "--players", "2,x"], "not a list of player counts"),
    (["--players", "3"], "--players need --net"),
    (["--explore", "3", "--seconds", "5"], "--explore, --seconds need --net"),
    (["--net", "--players", "3"], "need a search as every --player"),
    (["--net", "--player", "greedy", "--data", "x.npz"], "--data keeps a search's games"),
    (["--net", "--player", SEARCH, "--explore", "-1"], "0 or more"),
    (["--net", "--player", "mcts:ms=20"], "simulation budget"),
    (["--net", "--player", SEARCH, "--workers", "0"], "must be at least 1"),
])
def test_bad_options_are_refused_with_a_clear_error(argv: list[str], message: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["train", "--games", "10", *argv])
    except SystemExit as e:      # argparse's own refusals
        status = e.code
    assert status == 2
    assert message in capsys.readouterr().err


def test_gaia_ai_train_net_with_a_search_writes_the_network(tmp_path) -> None:
    out = tmp_path / "value-n2.json"
    assert main(["train", "--net", "--player", SEARCH, "--players", "2", "--explore", "5", "--games", "10",
                 "--seed", "4", "--epochs", "1", "--version", "n2", "--workers", "2", "--out", str(out)]) == 0
    model = json.loads(out.read_text())
    assert model["version"] == "n2" and model["trained"]["player"] == SEARCH
    assert model == json.loads(json.dumps(value_net.train(10, seed=4, player=SEARCH, explore=5, epochs=1,
                                                          version="n2")))


def test_a_match_gates_a_network_from_a_folder(tmp_path, monkeypatch: pytest.MonkeyPatch,
                                               capsys: pytest.CaptureFixture[str]) -> None:
    """The gating match: a candidate network not in the package (value-n7.json in --models DIR) against
    the linear v1, seats swapped; a version in neither place is refused naming both."""
    from gaia_ai.games.api import MODELS_ENV

    monkeypatch.setenv(MODELS_ENV, str(tmp_path / "elsewhere"))   # restored after the test
    candidate = {**value_net.load("n1"), "version": "n7"}
    (tmp_path / "value-n7.json").write_text(json.dumps(candidate))
    hint = "mcts:sims=8,selection=puct,prior=policy,c_puct=0.75,fpu=0.2,mix=0.5"
    assert main(["match", f"{hint},eval=n7", f"{hint},eval=v1", "--models", str(tmp_path), "--games", "2",
                 "--workers", "2", "--json"]) == 0
    out = capsys.readouterr().out.strip().splitlines()
    summary = json.loads(out[-1])
    assert summary["games"] == 2 and sum(summary["a_record"].values()) == 2
    assert any(line.startswith("A won") for line in out)
    assert value_net.load("n7") == candidate       # this process found it in the folder too
    (tmp_path / "value-n1.json").write_text(json.dumps(candidate))
    assert value_net.MODELS.path("n1").parent.name == "data"   # a shipped version is never shadowed
    assert main(["match", f"{hint},eval=n8", "greedy", "--models", str(tmp_path), "--games", "1"]) == 2
    err = capsys.readouterr().err
    assert "no value network 'n8' (value-n8.json) in the package" in err and f"nor in {MODELS_ENV}=" in err
    assert main(["match", "greedy", "greedy", "--models", str(tmp_path / "missing"), "--games", "1"]) == 2
    assert "not a folder" in capsys.readouterr().err


def test_self_play_takes_root_noise_in_the_search_spec() -> None:
    """AlphaZero's root noise rides in the --player spec: the games change with it and stay a function
    of their seed."""
    noised = "mcts:sims=3,selection=puct,noise=0.5,alpha=0.3"
    a = search_play.play(1, 6, noised, 2, 0)
    assert np.array_equal(a.inputs, search_play.play(1, 6, noised, 2, 0).inputs)
    plain = search_play.play(1, 6, "mcts:sims=3,selection=puct", 2, 0)
    assert [d.shares.tolist() for d in a.decisions] != [d.shares.tolist() for d in plain.decisions]


GATE = "mcts:sims=6,selection=puct,prior=policy,eval=n2"   # the previous generation, the gate's opponent


def test_a_generation_is_gated_by_a_match_against_its_parent(tmp_path, monkeypatch: pytest.MonkeyPatch,
                                                             capsys: pytest.CaptureFixture[str]) -> None:
    """train --net --gate: the candidate (written to --out, found by its version) plays the parent's
    search with eval= swapped, seats rotated; the match is logged beside the model, its record kept in
    the model, and the exit status says whether it passed (3: failed). The same seed, the same model."""
    from gaia_ai.bots.gate import GATE_SHARE
    from gaia_ai.games.api import MODELS_ENV

    monkeypatch.setenv(MODELS_ENV, str(tmp_path))   # restored after the test (train sets it)
    documents = []
    for run in ("a", "b"):
        (tmp_path / run).mkdir()
        out = tmp_path / run / "value-n7.json"
        status = main(["train", "--net", "--player", SEARCH, "--games", "10", "--seed", "4", "--epochs", "1",
                       "--version", "n7", "--out", str(out), "--gate", GATE, "--gate-games", "4"])
        model = json.loads(out.read_text())
        gate = model["trained"]["gate"]
        assert status == (0 if gate["passed"] else 3)
        assert gate["passed"] == (gate["share"] >= GATE_SHARE)
        assert gate["games"] == 4 and sum(gate["record"].values()) == 4
        assert gate["share"] == (gate["record"]["won"] + gate["record"]["tied"] / 2) / 4
        assert gate["opponent"] == GATE and gate["candidate"] == GATE.replace("eval=n2", "eval=n7")
        log = (tmp_path / run / "value-n7.gate.txt").read_text().splitlines()
        assert "cores" in log[0] and log[1].startswith("# gaia-ai train --net") and "--gate" in log[1]
        games = [line for line in log if line.startswith("game ")]
        assert [line.split(":")[0] for line in games] == [f"game {n}/4" for n in range(1, 5)]
        assert all("eval=n7" in line and "eval=n2" in line for line in games)
        assert log[-1].startswith("# passed" if gate["passed"] else "# failed")
        assert "the gate: 4 games of n7" in capsys.readouterr().err
        documents.append(model)
    assert documents[0] == documents[1]


@pytest.mark.parametrize("argv, message", [
    (["--gate", GATE], "--gate needs --net (or --policy --from-data), --version"),
    (["--net", "--version", "n7", "--gate", GATE], "--gate needs --net (or --policy --from-data), --version"),
    (["--net", "--version", "n7", "--out", "{dir}/n7.json", "--gate", GATE], "name --out value-n7.json"),
    (["--net", "--version", "n2", "--out", "{dir}/value-n2.json", "--gate", GATE], "--version n2 is shipped"),
    (["--net", "--version", "n7", "--out", "{dir}/value-n7.json", "--gate", "greedy"], "the gate's opponent is a search"),
    (["--net", "--version", "n7", "--out", "{dir}/value-n7.json", "--gate", "mcts:sims=x"], "sims"),
    (["--net", "--version", "n7", "--out", "{dir}/nowhere/value-n7.json", "--gate", GATE], "no folder"),
])
def test_a_gate_is_refused_before_any_game_when_it_cannot_load_the_candidate(
        argv: list[str], message: str, tmp_path, monkeypatch: pytest.MonkeyPatch,
        capsys: pytest.CaptureFixture[str]) -> None:
    from gaia_ai.games.api import MODELS_ENV

    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    status = main(["train", "--games", "10", "--player", SEARCH,
                   *(a.replace("{dir}", str(tmp_path)) for a in argv)])
    assert status == 2
    assert message in capsys.readouterr().err
    assert not list(tmp_path.glob("*.json"))   # nothing trained, nothing written
