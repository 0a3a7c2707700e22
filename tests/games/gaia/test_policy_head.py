"""Issue 41's policy head: self-play saves the search's prior of every move; the head, fitted on the saved
root visits over a value network's trunk, corrects that prior; the C core computes exactly the softmax
the fit models; `gaia-ai train --policy --from-data` writes a policy a search loads by its version and
gates it like a network."""

from __future__ import annotations

import dataclasses
import json
from pathlib import Path

import numpy as np
import pytest

from gaia_ai._core import gaia_rules
from gaia_ai.bots.gate import candidate_spec
from gaia_ai.cli import main
from gaia_ai.games.api import MODELS_ENV
from gaia_ai.games.gaia import policy, policy_head, search_play, value_net
from gaia_ai.games.gaia.game import GAME
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.search import SearchConfig

SEARCH = "mcts:sims=6,selection=puct,prior=p1,eval=n2"   # the hint search's form with p1, the prior corrected, quick
SPARE = gaia_rules.POLICY_SLOT_COUNT - 1                       # the slot the shipped policies reach last


@pytest.fixture(scope="module")
def saved(tmp_path_factory: pytest.TempPathFactory) -> tuple[Path, list[search_play.SearchGame]]:
    """Ten 2-player games of SEARCH (game 9 held out), saved."""
    path = tmp_path_factory.mktemp("head") / "games.npz"
    games = [search_play.play(game, 4, SEARCH, 2, 5) for game in range(10)]
    search_play.save(str(path), games)
    return path, games


def test_self_play_keeps_the_searched_prior_of_every_move(saved) -> None:
    path, games = saved
    first = games[0].decisions[0]   # the game's first decision: the searched prior at its deal's start
    core = GAME.new_game(GAME.deal(2, "net-4-0"))._core
    prior = dict(gaia_rules.move_prior(core, "policy", 0, policy.slot("p1")))
    assert first.prior.tolist() == [prior[int(m)] for m in first.moves]
    for game, loaded in zip(games, search_play.load(str(path)), strict=True):
        assert game.prior == loaded.prior == "p1"   # which prior they are, named
        for d, e in zip(game.decisions, loaded.decisions, strict=True):
            assert np.all(d.prior > 0) and d.prior.sum() == pytest.approx(1.0)   # every search move a candidate
            assert np.array_equal(e.prior, d.prior.astype(np.float32))


def _saved_without(path: Path, folder: Path, *dropped: str) -> list[search_play.SearchGame]:
    """The archive at `path` saved again without the columns `dropped` (as an older archive was), loaded."""
    with np.load(path) as archive:
        columns = {k: archive[k] for k in archive.files if k not in dropped}
    older = folder / "older.npz"
    np.savez_compressed(older, **columns)
    return search_play.load(str(older))


def test_an_archive_saved_before_the_priors_loads_without_them(saved, tmp_path: Path) -> None:
    path, _ = saved
    games = _saved_without(path, tmp_path, "prior", "game_prior")
    assert all(np.isnan(d.prior).all() for g in games for d in g.decisions) and {g.prior for g in games} == {""}
    with pytest.raises(ValueError, match="no searched decision with its position and prior"):
        policy_head.decisions(games, value_net.load("n2"))


def test_an_archive_without_the_priors_names_is_fitted_on_its_priors(saved, tmp_path: Path) -> None:
    """Games whose prior is unnamed ("": saved before the names were) are accepted as the prior a head
    corrects, and their priors are the ones fitted."""
    path, games = saved
    loaded = _saved_without(path, tmp_path, "game_prior", "game_base")
    assert {g.prior for g in loaded} == {""}
    trunk = value_net.load("n2")
    named, bare = policy_head.decisions(games, trunk, "p1"), policy_head.decisions(loaded, trunk, "p1")
    assert bare.count == named.count and np.allclose(bare.base, named.base, atol=1e-6)


def _spare_with_head(head: np.ndarray | None) -> int:
    """The linear policy p1 in the spare slot, with `head` over n2's trunk (None: none)."""
    weights, bias, temperature = policy.check_policy(policy.load("p1"), "p1")
    gaia_rules.set_policy_weights(weights, bias, temperature, SPARE)
    if head is not None:
        gaia_rules.set_policy_head(SPARE, value_net.slot("n2"), head.tolist())
    return SPARE


def test_the_c_head_is_the_softmax_the_fit_models() -> None:
    """With a head, the C prior is softmax(log p1 + head[class] . relu(h)), h n2's last hidden layer for
    the mover (net_hidden_of, also what mlp.hidden computes from the saved inputs): what is fitted is what
    the search uses. A zero head changes nothing."""
    core = demo()._core.copy()
    moves = gaia_rules.search_moves_int(core)
    assert len(moves) >= 2 and core.round >= 1
    shipped = [p for _, p in gaia_rules.move_prior(core, "policy", 0, policy.slot("p1"))]
    assert [p for _, p in gaia_rules.move_prior(core, "policy", 0, _spare_with_head(None))] == shipped
    zero = np.zeros((gaia_rules.POLICY_CLASS_COUNT, gaia_rules.POLICY_HEAD_UNITS))
    assert [p for _, p in gaia_rules.move_prior(core, "policy", 0, _spare_with_head(zero))] == \
        pytest.approx(shipped, abs=1e-15)
    head = np.random.default_rng(5).normal(0, 0.3, zero.shape)
    got = [p for _, p in gaia_rules.move_prior(core, "policy", 0, _spare_with_head(head))]
    mover = int(core.current_player)
    hidden = np.array(gaia_rules.net_hidden_of(core, mover, value_net.slot("n2")))
    inputs = np.array(gaia_rules.net_inputs_of(core)[mover])
    assert hidden == pytest.approx(value_net.mlp.hidden(value_net.load("n2"), inputs[None])[0], abs=1e-9)
    logits = np.log(shipped) + np.array([head[gaia_rules.move_class(m)] @ hidden for m in moves])
    expected = np.exp(logits - logits.max())
    assert got == pytest.approx(list(expected / expected.sum()), abs=1e-12)
    assert got != pytest.approx(shipped, abs=1e-3)


def test_the_head_reads_nothing_outside_the_action_phase() -> None:
    """The trunk was trained on action-phase positions of rounds 1-6 only: at a setup placement the
    prior with a head is the prior without one."""
    core = GAME.new_game(GAME.deal(2, "net-4-0"))._core
    assert core.round < 1
    head = np.random.default_rng(5).normal(0, 0.3, (gaia_rules.POLICY_CLASS_COUNT, gaia_rules.POLICY_HEAD_UNITS))
    plain = gaia_rules.move_prior(core, "policy", 0, _spare_with_head(None))
    assert gaia_rules.move_prior(core, "policy", 0, _spare_with_head(head)) == plain


@pytest.mark.parametrize("rows, message", [
    ([[0.0] * gaia_rules.POLICY_HEAD_UNITS] * (gaia_rules.POLICY_CLASS_COUNT - 1), "expected 40 rows"),
    ([[0.0] * 3] * gaia_rules.POLICY_CLASS_COUNT, "policy head .*row 0: expected 32 numbers"),
    ([[float("nan")] * gaia_rules.POLICY_HEAD_UNITS] * gaia_rules.POLICY_CLASS_COUNT, "not every number is finite"),
    ("head", "expected 40 rows"),
])
def test_a_head_that_does_not_fit_is_refused(rows, message: str) -> None:
    _spare_with_head(None)
    with pytest.raises(ValueError, match=message):
        gaia_rules.set_policy_head(SPARE, value_net.slot("n2"), rows)
    with pytest.raises(ValueError, match="value network slot 9"):
        gaia_rules.set_policy_head(SPARE, 9, [[0.0] * gaia_rules.POLICY_HEAD_UNITS] * gaia_rules.POLICY_CLASS_COUNT)


def test_the_fit_predicts_the_visits_better_than_the_prior_and_keeps_its_entropy(saved) -> None:
    _, games = saved
    batch = policy_head.decisions(games, value_net.load("n2"))
    head = policy_head.fit(batch, steps=200)
    assert batch.cross_entropy(batch.logits(head)) < batch.cross_entropy(batch.base) - 0.01
    flatten = policy_head.flatten_factor(batch, head)
    assert batch.mean_entropy(batch.logits(head, flatten)) == pytest.approx(batch.mean_entropy(batch.base),
                                                                            abs=1e-3)
    assert np.array_equal(head, policy_head.fit(batch, steps=200))   # the same data, the same head


def test_train_policy_from_data_writes_a_policy_a_search_loads_and_gates(saved, tmp_path: Path,
                                                                         monkeypatch: pytest.MonkeyPatch,
                                                                         capsys: pytest.CaptureFixture[str]) -> None:
    """The README's generation step for a policy: fit p7 on saved games, gate it against the search that
    played them (prior= swapped), and the search pins it with prior=p7 from MODELS_ENV's folder."""
    path, _ = saved
    monkeypatch.setenv(MODELS_ENV, str(tmp_path))
    out = tmp_path / "policy-p7.json"
    status = main(["train", "--policy", "--from-data", str(path), "--version", "p7", "--out", str(out),
                   "--gate", SEARCH, "--gate-games", "2"])
    model = json.loads(out.read_text())
    assert status == (0 if model["trained"]["gate"]["passed"] else 3)
    assert model["head"]["trunk"] == "n2" and model["trained"]["corrects"] == "p1"
    assert model["trained"]["gate"]["candidate"] == SEARCH.replace("prior=p1", "prior=p7")
    held = model["trained"]["held_out"]
    assert held["prior"].keys() == held["head"].keys() == {"cross_entropy", "top1"}
    assert "held-out cross-entropy" in capsys.readouterr().err
    config = SearchConfig(simulations=20, selection="puct", prior="p7", evaluator="n2", seed=1)
    assert search_gaia(demo(), config).candidates
    del model["trained"]["gate"]   # the rest is the fit's alone: the same file, the same document
    assert model == json.loads(json.dumps(policy_head.train_from_data([str(path)], version="p7")))


@pytest.mark.parametrize("argv, message", [
    (["--policy", "--from-data", "x.npz", "--version", "p7", "--buffer", "20"], "--buffer is the value network's"),
    (["--net", "--from-data", "x.npz", "--trunk", "n2"], "--trunk needs --policy --from-data"),
    (["--policy", "--net", "--from-data", "x.npz"], "--from-data needs --net (a value network) or --policy"),
    (["--policy", "--from-data", "{saved}"], "name the new policy's --version"),
    (["--policy", "--from-data", "{saved}", "--version", "n7"], "a policy's version is p1, p2"),
    (["--policy", "--from-data", "{saved}", "--version", "p7", "--trunk", "v1"], "trunk is a value network"),
    (["--policy", "--from-data", "{saved}", "--version", "p7", "--trunk", "n99"], "no value network 'n99'"),
    (["--policy", "--from-data", "{saved}", "--version", "p7", "--games", "3"], "plays none: no --games"),
])
def test_bad_policy_head_options_are_refused(argv: list[str], message: str, saved,
                                             capsys: pytest.CaptureFixture[str]) -> None:
    path, _ = saved
    assert main(["train", *(a.replace("{saved}", str(path)) for a in argv)]) == 2
    assert message in capsys.readouterr().err


def test_the_gate_swaps_the_prior_for_a_policy_and_the_evaluator_for_a_network() -> None:
    assert candidate_spec(SEARCH, "p7") == SEARCH.replace("prior=p1", "prior=p7")
    assert candidate_spec(SEARCH, "n7") == SEARCH.replace("eval=n2", "eval=n7")


def test_a_head_is_fitted_only_on_games_searched_with_the_prior_it_corrects(saved, tmp_path: Path) -> None:
    """The saved priors are the logits the head corrects: games searched with another prior (the default
    p2, which already has a head) are refused by name, not fitted into a head that p1 would wear."""
    _, games = saved
    other = tmp_path / "p2-games.npz"
    search_play.save(str(other), [dataclasses.replace(g, prior="p2") for g in games])
    with pytest.raises(ValueError, match="searched with prior p2, neither p1 nor a head over p1"):
        policy_head.train_from_data([str(other)], version="p7")
    with pytest.raises(ValueError, match="policy p2 already has a head"):
        policy_head.train_from_data([str(other)], version="p7", base="p2")


def test_games_searched_with_a_head_keep_the_prior_it_corrects_for_the_next_head(tmp_path: Path) -> None:
    """The next generation: self-play with p2 (a head over p1) saves p1's prior beside p2's at every
    decision, so a new head over p1 learns from p2's games (and p1's: a replay buffer of both), never a
    head stacked on a head."""
    spec = SEARCH.replace("prior=p1", "prior=p2")
    assert search_play.base_policy("p2") == search_play.base_policy("policy") == "p1"
    assert search_play.base_policy("p1") == search_play.base_policy("uniform") == ""
    games = [search_play.play(game, 4, spec, 2, 5) for game in (8, 9)]   # game 9 held out
    first = games[0].decisions[0]
    core = GAME.new_game(GAME.deal(2, "net-4-8"))._core
    for version, saved_prior in (("p2", first.prior), ("p1", first.base)):
        prior = dict(gaia_rules.move_prior(core, "policy", 0, policy.slot(version)))
        assert saved_prior.tolist() == [prior[int(m)] for m in first.moves]
    acting = [d for g in games for d in g.decisions if d.position >= 0 and len(d.moves) >= 2]
    assert all(d.base.sum() == pytest.approx(1.0) for d in acting)
    assert any(not np.allclose(d.prior, d.base) for d in acting)   # the head moved probability there
    path = tmp_path / "p2-games.npz"
    search_play.save(str(path), games)
    loaded = search_play.load(str(path))
    assert [(g.prior, g.base) for g in loaded] == [("p2", "p1")] * 2
    for game, again in zip(games, loaded, strict=True):
        for d, e in zip(game.decisions, again.decisions, strict=True):
            assert np.array_equal(e.base, d.base.astype(np.float32))
    batch = policy_head.decisions(loaded, value_net.load("n2"), "p1")
    rows = [d for d in loaded[0].decisions + loaded[1].decisions if d.position >= 0 and len(d.moves) >= 2]
    assert np.allclose(batch.base, np.log(np.concatenate([d.base for d in rows])), atol=1e-6)
    model = policy_head.train_from_data([str(path)], version="p7", steps=50)
    assert model["trained"]["corrects"] == "p1" and model["trained"]["games"] == 2
    assert model["weights"] == policy.load("p1")["weights"]


def _assert_passed_its_gate(model: dict, parent: str, version: str) -> None:
    """A shipped generation's record: 200 games of the hint search with it against the same search with
    its parent (only `prior=` swapped), passed."""
    gate = model["trained"]["gate"]
    assert gate["passed"] and gate["games"] == 200 and gate["share"] >= 0.55
    assert gate["candidate"] == gate["opponent"].replace(f"prior={parent}", f"prior={version}")


def test_p2_is_p1_with_a_head_over_n2_gated_against_p1() -> None:
    """The first head: p1's form (its weights; its bias and temperature flattened by one factor) and a
    head over n2's trunk, gated against p1 (its record kept in the document)."""
    p1, p2 = policy.load("p1"), policy.load("p2")
    assert p2["head"]["trunk"] == "n2"
    assert p2["weights"] == p1["weights"]
    flatten = p2["trained"]["flatten"]
    assert p2["temperature"] == pytest.approx(p1["temperature"] * flatten, abs=1e-5)
    _assert_passed_its_gate(p2, "p1", "p2")


def test_the_shipped_default_policy_is_p3_fitted_on_p2s_games() -> None:
    """prior=policy is the second generation: p1 with a head fitted on p2's own self-play games (over p1's
    prior saved beside p2's), gated against p2; prior=p2 and prior=p1 still pin the earlier ones."""
    p1, p3 = policy.load("p1"), policy.load("p3")
    assert policy.VERSION == "p3" and policy.version_of("policy") == "p3"
    assert {"p1", "p2", "p3"} <= set(policy.shipped_versions())
    assert p3["head"]["trunk"] == "n2" and p3["trained"]["corrects"] == "p1" and p3["weights"] == p1["weights"]
    _assert_passed_its_gate(p3, "p2", "p3")
    config = SearchConfig(simulations=20, selection="puct", prior="p3", evaluator="n2", seed=1)
    assert search_gaia(demo(), config).candidates
