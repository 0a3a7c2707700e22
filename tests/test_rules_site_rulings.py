"""Four rules as the boardgamers.space engine (v4.9.0) applies them where the rulebook is more
permissive (docs/corpus-engine-vs-rulebook.md):

- a power action whose whole gain would be lost at a resource cap is refused (30 credits, 15 ore,
  15 knowledge); one whose gain is only partly lost stays legal;
- a free terraforming step (power6, power2, special step) must be used: the mine after it goes on a
  planet that needs terraforming (not the home type, not a gaia planet, not a gaia-former's);
- a range bonus (special range+3) must be needed: the build after it is out of range without it;
- an Ivits space station may not go on a hex holding one of the Ivits' satellites.

Positions are synthetic: a solo() game (the focal seat alone in round 1) edited through the structured
state (gaia_ai.games.gaia.structured), so each test sets exactly the resources it needs."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import pytest
from rules_helpers import dist_to, legal, mine_targets, pl, planet, solo, steps

from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import IllegalMoveError
from gaia_ai.games.gaia.structured import state_from_json, state_to_json

F = 1  # the focal seat


def edited(state: GaiaState, change: Callable[[dict[str, Any]], None]) -> GaiaState:
    data = state_to_json(state)
    change(data)
    return state_from_json(data)


def terrans(**resources: Any) -> GaiaState:
    """Terrans alone in round 1 with the given resources (and area3 power, default 8)."""
    area3 = resources.pop("area3", 8)

    def change(data: dict[str, Any]) -> None:
        player = data["players"][F]
        player.update(resources)
        player["power"] = {"area1": 0, "area2": 0, "area3": area3}

    return edited(solo(["xenos", "terrans"]), change)


# ---- power actions at a resource cap ------------------------------------------------------------------
@pytest.mark.parametrize(
    "action, field, cap",
    [("power1", "knowledge", 15), ("power3", "ores", 15), ("power4", "credits", 30), ("power5", "knowledge", 15)],
)
def test_power_action_whose_whole_gain_is_lost_is_refused(action: str, field: str, cap: int) -> None:
    s = terrans(**{field: cap})
    assert pl(s, F)[field] == cap
    assert not legal(s, f"action {action}")
    with pytest.raises(IllegalMoveError, match="gain nothing"):
        s.apply(f"action {action}")


@pytest.mark.parametrize(
    "action, field, below, gain",
    [("power1", "knowledge", 14, 1), ("power3", "ores", 14, 1), ("power4", "credits", 29, 1)],
)
def test_power_action_with_part_of_its_gain_lost_is_legal(action: str, field: str, below: int, gain: int) -> None:
    """One below the cap: 3 knowledge / 2 ore / 7 credits mostly lost, but 1 gained: allowed."""
    s = terrans(**{field: below})
    assert legal(s, f"action {action}")
    s.apply(f"action {action}")
    assert pl(s, F)[field] == below + gain


def test_other_actions_are_not_limited_by_caps() -> None:
    """power6 (a step), power7 (2 tokens) and qic3 (VP) have no capped reward."""
    s = terrans(credits=30, ores=15, knowledge=15, qic=3)
    for action in ("power6", "power7", "qic3"):
        assert legal(s, f"action {action}"), action


# ---- a free terraforming step must be used -------------------------------------------------------------
def test_free_step_must_be_used() -> None:
    """After power6 (1 free step) a mine on a planet of the home type or a gaia planet is refused, and
    every one-step planet in reach stays offered (for 1 ore: the step is free)."""
    s = terrans(ores=15, qic=3)
    reachable = mine_targets(s)
    home = [h for h in reachable if planet(s, h) == "r"]
    gaia = [h for h in reachable if planet(s, h) == "g"]
    one_step = [h for h in reachable if planet(s, h) in "ovdsti" and steps("r", planet(s, h)) == 1]
    assert home and gaia and one_step
    s.apply("action power6")
    after = set(mine_targets(s))
    assert set(one_step) <= after
    assert all(planet(s, h) in "ovdsti" for h in after)
    for h in home + gaia:
        with pytest.raises(IllegalMoveError, match="step must be used"):
            s.copy().apply(f"build m {h}")
    before = pl(s, F)["ores"]
    s.apply(f"build m {one_step[0]}")
    assert pl(s, F)["ores"] == before - 1


def test_terraforming_action_without_a_planet_to_terraform_is_not_listed() -> None:
    """power2 / power6 open a build that must terraform: with no ore left for the mine, neither is
    listed (a dead end), although both can be paid."""
    s = terrans(ores=0)
    assert not legal(s, "action power6") and not legal(s, "action power2")


# ---- a range bonus must be needed -------------------------------------------------------------------
def with_booster5(data: dict[str, Any]) -> None:
    """The focal player holds booster5 (special range+3); the one it held goes back to the supply."""
    player = data["players"][F]
    supply = data["supply"]["boosters"]
    supply.remove("booster5")
    supply.append(player["booster"])
    player["booster"] = "booster5"
    player["qic"] = 0
    player["ores"] = 15


def test_range_bonus_must_be_needed() -> None:
    """Terrans' range is 1: after range+3 the mines offered are exactly the planets at distance 2..4,
    and one within distance 1 is refused."""
    base = solo(["xenos", "terrans"])
    s = edited(base, with_booster5)
    near = mine_targets(s)  # qic 0: within range 1
    assert near
    s.apply("special range+3")
    after = mine_targets(s)
    assert after and all(2 <= dist_to(s, F, h) <= 4 for h in after)
    for h in near:
        with pytest.raises(IllegalMoveError, match="range\\+3 must be needed"):
            s.copy().apply(f"build m {h}")
    s.apply(f"build m {after[0]}")
    assert pl(s, F)["qics"] == 0


# ---- no Ivits space station on an Ivits satellite ------------------------------------------------------
def ivits_with_satellite() -> tuple[GaiaState, str]:
    """Ivits (PI on the board) with a satellite on an empty space hex next to the PI."""
    base = solo(["xenos", "ivits"])
    pi = next(h for h, v in base.snapshot()["board"].items() if v[1] == F and v[2] == "PI")
    bd = base.setup.board
    sat = next(
        lab for lab in bd.labels if bd.hex(lab).planet == "e" and bd.distance(bd.index(lab), bd.index(pi)) == 1
    )

    def change(data: dict[str, Any]) -> None:
        hexes = data["board"]["hexes"]
        hexes[sat] = {"planet": "PLANET_EMPTY", "federations": [F], "satellites": [F]}
        hexes[pi]["federations"] = [F]
        data["players"][F]["qic"] = 3
        data["players"][F]["federationTokens"] = [{"token": "fed1"}]
        data["players"][F]["totals"]["satellites"] = 1
        data["supply"]["federationTokens"]["fed1"] -= 1

    return edited(base, change), sat


def test_no_space_station_on_an_ivits_satellite() -> None:
    s, sat = ivits_with_satellite()
    s.apply("special space-station")
    stations = {c.args[1] for c in s.legal_moves() if c.name == "build" and c.args[0] == "sp"}
    assert stations and sat not in stations
    with pytest.raises(IllegalMoveError, match="satellites"):
        s.copy().apply(f"build sp {sat}")
