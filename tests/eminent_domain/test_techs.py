"""One test per technology card with the numbers of its text (cards.json, RULES.md §7)."""

from __future__ import annotations

import pytest

from gaia_ai.games.eminent_domain import EdOptions, IllegalMoveError

from .helpers import moves, planet, play, player, position, set_planet_deck

ERRATA = EdOptions(rules="rulebook", errata=True)


def res(r, pid, bits):
    r["planet_res"][planet(pid)] = bits


def col(r, pid, n):
    r["colval"][planet(pid)] = n


# ---- level 1 action techs -------------------------------------------------------------------------------

def test_improved_survey_draws_three():
    s = position(hands={0: {"A1_improved_survey_ST": 1}}, decks={0: ["warfare"] * 4})
    play(s, "act A1_improved_survey_ST")
    assert player(s, 0)["hand"] == {"warfare": 3}


def test_improved_colonize_settles_then_settles_again_or_tucks_itself():
    s = position(hands={0: {"A1_improved_colonize_CR": 1}}, down={0: ["SA1", "SF1", "SM1"]},
                 edit=lambda r: (col(r, "SA1", 2), col(r, "SF1", 2)))
    play(s, "act A1_improved_colonize_CR", "settle SA1")
    assert sorted(moves(s)) == ["done", "settle SF1", "tuck A1_improved_colonize_CR SF1",
                                "tuck A1_improved_colonize_CR SM1"]
    twice = play(s.copy(), "settle SF1")
    assert sorted(player(twice, 0)["face_up"]) == ["SA1", "SF1"]
    play(s, "tuck A1_improved_colonize_CR SM1")
    assert player(s, 0)["face_down"] == {"SF1": 2, "SM1": 1}   # C,R: one colony


def test_improved_warfare_collects_two_or_attacks():
    s = position(hands={0: {"A1_improved_warfare_WR": 1}}, down={0: ["SA1"]}, fighters={0: 2})
    assert player(play(s.copy(), "act A1_improved_warfare_WR collect"), 0)["fighters"] == 4
    play(s, "act A1_improved_warfare_WR attack", "attack SA1")
    assert "SA1" in player(s, 0)["face_up"]


def test_improved_production_produces_two():
    s = position(hands={0: {"A1_improved_production_PR": 1}}, up={0: ["F3", "SA1"]})
    play(s, "act A1_improved_production_PR", "produce SA1 silicon", "produce F3 food")
    assert s.decision == "role"
    assert player(s, 0)["face_up"] == {"SA1": ["silicon"], "F3": ["food"]}


def test_improved_trade_takes_one_influence_without_a_resource():
    s = position(hands={0: {"F1_improved_trade_TP": 1}})
    play(s, "act F1_improved_trade_TP")
    assert player(s, 0)["influence"] == 1 and s.snapshot()["influence_supply"]["black"] == 23


def test_improved_research_draws_one_then_removes_up_to_three():
    s = position(hands={0: {"F1_improved_research_RP": 1, "survey": 3}}, decks={0: ["warfare"]})
    play(s, "act F1_improved_research_RP", "remove survey", "remove survey", "remove warfare")
    me = player(s, 0)
    assert me["removed"] == {"survey": 2, "warfare": 1} and s.decision == "role"


# ---- level 2 action techs -------------------------------------------------------------------------------

def test_diverse_markets_one_more_per_different_type_traded():
    s = position(hands={0: {"A2_diverse_markets": 1, "produce_trade": 2}}, up={0: ["F3", "SF1"]},
                 edit=lambda r: (res(r, "F3", 3), res(r, "SF1", 1)))
    play(s, "act A2_diverse_markets", "role trade", "boost produce_trade", "boost produce_trade", "done")
    play(s, "trade SF1 food", "trade F3 food", "trade F3 water")
    assert player(s, 0)["influence"] == 3 + 2     # 3 traded; food and water are 2 types


def test_data_network_draws_two_then_removes_any_number_and_boosts_two_research():
    s = position(hands={0: {"A2_data_network": 1, "survey": 3}}, decks={0: ["warfare", "warfare"]})
    play(s, "act A2_data_network", "remove survey", "remove survey", "remove survey", "remove warfare")
    assert player(s, 0)["removed"] == {"survey": 3, "warfare": 1} and s.decision == "remove"
    s2 = position(hands={0: {"A2_data_network": 1}}, up={0: ["A1", "A2"]}, decision="role")
    play(s2, "role research", "boost A2_data_network", "done")   # 1 + 2 + 2 planets = 5
    assert "buy A2_specialization" in moves(s2)


def test_specialization_one_more_per_resource_of_the_named_type():
    s = position(hands={0: {"A2_specialization": 1, "produce_trade": 2}}, up={0: ["F3", "SF1"]},
                 edit=lambda r: (res(r, "F3", 3), res(r, "SF1", 1)))
    play(s, "act A2_specialization")
    assert moves(s) == ["name food", "name water", "name iron", "name silicon"]
    play(s, "name food", "role trade", "boost produce_trade", "boost produce_trade", "done")
    play(s, "trade SF1 food", "trade F3 food", "trade F3 water")
    assert player(s, 0)["influence"] == 3 + 2


def test_mobilization_collects_two_and_attacks_after_the_role_phase():
    s = position(hands={0: {"M2_mobilization": 1}}, down={0: ["A2"]}, fighters={0: 2})
    play(s, "act M2_mobilization", "role survey", "done")
    if s.decision == "keep":
        play(s, moves(s)[0])
    play(s, "dissent")
    assert s.decision == "attack" and sorted(moves(s)) == ["attack A2", "done"]  # 4 fighters, cost 4
    play(s, "attack A2")
    assert "A2" in player(s, 0)["face_up"] and s.decision == "cleanup"


def test_survey_team_takes_the_top_planet_face_down():
    s = set_planet_deck(position(hands={0: {"M2_survey_team": 1}}), ["M6", "A1"])
    play(s, "act M2_survey_team")
    assert player(s, 0)["face_down"] == {"M6": 0}


def test_war_path_attacks_up_to_two():
    s = position(hands={0: {"M2_war_path": 1}}, down={0: ["SA1", "SF1", "A2"]}, fighters={0: 5})
    play(s, "act M2_war_path", "attack SA1")
    assert sorted(moves(s)) == ["attack SF1", "done"]     # 3 fighters left: A2 (4) is too dear
    play(s, "attack SF1")
    assert s.decision == "role" and player(s, 0)["fighters"] == 1


def test_artificial_intelligence_takes_two_role_cards():
    s = position(hands={0: {"F2_artificial_intelligence": 1}})
    play(s, "act F2_artificial_intelligence", "take research", "take research")
    assert player(s, 0)["hand"] == {"research": 2} and s.snapshot()["stacks"]["research"] == 10


def test_genetic_engineering_one_influence_per_different_type_produced():
    s = position(hands={0: {"F2_genetic_engineering": 1, "produce_trade": 2}}, up={0: ["F3", "SF1"]})
    play(s, "act F2_genetic_engineering", "role produce", "boost produce_trade", "boost produce_trade", "done")
    play(s, "produce SF1 food", "produce F3 food", "produce F3 water")
    assert player(s, 0)["influence"] == 2


def test_terraforming_is_two_colonies_and_settles_at_once():
    s = position(hands={0: {"F2_terraforming": 1}}, down={0: ["SF1", "F1"]},
                 edit=lambda r: col(r, "F1", 1))
    play(s, "act F2_terraforming", "tuck F2_terraforming SF1")   # start planet: cost 2
    assert "SF1" in player(s, 0)["face_up"]
    s = position(hands={0: {"F2_terraforming": 1}}, down={0: ["F1"]}, edit=lambda r: col(r, "F1", 1))
    play(s, "act F2_terraforming", "tuck F2_terraforming F1")    # Styku: 3 < 4
    assert player(s, 0)["face_down"] == {"F1": 3}


def test_terraforming_empire_colonize_symbols_only_with_the_errata():
    for options, settled in ((None, False), (ERRATA, True)):
        s = position(hands={0: {"F2_terraforming": 1}}, down={0: ["F1"]}, up={0: ["F2"]}, options=options,
                     edit=lambda r: col(r, "F1", 1))
        play(s, "act F2_terraforming", "tuck F2_terraforming F1")  # 3 colonies + Mik-Mik's C vs cost 4
        assert ("F1" in player(s, 0)["face_up"]) is settled


# ---- permanents -----------------------------------------------------------------------------------------

def test_weapon_emporium_trades_fighters():
    s = position(hands={0: {"produce_trade": 1}}, perms={0: ["A2_weapon_emporium"]}, fighters={0: 3},
                 decision="role")
    play(s, "role trade", "boost produce_trade", "done", "trade fighter", "trade fighter")
    assert player(s, 0)["influence"] == 2 and player(s, 0)["fighters"] == 1


def test_streamlining_removes_one_card_once_per_turn():
    s = position(hands={0: {"survey": 3}}, perms={0: ["A2_streamlining"]}, decision="role")
    play(s, "role research", "done", "dissent")
    assert "remove survey" in moves(s)
    play(s, "remove survey")
    assert "remove survey" not in moves(s) and player(s, 0)["removed"] == {"survey": 1}


def test_hyperefficiency_removes_any_number():
    s = position(hands={0: {"survey": 3}}, perms={0: ["A3_hyperefficiency"]}, decision="role")
    play(s, "role research", "done", "dissent", "remove survey", "remove survey", "remove survey")
    assert player(s, 0)["removed"] == {"survey": 3}


def test_imperialism_gives_survey_trade_and_warfare_symbols():
    s = position(perms={0: ["M2_imperialism"]}, decision="role")
    assert {k: v for k, v in player(s, 0)["symbols"].items() if v} == {"S": 1, "T": 1, "W": 1}
    play(s, "role warfare", "done")
    assert player(s, 0)["fighters"] == 2


def test_scorched_earth_attacks_for_two_less_and_the_planet_holds_no_resources():
    s = position(hands={0: {"warfare": 1, "produce_trade": 1}}, down={0: ["A2"]}, fighters={0: 2},
                 perms={0: ["M2_scorched_earth_policy"]})
    play(s, "act warfare attack", "attack A2")                  # Echo Rose: 4 - 2
    assert player(s, 0)["fighters"] == 0 and "A2" in player(s, 0)["face_up"]
    play(s, "role produce", "done")                              # Echo Rose's silicon slot is blocked
    assert s.decision == "follow" and player(s, 0)["face_up"]["A2"] == []


def test_fertile_ground_symbols_and_its_colonize_symbol_lowers_settling():
    s = position(perms={0: ["F2_fertile_ground"]}, down={0: ["SF1"]}, decision="role",
                 edit=lambda r: col(r, "SF1", 1))
    assert {k: v for k, v in player(s, 0)["symbols"].items() if v} == {"C": 1, "P": 1, "R": 1}
    play(s, "role colonize", "done")
    assert "settle SF1" in moves(s)                              # 1 colony + 1 symbol = cost 2


def test_abundance_base_settled_planets_come_in_resourced():
    s = position(hands={0: {"colonize": 1}}, perms={0: ["F2_abundance"]}, down={0: ["F3"]},
                 edit=lambda r: col(r, "F3", 3))
    play(s, "act colonize settle", "settle F3")
    assert player(s, 0)["face_up"]["F3"] == ["food", "water"]


def test_abundance_errata_produces_four_when_gained_and_two_per_settle():
    s = position(hands={0: {"research": 4}}, up={0: ["F3", "F6", "SF1"]}, options=ERRATA, decision="role")
    play(s, "role research", *["boost research"] * 4, "done", "buy F2_abundance")
    assert s.decision == "produce" and s.current_player == 0
    play(s, "produce SF1 food", "produce F3 food", "produce F3 water", "produce F6 food")
    assert s.decision == "follow"
    s = position(hands={0: {"colonize": 1}}, perms={0: ["F2_abundance"]}, up={0: ["F6"]}, down={0: ["F3"]},
                 options=ERRATA, edit=lambda r: col(r, "F3", 3))
    play(s, "act colonize settle", "settle F3")
    assert s.decision == "produce"
    play(s, "produce F3 food", "produce F3 water")
    assert s.decision == "role"


def test_adaptability_research_cards_boost_any_role():
    s = position(hands={0: {"research": 2}}, perms={0: ["A3_adaptability"]}, decision="role")
    play(s, "role warfare", "boost research", "boost research", "done")
    assert player(s, 0)["fighters"] == 3


def test_logistics_role_phase_before_the_action_phase():
    s = position(hands={0: {"survey": 1, "warfare": 1}}, perms={0: ["M3_logistics"]})
    assert "role warfare" in moves(s)
    play(s, "role warfare", "done", "dissent")
    assert s.decision == "action" and "role warfare" not in moves(s)
    play(s, "act survey")
    assert s.decision == "cleanup"


def test_productivity_plays_two_actions():
    s = position(hands={0: {"F1_improved_trade_TP": 1, "M1_improved_trade_TS": 1}},
                 perms={0: ["M3_productivity"]})
    play(s, "act F1_improved_trade_TP", "act M1_improved_trade_TS")
    assert player(s, 0)["influence"] == 2 and s.decision == "role"


def test_dissension_draws_one_more_when_dissenting():
    s = position(decks={1: ["survey", "warfare", "colonize"]}, perms={1: ["F3_dissension"]}, decision="role")
    play(s, "role research", "done", "dissent")
    assert player(s, 1)["hand"] == {"survey": 1, "warfare": 1}


def test_bureaucracy_followers_use_the_leader_bonus():
    s = position(hands={1: {"warfare": 1}}, down={1: ["SA1"]}, fighters={1: 2}, perms={1: ["F3_bureaucracy"]},
                 decision="role")
    play(s, "role warfare", "done", "follow", "boost warfare", "done")
    assert sorted(moves(s)) == ["attack SA1", "collect"]
    play(s, "collect")
    assert player(s, 1)["fighters"] == 3               # base text: no extra symbol


def test_bureaucracy_errata_adds_one_symbol_when_following():
    s = position(hands={1: {"warfare": 1}}, perms={1: ["F3_bureaucracy"]}, options=ERRATA, decision="role")
    play(s, "role warfare", "done", "follow", "boost warfare", "done")
    assert player(s, 1)["fighters"] == 2


def test_double_sided_card_buyer_picks_a_side_and_the_card_leaves_the_supply():
    s = position(hands={0: {"research": 4}, 1: {"research": 4}}, up={0: ["A1", "A2"], 1: ["A4", "A5"]},
                 decision="role")
    play(s, "role research", *["boost research"] * 4, "done")
    assert {"buy A2_weapon_emporium", "buy A2_streamlining"} <= set(moves(s))
    play(s, "buy A2_streamlining")
    assert player(s, 0)["permanents"] == ["A2_streamlining"]
    play(s, "follow", *["boost research"] * 4, "done")
    assert "buy A2_weapon_emporium" not in moves(s) and "A2_DS" not in s.snapshot()["techs"]
    with pytest.raises(IllegalMoveError, match="no longer in the supply"):
        s.apply("buy A2_weapon_emporium")


def test_level_three_needs_three_planets_and_seven_symbols_and_scores_five():
    s = position(hands={0: {"research": 4}}, up={0: ["A1", "A2", "A3"]}, decision="role")
    before = s.scores()[0]
    play(s, "role research", *["boost research"] * 3, "done")    # 4 cards + 3 R planets = 7
    play(s, "buy A3_adaptability")
    assert s.scores()[0] == before + 5
    s = position(hands={0: {"research": 4}}, up={0: ["A1", "A2", "F1"]}, decision="role")
    play(s, "role research", *["boost research"] * 4, "done")
    with pytest.raises(IllegalMoveError, match="needs 3 face-up A planet"):
        s.apply("buy A3_adaptability")
