"""Planets (RULES.md §5-6: costs, symbols, slots, hand size) and the end of the game (§9)."""

from __future__ import annotations

import pytest

from gaia_ai.games.eminent_domain import EdOptions
from gaia_ai.games.eminent_domain.cards import cards

from .helpers import moves, planet, play, player, position

DECK_PLANETS = [p for p in cards().planets]


def test_hand_size_planet_raises_the_limit_to_six():
    s = position(up={0: ["A7"]})                       # Oknow: hand size +1
    assert player(s, 0)["hand_limit"] == 6
    s = position(hands={0: {}}, up={0: ["A7"]}, decks={0: ["survey"] * 8}, decision="role")
    play(s, "role research", "done", "dissent", "done")
    assert player(s, 0)["hand"] == {"survey": 6}


def test_face_up_planet_symbols_add_to_every_role_led_or_followed():
    s = position(up={0: ["M4"], 1: ["M5"]}, decision="role")     # Tankahshin W, Erkam-W W
    play(s, "role warfare", "done", "follow", "done")
    assert player(s, 0)["fighters"] == 2 and player(s, 1)["fighters"] == 1


def test_face_down_planets_give_nothing():
    s = position(down={0: ["M4", "A7"]})
    assert player(s, 0)["symbols"]["W"] == 0 and player(s, 0)["hand_limit"] == 5


@pytest.mark.parametrize("p", DECK_PLANETS, ids=lambda p: p.id)
def test_planet_settle_and_attack_costs(p):
    def edit(r, n):
        r["colval"][planet(p.id)] = n
    short = position(hands={0: {"colonize": 1}}, down={0: [p.id]}, fighters={0: p.warfare_cost - 1},
                     edit=lambda r: edit(r, p.colonize_cost - 1))
    assert moves(short) == ["act colonize tuck", "skip"]        # neither settle nor attack
    enough = position(hands={0: {"colonize": 1, "warfare": 1}}, down={0: [p.id]},
                      fighters={0: p.warfare_cost}, edit=lambda r: edit(r, p.colonize_cost))
    assert {"act colonize settle", "act warfare attack"} <= set(moves(enough))


@pytest.mark.parametrize("p", DECK_PLANETS, ids=lambda p: p.id)
def test_face_up_planet_symbols_slots_hand_and_influence(p):
    s = position(up={0: [p.id]})
    me = player(s, 0)
    assert {k: v for k, v in me["symbols"].items() if v} == {x: p.symbols.count(x) for x in p.symbols}
    assert me["hand_limit"] == 5 + p.hand_size_bonus
    assert s.scores()[0] == p.influence
    s = position(hands={0: {"produce_trade": 1}}, up={0: [p.id]})
    produce = [m for m in moves(play(s, "act produce_trade produce")) if m != "done"] if p.resource_slots else []
    assert produce == [f"produce {p.id} {r}" for r in p.resource_slots]


def test_start_planets_cost_two_and_score_two():
    s = position(hands={0: {"warfare": 1}}, down={0: ["SM2"]}, fighters={0: 2})
    play(s, "act warfare attack", "attack SM2")
    assert s.scores()[0] == 2 and player(s, 0)["face_up"] == {"SM2": []}


# ---- end of the game ------------------------------------------------------------------------------------

def finish_turn(s):
    """Lead research with nothing, everyone dissents, end the turn."""
    play(s, "skip", "role research", "done")
    while s.decision == "follow":
        s.apply("dissent")
    play(s, "done")
    while s.decision == "discard":
        s.apply(s.legal_moves()[0])


def test_last_black_token_ends_the_game_at_the_end_of_the_round():
    s = position(3, hands={0: {"F1_improved_trade_TP": 1}}, edit=lambda r: r.__setitem__("supply_black", 1))
    play(s, "act F1_improved_trade_TP")
    assert s.snapshot()["influence_supply"] == {"black": 0, "blue": 8}
    play(s, "role research", "done", "dissent", "dissent", "done")
    assert s.snapshot()["end_triggered"] and not s.is_terminal
    finish_turn(s)
    assert s.current_player == 2 and not s.is_terminal
    finish_turn(s)
    assert s.is_terminal and s.final_scores() == [1, 0, 0]


def test_blue_reserve_pays_after_the_black_supply_then_tokens_are_created():
    s = position(hands={0: {"F1_improved_trade_TP": 1, "M1_improved_trade_TS": 1}},
                 perms={0: ["M3_productivity"]},
                 edit=lambda r: (r.__setitem__("supply_black", 0), r.__setitem__("supply_blue", 1)))
    play(s, "act F1_improved_trade_TP", "act M1_improved_trade_TS")
    raw = s.raw_state()
    assert (raw["supply_blue"], raw["influence_created"], player(s, 0)["influence"]) == (0, 1, 2)


def test_two_players_one_empty_stack_ends_the_game():
    s = position(hands={0: {}}, stacks=[12, 12, 12, 1, 12], leader=1)
    play(s, "skip", "role produce", "done", "dissent", "done")
    assert s.snapshot()["stacks"]["produce_trade"] == 0
    assert s.is_terminal                              # the last seat's turn ends the round


def test_four_players_need_two_empty_stacks():
    s = position(4, stacks=[12, 12, 12, 1, 12], leader=3)
    play(s, "skip", "role produce", "done", "dissent", "dissent", "dissent", "done")
    assert not s.snapshot()["end_triggered"] and not s.is_terminal
    s = position(4, stacks=[12, 0, 12, 1, 12], leader=3)
    play(s, "skip", "role produce", "done", "dissent", "dissent", "dissent", "done")
    assert s.is_terminal


def test_extended_three_player_game_needs_two_empty_stacks():
    s = position(3, stacks=[12, 12, 12, 1, 12], leader=2, options=EdOptions(rules="rulebook", extended=True))
    play(s, "skip", "role produce", "done", "dissent", "dissent", "done")
    assert not s.is_terminal


def test_logistics_errata_gives_one_more_turn_at_the_end():
    for errata in (False, True):
        s = position(stacks=[12, 12, 12, 1, 12], leader=1, perms={0: ["M3_logistics"]},
                     options=EdOptions(rules="rulebook", errata=errata))
        play(s, "skip", "role produce", "done", "dissent", "done")
        assert s.is_terminal is not errata
        if errata:
            assert s.current_player == 0 and s.decision == "action"
            finish_turn(s)
            assert s.is_terminal


def test_score_counts_tokens_face_up_planets_and_owned_techs():
    s = position(hands={0: {"A2_data_network": 1}}, decks={0: ["F2_terraforming"]}, up={0: ["M9", "SA1"]},
                 down={0: ["A1"]}, perms={0: ["A3_adaptability"]},
                 edit=lambda r: r["pl"][0].__setitem__("influence", 3))
    # 3 tokens + Idroyos 5 + start planet 2 + two level-2 techs 2 + 2 + a level-3 side 5; face-down A1: 0
    assert s.scores()[0] == 3 + 5 + 2 + 2 + 2 + 5


def test_removed_tech_stops_counting():
    s = position(hands={0: {"research": 1, "A2_data_network": 1}})
    before = s.scores()[0]
    play(s, "act research", "remove A2_data_network")
    assert s.scores()[0] == before - 2


def test_tie_break_is_fighters_plus_resources():
    s = position(up={0: ["SF1"], 1: ["SF2"]}, fighters={0: 1, 1: 0},
                 edit=lambda r: (r["planet_res"].__setitem__(planet("SF2"), 1),
                                 r["pl"][1].__setitem__("fighters", 2)))
    assert s.scores() == [2, 2] and s.tiebreaks() == [1, 3]
    assert s.ranking() == [1, 0]
