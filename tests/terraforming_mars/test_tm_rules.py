"""Rules of the Terraforming Mars core with the rulebook's numbers (one test per rule)."""

from __future__ import annotations

import pytest
from helpers import give, place, res, set_player, started

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars import IllegalMoveError


def test_setup_plays_corporations_and_charges_3_per_kept_card():
    s = started("PhoboLog", "Ecoline", keep=(1,))
    assert res(s, 0)["mc"] == 23 and res(s, 0)["titanium"] == 10 and res(s, 0)["played"] == 1
    # Ecoline: 36 M€ - 10 cards x 3, +2 plant production, 3 plants
    assert res(s, 1)["mc"] == 6 and res(s, 1)["plant_prod"] == 2 and res(s, 1)["plants"] == 3
    assert res(s, 1)["hand"] == 10
    assert s.core.globals() == [1, 1, -30, 0, 0] and s.current_player == 0


def test_setup_refuses_more_cards_than_the_corporation_pays_for():
    s = started("PhoboLog", "Ecoline")
    s2 = started("Teractor", "Ecoline")
    assert s2.core.player(0)[1] == 60
    with pytest.raises(IllegalMoveError):
        s.apply("setup PhoboLog:")     # setup is over


def test_heat_conversion_raises_temperature_and_tr_and_heat_bonus_at_minus_24():
    s = started("Helion", "Ecoline")
    tm_rules.debug_set_globals(s.core, -26, 0, 0)
    set_player(s, 0, res=[0, 0, 0, 0, 0, 8])
    before = res(s, 0)
    s.apply("heat")
    after = res(s, 0)
    assert s.core.globals()[2] == -24
    assert after["tr"] == before["tr"] + 1 and after["heat"] == 0
    assert after["heat_prod"] == before["heat_prod"] + 1        # -24 °C: +1 heat production


def test_zero_degrees_places_a_bonus_ocean():
    s = started("Helion", "Ecoline")
    tm_rules.debug_set_globals(s.core, -2, 0, 0)
    set_player(s, 0, res=[0, 0, 0, 0, 0, 8])
    s.apply("heat")
    assert s.core.pending()[0][0] == "tile"
    s.apply("space 04")                                            # an ocean space
    assert s.core.globals()[2:] == [0, 0, 1] and res(s, 0)["tr"] == 22


def test_oxygen_8_also_raises_temperature():
    s = started("Ecoline", "Helion")
    tm_rules.debug_set_globals(s.core, -30, 7, 0)
    set_player(s, 0, res=[0, 0, 0, 8, 0, 0])
    s.apply("plants")
    s.apply("space 05")
    assert s.core.globals()[2:4] == [-28, 8] and res(s, 0)["tr"] == 22
    assert res(s, 0)["plants"] == 1                                # Ecoline pays 7


def test_maxed_parameter_gives_no_tr_but_heat_and_asteroid_stay_on_offer():
    # the app lists both at +8 C with a "maxtemp" warning (player views base-v04-2-g9-251, -v01-0-g20-294)
    s = started("Helion", "Ecoline")
    tm_rules.debug_set_globals(s.core, 8, 0, 9)
    set_player(s, 0, res=[50, 0, 0, 0, 0, 8])
    assert "heat" in s.legal_lines()
    assert any(line.startswith("std asteroid") for line in s.legal_lines())
    assert any(line.startswith("std aquifer") for line in s.legal_lines())
    tr = res(s, 0)["tr"]
    s.apply("heat")
    assert res(s, 0)["tr"] == tr and res(s, 0)["heat"] == 0 and s.core.globals()[2] == 8


def test_tile_next_to_oceans_gains_2_mc_each_and_space_bonus():
    s = started("Helion", "Ecoline")
    place(s, 1, "04", "ocean")
    place(s, 1, "10", "ocean")
    set_player(s, 0, res=[0, 0, 0, 0, 0, 0])
    place(s, 0, "09", "greenery")               # Tharsis Tholus: steel bonus, next to 04 and 10
    r = res(s, 0)
    assert r["mc"] == 4 and r["steel"] == 1


def test_city_may_not_touch_a_city():
    s = started("Helion", "Ecoline")
    place(s, 1, "05", "city")
    set_player(s, 0, res=[30, 0, 0, 0, 0, 0])
    s.apply("std city pay mc=25")
    with pytest.raises(IllegalMoveError, match="space not legal"):
        s.apply("space 11")                       # next to 05
    s.apply("space 20")
    assert res(s, 0)["mc_prod"] == 1 and res(s, 0)["mc"] == 5


def test_standard_project_costs():
    s = started("ThorGate", "Ecoline")
    set_player(s, 0, res=[8, 0, 0, 0, 0, 0])
    s.apply("std powerPlant pay mc=8")             # ThorGate: 11 - 3
    assert res(s, 0)["energy_prod"] == 2
    s2 = started("Helion", "Ecoline")
    set_player(s2, 0, res=[10, 0, 0, 0, 0, 0])
    with pytest.raises(IllegalMoveError, match="payment"):
        s2.apply("std powerPlant pay mc=10")


def test_payment_steel_only_on_building_titanium_on_space():
    s = started("PhoboLog", "Ecoline")
    give(s, 0, "Asteroid")                          # 14 M€, space event
    set_player(s, 0, res=[2, 5, 3, 0, 0, 0])
    with pytest.raises(IllegalMoveError, match="play Asteroid pay mc=2 st=5.*payment"):
        s.apply("play Asteroid pay mc=2 st=5")
    before = s.core.state_bytes()
    with pytest.raises(IllegalMoveError):
        s.apply("play Asteroid pay mc=1 ti=3")      # 1 + 3 x 4 = 13 < 14
    assert s.core.state_bytes() == before           # all or nothing
    s.apply("play Asteroid pay mc=2 ti=3")          # PhoboLog titanium is worth 4
    assert res(s, 0)["titanium"] == 2               # 3 paid, 2 gained
    assert s.core.globals()[2] == -28


def test_a_card_play_is_listed_exactly_when_its_cost_can_be_covered():
    # the move generator skips a card whose discounted cost exceeds M€ + steel (building) + titanium
    # (space) + Helion's heat before its other checks: at the edge, one M€ less drops the play
    s = started("Ecoline", "Helion")
    give(s, 0, "Research Outpost", played=True)     # -1 on every card
    give(s, 0, "Space Station", played=True)        # -2 on a space card
    give(s, 0, "Space Elevator")                    # 27, space and building: 24 here
    set_player(s, 0, res=[5, 5, 3, 0, 0, 0])        # 5 + 5 steel x 2 + 3 titanium x 3 = 24
    assert [x for x in s.legal_lines() if "Elevator" in x] == ["play Space Elevator pay mc=5 st=5 ti=3"]
    set_player(s, 0, res=[4, 5, 3, 0, 0, 0])        # 23
    assert not [x for x in s.legal_lines() if "Elevator" in x]
    s.apply("pass")
    give(s, 1, "Asteroid")                           # 14, space event
    set_player(s, 1, res=[4, 0, 0, 0, 0, 10])        # Helion: 4 M€ + 10 heat
    assert [x for x in s.legal_lines() if "Asteroid" in x] == ["play Asteroid pay mc=4 he=10"]
    set_player(s, 1, res=[3, 0, 0, 0, 0, 10])
    assert not [x for x in s.legal_lines() if "Asteroid" in x]
    assert "std asteroid pay mc=4 he=10" not in s.legal_lines()   # the project: 14 as well
    set_player(s, 1, res=[4, 0, 0, 0, 0, 10])
    assert "std asteroid pay mc=4 he=10" in s.legal_lines()


def test_requirements_and_unknown_card_errors():
    s = started("Helion", "Ecoline")
    give(s, 0, "Algae")                              # requires 5 oceans
    set_player(s, 0, res=[20, 0, 0, 0, 0, 0])
    with pytest.raises(IllegalMoveError, match="requirements"):
        s.apply("play Algae pay mc=10")
    with pytest.raises(ValueError, match="unknown card"):
        s.apply("play No Such Card pay mc=1")


def test_inventrix_requirements_are_two_steps_lenient():
    s = started("Inventrix", "Ecoline")
    assert s.legal_lines() == ["first", "pass"]       # the first action comes first
    s.apply("first")                                  # draw 3
    assert res(s, 0)["hand"] == 3
    algae = tm_rules_card("Algae")                    # requires 5 oceans
    tm_rules.debug_set_globals(s.core, -30, 0, 2)
    assert not s.core.playable(0, algae)
    tm_rules.debug_set_globals(s.core, -30, 0, 3)
    assert s.core.playable(0, algae)
    assert not s.core.playable(1, algae)


def test_milestone_costs_8_and_at_most_three():
    s = started("Helion", "Ecoline")
    set_player(s, 0, tr=35, res=[40, 0, 0, 0, 0, 0])
    s.apply("milestone Terraformer pay mc=8")
    assert res(s, 0)["mc"] == 32 and s.core.milestones() == [(0, 0)]
    with pytest.raises(IllegalMoveError, match="not available"):
        s.apply("milestone Mayor pay mc=8")          # 3 cities needed


def test_award_costs_8_14_20():
    s = started("Helion", "Ecoline", "Teractor")
    set_player(s, 0, res=[60, 0, 0, 0, 0, 0])
    s.apply("award Banker pay mc=8")
    s.apply("award Miner pay mc=14")
    assert res(s, 0)["mc"] == 38
    s.apply("pass")
    set_player(s, 1, res=[60, 0, 0, 0, 0, 0])
    with pytest.raises(IllegalMoveError):
        s.apply("award Scientist pay mc=14")
    s.apply("award Scientist pay mc=20")
    with pytest.raises(IllegalMoveError, match="not available"):
        s.apply("award Thermalist pay mc=20")


def test_award_ties_and_second_place():
    s = started("Helion", "Ecoline", "Teractor")
    s.apply("award Miner pay mc=8")
    # Miner: steel + titanium. 3 players: first 5, second 2
    set_player(s, 0, res=[0, 3, 0, 0, 0, 0])
    set_player(s, 1, res=[0, 2, 0, 0, 0, 0])
    set_player(s, 2, res=[0, 1, 0, 0, 0, 0])
    assert [s.core.score(p)["awards"] for p in range(3)] == [5, 2, 0]
    set_player(s, 1, res=[0, 3, 0, 0, 0, 0])          # tie for first: both 5, no second
    assert [s.core.score(p)["awards"] for p in range(3)] == [5, 5, 0]
    set_player(s, 0, res=[0, 4, 0, 0, 0, 0])          # one first, two tied second: 2 each
    set_player(s, 2, res=[0, 3, 0, 0, 0, 0])
    assert [s.core.score(p)["awards"] for p in range(3)] == [5, 2, 2]


def test_no_second_place_with_two_players():
    s = started("Helion", "Ecoline")
    set_player(s, 0, res=[8, 2, 0, 0, 0, 0])
    s.apply("award Miner pay mc=8")
    set_player(s, 1, res=[0, 1, 0, 0, 0, 0])
    assert [s.core.score(p)["awards"] for p in range(2)] == [5, 0]


def test_production_phase_energy_to_heat_and_mc_plus_tr():
    s = started("Helion", "Ecoline")
    set_player(s, 0, res=[1, 0, 0, 0, 4, 2], prod=[-2, 1, 0, 0, 3, 3])
    s.apply("pass")
    s.apply("pass")
    r = res(s, 0)
    # 20 TR - 2 M€ production + 1; energy 4 -> heat, then +3 energy, +3 heat
    assert (r["mc"], r["steel"], r["energy"], r["heat"]) == (19, 1, 3, 9)
    assert s.core.globals()[:2] == [2, 0] and s.core.step == "research"


def test_research_buys_cost_3_each_and_first_player_rotates():
    s = started("Helion", "Ecoline")
    s.apply("pass")
    s.apply("pass")
    mc = res(s, 0)["mc"]
    offer = s.core.offer(0)
    assert len(offer) == 4
    names = [tm_rules_name(c) for c in offer[:2]]
    s.apply("buy " + ", ".join(names))
    assert res(s, 0)["mc"] == mc - 6 and res(s, 0)["hand"] == 2
    s.apply("buy")
    assert s.current_player == 1                    # generation 2: player 1 starts


def test_sell_patents_one_megacredit_each():
    s = started("Helion", "Ecoline", keep=(0,))
    mc = res(s, 0)["mc"]
    s.apply("sell")
    for card in s.core.hand(0)[:3]:
        s.apply(s.format(tm_rules.encode(tm_rules.MOVE_KINDS["sellCard"], card)))
    s.apply("sell done")
    assert res(s, 0)["mc"] == mc + 3 and res(s, 0)["hand"] == 7


def test_two_actions_then_the_turn_passes():
    s = started("Helion", "Ecoline")
    set_player(s, 0, res=[30, 0, 0, 0, 0, 0])
    s.apply("std powerPlant pay mc=11")
    assert s.current_player == 0 and "end" in s.legal_lines()
    s.apply("std powerPlant pay mc=11")
    assert s.current_player == 1


def test_undo_restores_the_previous_state():
    s = started("Helion", "Ecoline")
    before = s.core.state_bytes()
    s.apply("pass")
    s.undo()
    assert s.core.state_bytes() == before


def test_card_vp_per_resource_and_per_tag():
    s = started("Helion", "Ecoline")
    give(s, 0, "Birds", played=True)
    tm_rules.debug_set_card_resources(s.core, tm_rules_card("Birds"), 3)
    give(s, 0, "Tardigrades", played=True)
    tm_rules.debug_set_card_resources(s.core, tm_rules_card("Tardigrades"), 7)    # 1 VP per 4
    give(s, 0, "Io Mining Industries", played=True)                               # 1 VP per jovian tag
    assert s.core.score(0)["cards"] == 3 + 1 + 1


def test_own_arctic_algae_plants_come_after_the_plant_removal():
    # b028: the placer's own Arctic Algae gain waits behind the card's queued removal prompt
    s = started("Helion", "Ecoline")
    give(s, 0, "Arctic Algae", played=True)
    give(s, 0, "Giant Ice Asteroid")
    set_player(s, 0, res=[36, 0, 0, 3, 0, 0])
    set_player(s, 1, res=[0, 0, 0, 7, 0, 0])
    s.apply("play Giant Ice Asteroid pay mc=36")
    s.apply("space 07")
    s.apply("space 06")
    assert s.core.pending()[0][0] == "removePlants" and res(s, 0)["plants"] == 3
    assert {"player 0", "player 1", "player skip"} <= set(s.legal_lines())
    s.apply("player 0")                              # up to 6 of own 3 plants, then +2 per ocean
    assert res(s, 0)["plants"] == 4 and res(s, 1)["plants"] == 7


def test_opponents_arctic_algae_plants_come_at_once():
    s = started("Helion", "Ecoline")
    give(s, 1, "Arctic Algae", played=True)
    set_player(s, 0, res=[18, 0, 0, 0, 0, 0])
    set_player(s, 1, res=[0, 0, 0, 0, 0, 0])
    s.apply("std aquifer pay mc=18")
    s.apply("space 07")
    assert res(s, 1)["plants"] == 2


def test_hackers_may_hit_its_own_player_after_its_production_gain():
    # b031: M€ production -5, Hackers +2 -> -3, then the player itself may lose 2 -> -5
    s = started("Helion", "Ecoline")
    give(s, 0, "Hackers")
    set_player(s, 0, res=[3, 0, 0, 0, 0, 0], prod=[-5, 0, 0, 0, 1, 0])
    s.apply("play Hackers pay mc=3")
    assert "player 0" in s.legal_lines()
    s.apply("player 0")
    assert res(s, 0)["mc_prod"] == -5 and res(s, 0)["energy_prod"] == 0


def test_stealing_judges_targets_before_the_gain():
    # Energy Tapping: the only player with energy production before the theft is the one target
    s = started("Helion", "Ecoline")
    give(s, 0, "Energy Tapping")
    set_player(s, 0, res=[3, 0, 0, 0, 0, 0], prod=[0, 0, 0, 0, 0, 0])
    set_player(s, 1, prod=[0, 0, 0, 0, 1, 0])
    s.apply("play Energy Tapping pay mc=3")
    assert s.legal_lines() == ["player 1"]
    s.apply("player 1")
    assert res(s, 0)["energy_prod"] == 1 and res(s, 1)["energy_prod"] == 0


def test_no_one_removes_animals_from_pets():
    # b052: Virus with only the player's own Pets holding animals and protected opponents' plants
    s = started("Helion", "Ecoline")
    give(s, 0, "Pets", played=True)
    tm_rules.debug_set_card_resources(s.core, tm_rules_card("Pets"), 4)
    give(s, 1, "Protected Habitats", played=True)
    give(s, 0, "Virus")
    set_player(s, 0, res=[1, 0, 0, 0, 0, 0])
    set_player(s, 1, res=[0, 0, 0, 2, 0, 0])
    s.apply("play Virus pay mc=1")
    assert not s.core.pending() and s.core.card_resources()[tm_rules_card("Pets")] == 4
    assert res(s, 1)["plants"] == 2
    give(s, 0, "Predators", played=True)              # nor does Predators (its own animals aside)
    assert not any(line.startswith("action Predators") for line in s.legal_lines())


def test_flooding_without_an_ocean_asks_no_one():
    # b071: oceans maxed, so Flooding places none and no neighbour of an older ocean loses M€
    s = started("Helion", "Ecoline")
    place(s, 1, "05", "greenery")
    place(s, 0, "04", "ocean")                        # the last tile placed, next to player 1's
    tm_rules.debug_set_globals(s.core, -30, 0, 9)
    give(s, 0, "Flooding")
    set_player(s, 0, res=[7, 0, 0, 0, 0, 0])
    set_player(s, 1, res=[10, 0, 0, 0, 0, 0])
    s.apply("play Flooding pay mc=7")
    assert not s.core.pending() and res(s, 1)["mc"] == 10


def test_flooding_takes_4_mc_from_a_neighbour_of_its_ocean():
    s = started("Helion", "Ecoline")
    place(s, 1, "05", "greenery")
    give(s, 0, "Flooding")
    set_player(s, 0, res=[7, 0, 0, 0, 0, 0])
    set_player(s, 1, res=[10, 0, 0, 0, 0, 0])
    s.apply("play Flooding pay mc=7")
    s.apply("space 04")
    assert set(s.legal_lines()) == {"player 1", "option skip"}
    s.apply("player 1")
    assert res(s, 1)["mc"] == 6


def tm_rules_card(name: str) -> int:
    from gaia_ai.games.terraforming_mars.tables import CARD_IDS
    return CARD_IDS[name]


def tm_rules_name(card: int) -> str:
    from gaia_ai.games.terraforming_mars.tables import card_name
    return card_name(card)


def test_special_design_helps_only_the_next_card_played():
    # Windmills needs 7% oxygen; at 5% only the card right after Special Design may ignore 2 steps
    # (player view colonies-v05-0-g15-197: Special Design two cards back, Windmills not playable)
    s = started("Helion", "Ecoline")
    tm_rules.debug_set_globals(s.core, -30, 5, 0)
    set_player(s, 0, res=[60, 0, 0, 0, 0, 0])
    for card in ("Special Design", "Windmills", "Power Plant"):
        give(s, 0, card)

    def playable() -> set[str]:
        return {line.split(" pay")[0] for line in s.legal_lines() if line.startswith("play ")}

    assert "play Windmills" not in playable()
    s.apply("play Special Design pay mc=4")
    assert s.current_player == 0 and "play Windmills" in playable()
    s.apply("play Power Plant pay mc=4")
    s.apply("pass")                                  # player 2 passes: player 1's turn again
    assert s.current_player == 0 and "play Windmills" not in playable()


def test_helion_pays_for_chosen_research_cards_at_a_payment_prompt():
    # a player view can stop between Helion's choice of research cards and its payment ("Select how to
    # spend 9 M€ for 3 cards"): the queued researchPayment takes only the chosen cards, in M€ and heat
    s = started("Helion", "Ecoline")
    s.apply("pass")
    s.apply("pass")
    pos = tm_rules.save_position(s.core)
    me = pos["players"][0]
    chosen, dropped = me["offer"][:3], me["offer"][3]
    me["res"][0], me["res"][5] = 7, 4                           # 7 M€ and 4 heat: 9 needs 2-4 heat
    discard = s.core.discard_size()
    pos["pending"] = [(tm_rules.pending_kinds()["PK_RESEARCH_PAY"], 0, -1, 0b0111, 0, 0)]
    tm_rules.load_position(s.core, pos)
    assert s.core.pending()[0][0] == "researchPayment"
    moves = [tm_rules.decode(m) for m in s.legal_codes()]
    assert {m[0] for m in moves} == {tm_rules.MOVE_KINDS["buy"]} and {m[2] for m in moves} == {0b111}
    assert sorted((m[3], m[6]) for m in moves) == [(5, 4), (6, 3), (7, 2)]
    with pytest.raises(IllegalMoveError):
        s.copy().apply(tm_rules.encode(tm_rules.MOVE_KINDS["buy"], 0, 0b11, 4, 0, 0, 2))   # 2 of the 3
    code = next(c for c in s.legal_codes() if tm_rules.decode(c)[6] == 3)
    assert s.format(code) == "buy chosen pay mc=6 he=3" and s.parse("buy chosen pay mc=6 he=3") == code
    s.apply(code)
    assert res(s, 0)["mc"] == 1 and res(s, 0)["heat"] == 1 and sorted(s.core.hand(0)) == sorted(chosen)
    assert s.core.discard_size() == discard + 1 and dropped not in s.core.hand(0)
    assert not s.core.pending() and s.current_player == 1 and s.core.step == "research"


def test_the_test_helpers_refuse_indexes_past_the_state_s_arrays():
    """The debug_* helpers write the C state directly: a bad index is an IndexError, not a write past
    an array (2 players here: player 2 does not exist)."""
    s = started("Helion", "Ecoline")
    with pytest.raises(IndexError, match="player 2"):
        tm_rules.debug_give_card(s.core, 2, tm_rules_card("Birds"))
    with pytest.raises(IndexError, match="card 9999"):
        tm_rules.debug_give_card(s.core, 0, 9999)
    with pytest.raises(IndexError, match="card -1"):
        tm_rules.debug_set_card_resources(s.core, -1, 3)
    with pytest.raises(IndexError, match="space 63"):
        tm_rules.debug_place_tile(s.core, 0, 63, 0)
    with pytest.raises(IndexError, match="colony tile 11"):
        tm_rules.debug_set_colony(s.core, 11)
    with pytest.raises(ValueError, match="6 values"):
        tm_rules.debug_set_player(s.core, 0, res=[1, 2])
    tm_rules.debug_give_card(s.core, 1, tm_rules_card("Birds"))   # in range: still works
    assert tm_rules_card("Birds") in s.core.hand(1)


def test_an_amount_prompt_past_what_a_move_encodes_lists_only_legal_amounts():
    # bots that never end a game reached 519 energy by generation 91: Power Infrastructure listed
    # "option 1..510", the skip and amounts 512-519 wrapped to "option 0..7", which apply refused (a
    # search stopped: "apply rejected a move listed by legal_moves"). Now 1..510, each of which applies.
    s = started("Helion", "Ecoline")
    give(s, 0, "Power Infrastructure", played=True)
    set_player(s, 0, res=[0, 0, 0, 0, 600, 0])
    s.apply("action Power Infrastructure")
    listed = [str(m) for m in s.legal_moves()]
    assert listed == [f"option {q}" for q in range(1, 511)]
    for code in s.legal_codes():
        s.copy().apply(code)                      # raises IllegalMoveError if the rules refuse one
    s.apply("option 510")
    assert res(s, 0)["energy"] == 90 and res(s, 0)["mc"] == 510


def test_a_card_full_of_resources_stays_full_instead_of_wrapping_round():
    # a card's resources are a byte: bots that never end a game could add past 255, which wrapped to a
    # few (Titan Shuttles at 600 floaters read 88). Now a card holds 255 at most, and imports refuse more.
    s = started("Helion", "Ecoline")
    give(s, 0, "Tardigrades", played=True)
    tardigrades = tm_rules_card("Tardigrades")
    tm_rules.debug_set_card_resources(s.core, tardigrades, 255)
    s.apply("action Tardigrades")                     # +1 microbe here: it was 0 before
    assert s.core.card_resources()[tardigrades] == 255
    assert s.core.score(0)["cards"] == 255 // 4
    with pytest.raises(ValueError, match="0 to 255"):
        tm_rules.debug_set_card_resources(s.core, tardigrades, 256)
