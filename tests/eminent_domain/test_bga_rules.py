"""The `bga` rule set (Board Game Arena's play, the default) against the rulebook reading: one test per
difference of docs/eminent-domain.md (D1-D4, M1, M2), BGA's extra final round, each erratum, and how the
choice is recorded (options, game logs, observations; logs older than the choice load as before)."""

from __future__ import annotations

import pytest

from gaia_ai.games.eminent_domain import EdOptions, EdState, SetupError
from gaia_ai.games.eminent_domain.game import GAME, EdSetup
from gaia_ai.games.eminent_domain.gamelog import record_of, replay_record
from gaia_ai.games.eminent_domain.observation import observation_json, state_from_observation

from .helpers import BGA, RULEBOOK, moves, planet, play, player, position

BOTH = pytest.mark.parametrize("options", [RULEBOOK, BGA], ids=["rulebook", "bga"])


def col(raw, pid: str, value: int) -> None:
    i = planet(pid)
    raw["colval"][i] = value
    raw["ncol"][i] = value
    for j in range(value):
        raw["col"][i][j] = 2          # colonize cards


# ---- the choice itself ------------------------------------------------------------------------------------

def test_bga_is_the_default_and_plays_the_errata_and_the_extra_round():
    o = EdOptions()
    assert (o.rules, o.errata, o.extra_round) == ("bga", True, True)
    r = EdOptions(rules="rulebook")
    assert (r.errata, r.extra_round) == (False, False)
    assert EdOptions(rules="bga", extra_round=False).extra_round is False     # BGA's option 103 may be off
    with pytest.raises(SetupError, match="rules=bga always plays the errata"):
        EdState.new(2, options=EdOptions(rules="bga", errata=False))
    with pytest.raises(SetupError, match="rules must be one of"):
        EdState.new(2, options=EdOptions(rules="house"))


def test_game_options_choose_the_rule_set_by_name():
    assert GAME.setup(2, 1).rules == "bga"
    rulebook = GAME.with_options({"rules": "rulebook"})
    assert (rulebook.setup(2, 1).rules, rulebook.setup(2, 1).errata) == ("rulebook", False)
    assert GAME.with_options({"rules": "rulebook", "errata": "on"}).setup(2, 1).errata is True
    assert GAME.with_options({"extra_round": "off"}).setup(2, 1).extra_round is False
    for bad, match in (({"rules": "house"}, "rules='house'"), ({"colonies": "on"}, "no option colonies"),
                       ({"errata": "maybe"}, "errata='maybe'"), ({"errata": "off"}, "always plays the errata")):
        with pytest.raises(ValueError, match=match):
            GAME.with_options(bad)


def test_logs_record_the_rule_set_and_old_logs_replay_by_the_rulebook():
    state = EdState.new(2, 3, EdOptions(rules="rulebook"))
    for _ in range(30):
        state.apply(state.legal_moves()[0])
    rec = record_of(state, "g")
    assert rec["setup"]["rules"] == "rulebook" and rec["setup"]["extra_round"] is False
    old = {**rec, "setup": {k: v for k, v in rec["setup"].items() if k not in ("rules", "extra_round")}}
    assert replay_record(old).key() == state.key()               # a log without "rules": as it was played
    assert EdSetup.from_data(old["setup"]).options() == EdOptions(rules="rulebook")
    bga = EdState.new(2, 3)
    assert record_of(bga, "g")["setup"]["rules"] == "bga"


def test_observations_record_the_rule_set_and_old_ones_read_as_the_rulebook():
    state = EdState.new(2, 5)
    data = observation_json(state, state.current_player)
    assert data["options"]["rules"] == "bga" and data["flow"]["extra_round_played"] == 0
    assert state_from_observation(data).options == EdOptions()
    old = observation_json(EdState.new(2, 5, EdOptions(rules="rulebook")), state.current_player)
    old["options"] = {k: v for k, v in old["options"].items() if k not in ("rules", "extra_round")}
    del old["flow"]["extra_round_played"]
    assert state_from_observation(old).options == EdOptions(rules="rulebook")


# ---- D1: stop tucking ---------------------------------------------------------------------------------------

@BOTH
def test_d1_colonize_may_stop_tucking_only_under_bga(options):
    s = position(2, hands={0: {"colonize": 1}}, down={0: ["A1", "A2"]}, decision="role", options=options)
    play(s, "role colonize", "boost colonize", "done")
    assert s.decision == "tuck" and ("done" in moves(s)) is options.bga
    if not options.bga:
        return
    play(s, "tuck colonize A1", "done")                        # one of the two played cards tucked
    assert s.decision == "follow" and player(s, 0)["face_down"] == {"A1": 1, "A2": 0}
    play(s, "dissent")                                            # cleanup: the played cards are discarded
    assert player(s, 0)["discard"] == {"colonize": 1}            # the one not tucked among them


def test_d1_a_colonize_follower_may_tuck_nothing_under_bga():
    s = position(2, hands={0: {"colonize": 1}, 1: {"colonize": 2}}, down={0: ["A1"], 1: ["A2"]},
                 decision="role", options=BGA)
    play(s, "role colonize", "done", "tuck colonize A1", "follow", "boost colonize", "done")
    play(s, "done")                                               # no tuck at all
    assert player(s, 1)["face_down"] == {"A2": 0} and player(s, 1)["discard"] == {"colonize": 1}


# ---- D2: the empty Colonize stack --------------------------------------------------------------------------

@BOTH
def test_d2_empty_colonize_stack_gives_no_settle_bonus_under_bga(options):
    s = position(2, hands={0: {"colonize": 1}}, down={0: ["A1"]}, stacks=[12, 12, 0, 8, 12], decision="role",
                 options=options, edit=lambda r: col(r, "A1", 3))          # A1 costs 4, holds 3 colonies
    play(s, "role colonize", "done")
    assert ("settle A1" in moves(s)) is (not options.bga)


# ---- D3: Scorched Earth Policy on a warfare-2 planet --------------------------------------------------------

@BOTH
def test_d3_scorched_earth_attacks_a_start_planet_for_nothing_under_bga(options):
    s = position(2, hands={0: {"warfare": 1}}, down={0: ["SA1"]}, fighters={0: 0}, options=options,
                 perms={0: ["M2_scorched_earth_policy"]})
    assert ("act warfare attack" in moves(s)) is options.bga
    s = position(2, hands={0: {"warfare": 1}}, down={0: ["SA1"]}, fighters={0: 1}, options=options,
                 perms={0: ["M2_scorched_earth_policy"]})
    play(s, "act warfare attack", "attack SA1")
    assert player(s, 0)["fighters"] == (1 if options.bga else 0) and "SA1" in player(s, 0)["face_up"]
    assert s.raw_state()["planet_scorched"][planet("SA1")] == 1   # it holds no resources either way


@BOTH
def test_d3_deck_planets_cost_two_less_in_both(options):
    s = position(2, hands={0: {"warfare": 1}}, down={0: ["A2"]}, fighters={0: 2}, options=options,
                 perms={0: ["M2_scorched_earth_policy"]})
    play(s, "act warfare attack", "attack A2")                   # Echo Rose: 4 - 2
    assert player(s, 0)["fighters"] == 0


# ---- D4: Diverse Markets and a traded fighter ---------------------------------------------------------------

@BOTH
def test_d4_a_traded_fighter_is_no_resource_type_for_diverse_markets_under_bga(options):
    s = position(2, hands={0: {"A2_diverse_markets": 1, "produce_trade": 1}}, fighters={0: 2}, options=options,
                 perms={0: ["A2_weapon_emporium"]})
    play(s, "act A2_diverse_markets", "role trade", "boost produce_trade", "done", "trade fighter")
    assert player(s, 0)["influence"] == (1 if options.bga else 2)


def test_d4_resources_still_count_for_diverse_markets_under_bga():
    s = position(2, hands={0: {"A2_diverse_markets": 1, "produce_trade": 1}}, up={0: ["SA1"]}, options=BGA,
                 edit=lambda r: r["planet_res"].__setitem__(planet("SA1"), 1))
    play(s, "act A2_diverse_markets", "role trade", "done", "trade SA1 silicon")
    assert player(s, 0)["influence"] == 2


# ---- M1: following Colonize with Empire symbols only ------------------------------------------------------

@BOTH
def test_m1_empire_colonize_symbols_alone_may_follow_under_bga(options):
    s = position(2, hands={0: {"colonize": 1}, 1: {"survey": 1}}, down={0: ["A1", "A2"], 1: ["SF1"]},
                 up={1: ["F1"]}, decision="role", options=options)
    play(s, "role colonize", "boost colonize", "done", "tuck colonize A1", "tuck colonize A1")
    assert moves(s) == (["follow", "dissent"] if options.bga else ["dissent"])
    if options.bga:
        play(s, "follow", "done")                                  # a follow that does nothing
        assert player(s, 1)["hand"] == {"survey": 1} and s.decision == "cleanup"


# ---- M2: Mobilization's attack before the followers --------------------------------------------------------

@BOTH
def test_m2_mobilization_attacks_before_the_followers_under_bga(options):
    s = position(2, hands={0: {"M2_mobilization": 1}}, down={0: ["SA1"]}, options=options)
    play(s, "act M2_mobilization", "role research", "done")
    if options.bga:
        assert (s.decision, s.current_player) == ("attack", 0)
        play(s, "attack SA1")
        assert (s.decision, s.current_player) == ("follow", 1)
        play(s, "dissent")
        assert s.decision == "cleanup"
    else:
        assert (s.decision, s.current_player) == ("follow", 1)
        play(s, "dissent", "attack SA1")
        assert s.decision == "cleanup"
    assert "SA1" in player(s, 0)["face_up"]


# ---- the extra final round (BGA's option 103) ------------------------------------------------------------

def finish_turn(s):
    play(s, "skip", "role research", "done")
    while s.decision == "follow":
        s.apply("dissent")
    play(s, "done")
    while s.decision == "discard":
        s.apply(s.legal_moves()[0])


@pytest.mark.parametrize("extra", [False, True])
def test_extra_round_after_the_end_is_triggered(extra):
    s = position(2, stacks=[12, 12, 12, 1, 12], leader=1, options=EdOptions(extra_round=extra))
    play(s, "skip", "role produce", "done", "dissent", "done")   # the last seat empties a stack
    assert s.snapshot()["end_triggered"] and s.is_terminal is not extra
    if extra:
        finish_turn(s)
        assert s.current_player == 1 and not s.is_terminal
        finish_turn(s)
        assert s.is_terminal


def test_logistics_turn_comes_after_the_extra_round():
    s = position(2, stacks=[12, 12, 12, 1, 12], leader=1, perms={0: ["M3_logistics"]}, options=BGA)
    play(s, "skip", "role produce", "done", "dissent", "done")
    finish_turn(s)
    finish_turn(s)                                                  # the extra round is over
    assert not s.is_terminal and s.current_player == 0 and s.raw_state()["extra_turn"] == 1
    finish_turn(s)
    assert s.is_terminal


# ---- each erratum is on under bga ------------------------------------------------------------------------

@BOTH
def test_bga_logistics_errata_gives_one_more_turn(options):
    s = position(stacks=[12, 12, 12, 1, 12], leader=1, perms={0: ["M3_logistics"]},
                 options=EdOptions(rules=options.rules, extra_round=False))
    play(s, "skip", "role produce", "done", "dissent", "done")
    assert s.is_terminal is not options.bga


@BOTH
def test_bga_abundance_errata_produces_two_per_settle(options):
    s = position(hands={0: {"colonize": 1}}, perms={0: ["F2_abundance"]}, up={0: ["F6"]}, down={0: ["F3"]},
                 options=options, edit=lambda r: col(r, "F3", 3))
    play(s, "act colonize settle", "settle F3")
    if options.bga:
        assert s.decision == "produce" and player(s, 0)["face_up"]["F3"] == []
    else:
        assert s.decision == "role" and player(s, 0)["face_up"]["F3"] == ["food", "water"]


@BOTH
def test_bga_bureaucracy_errata_adds_a_symbol_when_following(options):
    s = position(hands={1: {"warfare": 1}}, perms={1: ["F3_bureaucracy"]}, options=options, decision="role")
    play(s, "role warfare", "done", "follow", "boost warfare", "done")
    assert player(s, 1)["fighters"] == (2 if options.bga else 1)


@BOTH
def test_bga_terraforming_errata_counts_empire_colonize_symbols(options):
    s = position(hands={0: {"F2_terraforming": 1}}, down={0: ["F1"]}, up={0: ["F2"]}, options=options,
                 edit=lambda r: col(r, "F1", 1))
    play(s, "act F2_terraforming", "tuck F2_terraforming F1")      # 3 colonies + Mik-Mik's C vs cost 4
    assert ("F1" in player(s, 0)["face_up"]) is options.bga
