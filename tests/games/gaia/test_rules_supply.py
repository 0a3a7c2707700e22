"""Supplies and tables: no legal move takes a building from an empty supply or moves the lost planet's
mine (issue 15). Positions come from tests/data/repro (inputs that broke main) and the corpus sample.

Rulebook: each player has 8 mines, 4 trading stations, 3 research labs, 1 planetary institute and
2 academies; a building can only be placed (or upgraded to) if one is left on the faction board.
Firaks' PI action turns a research lab back into a trading station, which comes from that supply.
The lost planet (navigation level 5) counts as a mine but is not one of the 8 and can never be upgraded.
"""

from __future__ import annotations

import copy
import json
from functools import cache
from pathlib import Path
from typing import Any

import pytest

from gaia_ai.games.gaia import GaiaState, GameSetup
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.errors import IllegalMoveError, StateError
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.games.gaia.structured import state_from_json
from gaia_ai.search import SearchConfig

DATA = Path(__file__).resolve().parents[2] / "data"
REPRO = DATA / "repro"
PL_EMPTY, PL_LOST, B_M = 9, 10, 0


def _load(name: str) -> dict[str, Any]:
    return json.loads((REPRO / name).read_text())


def _moves(state: GaiaState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def _set_building(data: dict[str, Any], label: str, building: str) -> dict[str, Any]:
    data = copy.deepcopy(data)
    data["board"]["hexes"][label]["building"] = building
    return data


# ---- Firaks' down-lab: the trading station comes from the supply ----------------------------------------------
# firaks_downlab_5th_ts_state.json: Firaks (player 0) to move with PI, a lab on 8B2 and all 4 trading stations
# on the board (5A6, 3A5, 2A0, 9B0).


def test_down_lab_is_not_offered_with_every_trading_station_on_the_board() -> None:
    state = state_from_json(_load("firaks_downlab_5th_ts_state.json"))
    assert state.faction(0) == "firaks" and state.current_player == 0
    assert not any("down-lab" in m for m in _moves(state))
    with pytest.raises(IllegalMoveError, match="trading station in the supply"):
        state.apply("special down-lab")


def test_down_lab_is_offered_when_a_trading_station_is_left() -> None:
    # the same position with one trading station still a mine: 3 of 4 on the board
    state = state_from_json(_set_building(_load("firaks_downlab_5th_ts_state.json"), "5A6", "m"))
    assert "special down-lab" in _moves(state)
    state.apply("special down-lab")
    state.apply("build ts 8B2")
    assert state.snapshot()["board"]["8B2"][2] == "ts"
    assert state.raw_state()["pl"][0]["nbuild"][1] == 4


def test_a_pending_down_lab_with_no_trading_station_left_is_refused() -> None:
    # before_bad_move_10_7908.json: the special action is already taken, the lab choice is pending
    with pytest.raises(StateError):
        state_from_json(_load("before_bad_move_10_7908.json"))


@pytest.mark.slow
def test_search_never_suggests_down_lab_without_a_trading_station() -> None:
    # the repro: at 1,000 simulations main suggested the illegal `special down-lab` here
    state = state_from_json(_load("firaks_downlab_5th_ts_state.json"))
    result = search_gaia(state, SearchConfig(simulations=1000, seed=1))
    assert result.candidates
    assert all("down-lab" not in str(c.move) for c in result.candidates)


# ---- the lost planet's mine can never be upgraded ---------------------------------------------------------------


def test_the_lost_planet_is_not_upgraded_and_its_mine_count_stays_whole() -> None:
    # before_bad_move_10_17800.json: Gleens (player 0) own the lost planet on 9A10 and no other mine
    state = state_from_json(_load("before_bad_move_10_17800.json"))
    assert state.snapshot()["board"]["9A10"][:3] == ["l", 0, "m"]
    assert "build ts 9A10" not in _moves(state)
    with pytest.raises(IllegalMoveError, match="lost planet's mine can never be upgraded"):
        state.apply("build ts 9A10")
    assert state.raw_state()["pl"][0]["nbuild"][B_M] == 0


def test_the_lost_planet_of_firaks_is_not_upgraded_either() -> None:
    state = state_from_json(_set_building(_load("firaks_downlab_5th_ts_state.json"), "5A6", "m"))
    with pytest.raises(IllegalMoveError, match="lost planet"):
        state.apply("build ts 10B3")


@cache
def _ambas_with_pi() -> GaiaState:
    """bot-011 before log line 100: Ambas (with their PI) to move, about to use swap-PI."""
    record = next(r for r in read_corpus(DATA / "corpus-sample.jsonl.gz") if r.id == "bot-011")
    setup = GameSetup.from_corpus({"setup": record.setup, "seed": record.seed, "nbPlayers": record.num_players})
    state = GaiaState.new(setup)
    for line in record.move_history[:100]:
        state.apply_line(line)
    return state


def _give_lost_planet(state: GaiaState, p: int) -> tuple[GaiaState, str]:
    """The state with p owning a lost planet on the first empty space hex (as after navigation 5)."""
    raw = state.raw_state()
    h = next(i for i in range(len(state.setup.board.labels)) if raw["planet"][i] == PL_EMPTY
             and raw["owner"][i] < 0 and not raw["fed_mask"][i])
    raw["planet"][h], raw["owner"][h], raw["building"][h] = PL_LOST, p, B_M
    raw["pl"][p]["lost_planet"] = h
    return state.with_raw_state(raw), state.setup.board.labels[h]


def test_swap_pi_never_takes_the_lost_planet() -> None:
    # rulebook: the lost planet's mine never changes; swapping the PI onto it would put the uncounted
    # mine elsewhere, where it could be upgraded
    state = _ambas_with_pi()
    p = state.current_player
    assert state.faction(p) == "ambas"
    state, lost = _give_lost_planet(state, p)
    state.apply("special swap-PI")
    swaps = [m for m in _moves(state) if m.startswith("swap-PI")]
    assert swaps and f"swap-PI {lost}" not in swaps
    with pytest.raises(IllegalMoveError, match="lost planet"):
        state.apply(f"swap-PI {lost}")
    state.apply(swaps[0])   # an ordinary mine still swaps


def test_upgrades_stop_at_the_supply_of_each_building() -> None:
    # rulebook supply: 4 trading stations (Firaks here hold 4); the mine on 4A0 cannot become a 5th
    state = state_from_json(_load("firaks_downlab_5th_ts_state.json"))
    raw = state.raw_state()
    raw["pl"][0]["credits"], raw["pl"][0]["ores"] = 30, 30
    state = state.with_raw_state(raw)
    assert not any(m.startswith("build ts") for m in _moves(state))
    with pytest.raises(IllegalMoveError, match="no ts left in the supply"):
        state.apply("build ts 4A0")
    assert state.raw_state()["pl"][0]["credits"] == 30   # refused before paying


# ---- many tokens: the federation candidates stop at MAX_FED_SATELLITES ------------------------------------------


def test_federation_candidates_do_not_grow_with_tokens_past_the_satellite_cap() -> None:
    # state_area3_100.json: Firaks with 100 tokens in area 3; main listed 16- and 17-satellite
    # federations whose least-satellites check cost 10-16 ms per position (the search's cliff)
    from gaia_ai._core import gaia_rules

    data = _load("state_area3_100.json")
    labels: dict[int, list[str]] = {}
    for tokens in (12, 100):
        data["players"][0]["power"]["area3"] = tokens
        state = state_from_json(data)
        labels[tokens] = gaia_rules.federation_labels(state._core, cached=False)
    assert labels[12] == labels[100]
    raw = state.raw_state()
    for fed in labels[100]:
        satellites = [h for h in fed.split(",") if raw["planet"][state.setup.board.labels.index(h)] == PL_EMPTY]
        assert len(satellites) <= 12


# ---- a tech tile owed must be one the player can take ----------------------------------------------------------
# Rulebook: a research lab or an academy comes with a tech tile; the basic tiles are limited (a stack per
# position) and a player never holds two of the same. When every tile the player could take is gone, the
# upgrade would leave a decision with no answer: the move generator never lists it, and apply() refuses it.


def _demo_with_no_basic_tiles() -> GaiaState:
    from gaia_ai.games.gaia.positions import demo

    state = demo()
    raw = state.raw_state()
    raw["tech_supply"] = [0] * len(raw["tech_supply"])
    return state.with_raw_state(raw)


def test_a_lab_is_refused_when_no_tech_tile_is_left_to_take() -> None:
    state = _demo_with_no_basic_tiles()
    assert not any(m.startswith("build lab") for m in _moves(state))
    with pytest.raises(IllegalMoveError, match="no tech tile left"):
        state.apply("build lab 5A1")
    assert state.legal_moves(), "the refused move left the state unchanged and playable"


def test_a_lab_with_a_tile_left_asks_for_it() -> None:
    from gaia_ai.games.gaia.positions import demo

    state = demo()
    state.apply("build lab 5A1")
    assert _moves(state) and all(m.startswith("tech ") for m in _moves(state))
