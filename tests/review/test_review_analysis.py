"""The review's parts: label thresholds, mapping a played line onto search moves, and how a played
move the search did not favour (or cannot make) is still evaluated."""

from __future__ import annotations

import math
from pathlib import Path

import pytest

from gaia_ai.games.gaia import review as gaia_review
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.game import HINT_SEARCH
from gaia_ai.games.gaia.notation import ENDTURN, Command, parse_line
from gaia_ai.games.gaia.played import match_line, same_command
from gaia_ai.games.gaia.positions import from_corpus
from gaia_ai.games.gaia.review import PLAYED_SHARE, follows_best, review_game, rollout_estimate
from gaia_ai.games.gaia.review_game import ReviewGame, load_game
from gaia_ai.games.gaia.search import search_gaia, search_moves
from gaia_ai.review import labels
from gaia_ai.review.model import Estimate, ReviewError, parse_lines, resolve_players, review_config


@pytest.fixture(scope="module")
def bot001() -> ReviewGame:
    return load_game(Path(__file__).resolve().parents[1] / "data" / "corpus-sample.jsonl.gz", "bot-001")


def _position(data_dir: Path, index: int) -> GaiaState:
    return from_corpus(data_dir / "corpus-sample.jsonl.gz", "bot-001", index)


def test_labels_follow_the_documented_thresholds() -> None:
    assert labels.label(2.99, 0.099, is_best=False) == "good"
    assert labels.label(labels.INACCURACY_VP, 0.0, is_best=False) == "inaccuracy"
    assert labels.label(0.0, labels.INACCURACY_WIN, is_best=False) == "inaccuracy"
    assert labels.label(labels.MISTAKE_VP, 0.0, is_best=False) == "mistake"
    assert labels.label(1.0, labels.MISTAKE_WIN, is_best=False) == "mistake"
    assert labels.label(labels.BLUNDER_VP, 0.0, is_best=False) == "blunder"
    assert labels.label(0.0, labels.BLUNDER_WIN, is_best=False) == "blunder"
    assert labels.label(0.0, 0.0, is_best=True) == "best"
    assert labels.severity(labels.BLUNDER_VP, 0.0) == pytest.approx(1.0)
    assert labels.severity(0.0, labels.BLUNDER_WIN / 2) == pytest.approx(0.5)
    assert labels.accuracy(["best", "good", "mistake", "blunder"]) == 0.5
    assert labels.accuracy([]) is None


def test_a_line_with_sub_decisions_maps_onto_one_search_move_each(data_dir: Path) -> None:
    state = _position(data_dir, 15)   # hadsch-hallas build lab 1A2. tech free2. up gaia (0 ⇒ 1).
    played = match_line(state, parse_line("hadsch-hallas build lab 1A2. tech free2. up gaia (0 ⇒ 1)."), 0)
    assert played.matched
    assert [str(step.main) for step in played.steps] == ["build lab 1A2", "tech free2", "up gaia"]
    assert played.steps[0].state.current_player == 0 and played.steps[0].choices > 1
    # each step's position is the previous one with the previous search move applied
    after_lab = played.steps[0].state.copy()
    for command in played.steps[0].commands:
        after_lab.apply(command)
    assert after_lab.snapshot() == played.steps[1].state.snapshot()


def test_free_actions_are_left_to_the_auto_payment(data_dir: Path) -> None:
    state = _position(data_dir, 18)
    line = parse_line("hadsch-hallas spend 1pw for 1c. burn 1. spend 1pw for 1c. build m 5A1.")
    played = match_line(state, line, 0)
    assert played.matched and [str(step.main) for step in played.steps] == ["build m 5A1"]


FEDERATION_35 = "terrans spend 3pw for 1o. federation 1A11,1A3,1B0,1B1,1B5,3A11,3A9,3B4,3B5,5A6 fed5."


def test_a_federation_outside_the_candidate_set_is_offered_to_the_search(data_dir: Path) -> None:
    """bot-001 (a game of the site's own engine), line 35: the Terrans' satellites lie on other hexes
    than any candidate of ours; the line maps onto search moves once the federation is offered there."""
    state = _position(data_dir, 35)
    line = parse_line(FEDERATION_35)
    federation = line.commands[1]
    assert all(not same_command(c, federation) for _, cmds in search_moves(state) for c in cmds)
    played = match_line(state, line, 1)
    assert played.matched and played.offered == federation
    (step,) = played.steps
    assert step.main == federation
    # the search moves there (the free action is left to the auto-payment): the generator's, and the
    # played shape with each token in the supply
    listed = [cmds for _, cmds in search_moves(state)]
    offered = [cmds for _, cmds in search_moves(step.state) if cmds not in listed]
    assert step.choices == len(listed) + len(offered)
    assert {c[0].args[0] for c in offered} == {federation.args[0]} and [federation, ENDTURN] in offered
    assert len(offered) == len({c.args[1] for cmds in listed for c in cmds if c.name == "federation"})


def test_the_played_line_is_best_only_with_the_search_s_sub_choices_too(data_dir: Path) -> None:
    state = _position(data_dir, 15)
    lab = match_line(state, parse_line("hadsch-hallas build lab 1A2. tech free2. up gaia."), 0).steps[0]
    best = search_gaia(lab.state, review_config(simulations=60), root_moves=[lab.move]).best
    own = [c for c, who in zip(best.pv, best.pv_players, strict=True) if who == 0 and c.name != "endturn"]
    assert len(own) >= 2 and str(own[0]) == "build lab 1A2"   # the lab and the search's tech choice
    same = match_line(state, parse_line("hadsch-hallas " + ". ".join(map(str, own)) + "."), 0)
    assert follows_best(same.steps, best, 0)
    other_tech = next(cmds[0] for _, cmds in search_moves(same.steps[1].state) if cmds[0] != own[1])
    other = match_line(state, parse_line(f"hadsch-hallas build lab 1A2. {other_tech}"), 0)
    assert other.matched and other.steps[0].commands == lab.commands
    assert not follows_best(other.steps, best, 0)


def test_federations_compare_as_hex_sets() -> None:
    a = Command("federation", ("1A1,1A2,5A1", "fed4"))
    assert same_command(a, Command("federation", ("5A1,1A1,1A2", "fed4")))
    assert not same_command(a, Command("federation", ("5A1,1A1,1A2", "fed3")))
    assert not same_command(a, Command("federation", ("1A1,1A2", "fed4")))


def test_a_move_the_search_neglects_is_valued_in_the_same_tree(bot001: ReviewGame, data_dir: Path,
                                                                monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.setattr(gaia_review, "RUN_LENGTH", 1)   # every decision a fresh tree, as search_gaia's
    config = review_config(simulations=100, seed=2)
    review = review_game(bot001, config=config, lines=(9, 26))
    neglected = 0
    for d in review.decisions:
        state = _position(data_dir, d.index)
        played = match_line(state, parse_line(bot001.lines[d.index]), d.player)
        if not played.matched or len(played.choice_steps) != 1:
            continue
        step = played.steps[played.choice_steps[0]]
        assert d.evaluation == "search"
        # the best move's search, which keeps the played move at its share of the simulations
        again = search_gaia(step.state, config, favoured=(step.move, PLAYED_SHARE))
        candidate = next(c for c in again.candidates if c.moves == step.commands)
        assert Estimate.of(candidate) == d.played_estimate
        if d.rank != 1:
            assert candidate.visits >= PLAYED_SHARE * config.simulations - 1
            neglected += 1
    assert neglected, "no single-choice decision other than the search's own: widen the slice"


def test_a_run_s_decisions_share_one_tree(bot001: ReviewGame, monkeypatch: pytest.MonkeyPatch) -> None:
    """Within a run the search keeps its tree and tops the root up to the budget: a run's first
    decision is the fresh search's, the later ones start from the previous decision's subtree (so
    their statistics differ from a fresh search's)."""
    config = review_config(simulations=80, seed=4)
    run_length = gaia_review.RUN_LENGTH
    runs = review_game(bot001, config=config, lines=(9, 30))
    monkeypatch.setattr(gaia_review, "RUN_LENGTH", 1)
    fresh = review_game(bot001, config=config, lines=(9, 30))
    assert len(runs.decisions) == len(fresh.decisions) > run_length + 1 > 2
    for i in range(0, len(runs.decisions), run_length):
        assert runs.decisions[i].to_dict() == fresh.decisions[i].to_dict()
    later = [i for i in range(len(runs.decisions)) if i % run_length]
    assert any(runs.decisions[i].top != fresh.decisions[i].top for i in later)   # a subtree was reused


def test_a_played_federation_outside_the_candidates_is_valued_in_the_search_s_tree(
        bot001: ReviewGame, data_dir: Path) -> None:
    config = review_config(simulations=100, seed=3)
    review = review_game(bot001, players=[1], config=config, lines=(35, 36))
    (d,) = review.decisions
    assert d.evaluation == "search" and d.rank is not None and d.played_visits is not None
    # the same search, the offered federation favoured like any played move
    (step,) = match_line(_position(data_dir, 35), parse_line(FEDERATION_35), 1).steps
    result = search_gaia(step.state, config, favoured=(step.move, PLAYED_SHARE))
    rank, candidate = next((i, c) for i, c in enumerate(result.candidates, 1) if c.moves == step.commands)
    assert (d.rank, d.played_visits) == (rank, candidate.visits)
    assert d.played_visits >= PLAYED_SHARE * config.simulations - 1
    assert Estimate.of(candidate) == d.played_estimate
    assert d.choices == step.choices and d.to_dict()["played_visits"] == d.played_visits


def test_a_move_no_search_move_makes_is_valued_by_rollouts(data_dir: Path) -> None:
    """bot-007, line 135: the Itars burn 4 power for the power action, which the search's auto-payment
    (burning only what the action lacks) does not make."""
    game = load_game(data_dir / "corpus-sample.jsonl.gz", "bot-007")
    config = review_config(simulations=60, seed=1)
    review = review_game(game, config=config, lines=(135, 136))
    (d,) = review.decisions
    assert d.evaluation == "rollouts" and d.label != "best" and (d.played_visits is None) == (d.rank is None)
    position = from_corpus(data_dir / "corpus-sample.jsonl.gz", "bot-007", 135)
    after = position.copy()
    after.apply_line(game.lines[135])
    assert d.played_estimate == rollout_estimate(after, d.player, config)
    after_best = position.copy()   # the best line is valued by the same playouts
    after_best.apply_line(d.best)
    assert d.best_estimate == rollout_estimate(after_best, d.player, config)
    assert all(math.isfinite(x) for x in (d.played_estimate.expected_score, d.played_estimate.win_probability))
    assert d.vp_loss == max(0.0, d.best_estimate.expected_score - d.played_estimate.expected_score)


def test_rollout_estimate_of_a_finished_game_is_its_result(data_dir: Path) -> None:
    final = _position(data_dir, 76)
    assert final.is_terminal and final.final_scores() == [67, 57]
    config = review_config(simulations=10)
    won, lost = rollout_estimate(final, 0, config), rollout_estimate(final, 1, config)
    assert (won.expected_score, won.win_probability) == (67.0, 1.0)
    assert (lost.expected_score, lost.win_probability) == (57.0, 0.0)
    assert won.value == pytest.approx(0.5 + 0.5 * math.tanh(10 / config.margin_scale))


def test_faction_picks_and_forced_lines_are_skipped(bot001: ReviewGame) -> None:
    review = review_game(bot001, config=review_config(simulations=20), lines=(0, 12))
    reasons = {s.index: s.reason for s in review.skipped}
    assert reasons[1] == reasons[2] == "faction pick"
    assert {d.index for d in review.decisions}.isdisjoint(reasons)
    assert all(d.choices > 1 for d in review.decisions)


def test_line_ranges_and_player_names_are_checked(bot001: ReviewGame) -> None:
    assert parse_lines("3:20", 76) == (3, 20)
    assert parse_lines(":20", 76) == (0, 20) and parse_lines("70:", 76) == (70, 76)
    for bad in ("x:3", "3", "5:5", "-1:4"):
        with pytest.raises(ReviewError, match="bad line range"):
            parse_lines(bad, 76)
    seats = bot001.players()
    assert resolve_players(seats, "Terrans") == [1] and resolve_players(seats, "all") == [0, 1]
    with pytest.raises(ReviewError, match="give one of p1, p2, hadsch-hallas, terrans, all"):
        resolve_players(seats, "p3")


def test_a_time_budget_is_refused(bot001: ReviewGame) -> None:
    from gaia_ai.search import SearchConfig

    with pytest.raises(ReviewError, match="simulation budget"):
        review_game(bot001, config=SearchConfig(simulations=None, time_ms=50))


def test_without_a_config_the_review_searches_with_the_hint_search(bot001: ReviewGame) -> None:
    review = review_game(bot001, players=[1], lines=(9, 12))   # the 1000-simulation default: a short slice
    assert review.decisions
    assert review.config == review_config(search=HINT_SEARCH)
    assert (review.config.selection, review.config.prior, review.config.leaf_mix) == ("puct", "policy", 0.5)
