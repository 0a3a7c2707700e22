"""The Action text of each role card (RULES.md §4) and the action phase (§3.1)."""

from __future__ import annotations

import pytest

from gaia_ai.games.eminent_domain import IllegalMoveError

from .helpers import moves, planet, play, player, position


def test_action_is_optional_and_goes_to_the_role_phase():
    s = position(hands={0: {"survey": 1}})
    play(s, "skip")
    assert s.decision == "role" and player(s, 0)["hand"] == {"survey": 1}


def test_survey_action_draws_two():
    s = position(hands={0: {"survey": 1}}, decks={0: ["warfare", "research", "colonize"]})
    play(s, "act survey")
    assert player(s, 0)["hand"] == {"warfare": 1, "research": 1}
    assert s.decision == "role"


def test_warfare_action_collects_one_fighter_or_attacks():
    s = position(hands={0: {"warfare": 1}}, down={0: ["SA1"]}, fighters={0: 2})
    assert sorted(moves(s))[:2] == ["act warfare attack", "act warfare collect"]
    collect = play(s.copy(), "act warfare collect")
    assert player(collect, 0)["fighters"] == 3
    play(s, "act warfare attack", "attack SA1")         # start planets cost 2 fighters
    assert player(s, 0)["fighters"] == 0 and "SA1" in player(s, 0)["face_up"]


def test_attack_needs_the_fighters():
    s = position(hands={0: {"warfare": 1}}, down={0: ["SA1"]}, fighters={0: 1})
    with pytest.raises(IllegalMoveError):
        s.apply("act warfare attack")
    assert moves(s) == ["act warfare collect", "skip"]


def test_colonize_action_tucks_itself_as_one_colony_or_settles():
    s = position(hands={0: {"colonize": 2}}, down={0: ["SF1"]},
                 edit=lambda r: r["colval"].__setitem__(planet("SF1"), 2))
    tuck = play(s.copy(), "act colonize tuck", "tuck colonize SF1")
    assert player(tuck, 0)["face_down"]["SF1"] == 3 and player(tuck, 0)["hand"] == {"colonize": 1}
    play(s, "act colonize settle", "settle SF1")
    me = player(s, 0)
    assert "SF1" in me["face_up"]


def test_settled_colonies_go_to_the_discard_pile():
    def edit(r):
        r["colval"][planet("SF1")] = 2
        r["ncol"][planet("SF1")] = 2
        r["col"][planet("SF1")][:2] = [2, 2]     # two Colonize cards under the planet
    s = position(hands={0: {"colonize": 1}}, down={0: ["SF1"]}, edit=edit)
    play(s, "act colonize settle", "settle SF1", "role warfare", "done", "dissent")
    assert player(s, 0)["discard"] == {"colonize": 3, "warfare": 1}


def test_produce_trade_action_produces_or_trades_one():
    s = position(hands={0: {"produce_trade": 1}}, up={0: ["SF2"]})
    assert moves(s) == ["act produce_trade produce", "skip"]    # nothing to trade yet
    play(s, "act produce_trade produce", "produce SF2 water")
    assert player(s, 0)["face_up"]["SF2"] == ["water"]
    s2 = position(hands={0: {"produce_trade": 1}}, up={0: ["SF2"]},
                  edit=lambda r: r["planet_res"].__setitem__(planet("SF2"), 1))
    play(s2, "act produce_trade trade", "trade SF2 water")
    assert player(s2, 0)["influence"] == 1


def test_research_action_removes_up_to_two_cards_from_the_game():
    s = position(hands={0: {"research": 1, "survey": 3}})
    play(s, "act research", "remove survey", "remove survey")
    me = player(s, 0)
    assert me["removed"] == {"survey": 2} and me["hand"] == {"survey": 1}
    assert s.decision == "role"


def test_research_action_may_remove_fewer():
    s = position(hands={0: {"research": 1, "survey": 3}})
    play(s, "act research", "done")
    assert player(s, 0)["removed"] == {} and s.decision == "role"


def test_politics_leaves_the_game_and_takes_any_role_card():
    s = position(hands={0: {"politics": 1}})
    play(s, "act politics")
    assert sorted(moves(s)) == ["take colonize", "take produce_trade", "take research", "take survey",
                                "take warfare"]
    play(s, "take produce_trade")
    me = player(s, 0)
    assert me["hand"] == {"produce_trade": 1} and me["removed"] == {"politics": 1}
    assert s.snapshot()["stacks"]["produce_trade"] == 7


def test_politics_cannot_boost_or_follow():
    s = position(hands={0: {"politics": 1}, 1: {"politics": 1}}, decision="role")
    for role in ("survey", "warfare", "colonize", "produce", "trade", "research"):
        t = play(s.copy(), f"role {role}")
        assert "boost politics" not in moves(t)
        with pytest.raises(IllegalMoveError, match="shows no"):
            t.apply("boost politics")


def test_take_from_an_empty_stack_is_refused():
    s = position(hands={0: {"politics": 1}}, stacks=[12, 0, 12, 8, 12])
    play(s, "act politics")
    with pytest.raises(IllegalMoveError, match="warfare stack is empty"):
        s.apply("take warfare")


def test_card_not_in_hand_is_refused_with_its_name():
    s = position(hands={0: {"survey": 1}})
    with pytest.raises(IllegalMoveError, match="warfare is not in the hand"):
        s.apply("act warfare collect")
    assert player(s, 0)["hand"] == {"survey": 1}         # nothing changed


def test_cleanup_discards_any_then_draws_to_the_limit_and_reshuffles():
    s = position(hands={0: {"survey": 2, "warfare": 1}}, decks={0: ["research"]}, decision="role")
    play(s, "role colonize", "done", "dissent")
    assert s.decision == "cleanup"
    play(s, "discard survey", "discard survey", "done")
    # drew research from the deck, then the discard pile (2 survey + the colonize role card) was shuffled
    me = player(s, 0)
    assert me["hand"] == {"warfare": 1, "research": 1, "survey": 2, "colonize": 1}
    assert me["deck"] == 0 and me["discard"] == {}


def test_hand_above_the_limit_discards_down():
    s = position(hands={0: {"survey": 7}}, decision="role")
    play(s, "role research", "done", "dissent", "done")
    assert s.decision == "discard" and moves(s) == ["discard survey"]
    play(s, "discard survey", "discard survey")
    assert player(s, 0)["hand"] == {"survey": 5} and s.current_player == 1


def test_moves_of_another_decision_are_refused():
    s = position(hands={0: {"survey": 1}})
    with pytest.raises(IllegalMoveError, match="the action phase comes first"):
        s.apply("role survey")
    with pytest.raises(IllegalMoveError, match="the decision is 'action', whose moves are: act, skip"):
        s.apply("keep A1")
