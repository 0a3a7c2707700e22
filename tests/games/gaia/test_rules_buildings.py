"""Building costs, upgrade paths, terraforming cost and navigation range (rulebook numbers).

The focal player is seat 1 (p2); the opponent (seat 0) passes at once, so p2 plays alone (solo())."""

from __future__ import annotations

import pytest
from rules_helpers import (
    HOME,
    delta,
    dist_to,
    mine_targets,
    moves,
    next_round,
    others_near,
    owned,
    pl,
    plain_tile,
    planet,
    seed_where,
    solo,
    steps,
    take_tile,
    turn,
)

from gaia_ai.games.gaia.errors import IllegalMoveError

F = 1  # focal seat


def near_then_far(state, p, label):
    """Setup-mine key: p2's first mine as close to p1 as possible, its second as far as possible."""
    if p != F:
        return 0
    d = dist_to(state, 0, label)
    return d if not owned(state, F) else -d


def home_mine(state, p, label, n):
    pt = planet(state, label)
    return pt in "rovdsti" and steps(HOME[state.faction(p)], pt) == n


def free_hexes(state, letter, d):
    b = state.snapshot()["board"]
    return [
        h
        for h in state.setup.board.labels
        if planet(state, h) == letter and h not in b and dist_to(state, F, h) == d
    ]


# ---- mines and terraforming ---------------------------------------------------------------------------
@pytest.mark.parametrize("n_steps", [1, 2])
def test_mine_cost_terra_level0_is_2c_1o_plus_3o_per_step(n_steps):
    """Mine 2c+1o; terraforming 3 ore per step at terraforming level 0."""
    s = seed_where(
        ["xenos", "terrans"],
        lambda st: any(home_mine(st, F, h, n_steps) and dist_to(st, F, h) <= 1 for h in mine_targets(st)),
    )
    target = next(h for h in mine_targets(s) if home_mine(s, F, h, n_steps) and dist_to(s, F, h) <= 1)
    before = pl(s, F)
    turn(s, f"build m {target}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d.get("qics", 0), d["m"]) == (-2, -(1 + 3 * n_steps), 0, 1)


def test_mine_on_home_planet_type_costs_only_2c_1o_plus_range_qic():
    """No terraforming on the home type; range 1 at nav 0, +2 range for 1 qic (distance 2-3)."""
    s = seed_where(["xenos", "terrans"], lambda st: any(planet(st, h) == "r" for h in mine_targets(st)))
    target = next(h for h in mine_targets(s) if planet(s, h) == "r")
    qic = 0 if dist_to(s, F, target) <= 1 else 1
    before = pl(s, F)
    turn(s, f"build m {target}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d.get("qics", 0), d["m"]) == (-2, -1, -qic, 1)


def test_terraform_cost_drops_to_2_ore_at_terra_level_2():
    """Geodens start at terraforming 1; one research step (4k) reaches level 2: 2 ore per step."""
    s = seed_where(
        ["xenos", "geodens"],
        lambda st: any(home_mine(st, F, h, 2) and dist_to(st, F, h) <= 1 for h in mine_targets(st)),
    )
    assert pl(s, F)["terra"] == 1
    before = pl(s, F)
    turn(s, "up terra")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "terra": 1}
    target = next(h for h in mine_targets(s) if home_mine(s, F, h, 2) and dist_to(s, F, h) <= 1)
    before = pl(s, F)
    turn(s, f"build m {target}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["m"]) == (-2, -(1 + 2 * 2), 1)


def test_terraform_cost_is_1_ore_per_step_at_terra_level_3():
    """Terraforming level 3: 1 ore per step."""
    s = seed_where(
        ["xenos", "geodens"],
        lambda st: any(home_mine(st, F, h, 3) and dist_to(st, F, h) <= 1 for h in mine_targets(st)),
    )
    while pl(s, F)["knowledge"] < 8:
        next_round(s)
    turn(s, "up terra")
    turn(s, "up terra")
    assert pl(s, F)["terra"] == 3
    target = next(h for h in mine_targets(s) if home_mine(s, F, h, 3) and dist_to(s, F, h) <= 1)
    before = pl(s, F)
    turn(s, f"build m {target}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["m"]) == (-2, -(1 + 3 * 1), 1)


def test_mine_at_distance_2_or_3_costs_1_qic():
    """Navigation level 0: range 1; one qic adds 2 range."""
    s = seed_where(
        ["xenos", "terrans"], lambda st: any(dist_to(st, F, h) in (2, 3) for h in mine_targets(st))
    )
    target = next(h for h in mine_targets(s) if dist_to(s, F, h) in (2, 3))
    n = steps("r", planet(s, target)) if planet(s, target) in "rovdsti" else 0
    before = pl(s, F)
    turn(s, f"build m {target}")
    d = delta(before, pl(s, F))
    assert d["qics"] == -1
    assert d["ores"] == -(1 + 3 * n)


def test_mine_at_distance_4_or_5_costs_2_qics():
    """Xenos start with 2 qics (int 1): range 1 + 2 x 2 = 5."""
    s = seed_where(
        ["terrans", "xenos"], lambda st: any(dist_to(st, F, h) in (4, 5) for h in mine_targets(st))
    )
    target = next(h for h in mine_targets(s) if dist_to(s, F, h) in (4, 5))
    before = pl(s, F)
    turn(s, f"build m {target}")
    assert delta(before, pl(s, F))["qics"] == -2


def test_mine_beyond_range_plus_qics_is_illegal():
    """Terrans: 1 qic, range 1 -> at most distance 3."""
    s = solo(["xenos", "terrans"])
    far = [h for d in range(4, 9) for h in free_hexes(s, "r", d)]
    assert far
    assert far[0] not in mine_targets(s)
    with pytest.raises(IllegalMoveError):
        s.apply(f"build m {far[0]}")


def test_navigation_level_1_gives_a_qic():
    """Navigation track: level 1 = +1 qic (range stays 1)."""
    s = solo(["xenos", "terrans"])
    before = pl(s, F)
    turn(s, "up nav")
    assert delta(before, pl(s, F)) == {"knowledge": -4, "nav": 1, "qics": 1}


def test_navigation_level_2_gives_range_2_without_qic():
    s = seed_where(["xenos", "terrans"], lambda st: bool(free_hexes(st, "r", 2)))
    while pl(s, F)["knowledge"] < 8:
        next_round(s)
    turn(s, "up nav")
    turn(s, "up nav")
    assert pl(s, F)["nav"] == 2
    target = free_hexes(s, "r", 2)[0]
    before = pl(s, F)
    turn(s, f"build m {target}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d.get("qics", 0), d["m"]) == (-2, -1, 0, 1)


# ---- trading stations and upgrades ----------------------------------------------------------------------
def _ts_game(faction="terrans"):
    return seed_where(
        ["xenos", faction],
        lambda st: {others_near(st, F, m) for m in owned(st, F)} == {True, False},
        mine_key=near_then_far,
    )


def test_trading_station_costs_3c_2o_next_to_another_player():
    s = _ts_game()
    m = next(m for m in owned(s, F) if others_near(s, F, m))
    before = pl(s, F)
    turn(s, f"build ts {m}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["m"], d["ts"]) == (-3, -2, -1, 1)


def test_trading_station_costs_6c_2o_when_isolated():
    s = _ts_game()
    m = next(m for m in owned(s, F) if not others_near(s, F, m))
    before = pl(s, F)
    turn(s, f"build ts {m}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["m"], d["ts"]) == (-6, -2, -1, 1)


def test_lab_pi_and_academy_cannot_be_built_on_a_mine():
    s = solo(["xenos", "terrans"])
    m = owned(s, F)[0]
    for b in ("lab", "PI", "ac1", "ac2"):
        with pytest.raises(IllegalMoveError):
            s.copy().apply(f"build {b} {m}")


def _with_ts(faction="terrans", rounds=1):
    s = _ts_game(faction)
    ts = next(m for m in owned(s, F) if others_near(s, F, m))
    turn(s, f"build ts {ts}")
    for _ in range(rounds):
        next_round(s)
    return s, ts


def test_lab_costs_5c_3o_and_gives_a_tech_tile():
    s, ts = _with_ts(rounds=2)
    before = pl(s, F)
    s.apply(f"build lab {ts}")
    assert {c.name for c in s.legal_moves()} == {"tech"}
    pos = plain_tile(s, F)
    take_tile(s, pos)
    turn(s)
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["ts"], d["lab"]) == (-5, -3, -1, 1)
    assert s.snapshot()["t"][F] == pos


def test_pi_costs_6c_4o():
    s, ts = _with_ts(rounds=1)
    before = pl(s, F)
    turn(s, f"build PI {ts}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["ts"], d["PI"]) == (-6, -4, -1, 1)


def test_academy_costs_6c_6o_needs_a_lab_and_gives_a_tech_tile():
    s, ts = _with_ts(rounds=2)
    with pytest.raises(IllegalMoveError):
        s.copy().apply(f"build ac1 {ts}")
    s.apply(f"build lab {ts}")
    take_tile(s, plain_tile(s, F))
    turn(s)
    while pl(s, F)["ores"] < 6 or pl(s, F)["credits"] < 6:
        next_round(s)
    before = pl(s, F)
    s.apply(f"build ac1 {ts}")
    assert {c.name for c in s.legal_moves()} == {"tech"}
    take_tile(s, plain_tile(s, F))
    turn(s)
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["lab"], d["ac1"]) == (-6, -6, -1, 1)


def test_bescods_pi_is_built_from_a_lab_not_a_trading_station():
    """Bescods: TS -> lab / academies; lab -> PI (swapped path)."""
    s, ts = _with_ts("bescods", rounds=2)
    assert ("build", "PI", ts) not in moves(s, "build")
    with pytest.raises(IllegalMoveError):
        s.copy().apply(f"build PI {ts}")
    s.apply(f"build lab {ts}")
    take_tile(s, plain_tile(s, F))
    turn(s)
    next_round(s)
    before = pl(s, F)
    turn(s, f"build PI {ts}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["lab"], d["PI"]) == (-6, -4, -1, 1)


def test_bescods_academy_is_built_from_a_trading_station():
    s, ts = _with_ts("bescods", rounds=2)
    while pl(s, F)["ores"] < 6:
        next_round(s)
    before = pl(s, F)
    s.apply(f"build ac1 {ts}")
    take_tile(s, plain_tile(s, F))
    turn(s)
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["ts"], d["ac1"]) == (-6, -6, -1, 1)
