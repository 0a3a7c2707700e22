"""Power: burning, free conversions, board actions (power1..7, qic1..3) and resource caps.

Focal player = seat 1 (Terrans, power 4/4/0) alone after the opponent passes. With booster9 (+4pw
income) round 1 starts at 0/8/0, so 'burn 4' gives 4 tokens in area 3."""

from __future__ import annotations

import pytest
from rules_helpers import (
    delta,
    dist_to,
    finish_round,
    legal,
    mine_targets,
    next_round,
    pl,
    planet,
    seed_with,
    solo,
    steps,
    turn,
)

from gaia_ai.games.gaia.errors import IllegalMoveError

F = 1
SEED9 = seed_with(2, lambda st: {"booster9", "booster3"} <= set(st.boosters))


def charged(seed=SEED9):
    """Terrans at 0/8/0 in round 1 (booster9's 4 power charged as income)."""
    s = solo(["xenos", "terrans"], seed, boosters={F: "booster9"})
    assert (pl(s, F)["area1"], pl(s, F)["area2"], pl(s, F)["area3"]) == (0, 8, 0)
    return s


def burnt():
    s = charged()
    s.apply("burn 4", F)
    return s


def test_burn_removes_one_area2_token_per_token_moved_to_area3():
    s = charged()
    before = pl(s, F)
    s.apply("burn 3", F)
    assert delta(before, pl(s, F)) == {"area2": -6, "area3": 3}


def test_burning_more_than_half_of_area2_is_illegal():
    s = charged()
    with pytest.raises(IllegalMoveError):
        s.apply("burn 5", F)


@pytest.mark.parametrize(
    "spend, gain",
    [
        ("spend 4pw for 1q", {"qics": 1}),
        ("spend 4pw for 1k", {"knowledge": 1}),
        ("spend 3pw for 1o", {"ores": 1}),
        ("spend 1pw for 1c", {"credits": 1}),
    ],
)
def test_power_conversions(spend, gain):
    """4pw -> 1 qic, 4pw -> 1 knowledge, 3pw -> 1 ore, 1pw -> 1 credit; spent power goes to area 1."""
    s = burnt()
    before = pl(s, F)
    s.apply(spend, F)
    n = int(spend.split()[1][:-2])
    assert delta(before, pl(s, F)) == {"area3": -n, "area1": n, **gain}


@pytest.mark.parametrize(
    "spend, change",
    [
        ("spend 1q for 1o", {"qics": -1, "ores": 1}),
        ("spend 1o for 1t", {"ores": -1, "area1": 1}),
        ("spend 1k for 1c", {"knowledge": -1, "credits": 1}),
        ("spend 1o for 1c", {"ores": -1, "credits": 1}),
    ],
)
def test_resource_conversions(spend, change):
    """1 qic -> 1 ore, 1 ore -> 1 power token, 1 knowledge -> 1 credit, 1 ore -> 1 credit."""
    s = charged()
    before = pl(s, F)
    s.apply(spend, F)
    assert delta(before, pl(s, F)) == change


def test_spending_power_not_in_area3_is_illegal():
    s = charged()
    with pytest.raises(IllegalMoveError):
        s.apply("spend 1pw for 1c", F)


@pytest.mark.parametrize(
    "action, cost, gain",
    [("power3", 4, {"ores": 2}), ("power4", 4, {"credits": 7}), ("power5", 4, {"knowledge": 2})],
)
def test_power_board_actions(action, cost, gain):
    """power3: 4pw -> 2 ore; power4: 4pw -> 7 credits; power5: 4pw -> 2 knowledge."""
    s = burnt()
    before = pl(s, F)
    turn(s, f"action {action}")
    assert delta(before, pl(s, F)) == {"area3": -cost, "area1": cost, **gain}


def test_power7_costs_3_power_and_gives_2_tokens():
    s = burnt()
    before = pl(s, F)
    turn(s, "action power7")
    assert delta(before, pl(s, F)) == {"area3": -3, "area1": 3 + 2}


def test_power1_needs_7_power():
    s = burnt()
    assert not legal(s, "action power1")
    with pytest.raises(IllegalMoveError):
        s.apply("action power1", F)


def test_board_action_is_once_per_round_and_resets_next_round():
    s = burnt()
    turn(s, "action power4")
    ba = s.snapshot()["ba"]
    assert ba == "..." + str(F) + "......"
    assert not legal(s, "action power4")
    with pytest.raises(IllegalMoveError):
        s.copy().apply("action power4", F)
    next_round(s)
    assert s.snapshot()["ba"] == ".........."


def test_power6_one_free_terraforming_step():
    """power6: 3 power -> 1 terraforming step for a mine built in the same turn."""
    targets = []
    for i in range(300):
        seed = f"setup-{i}"
        from gaia_ai.games.gaia.setup import GameSetup

        if "booster9" not in GameSetup.random(2, seed).boosters:
            continue
        s = charged(seed)
        s.apply("burn 4", F)
        targets = [
            h
            for h in mine_targets(s)
            if planet(s, h) in "rovdsti" and steps("r", planet(s, h)) == 1 and dist_to(s, F, h) <= 1
        ]
        if targets:
            break
    assert targets
    before = pl(s, F)
    turn(s, "action power6", f"build m {targets[0]}")
    d = delta(before, pl(s, F))
    assert (d["area3"], d["credits"], d["ores"], d["m"]) == (-3, -2, -1, 1)


def test_qic3_gives_3vp_plus_1vp_per_planet_type():
    s = burnt()
    turn(s, "up int")  # +1 qic -> 2 qics
    assert pl(s, F)["qics"] >= 2
    before = pl(s, F)
    turn(s, "action qic3")
    assert delta(before, pl(s, F)) == {"qics": -2, "vp": 3 + 1}
    assert s.snapshot()["ba"][9] == str(F)


def test_qic1_costs_4_qics_and_gives_a_tech_tile():
    s = burnt()
    s.apply("spend 4pw for 1q", F)
    turn(s, "up int")
    if pl(s, F)["qics"] < 4:
        next_round(s, {F: "booster3"})  # +1 qic income
    assert pl(s, F)["qics"] >= 4
    before = pl(s, F)
    s.apply("action qic1", F)
    assert {c.name for c in s.legal_moves()} == {"tech"}
    from rules_helpers import plain_tile, take_tile

    pos = plain_tile(s, F)
    take_tile(s, pos)
    turn(s)
    d = delta(before, pl(s, F))
    assert d["qics"] == -4
    assert s.snapshot()["t"][F] == pos


def test_credits_are_capped_at_30():
    s = burnt()
    turn(s, "action power4")  # +7c
    while pl(s, F)["credits"] + pl(s, F)["ores"] < 32:
        next_round(s)
    o = pl(s, F)["ores"]
    s.apply(f"spend {o}o for {o}c", F)
    assert pl(s, F)["credits"] == 30


def test_ores_are_capped_at_15():
    """bot-036 after move 161: Taklons hold 15 ores and 1 qic; 1q -> 1o wastes the ore."""
    from rules_helpers import corpus_state

    s = corpus_state("bot-036", 162)
    p = s.current_player
    assert s.faction(p) == "taklons" and pl(s, p)["ores"] == 15
    before = pl(s, p)
    s.apply("spend 1q for 1o", p)
    assert delta(before, pl(s, p)) == {"qics": -1}


def _plus_k(s):
    opts = [m[1] for m in __import__("rules_helpers").moves(s, "pass") if len(m) > 1]
    return next((b for b in ("booster1", "booster8") if b in opts), None)


def test_knowledge_is_capped_at_15():
    """Firaks (2k base income) + a +1k booster: income past 15 knowledge is lost."""
    from rules_helpers import others_pass

    seed = seed_with(2, lambda st: {"booster1", "booster8"} <= set(st.boosters))
    s = solo(["xenos", "firaks"], seed, boosters={F: "booster1"})
    while pl(s, F)["knowledge"] < 13:
        s.apply("pass " + _plus_k(s), F)
        finish_round(s)
        others_pass(s, F)
    assert s.round < 6
    s.apply("pass " + _plus_k(s), F)
    finish_round(s)
    assert pl(s, F)["knowledge"] == 15
