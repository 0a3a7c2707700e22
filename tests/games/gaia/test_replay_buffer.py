"""Issue 41's replay buffer: the search games `train --net --data` saved load back as the games they were
(search_play.load), and `train --net --from-data FILE...` trains the network on their union, or its newest
`--buffer N` games, without playing: the same files and seed give the same weights; bad files and options
that make no sense together are refused with a message that names them."""

from __future__ import annotations

import json
from pathlib import Path

import numpy as np
import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.cli import main
from gaia_ai.games.gaia import search_play, value_net

SEARCH = "mcts:sims=3"


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, Path, dict]:
    """Two runs' saved games (10 each, 2 and 3 players, seeds 4 and 5) and the first run's own network."""
    folder = tmp_path_factory.mktemp("buffer")
    first, second = folder / "gen1.npz", folder / "gen2.npz"
    model = value_net.train(10, seed=4, player=SEARCH, players=[2, 3], explore=5, epochs=1, data=str(first))
    value_net.train(10, seed=5, player=SEARCH, players=[2, 3], explore=5, epochs=1, data=str(second))
    return first, second, model


def test_saved_games_load_back_as_they_were_played(tmp_path: Path) -> None:
    games = [search_play.play(0, 7, SEARCH, 2, 5), search_play.play(1, 7, SEARCH, 3, 5)]
    path = tmp_path / "games.npz"
    search_play.save(str(path), games)
    loaded = search_play.load(str(path))
    assert len(loaded) == len(games)
    for a, b in zip(games, loaded, strict=True):
        assert (a.game, a.players) == (b.game, b.players)
        for name in ("rounds", "vp", "final"):
            assert np.array_equal(getattr(a, name), getattr(b, name)), name
        # the file keeps single precision
        assert b.inputs.shape == a.inputs.shape and np.array_equal(b.inputs, a.inputs.astype(np.float32))
        assert np.array_equal(b.features, a.features.astype(np.float32))
        assert len(a.decisions) == len(b.decisions) > 0
        for d, e in zip(a.decisions, b.decisions, strict=True):
            assert (d.seat, d.round, d.position) == (e.seat, e.round, e.position)
            assert np.array_equal(d.moves, e.moves) and np.array_equal(e.shares, d.shares.astype(np.float32))
        # a decision of rounds 1-6' action phases points at its position (a policy head's inputs); the
        # others (income, the setup's picks) at none
        placed = [d for d in a.decisions if d.position >= 0]
        assert placed and all(a.rounds[d.position] == d.round for d in placed)
        assert [d.position for d in placed] == sorted(d.position for d in placed)
    search_play.save(str(tmp_path / "again.npz"), loaded)         # and saves again to the same file
    again = search_play.load(str(tmp_path / "again.npz"))
    assert all(np.array_equal(a.inputs, b.inputs) for a, b in zip(loaded, again, strict=True))


def test_the_same_files_and_seed_give_the_same_network(saved: tuple[Path, Path, dict]) -> None:
    first, second, played = saved
    files = [str(first), str(second)]
    one = value_net.train_from_data(files, seed=0, epochs=1)
    assert one == value_net.train_from_data(files, seed=0, epochs=1)
    assert one["w1"] != value_net.train_from_data(files, seed=1, epochs=1)["w1"]
    trained = one["trained"]
    assert trained["games"] == 20 and trained["from_data"] == files and trained["players"] == [2, 3]
    assert set(trained["held_out_rmse"]) == {"network", "linear (v1's recipe, same training games)"}
    value_net.install(one, "from-data.json", gaia_rules.NET_SLOT_COUNT - 1)    # the C core takes it
    # one file alone: the positions and split its own run trained on
    alone = value_net.train_from_data([str(first)], seed=4, epochs=1)["trained"]
    assert (alone["positions"], alone["held_out_positions"]) == \
        (played["trained"]["positions"], played["trained"]["held_out_positions"])
    assert alone["decisions"] == played["trained"]["decisions"]


def test_the_buffer_keeps_the_newest_games(saved: tuple[Path, Path, dict]) -> None:
    first, second, _ = saved
    newest = value_net.train_from_data([str(first), str(second)], seed=0, epochs=1, buffer=10)
    assert newest["trained"]["games"] == 10 and newest["trained"]["games_in_files"] == 20
    only_second = value_net.train_from_data([str(second)], seed=0, epochs=1)
    assert newest["w1"] == only_second["w1"]
    assert newest["trained"]["positions"] == only_second["trained"]["positions"]
    # the order given is the age: the other way round, the newest ten are the first run's
    assert value_net.train_from_data([str(second), str(first)], seed=0, epochs=1, buffer=10)["w1"] == \
        value_net.train_from_data([str(first)], seed=0, epochs=1)["w1"]


def test_an_archive_without_value_features_trains_the_network_alone(saved: tuple[Path, Path, dict],
                                                                    tmp_path: Path) -> None:
    """Files saved before the value features were: the network's RMSE only (v1's recipe needs them)."""
    with np.load(saved[0]) as archive:
        old = {k: archive[k] for k in archive.files if k != "features"}
    np.savez_compressed(tmp_path / "old.npz", **old)
    assert search_play.load(str(tmp_path / "old.npz"))[0].features.shape[-1] == 0
    model = value_net.train_from_data([str(tmp_path / "old.npz")], seed=0, epochs=1)
    assert list(model["trained"]["held_out_rmse"]) == ["network"]
    del old["decision_position"]      # and before the decisions' positions were: none known
    np.savez_compressed(tmp_path / "older.npz", **old)
    assert {d.position for g in search_play.load(str(tmp_path / "older.npz")) for d in g.decisions} == {-1}


def test_bad_files_are_refused_naming_them(saved: tuple[Path, Path, dict], tmp_path: Path) -> None:
    with pytest.raises(ValueError, match="missing.npz: no such file"):
        search_play.load(str(tmp_path / "missing.npz"))
    (tmp_path / "model.json").write_text(json.dumps({"kind": "mlp"}))
    with pytest.raises(ValueError, match=r"model.json: not a numpy archive \(.npz\) of search_play.save"):
        search_play.load(str(tmp_path / "model.json"))
    np.savez_compressed(tmp_path / "other.npz", x=np.zeros(3))
    with pytest.raises(ValueError, match="other.npz: not a search_play.save archive \\(no game, players"):
        search_play.load(str(tmp_path / "other.npz"))
    with np.load(saved[0]) as archive:
        narrow = {k: archive[k] for k in archive.files}
    narrow["inputs"] = narrow["inputs"][:, :10]
    np.savez_compressed(tmp_path / "narrow.npz", **narrow)
    with pytest.raises(ValueError, match="narrow.npz: its inputs are .* not this build's"):
        search_play.load(str(tmp_path / "narrow.npz"))
    with np.load(saved[0]) as archive:
        astray = {k: archive[k] for k in archive.files}
    astray["decision_position"] = astray["decision_position"] + 10_000
    np.savez_compressed(tmp_path / "astray.npz", **astray)
    with pytest.raises(ValueError, match="astray.npz: game 0 has a decision at a position it does not have"):
        search_play.load(str(tmp_path / "astray.npz"))
    with pytest.raises(ValueError, match="--buffer keeps at least 10 games"):
        value_net.train_from_data([str(saved[0])], seed=0, buffer=5)
    with pytest.raises(ValueError, match="name at least one file"):
        value_net.train_from_data([], seed=0)


@pytest.mark.parametrize("argv, message", [
    (["--from-data", "x.npz"], "--from-data needs --net"),
    (["--net", "--buffer", "20"], "--buffer needs --from-data"),
    (["--net", "--from-data", "x.npz", "--games", "10"], "plays none: no --games"),
    (["--net", "--from-data", "x.npz", "--player", SEARCH, "--workers", "2"], "plays none: no --player, --workers"),
    (["--net", "--from-data", "x.npz", "--explore", "3", "--data", "y.npz"], "no --explore, --data"),
    (["--net", "--from-data", "missing.npz"], "missing.npz: no such file"),
    (["--net", "--from-data"], "expected at least one argument"),
])
def test_bad_options_are_refused_with_a_clear_error(argv: list[str], message: str,
                                                    capsys: pytest.CaptureFixture[str]) -> None:
    try:
        status = main(["train", *argv])
    except SystemExit as e:      # argparse's own refusals
        status = e.code
    assert status == 2
    assert message in capsys.readouterr().err


def test_gaia_ai_train_net_from_data_writes_the_network(saved: tuple[Path, Path, dict], tmp_path: Path) -> None:
    first, second, _ = saved
    out = tmp_path / "value-n3.json"
    assert main(["train", "--net", "--from-data", str(first), str(second), "--buffer", "15", "--seed", "2",
                 "--epochs", "1", "--version", "n3", "--out", str(out)]) == 0
    model = json.loads(out.read_text())
    assert model["version"] == "n3" and model["trained"]["buffer"] == 15
    assert model == json.loads(json.dumps(value_net.train_from_data([str(first), str(second)], seed=2, epochs=1,
                                                                    buffer=15, version="n3")))


def test_a_network_trained_on_saved_games_may_correct_v1(saved: tuple[Path, Path, dict], tmp_path: Path) -> None:
    """--base v1: the network learns v1's error on the saved games; its document carries v1's weights and
    its estimate is v1's plus its own (the C side: test_value_net)."""
    from gaia_ai.games.gaia import value

    first, second, _ = saved
    files = [str(first), str(second)]
    plain = value_net.train_from_data(files, seed=0, epochs=1)
    based = value_net.train_from_data(files, seed=0, epochs=1, base="v1")
    assert "base" not in plain
    assert based["base"] == {"version": "v1", "weights": value.load("v1")["weights"]}
    assert based["y_mean"] != plain["y_mean"]          # the targets are v1's errors, not the VP to gain
    x = np.vstack([g.inputs.reshape(-1, len(gaia_rules.NET_INPUTS)) for g in search_play.load(str(first))])
    alone = dict(based)
    del alone["base"]
    assert np.allclose(value_net.forward(based, x), value_net.forward(alone, x) + value_net.base_gain(
        based["base"]["weights"], x))
    out = tmp_path / "value-n7.json"
    assert main(["train", "--net", "--from-data", *files, "--epochs", "1", "--base", "v1", "--version", "n7",
                 "--out", str(out)]) == 0
    assert json.loads(out.read_text())["base"]["version"] == "v1"
    assert main(["train", "--net", "--from-data", *files, "--epochs", "1", "--base", "v8"]) == 2


def test_a_refitted_base_is_v1_s_recipe_on_the_training_games(saved: tuple[Path, Path, dict]) -> None:
    """--base refit: the base is value.fit (v1's recipe) on the same training games, found from the
    network inputs (which hold the v1 features and the round), and the network learns its error."""
    from gaia_ai.games.gaia import value

    first, second, _ = saved
    files = [str(first), str(second)]
    model = value_net.train_from_data(files, seed=0, epochs=1, base="refit")
    assert model["base"]["version"] == "refit"
    games = [g for path in files for g in search_play.load(path)]
    training = [s for g in games if g.game % value_net.HOLD_OUT != value_net.HOLD_OUT - 1
                for s in value_net.search_samples(g)[0]]
    expected = np.array(value.fit(training))
    assert np.abs(np.array(model["base"]["weights"]) - expected).max() < 1e-3 * (1 + np.abs(expected).max())
    with pytest.raises(ValueError, match="v8"):
        value_net.train_from_data(files, seed=0, epochs=1, base="v8")
