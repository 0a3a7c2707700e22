"""The AI parts of Terraforming Mars: the evaluation, the rollout policy and the greedy bot."""

from __future__ import annotations

import pytest
from helpers import give, set_player, started

from gaia_ai._core import tm_rules
from gaia_ai.bots import make_bot
from gaia_ai.errors import BotSpecError, GameOverError
from gaia_ai.games.terraforming_mars import TmState


def test_evaluation_is_the_score_at_the_end_and_above_it_before():
    state = TmState.new(2, 11)
    tm_rules.policy_playout(state.core, 3)
    assert state.core.is_terminal
    assert tm_rules.evaluate(state.core) == [state.core.score(p)["total"] for p in range(2)]
    fresh = TmState.new(2, 11)
    # TR 20 now, and its income over the generations expected
    assert all(v > 20 for v in tm_rules.evaluate(fresh.core))
    assert tm_rules.future_generations(fresh.core) > 3


def test_evaluation_values_production_resources_and_terraforming():
    state = started("CrediCor", "Teractor")
    base = tm_rules.evaluate(state.core)
    set_player(state, 0, prod=[3, 0, 0, 0, 0, 0])
    richer = tm_rules.evaluate(state.core)
    assert richer[0] > base[0] + 1
    set_player(state, 1, tr=25)
    assert tm_rules.evaluate(state.core)[1] > base[1] + 5


def test_fewer_generations_are_expected_as_the_parameters_rise():
    state = started("CrediCor", "Teractor")
    early = tm_rules.future_generations(state.core)
    tm_rules.debug_set_globals(state.core, 0, 10, 7)
    late = tm_rules.future_generations(state.core)
    tm_rules.debug_set_globals(state.core, 8, 14, 9)
    assert early > late > 0 and tm_rules.future_generations(state.core) == 0


def test_greedy_pays_with_steel_before_megacredits():
    state = started("CrediCor", "Teractor")
    give(state, 0, "Mine")                                     # building tag: steel helps
    set_player(state, 0, res=[30, 2, 0, 0, 0, 0])
    set_player(state, 1, res=[30, 9, 0, 0, 0, 0])              # the Miner award out of reach either way
    moves = [(str(m), v) for m, v in make_bot("greedy", "terraforming-mars").values(state)]
    mine = {m: v for m, v in moves if m.startswith("play Mine")}
    assert len(mine) > 1
    assert max(mine, key=mine.get) == "play Mine pay st=2"


def test_greedy_is_deterministic_by_seed_and_plays_whole_games():
    def game(seed: int) -> list[str]:
        state, lines = TmState.new(2, 4), []
        bots = [make_bot(f"greedy:seed={seed}", "terraforming-mars"), make_bot("random:seed=2", "terraforming-mars")]
        while not state.is_terminal:
            move = bots[state.current_player].choose(state)
            lines.append(str(move))
            state.apply(move)
        with pytest.raises(GameOverError):
            bots[0].choose(state)
        return lines

    assert game(1) == game(1)


def test_greedy_spec_errors_are_clear():
    with pytest.raises(BotSpecError, match="bad value"):
        make_bot("greedy:seed=x", "terraforming-mars")
    with pytest.raises(BotSpecError, match="unknown parameter"):
        make_bot("greedy:depth=2", "terraforming-mars")


def test_rollout_policy_builds_rather_than_passes():
    state = started("CrediCor", "Teractor")
    give(state, 0, "Mine")
    set_player(state, 0, res=[30, 0, 0, 0, 0, 0])
    picks = {state.format(tm_rules.rollout_move(state.core, s)).split()[0] for s in range(40)}
    assert "pass" not in picks and "play" in picks
    for seed in range(10):
        core = TmState.new(2 + seed % 4, seed).core
        assert tm_rules.policy_playout(core, seed) > 0 and core.is_terminal


def test_helion_lists_no_local_heat_trapping_payment_that_spends_its_heat():
    # found by the greedy bot: paying the card's 1 M€ with heat must leave the 5 heat it spends
    state = started("Helion", "Teractor")
    give(state, 0, "Local Heat Trapping")

    def plays(mc: int, heat: int) -> list[str]:
        set_player(state, 0, res=[mc, 0, 0, 0, 0, heat])
        found = [m for m in state.legal_moves() if str(m).startswith("play Local Heat Trapping")]
        for move in found:
            state.copy().apply(move)                    # every listed payment is accepted
        return [str(m) for m in found]

    assert plays(0, 5) == []
    assert plays(1, 5) == ["play Local Heat Trapping pay mc=1"]
    assert plays(0, 6) == ["play Local Heat Trapping pay he=1"]


def test_the_search_root_is_the_evaluations_candidate_set():
    from gaia_ai.games import load_game
    from gaia_ai.games.terraforming_mars.search import ROOT_CANDIDATES
    from gaia_ai.search import SearchConfig

    state = TmState.new(2, 6)                                   # the initial selection: over 100 moves
    searcher = load_game("terraforming-mars").searcher(SearchConfig(simulations=200, seed=3))
    roots = searcher.root_moves(state)
    assert len(state.legal_codes()) > ROOT_CANDIDATES and len(roots) == ROOT_CANDIDATES
    assert set(roots) <= set(state.legal_codes()) and roots == searcher.root_moves(state)
    result = searcher.search(state)
    assert {c.moves[0].code for c in result.candidates} <= set(roots)
