"""Income, passing, turn order, round scoring, leech, final scoring and the end-game conversion."""

from __future__ import annotations

import pytest
from rules_helpers import (
    delta,
    dist_to,
    finish_round,
    mine_targets,
    moves,
    new_game,
    next_round,
    others_near,
    owned,
    pass_turn,
    pl,
    planet,
    seed_where,
    seed_with,
    solo,
    steps,
    turn,
)

from gaia_ai.games.gaia.errors import IllegalMoveError

F = 1
# booster income (credits, ores, knowledge, qics) - rulebook booster tiles
BOOSTER_CORK = {
    "booster1": (0, 1, 1, 0), "booster2": (0, 1, 0, 0), "booster3": (2, 0, 0, 1), "booster4": (2, 0, 0, 0),
    "booster5": (0, 0, 0, 0), "booster6": (0, 1, 0, 0), "booster7": (0, 1, 0, 0), "booster8": (0, 0, 1, 0),
    "booster9": (0, 0, 0, 0), "booster10": (4, 0, 0, 0),
}  # fmt: skip


def income(s):
    """(credits, ores, knowledge, qics) gained by the focal player over one round end, minus its new
    booster's income. The focal player stays alone to move afterwards."""
    before = pl(s, F)
    next_round(s)
    after = pl(s, F)
    b = s.snapshot()["b"][F]
    return tuple(
        after[k] - before[k] - v
        for k, v in zip(("credits", "ores", "knowledge", "qics"), BOOSTER_CORK[b], strict=True)
    )


# ---- income ------------------------------------------------------------------------------------------
def test_base_income_terrans_two_mines():
    """Board income 1 ore + 1 knowledge; mines 1 and 2 give 1 ore each."""
    s = solo(["xenos", "terrans"])
    turn(s, "up sci")  # nothing else built; science 1 = +1k
    assert income(s) == (0, 3, 1 + 1, 0)


def test_third_mine_gives_no_ore_fourth_does():
    """Mine income track: +1 ore per mine except the 3rd."""
    s = seed_where(
        ["xenos", "terrans"],
        lambda st: (
            len([h for h in mine_targets(st) if steps("r", planet(st, h)) <= 1 if planet(st, h) in "rovdsti"])
            >= 2
        ),
    )
    cheap = [h for h in mine_targets(s) if planet(s, h) in "rovdsti" and steps("r", planet(s, h)) <= 1]
    turn(s, f"build m {cheap[0]}")
    assert pl(s, F)["m"] == 3
    assert income(s)[1] == 3
    targets = mine_targets(s)
    assert targets
    turn(s, f"build m {targets[0]}")
    assert pl(s, F)["m"] == 4
    assert income(s)[1] == 4


def _ts_game():
    def key(state, p, label):
        return 0 if p != F else dist_to(state, 0, label)

    return seed_where(
        ["xenos", "terrans"], lambda st: all(others_near(st, F, m) for m in owned(st, F)), mine_key=key
    )


def test_trading_station_income_3_then_4_credits():
    """Trading stations: +3c, +4c, +4c, +5c; the mine it replaces stops giving ore."""
    s = _ts_game()
    m1, m2 = owned(s, F)
    turn(s, f"build ts {m1}")
    assert income(s)[:2] == (3, 2)
    turn(s, f"build ts {m2}")
    assert income(s)[:2] == (3 + 4, 1)


def test_lab_income_1_knowledge_and_removes_the_trading_station_income():
    s = _ts_game()
    m1, _ = owned(s, F)
    turn(s, f"build ts {m1}")
    next_round(s)
    next_round(s)
    s.apply(f"build lab {m1}")
    from rules_helpers import plain_tile, take_tile

    take_tile(s, plain_tile(s, F))
    turn(s)
    assert income(s)[:3] == (0, 2, 1 + 1)


def test_pi_income_4_power_and_1_token():
    s = _ts_game()
    m1, _ = owned(s, F)
    turn(s, f"build ts {m1}")
    next_round(s)
    before = pl(s, F)
    turn(s, f"build PI {m1}")
    mid = pl(s, F)
    tokens = lambda d: d["area1"] + d["area2"] + d["area3"] + d["gaia_area"]
    next_round(s)
    after = pl(s, F)
    assert tokens(after) - tokens(mid) == 1
    # 4 power charged: area1 tokens move up first (Terrans 4/4 at start; the new token lands in area1)
    assert after["area1"] == max(mid["area1"] - 4, 0) + 1
    assert tokens(mid) == tokens(before)


# ---- passing and turn order ------------------------------------------------------------------------------
def test_pass_returns_booster_and_takes_a_new_one():
    s = new_game(["xenos", "terrans"])
    old = s.snapshot()["b"][0]
    new = moves(s, "pass")[0][1]
    pass_turn(s, new)
    b = s.snapshot()["b"]
    assert b[0] == new
    assert ("pass", old) in moves(s, "pass")
    assert ("pass", new) not in moves(s, "pass")


def test_next_round_follows_passing_order():
    s = new_game(["xenos", "terrans", "geodens"])
    assert s.current_player == 0
    turn(s, "up sci")  # p1 acts
    pass_turn(s)  # p2 passes first
    pass_turn(s)  # p3 passes second
    assert s.current_player == 0
    pass_turn(s)  # p1 passes last
    while s.phase != "move":
        s.apply(s.legal_moves()[0])
    assert s.round == 2
    order = []
    for _ in range(3):
        order.append(s.current_player)
        pass_turn(s)
    assert order == [1, 2, 0]


def test_last_round_pass_takes_no_booster():
    s = new_game(["xenos", "terrans"])
    for _ in range(5):
        finish_round(s)
    assert s.round == 6
    assert moves(s, "pass") == [("pass",)]


@pytest.mark.parametrize("booster, per", [("booster6", "m"), ("booster7", "ts")])
def test_pass_vp_of_boosters(booster, per):
    """booster6: 1 VP per mine when passing; booster7: 2 VP per trading station."""
    seed = seed_with(2, lambda st: booster in st.boosters)
    s = solo(["xenos", "terrans"], seed, boosters={F: booster})
    if per == "ts":
        turn(s, f"build ts {owned(s, F)[0]}")
    vp_each = {"m": 1, "ts": 2}[per]
    before = pl(s, F)
    pass_turn(s)
    assert before[per] >= 1
    assert pl(s, F)["vp"] - before["vp"] == vp_each * before[per]


# ---- round scoring ---------------------------------------------------------------------------------------
@pytest.mark.parametrize("tile, vp", [("score3", 2)])
def test_round_scoring_mine_tile(tile, vp):
    """score3 (rounds' tile 'mine >> 2vp'): 2 VP for each mine built in that round."""
    seed = seed_with(2, lambda st: st.round_scoring[0] == tile)
    s = solo(["xenos", "terrans"], seed)
    h = next(h for h in mine_targets(s) if planet(s, h) in "rovdsti")
    before = pl(s, F)
    turn(s, f"build m {h}")
    assert pl(s, F)["vp"] - before["vp"] == vp


def test_round_scoring_terraforming_step_tile():
    """score1: 2 VP per terraforming step."""
    seed = seed_with(2, lambda st: st.round_scoring[0] == "score1")
    s = solo(["xenos", "terrans"], seed)
    h = next(h for h in mine_targets(s) if planet(s, h) in "rovdsti" and steps("r", planet(s, h)) >= 1)
    n = steps("r", planet(s, h))
    before = pl(s, F)
    turn(s, f"build m {h}")
    assert pl(s, F)["vp"] - before["vp"] == 2 * n


def test_round_scoring_research_tile():
    """score2: 2 VP per research step."""
    seed = seed_with(2, lambda st: st.round_scoring[0] == "score2")
    s = solo(["xenos", "terrans"], seed)
    before = pl(s, F)
    turn(s, "up sci")
    assert pl(s, F)["vp"] - before["vp"] == 2


def test_round_scoring_tile_only_counts_in_its_round():
    seed = seed_with(2, lambda st: st.round_scoring[0] == "score2" and "score2" not in st.round_scoring[1:])
    s = solo(["xenos", "terrans"], seed)
    next_round(s)
    before = pl(s, F)
    turn(s, "up sci")
    assert pl(s, F)["vp"] - before["vp"] == (2 if s.setup.round_scoring[1] in ("score2",) else 0)


# ---- leech -----------------------------------------------------------------------------------------------
def _neighbours():
    def key(state, p, label):
        return 0 if p != F else dist_to(state, 0, label)

    return seed_where(
        ["xenos", "terrans"],
        lambda st: (
            any(others_near(st, F, m) for m in owned(st, F))
            and any(others_near(st, 0, m) for m in owned(st, 0))
        ),
        mine_key=key,
    )


def test_leech_offer_equals_building_value_and_costs_value_minus_1_vp():
    """Charging n power costs n-1 VP; the offer is the highest own building value within distance 2."""
    s = new_game(["xenos", "terrans"], mine_key=lambda st, p, l: 0 if p != F else dist_to(st, 0, l))
    p0 = next(m for m in owned(s, 0) if others_near(s, 0, m))
    turn(s, f"build ts {p0}", settle_leech=None)
    assert s.phase == "leech" and s.current_player == F
    assert [str(c) for c in s.legal_moves()] == ["charge 1pw", "decline 1pw"] or {
        c.name for c in s.legal_moves()
    } == {"charge", "decline"}
    before = pl(s, F)
    s.apply("charge 1pw", F)
    d = delta(before, pl(s, F))
    assert d == {"area1": -1, "area2": 1}  # 1 power costs 0 VP
    # now p2 upgrades next to p1's trading station: p1 (value 2) is offered 2 power for 1 VP
    p1 = next(m for m in owned(s, F) if dist_to(s, 0, m) <= 2)
    assert s.current_player == F
    turn(s, f"build ts {p1}", settle_leech=None)
    assert s.phase == "leech" and s.current_player == 0
    assert "charge 2pw" in [str(c) for c in s.legal_moves()]
    before = pl(s, 0)
    s.apply("charge 2pw", 0)
    d = delta(before, pl(s, 0))
    assert d["vp"] == -1
    assert d.get("area1", 0) == -min(2, before["area1"])


def test_declining_a_leech_changes_nothing():
    s = new_game(["xenos", "terrans"], mine_key=lambda st, p, l: 0 if p != F else dist_to(st, 0, l))
    p0 = next(m for m in owned(s, 0) if others_near(s, 0, m))
    turn(s, f"build ts {p0}", settle_leech=None)
    before = s.snapshot()["p"][F]
    s.apply("decline 1pw", F) if any(str(c) == "decline 1pw" for c in s.legal_moves()) else s.apply(
        "decline", F
    )
    assert s.snapshot()["p"][F] == before
    assert s.phase == "move" and s.current_player == F


def test_no_leech_for_distant_players():
    s = new_game(["xenos", "terrans"], mine_key=lambda st, p, l: 0 if p != F else -dist_to(st, 0, l))
    far = [m for m in owned(s, 0) if not others_near(s, 0, m)]
    if not far:
        pytest.skip("mines not far apart")
    turn(s, f"build ts {far[0]}", settle_leech=None)
    assert s.phase == "move" and s.current_player == F


def test_gaiaformer_triggers_no_leech():
    s = new_game(["terrans", "xenos"], mine_key=lambda st, p, l: 0 if p != F else dist_to(st, 0, l))
    gf = [m[2] for m in moves(s, "build", "gf") if others_near(s, 0, m[2])]
    if not gf:
        pytest.skip("no transdim near the opponent")
    turn(s, f"build gf {gf[0]}", settle_leech=None)
    assert s.phase == "move"


# ---- final scoring -----------------------------------------------------------------------------------------
def _ranked_vp(counts, n_players):
    """18/12/6 by rank; ties share the places' VP (rounded down); count 0 scores nothing."""
    order = sorted(set(counts), reverse=True)
    table = [18, 12, 6, 0, 0, 0]
    out, place = {}, 0
    for c in order:
        tied = [i for i, x in enumerate(counts) if x == c]
        share = sum(table[place : place + len(tied)]) // len(tied)
        for i in tied:
            out[i] = share if c > 0 else 0
        place += len(tied)
    return [out[i] for i in range(len(counts))]


def _count(s, p, tile):
    b = s.snapshot()["board"]
    bd = s.setup.board
    mine = [h for h, v in b.items() if v[1] == p and v[2] in ("m", "ts", "lab", "PI", "ac1", "ac2")]
    if tile == "structure":
        return len(mine)
    if tile == "planetType":
        return len({planet(s, h) for h in mine})
    if tile == "sector":
        return len({bd.hex(h).sector_number for h in mine})
    if tile == "gaia":
        return sum(planet(s, h) == "g" or b[h][0] == "g" for h in mine)
    if tile in ("structureFed", "satellite"):
        return 0
    raise AssertionError(tile)


NEUTRAL = {"structure": 11, "structureFed": 10, "planetType": 5, "gaia": 4, "sector": 6, "satellite": 8}


def _end_resources(p):
    """End-game conversion: burn what can be burnt, area3 power -> credits, qic -> ore, 3 c/o/k -> 1 VP."""
    area3 = p["area3"] + p["area2"] // 2
    credits = min(30, p["credits"] + area3)
    ores = min(15, p["ores"] + p["qics"])  # the resource caps still apply
    return (credits + ores + p["knowledge"]) // 3


@pytest.mark.parametrize("n", [2, 3, 4])
def test_final_scoring_all_pass_game(n):
    """Final tiles 18/12/6 (ties split, 2-player neutral), no research VP below level 3, resources 3:1."""
    factions = ["xenos", "terrans", "geodens", "firaks"][:n]
    s = new_game(factions, f"final-{n}")
    for _ in range(5):
        finish_round(s)
    # round 6: everyone passes; the last passer's pass VP is left out of the check
    last = None
    while s.phase == "move" and len([1 for b in s.snapshot()["b"] if b is not None]) > 1:
        pass_turn(s)
    last = s.current_player
    before = {p: pl(s, p) for p in range(n)}
    pass_turn(s)
    assert s.phase == "end"
    final = s.final_scores()
    expected_tiles = [0] * n
    for tile in s.setup.final_scoring:
        counts = [_count(s, p, tile) for p in range(n)]
        if n == 2:
            vps = _ranked_vp(counts + [NEUTRAL[tile]], 3)[:2]
        else:
            vps = _ranked_vp(counts, n)
        expected_tiles = [a + b for a, b in zip(expected_tiles, vps, strict=True)]
    for p in range(n):
        if p == last:
            continue
        assert final[p] == before[p]["vp"] + expected_tiles[p] + _end_resources(before[p]), (
            p,
            s.setup.final_scoring,
        )


def test_ranked_vp_helper_matches_rulebook_ties():
    assert _ranked_vp([5, 5, 2], 3) == [15, 15, 6]
    assert _ranked_vp([2, 2, 11], 3) == [9, 9, 18]
    assert _ranked_vp([0, 3], 2) == [0, 18]


def test_research_end_vp_4_for_level_3():
    """End of game: 4/8/12 VP for level 3/4/5 of each track (here gaia 3 -> 4 VP)."""
    s = solo(["xenos", "terrans"])
    while pl(s, F)["knowledge"] < 8:
        next_round(s)
    turn(s, "up gaia")
    turn(s, "up gaia")  # gaia 3
    assert pl(s, F)["gaia"] == 3
    while s.round < 6:
        options = [m[1] for m in moves(s, "pass")]
        no_pass_vp = next(
            b for b in options if b in ("booster1", "booster2", "booster3", "booster4", "booster5")
        )
        next_round(s, {F: no_pass_vp})
    before = pl(s, F)
    pass_turn(s)
    assert s.phase == "end"
    tiles = 0
    for tile in s.setup.final_scoring:
        counts = [_count(s, p, tile) for p in range(2)]
        tiles += _ranked_vp(counts + [NEUTRAL[tile]], 3)[F]
    assert s.final_scores()[F] == before["vp"] + tiles + 4 + _end_resources(before)


# ---- illegal commands leave the state unchanged ----------------------------------------------------------
def test_rejected_main_action_does_not_use_up_the_turn():
    """Regression: a rejected main action used to leave the core's action_done flag set."""
    s = solo(["xenos", "terrans"])
    legal_before = sorted(str(c) for c in s.legal_moves())
    with pytest.raises(IllegalMoveError):
        s.apply("action power1", F)  # Terrans have no power in area3
    assert sorted(str(c) for c in s.legal_moves()) == legal_before
    turn(s, "up sci")
