"""Random legal playouts keep the invariants: every card in one place, resources never negative,
production within its limits, global parameters in range, every listed move formats and parses back."""

from __future__ import annotations

import random

import pytest

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars import IllegalMoveError, TmState

C = tm_rules.constants()


def check_invariants(s: TmState) -> None:
    core = s.core
    n = s.num_players
    locs = core.locations()
    hands = [sum(1 for x in locs if x == C["L_HAND"] + p) for p in range(n)]
    assert core.deck_size() + core.discard_size() + sum(hands) + sum(
        1 for x in locs if C["L_PLAYED"] <= x < C["L_PLAYED"] + 5) + sum(
        1 for x in locs if C["L_OFFER"] <= x < C["L_OFFER"] + 5) == (257 if core.colonies_on else 208)
    assert sum(1 for x in locs if x == C["L_DECK"]) == core.deck_size()
    assert sum(1 for x in locs if x == C["L_DISCARD"]) == core.discard_size()
    g = core.globals()
    assert -30 <= g[2] <= 8 and 0 <= g[3] <= 14 and 0 <= g[4] <= 9
    for p in range(n):
        v = core.player(p)
        assert v[13] == hands[p]
        assert all(x >= 0 for x in v[1:7]), v
        assert v[7] >= -5 and all(x >= 0 for x in v[8:13]), v
    assert sum(1 for _, t, _ in core.tiles() if t == 2) == g[4]
    if core.colonies_on:
        for _tile, track, owners, trader, _active in core.colonies():
            assert len(owners) <= 3 and len(owners) <= track <= 6 and -1 <= trader < n
        for p in range(n):
            size, used = core.fleets(p)
            assert 1 <= size and 0 <= used <= size


@pytest.mark.parametrize("players,seed,colonies", [(2, 1, False), (3, 2, False), (4, 3, False), (5, 4, False),
                                                   (2, 5, True), (3, 6, True), (4, 7, True), (5, 8, True)])
def test_random_playouts_keep_invariants_and_round_trip(players, seed, colonies):
    rng = random.Random(seed)
    s = TmState.new(players, seed, colonies=colonies)
    steps = 0
    while not s.is_terminal and steps < 3000:
        moves = s.legal_codes()
        assert moves, "a non-terminal state has a legal move"
        for m in rng.sample(moves, min(5, len(moves))):
            assert s.parse(s.format(m)) == m
        s.apply(rng.choice(moves))
        check_invariants(s)
        steps += 1
    assert s.is_terminal
    assert s.final_scores() == [sc["total"] for sc in s.score_breakdown()]
    scores = s.score_breakdown()
    assert all(sc["total"] == sc["tr"] + sc["milestones"] + sc["awards"] + sc["greenery"] + sc["city"]
               + sc["cards"] for sc in scores)


def test_tr_never_below_start_without_decreases():
    # no card of the implemented set lowers TR: TR is 20 plus the steps taken
    s = TmState.new(2, 11)
    s.core.random_playout(5)
    assert all(s.core.player(p)[0] >= 20 for p in range(2))


def test_illegal_move_changes_nothing_and_names_the_move():
    s = TmState.new(2, 5)
    before = s.core.state_bytes()
    with pytest.raises(IllegalMoveError, match=r"'pass' for player 0 \(setup\)"):
        s.apply("pass")
    assert s.core.state_bytes() == before


def test_same_seed_same_game():
    a, b = TmState.new(3, 9), TmState.new(3, 9)
    assert a.core.random_playout(4) == b.core.random_playout(4)
    assert a.core.state_bytes() == b.core.state_bytes()


def test_determinize_keeps_what_the_observer_sees():
    s = TmState.new(3, 21)
    rng = random.Random(3)
    for _ in range(60):
        s.apply(rng.choice(s.legal_codes()))
    d = s.determinize(0, seed=99)
    assert d.core.hand(0) == s.core.hand(0)
    for p in range(3):
        assert d.core.player(p) == s.core.player(p)
        assert d.core.tableau(p) == s.core.tableau(p)
    assert d.core.deck_size() == s.core.deck_size()
    hidden_before = sorted(s.core.hand(1) + s.core.hand(2))
    hidden_after = sorted(d.core.hand(1) + d.core.hand(2))
    assert hidden_before != hidden_after              # something was resampled
    check_invariants(d)


def test_game_interface_capsules():
    s = TmState.new(2, 1)
    cap, owner = tm_rules.game_interface(s.core)
    assert owner is not None and cap is not None
    assert tm_rules.state_pointer(s.core) is not None


def test_determinize_in_a_colonies_game_keeps_tiles_fleets_and_counts():
    s = TmState.new(3, 23, colonies=True)
    rng = random.Random(4)
    for _ in range(120):
        s.apply(rng.choice(s.legal_moves()))
    d = s.determinize(1, seed=5)
    assert d.core.colonies() == s.core.colonies()
    assert [d.core.fleets(p) for p in range(3)] == [s.core.fleets(p) for p in range(3)]
    assert d.core.hand(1) == s.core.hand(1) and d.snapshot()["cr"] == s.snapshot()["cr"]
    check_invariants(d)


def test_determinize_resamples_the_face_down_discard_pile():
    s = TmState.new(2, 31)
    rng = random.Random(8)
    while s.core.discard_size() < 10:
        s.apply(rng.choice(s.legal_codes()))
    real = tm_rules.save_position(s.core)["discard"]
    samples = [tm_rules.save_position(s.determinize(0, seed=k).core)["discard"] for k in range(4)]
    assert all(len(d) == len(real) for d in samples)
    assert any(sorted(d) != sorted(real) for d in samples)    # the observer does not know what was discarded
    assert set(real).isdisjoint(s.core.hand(0))
    for k in range(4):
        d = s.determinize(0, seed=k)
        assert d.core.hand(0) == s.core.hand(0)
        check_invariants(d)


def test_determinize_resamples_the_others_corporations_during_the_initial_selection():
    corps = range(12)   # a base game's corporations
    s = TmState.new(3, 17)
    offers = [p["corp_offer"] for p in tm_rules.save_position(s.core)["players"]]
    for k in range(5):
        players = tm_rules.save_position(s.determinize(0, seed=k).core)["players"]
        assert players[0]["corp_offer"] == offers[0]                 # its own two stay
        dealt = [c for p in players for c in p["corp_offer"]]
        assert len(set(dealt)) == 6 and set(dealt) <= set(corps)    # six distinct corporations
    assert any(tm_rules.save_position(s.determinize(0, seed=k).core)["players"][1]["corp_offer"] != offers[1]
               for k in range(5))
    # seat 0 has chosen (its corporation hidden until everyone has): seat 1 sees neither choice nor offer
    s.apply(s.legal_codes()[0])
    chosen = tm_rules.save_position(s.core)["players"][0]["corp"]
    seen = []
    for k in range(8):
        d = s.determinize(1, seed=k)
        p0 = tm_rules.save_position(d.core)["players"][0]
        assert p0["corp"] not in offers[1] and p0["corp"] == p0["corp_offer"][0]
        seen.append(p0["corp"])
        while d.core.step == "setup":   # the sample plays on: the others choose, the corporations are played
            d.apply(d.legal_codes()[0])
        check_invariants(d)
    assert any(c != chosen for c in seen)
