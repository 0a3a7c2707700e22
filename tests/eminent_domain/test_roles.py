"""One test per role, leader and follower, with the numbers of RULES.md §3-4 (and §8 empty stacks)."""

from __future__ import annotations

import pytest

from gaia_ai.games.eminent_domain import IllegalMoveError

from .helpers import moves, planet, play, player, position, set_planet_deck


def test_survey_leader_looks_at_symbols_planets_keeps_one_face_down():
    # role card (1) + 1 boosted Survey + Voson's S = 3 symbols: the leader looks at 3 (symbols - 1 + 1)
    s = position(hands={0: {"survey": 1}}, up={0: ["M1"]}, decision="role")
    s = set_planet_deck(s, ["A1", "A2", "A3", "F1"])
    play(s, "role survey", "boost survey", "done")
    assert s.decision == "keep"
    assert sorted(moves(s)) == ["keep A1", "keep A2", "keep A3"]
    play(s, "keep A2")
    snap = s.snapshot()
    assert "A2" in snap["players"][0]["face_down"]
    assert sorted(snap["planet_discard"]) == ["A1", "A3"]
    assert snap["stacks"]["survey"] == 11          # the leader took the role card


def test_survey_follower_sees_symbols_minus_one():
    s = position(hands={1: {"survey": 3}}, decision="role")
    s = set_planet_deck(s, ["A1", "A2", "A3", "F1", "F2"])
    play(s, "role survey", "done", "keep A1")      # the leader (role card only) sees 1 planet
    assert s.current_player == 1 and s.decision == "follow"
    play(s, "follow", "boost survey", "boost survey")
    play(s, "done")
    assert sorted(moves(s)) == ["keep A2"]         # 2 symbols: 1 planet
    play(s, "keep A2")
    assert "A2" in player(s, 1)["face_down"]


def test_survey_follower_with_one_symbol_sees_nothing():
    s = position(hands={1: {"survey": 1}}, decision="role")
    play(s, "role survey", "done")
    play(s, moves(s)[0], "follow", "boost survey", "done")
    assert s.current_player == 0 and s.decision == "cleanup"
    assert player(s, 1)["face_down"] == {}
    assert player(s, 1)["discard"] == {"survey": 1}


def test_warfare_leader_collects_per_symbol_or_attacks_instead():
    s = position(hands={0: {"warfare": 1}}, down={0: ["A2"]}, fighters={0: 4}, decision="role")
    play(s, "role warfare", "boost warfare", "done")
    assert sorted(moves(s)) == ["attack A2", "collect"]  # Echo Rose: warfare cost 4
    collect = s.copy()
    play(collect, "collect")
    assert player(collect, 0)["fighters"] == 6
    play(s, "attack A2")
    me = player(s, 0)
    assert me["fighters"] == 0 and "A2" in me["face_up"]


def test_warfare_follower_collects_and_cannot_attack():
    s = position(hands={1: {"warfare": 2}}, down={1: ["A2"]}, fighters={1: 9}, decision="role")
    play(s, "role warfare", "done", "follow", "boost warfare", "boost warfare", "done")
    assert s.current_player == 0 and s.decision == "cleanup"
    assert player(s, 1)["fighters"] == 11 and "A2" in player(s, 1)["face_down"]


def test_colonize_leader_tucks_colonies_or_settles_instead():
    # Styku (F1) costs 4 to settle; 4 colonies on it: the leader may settle it instead of colonizing
    s = position(hands={0: {"colonize": 1}}, down={0: ["F1", "A1"]}, decision="role",
                 edit=lambda r: (r["colval"].__setitem__(planet("F1"), 4)))
    assert s.snapshot()["players"][0]["face_down"]["F1"] == 4
    play(s, "role colonize", "boost colonize", "done")
    assert sorted(moves(s)) == ["colonize", "settle F1"]
    tucking = s.copy()
    play(tucking, "colonize", "tuck colonize A1", "tuck colonize A1")
    assert player(tucking, 0)["face_down"]["A1"] == 2     # role card + 1 boost = 2 colonies
    play(s, "settle F1")
    assert "F1" in player(s, 0)["face_up"]


def test_colonize_follower_must_play_a_colonize_card_and_cannot_settle():
    s = position(hands={1: {"colonize": 1, "survey": 1}}, down={1: ["F1"]}, decision="role",
                 edit=lambda r: r["colval"].__setitem__(planet("F1"), 4))
    play(s, "role colonize", "done", "follow")
    assert moves(s) == ["boost colonize"]                  # no 'done' before a Colonize card
    play(s, "boost colonize", "done")
    assert moves(s) == ["tuck colonize F1"]                # no settle for a follower
    play(s, "tuck colonize F1")
    assert player(s, 1)["face_down"]["F1"] == 5


def test_colonize_follow_needs_a_colonize_card_in_hand():
    s = position(hands={1: {"survey": 2}}, decision="role")
    play(s, "role colonize", "done")
    assert moves(s) == ["dissent"]
    with pytest.raises(IllegalMoveError, match="Colonize"):
        s.apply("follow")


def test_produce_leader_fills_one_slot_per_symbol():
    s = position(hands={0: {"produce_trade": 1}}, up={0: ["F3", "A1"]}, decision="role")
    play(s, "role produce", "boost produce_trade", "done")
    assert s.decision == "produce"
    play(s, "produce A1 silicon", "produce F3 water")     # picks come in planet order
    assert s.decision == "follow"                          # 2 symbols: 2 resources
    assert player(s, 0)["face_up"] == {"F3": ["water"], "A1": ["silicon"]}


def test_produce_follower_uses_own_symbols():
    s = position(hands={1: {"produce_trade": 1}}, up={1: ["F3", "F4"]}, decision="role")
    play(s, "role produce", "done", "follow", "boost produce_trade", "done")
    # 1 card + Gerdland's P = 2 resources
    play(s, "produce F3 food", "produce F3 water")
    assert s.decision == "cleanup" and player(s, 1)["face_up"]["F3"] == ["food", "water"]


def test_trade_leader_one_influence_per_resource():
    s = position(hands={0: {"produce_trade": 2}}, up={0: ["F3"]}, decision="role",
                 edit=lambda r: r["planet_res"].__setitem__(planet("F3"), 3))
    play(s, "role trade", "boost produce_trade", "done")
    play(s, "trade F3 food", "trade F3 water")
    me = player(s, 0)
    assert me["influence"] == 2 and me["face_up"]["F3"] == []
    assert s.snapshot()["influence_supply"]["black"] == 22


def test_trade_follower():
    s = position(hands={1: {"produce_trade": 1}}, up={1: ["F3"]}, decision="role",
                 edit=lambda r: r["planet_res"].__setitem__(planet("F3"), 3))
    play(s, "role trade", "done", "follow", "boost produce_trade", "done", "trade F3 food")
    assert player(s, 1)["influence"] == 1 and s.decision == "cleanup"


def test_research_leader_buys_one_tech_within_symbols_into_hand():
    s = position(hands={0: {"research": 2}}, up={0: ["A1"]}, decision="role")
    play(s, "role research", "boost research", "boost research", "done")     # 3 cards + Lyttle's R = 4 symbols
    legal = moves(s)
    assert "buy A1_improved_survey_ST" in legal          # level 1: cost 3, one Advanced planet
    assert "buy A2_data_network" not in legal            # level 2: cost 5, two Advanced planets
    assert "buy F1_improved_survey_SC" not in legal      # needs a Fertile planet
    with pytest.raises(IllegalMoveError, match="needs 2 face-up A planet"):
        s.apply("buy A2_data_network")
    play(s, "buy A1_improved_survey_ST")
    assert player(s, 0)["hand"] == {"A1_improved_survey_ST": 1}
    assert "A1_improved_survey_ST" not in s.snapshot()["techs"]


def test_research_cost_is_checked():
    s = position(hands={0: {"research": 0}}, up={0: ["A1", "A2"]}, decision="role")
    play(s, "role research", "done")                      # 1 card + 2 planets = 3 symbols
    assert "buy A1_improved_survey_ST" in moves(s)
    with pytest.raises(IllegalMoveError, match="costs 5 Research symbols, the role gives 3"):
        s.apply("buy A2_data_network")


def test_research_follower_buys_too():
    s = position(hands={1: {"research": 3}}, up={1: ["F1"]}, decision="role")
    play(s, "role research", "done", "follow", "boost research", "boost research", "boost research", "done")
    play(s, "buy F1_improved_survey_SC")
    assert player(s, 1)["hand"] == {"F1_improved_survey_SC": 1}


def test_dissent_draws_one_card():
    s = position(decks={1: ["warfare", "survey"]}, decision="role")
    play(s, "role research", "done", "dissent")
    assert player(s, 1)["hand"] == {"warfare": 1}


def test_followers_decide_in_seat_order_from_the_leader():
    s = position(4, leader=2, decision="role")
    play(s, "role warfare", "done")
    order = []
    while s.decision == "follow":
        order.append(s.current_player)
        s.apply("dissent")
    assert order == [3, 0, 1]


def test_empty_stack_leader_gets_the_display_symbol_but_no_card():
    s = position(hands={0: {}}, stacks=[12, 0, 12, 8, 12], decision="role")
    play(s, "role warfare", "done")
    assert player(s, 0)["fighters"] == 1 and s.snapshot()["stacks"]["warfare"] == 0
    play(s, "dissent", "done")
    assert player(s, 0)["discard"] == {}                  # no role card was taken


def test_empty_colonize_stack_counts_one_toward_settling():
    # Styku costs 4; 3 colonies + the display's +1 for an empty-stack Colonize leader (BGA)
    s = position(down={0: ["F1"]}, stacks=[12, 12, 0, 8, 12], decision="role",
                 edit=lambda r: r["colval"].__setitem__(planet("F1"), 3))
    play(s, "role colonize", "done")
    assert "settle F1" in moves(s)


def test_role_card_goes_to_discard_at_cleanup_and_hand_refills_to_five():
    s = position(decks={0: ["survey"] * 6}, decision="role")
    play(s, "role warfare", "done", "collect") if False else play(s, "role warfare", "done")
    play(s, "dissent", "done")
    me = player(s, 0)
    assert me["discard"] == {"warfare": 1} and me["hand"] == {"survey": 5}
    assert s.current_player == 1 and s.decision == "action"
