"""The Colonies expansion with the numbers printed on the colony tiles: placement bonus, trade income
at every track position and colony bonus of each of the 11 tiles; trade fleets, the colonies phase,
the Colonies corporations; and bad colony / trade input."""

from __future__ import annotations

import pytest
from helpers import colony, give, res, set_colony, set_player, started

from gaia_ai.games.terraforming_mars import IllegalMoveError

ALL = ["Callisto", "Ceres", "Enceladus", "Europa", "Ganymede", "Io", "Luna", "Miranda", "Pluto", "Titan",
       "Triton"]

# printed on the tiles: what a trade gives at track positions 0..6
TRADE = {
    "Ceres": ("steel", [1, 2, 3, 4, 6, 8, 10]),
    "Io": ("heat", [2, 3, 4, 6, 8, 10, 13]),
    "Luna": ("mc", [1, 2, 4, 7, 10, 13, 17]),
    "Ganymede": ("plants", [0, 1, 2, 3, 4, 5, 6]),
    "Callisto": ("energy", [0, 2, 3, 5, 7, 10, 13]),
    "Triton": ("titanium", [0, 1, 1, 2, 3, 4, 5]),
    "Pluto": ("hand", [0, 1, 2, 2, 3, 3, 4]),
}
CARD_TRADE = {     # resources onto one of the trader's cards
    "Enceladus": ("Tardigrades", [0, 1, 2, 3, 4, 4, 5]),
    "Miranda": ("Pets", [0, 1, 1, 2, 2, 3, 3]),
    "Titan": ("Titan Shuttles", [0, 1, 1, 2, 3, 3, 4]),
}
EUROPA_TRADE = ["mc_prod", "mc_prod", "energy_prod", "energy_prod", "plant_prod", "plant_prod", "plant_prod"]
# printed placement bonus (what one colony gives its builder)
BUILD = {"Ceres": {"steel_prod": 1}, "Ganymede": {"plant_prod": 1}, "Io": {"heat_prod": 1},
         "Luna": {"mc_prod": 2}, "Callisto": {"energy_prod": 1}, "Triton": {"titanium": 3},
         "Pluto": {"hand": 2}}
CARD_BUILD = {"Enceladus": 3, "Miranda": 1, "Titan": 3}
# printed colony bonus (to each colony's owner when anyone trades there)
BONUS = {"Ceres": {"steel": 2}, "Io": {"heat": 2}, "Luna": {"mc": 2}, "Ganymede": {"plants": 1},
         "Callisto": {"energy": 3}, "Triton": {"titanium": 1}, "Europa": {"mc": 1}, "Miranda": {"hand": 1}}
CARD_BONUS = {"Enceladus": "Tardigrades", "Titan": "Titan Shuttles"}


def game(*tiles: str, corps=("Helion", "Ecoline")):
    """Two players after setup, the given tiles in play and active, 40 M€ and 10 energy each."""
    s = started(*corps, colonies=sorted(tiles))
    for t in tiles:
        set_colony(s, t, active=True)
    for p in range(2):
        set_player(s, p, res=[40, 0, 0, 0, 10, 0], prod=[0] * 6)
    return s


def delta(before: dict, after: dict) -> dict:
    return {k: after[k] - before[k] for k in before if after[k] != before[k]}


@pytest.mark.parametrize("tile", ALL)
def test_placement_bonus(tile):
    s = game(tile, "Luna" if tile != "Luna" else "Io")
    holder = {"Enceladus": "Tardigrades", "Miranda": "Pets", "Titan": "Titan Shuttles"}.get(tile)
    if holder:
        give(s, 0, holder, played=True)
    before = res(s, 0)
    s.apply("std buildColony pay mc=17")
    s.apply(f"colony {tile}")
    if tile == "Europa":
        assert s.core.pending()[0][0] == "tile"          # an ocean: place it
        s.apply("space 04")
        assert s.core.globals()[4] == 1
    elif holder:
        s.apply(f"card {holder}")
        assert s.snapshot()["cr"]["0"][holder] == CARD_BUILD[tile]
    d = delta(before, res(s, 0))
    if tile == "Europa":
        assert d["tr"] == 1                      # the ocean's step
    else:
        assert d.pop("mc") == -17
        assert d == BUILD.get(tile, {})
    assert colony(s, tile)[:2] == (1, [0])        # the track never stays below the colony count


@pytest.mark.parametrize("tile", sorted(TRADE))
@pytest.mark.parametrize("pos", range(7))
def test_trade_income_at_each_track_position(tile, pos):
    s = game(tile)
    set_colony(s, tile, track=pos)
    kind, gains = TRADE[tile]
    how = "megacredits pay mc=9" if tile == "Callisto" else "energy"
    before = res(s, 0)
    s.apply(f"trade {tile} with {how}")
    d = delta(before, res(s, 0))
    paid = {"mc": -9} if tile == "Callisto" else {"energy": -3}
    for k, v in paid.items():
        d[k] = d.get(k, 0) - v
    assert {k: v for k, v in d.items() if v} == ({kind: gains[pos]} if gains[pos] else {})
    assert colony(s, tile)[0] == 0 and colony(s, tile)[2] == 0     # track back to 0 colonies, fleet there
    assert s.core.fleets(0) == [1, 1]


@pytest.mark.parametrize("tile", sorted(CARD_TRADE))
@pytest.mark.parametrize("pos", range(7))
def test_trade_resources_onto_a_card_at_each_track_position(tile, pos):
    s = game(tile)
    card, gains = CARD_TRADE[tile]
    give(s, 0, card, played=True)
    set_colony(s, tile, track=pos)
    s.apply(f"trade {tile} with energy")
    if gains[pos]:
        s.apply(f"card {card}")
    assert s.snapshot()["cr"].get("0", {}).get(card, 0) == gains[pos]


@pytest.mark.parametrize("pos", range(7))
def test_europa_trade_is_production_along_its_track(pos):
    s = game("Europa")
    set_colony(s, "Europa", track=pos)
    before = res(s, 0)
    s.apply("trade Europa with energy")
    d = delta(before, res(s, 0))
    assert d == {"energy": -3, EUROPA_TRADE[pos]: 1}


@pytest.mark.parametrize("tile", sorted(BONUS) + sorted(CARD_BONUS) + ["Pluto"])
def test_colony_bonus_goes_to_each_owner(tile):
    s = game(tile)
    set_colony(s, tile, owners=[1], track=1)
    if tile in CARD_BONUS:
        give(s, 1, CARD_BONUS[tile], played=True)
    hand = res(s, 1)["hand"]
    before = res(s, 1)
    s.apply(f"trade {tile} with megacredits pay mc=9")
    if tile in CARD_BONUS:                         # player 1 answers, though player 0 is on turn
        assert s.current_player == 1
        s.apply(f"card {CARD_BONUS[tile]}")
        assert s.snapshot()["cr"]["1"][CARD_BONUS[tile]] == 1
    elif tile == "Pluto":                          # draw 1, then discard 1
        assert s.current_player == 1 and res(s, 1)["hand"] == hand + 1
        s.apply(next(line for line in s.legal_lines() if line.startswith("card ")))
        assert res(s, 1)["hand"] == hand
    else:
        assert delta(before, res(s, 1)) == BONUS[tile]
    assert colony(s, tile)[0] == 1 and s.current_player == 0


def test_two_colonies_of_one_owner_pay_twice_and_trade_offset_raises_first():
    s = game("Luna")
    set_colony(s, "Luna", owners=[1, 1], track=2)
    give(s, 0, "Trade Envoys")
    s.apply("play Trade Envoys pay mc=6")        # its offset comes with playing it
    s.apply("trade Luna with energy")
    assert res(s, 0)["mc"] == 40 - 6 + 7        # the track rises 2 -> 3 first: 7 M€
    assert res(s, 1)["mc"] == 40 + 2 * 2        # 2 M€ per colony
    assert colony(s, "Luna")[0] == 2            # back to the 2 colonies


def test_europa_asks_whether_the_offset_raises_its_track():
    s = game("Europa")
    give(s, 0, "Trade Envoys")
    s.apply("play Trade Envoys pay mc=6")
    set_colony(s, "Europa", track=1)                 # M€ here, energy one step up: the engine asks
    s.apply("trade Europa with energy")
    assert s.core.pending()[0][0] == "tradeOffset"
    before = res(s, 0)
    s.apply("option 0")
    assert delta(before, res(s, 0)) == {"energy_prod": 1}


def test_colonies_phase_returns_fleets_and_raises_active_tracks_only():
    s = game("Luna", "Enceladus", "Io")
    set_colony(s, "Enceladus", active=False)
    s.apply("trade Luna with energy")
    s.apply("pass")
    s.apply("pass")                                  # production, then the colonies phase
    assert colony(s, "Luna")[:3] == (1, [], -1)
    assert colony(s, "Io")[0] == 2 and colony(s, "Enceladus")[0] == 1
    assert s.core.fleets(0) == [1, 0]


def test_a_card_holding_microbes_activates_enceladus():
    s2 = started("Helion", "Ecoline", colonies=["Enceladus", "Luna"])
    assert colony(s2, "Enceladus")[3] == 0
    give(s2, 0, "Tardigrades")
    set_player(s2, 0, res=[40, 0, 0, 0, 0, 0])
    s2.apply("play Tardigrades pay mc=4")
    assert colony(s2, "Enceladus")[3] == 1


def test_build_colony_trade_discounts_and_fleets_from_cards():
    s = game("Luna", "Io", "Ceres")
    for card in ("Cryo-Sleep", "Rim Freighters"):
        give(s, 0, card)
    s.apply("play Cryo-Sleep pay mc=10")
    s.apply("play Rim Freighters pay mc=4")
    s.apply("pass")
    lines = s.legal_lines()
    assert "trade Io with energy" in lines
    before = res(s, 0)
    s.apply("trade Io with energy")
    assert before["energy"] - res(s, 0)["energy"] == 1        # 3 - 2 discounts
    assert "trade Ceres with energy" not in s.legal_lines()    # one fleet


def test_poseidon_gains_production_for_every_colony_and_places_one_first():
    s = started("Poseidon", "Ecoline", colonies=["Ceres", "Io", "Luna", "Pluto", "Triton"])
    assert s.legal_lines() == ["first", "pass"]
    s.apply("first")
    s.apply("colony Luna")
    assert res(s, 0)["mc_prod"] == 2 + 1
    set_player(s, 1, res=[40, 0, 0, 0, 0, 0])
    s.apply("end")
    s.apply("std buildColony pay mc=17")
    s.apply("colony Io")
    assert res(s, 0)["mc_prod"] == 4 and res(s, 1)["heat_prod"] == 1


def test_aridor_adds_a_tile_and_gains_for_new_tags():
    s = started("Aridor", "Ecoline", colonies=["Ceres", "Io", "Luna", "Pluto", "Triton"])
    s.apply("first")
    assert sorted(line for line in s.legal_lines()) == sorted(
        f"colony {t}" for t in ALL if t not in ("Ceres", "Io", "Luna", "Pluto", "Triton"))
    s.apply("colony Europa")
    assert colony(s, "Europa") == (1, [], -1, 1)
    give(s, 0, "Mine")
    s.apply("play Mine pay mc=4")
    assert res(s, 0)["mc_prod"] == 1 and res(s, 0)["steel_prod"] == 1      # a new tag: building


def test_polyphemos_pays_5_per_card():
    s = started("Polyphemos", "Ecoline", keep=(0,), colonies=["Ceres", "Io", "Luna", "Pluto", "Triton"])
    assert res(s, 0)["mc"] == 50 - 10 * 5 and res(s, 0)["titanium"] == 5


def test_arklight_starts_with_an_animal_and_scores_1_per_2():
    s = started("Arklight", "Ecoline", colonies=["Ceres", "Io", "Luna", "Pluto", "Triton"])
    assert s.snapshot()["cr"]["0"] == {"Arklight": 1}
    give(s, 0, "Adapted Lichen")
    s.apply("play Adapted Lichen pay mc=9")      # a plant tag: one more animal
    assert s.snapshot()["cr"]["0"] == {"Arklight": 2}
    assert s.core.score(0)["cards"] == 1


def test_bad_input_names_the_rule():
    s = game("Luna", "Io", "Ceres", "Enceladus")
    set_colony(s, "Enceladus", active=False)
    with pytest.raises(IllegalMoveError, match="not active yet"):
        s.apply("trade Enceladus with energy")
    with pytest.raises(IllegalMoveError, match="not in play"):
        s.apply("trade Titan with energy")
    s.apply("trade Luna with energy")
    with pytest.raises(IllegalMoveError, match="no trade fleet left"):
        s.apply("trade Io with energy")
    s.apply("end")
    with pytest.raises(IllegalMoveError, match="trade fleet is already on that colony tile"):
        s.apply("trade Luna with energy")
    # colonies: a second own colony, a fourth on a tile, an inactive tile
    set_colony(s, "Io", owners=[1])
    set_colony(s, "Ceres", owners=[0, 0, 1])
    s.apply("std buildColony pay mc=17")
    before = s.core.state_bytes()
    with pytest.raises(IllegalMoveError, match="already has a colony on that tile"):
        s.apply("colony Io")
    with pytest.raises(IllegalMoveError, match="already holds 3 colonies"):
        s.apply("colony Ceres")
    with pytest.raises(IllegalMoveError, match="not active yet"):
        s.apply("colony Enceladus")
    assert s.core.state_bytes() == before
    s.apply("colony Luna")
    assert colony(s, "Luna")[1] == [1]


def test_no_fleet_left_even_with_a_free_titan_floating_launch_pad_trade():
    s = game("Luna", "Io", "Titan")
    give(s, 0, "Titan Floating Launch-pad", played=True)
    from gaia_ai._core import tm_rules
    from gaia_ai.games.terraforming_mars.tables import CARD_IDS
    tm_rules.debug_set_card_resources(s.core, CARD_IDS["Titan Floating Launch-pad"], 2)
    assert "trade Io with floater" in s.legal_lines()
    s.apply("trade Io with floater")
    with pytest.raises(IllegalMoveError, match="no trade fleet left"):
        s.apply("trade Luna with floater")
