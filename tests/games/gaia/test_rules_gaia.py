"""Gaia planets, transdim planets, gaia-formers and the gaia phase (rulebook numbers).

Focal player = seat 1, alone after the opponent passes; boosters without power income are chosen
(rules_helpers.POWER_BOOSTERS), so power areas move only through what the test does."""

from __future__ import annotations

import pytest
from rules_helpers import (
    delta,
    dist_to,
    mine_targets,
    moves,
    next_round,
    pl,
    planet,
    seed_where,
    solo,
    turn,
)

from gaia_ai.games.gaia.errors import IllegalMoveError

F = 1


def move_tokens(before, n):
    """Tokens leave area1 first, then area2, then area3."""
    out, left = {}, n
    for a in ("area1", "area2", "area3"):
        k = min(left, before[a])
        if k:
            out[a] = -k
        left -= k
    return out


def gf_targets(s):
    return [m[2] for m in moves(s, "build", "gf")]


def test_gaiaformer_costs_6_tokens_at_gaia_level_1():
    s = seed_where(["xenos", "terrans"], lambda st: bool(gf_targets(st)))
    hexes = gf_targets(s)
    assert all(planet(s, h) == "m" for h in hexes)
    before = pl(s, F)
    turn(s, f"build gf {hexes[0]}")
    d = delta(before, pl(s, F))
    assert d == {**move_tokens(before, 6), "gaia_area": 6, "gf": 1}
    assert s.snapshot()["board"][hexes[0]][1:3] == [F, "gf"]


def test_gaiaformer_only_on_transdim_planets():
    s = solo(["xenos", "terrans"])
    other = next(h for h in mine_targets(s))
    with pytest.raises(IllegalMoveError):
        s.apply(f"build gf {other}")


def test_gaiaformer_needs_an_available_gaiaformer():
    """Xenos own no gaia-former before gaia level 1."""
    s = seed_where(
        ["terrans", "xenos"],
        lambda st: any(planet(st, h) == "m" and dist_to(st, F, h) <= 1 for h in st.setup.board.labels),
    )
    assert pl(s, F)["gaiaformers"] == 0
    h = next(h for h in s.setup.board.labels if planet(s, h) == "m" and dist_to(s, F, h) <= 1)
    with pytest.raises(IllegalMoveError):
        s.apply(f"build gf {h}")


def _gaiaformed(factions):
    s = seed_where(factions, lambda st: bool(gf_targets(st)) or pl(st, F)["gaia"] == 0)
    if pl(s, F)["gaiaformers"] == 0:
        turn(s, "up gaia")
    hexes = gf_targets(s)
    if not hexes:
        pytest.skip("no transdim planet in range")
    h = hexes[0]
    turn(s, f"build gf {h}")
    return s, h


def test_gaia_phase_turns_transdim_into_gaia_and_tokens_return_to_area1():
    s, h = _gaiaformed(["terrans", "xenos"])
    before = pl(s, F)
    assert before["gaia_area"] == 6
    next_round(s)
    after = pl(s, F)
    assert after["gaia_area"] == 0
    assert after["area1"] - before["area1"] == 6
    assert s.snapshot()["board"][h][0] == "g"
    assert s.snapshot()["board"][h][1:3] == [F, "gf"]


def test_terrans_gaia_tokens_return_to_area2():
    s, _h = _gaiaformed(["xenos", "terrans"])
    before = pl(s, F)
    next_round(s)
    after = pl(s, F)
    assert after["gaia_area"] == 0
    assert after["area1"] == before["area1"]
    assert after["area2"] - before["area2"] == 6


def test_mine_on_gaiaformed_planet_costs_2c_1o_and_frees_the_gaiaformer():
    s, h = _gaiaformed(["xenos", "terrans"])
    next_round(s)
    before = pl(s, F)
    turn(s, f"build m {h}")
    d = delta(before, pl(s, F))
    assert {k: v for k, v in d.items() if k != "vp"} == {"credits": -2, "ores": -1, "m": 1, "gf": -1}
    assert pl(s, F)["gaiaformers"] == 1
    assert s.snapshot()["board"][h][1:3] == [F, "m"]


def test_gaiaformed_planet_cannot_be_mined_before_the_gaia_phase():
    s, h = _gaiaformed(["xenos", "terrans"])
    with pytest.raises(IllegalMoveError):
        s.apply(f"build m {h}")


def near_green(state, p, label):
    """Setup-mine key: the focal player settles next to a gaia planet."""
    if p != F:
        return 0
    return min(
        state.setup.board.distance(state.setup.board.index(label), h.index)
        for h in state.setup.board
        if h.planet == "g"
    )


def _green_in_range(factions, max_dist=1):
    return seed_where(
        factions,
        lambda st: any(planet(st, h) == "g" and dist_to(st, F, h) <= max_dist for h in mine_targets(st)),
        mine_key=near_green,
    )


def test_mine_on_gaia_planet_costs_1_qic():
    """Gaia planet: 1 qic (plus 1 qic per 2 range beyond the navigation range)."""
    s = _green_in_range(["xenos", "terrans"], max_dist=3)
    h = next(h for h in mine_targets(s) if planet(s, h) == "g" and dist_to(s, F, h) <= 3)
    range_qic = 0 if dist_to(s, F, h) <= 1 else 1
    before = pl(s, F)
    turn(s, f"build m {h}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d["qics"], d["m"]) == (-2, -1, -1 - range_qic, 1)


def test_gleens_mine_on_gaia_planet_costs_1_ore_instead_of_qic_and_gives_2vp():
    """Gleens: the gaia planet costs 1 ore instead of 1 qic; +2 VP per mine on a gaia planet."""
    s = seed_where(
        ["terrans", "gleens"],
        lambda st: any(planet(st, h) == "g" and dist_to(st, F, h) <= 2 for h in st.setup.board.labels),
        mine_key=near_green,
    )
    turn(s, "up nav")  # Gleens start at navigation 1: level 2 = range 2
    h = next(h for h in s.setup.board.labels if planet(s, h) == "g" and dist_to(s, F, h) <= 2)
    before = pl(s, F)
    turn(s, f"build m {h}")
    d = delta(before, pl(s, F))
    assert (d["credits"], d["ores"], d.get("qics", 0), d["m"]) == (-2, -2, 0, 1)
    tile = s.setup.round_scoring[0]
    round_vp = {"score3": 2, "score6": 4, "score9": 3}.get(tile, 0)
    assert d["vp"] == 2 + round_vp


def test_gaiaformer_costs_4_tokens_at_gaia_level_3():
    s = seed_where(["xenos", "terrans"], lambda st: len(gf_targets(st)) >= 1)
    while pl(s, F)["knowledge"] < 8:
        next_round(s)
    turn(s, "up gaia")
    turn(s, "up gaia")
    assert pl(s, F)["gaia"] == 3 and pl(s, F)["gaiaformers"] == 2
    hexes = gf_targets(s)
    if not hexes:
        pytest.skip("no transdim in range")
    before = pl(s, F)
    turn(s, f"build gf {hexes[0]}")
    d = delta(before, pl(s, F))
    assert d == {**move_tokens(before, 4), "gaia_area": 4, "gf": 1}
