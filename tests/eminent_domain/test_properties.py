"""Invariants over random games: every card and planet in exactly one place, influence conserved,
hand limits after cleanup, notation round trip, every game ends; determinize keeps what a seat sees."""

from __future__ import annotations

import random
from collections import Counter

import pytest

from gaia_ai._core import ed_rules
from gaia_ai.games.eminent_domain import EdMove, EdOptions, EdState, format_move, parse_move

LOC = ed_rules.LOCATIONS
NKIND = ed_rules.SIZES["NKIND"]
NACT = ed_rules.SIZES["NACTTECH"]
MAX_MOVES = 5000
# the rule sets: the rulebook reading with and without the errata, and BGA's (errata always on)
RULES = {"rulebook": EdOptions(rules="rulebook"), "rulebook+errata": EdOptions(rules="rulebook", errata=True),
         "bga": EdOptions(rules="bga")}
GAMES = [(players, rules, seed) for players in (2, 3, 4) for rules in RULES for seed in (1, 2)]


def card_places(raw: dict, players: int) -> Counter:
    where: Counter = Counter()
    for p in range(players):
        pl = raw["pl"][p]
        for zone in ("hand", "discard", "played_act", "played_role", "removed"):
            for k, n in enumerate(pl[zone]):
                where[k] += n
        for k in pl["deck"][: pl["ndeck"]]:
            where[k] += 1
    for pid, n in enumerate(raw["ncol"]):
        for k in raw["col"][pid][:n]:
            where[k] += 1
    for k, n in enumerate(raw["stacks"]):
        where[k] += n
    where[5] += raw["politics_out"]
    for t in range(NACT):
        if (raw["tech_avail"] >> t) & 1:
            where[6 + t] += 1
    return where


def expected_cards(state: EdState) -> Counter:
    totals, _ = state.options.stack_setup(state.players)
    want = Counter({k: n for k, n in enumerate(totals)})
    want[5] = 4
    for k in range(6, NKIND):
        want[k] = 1
    return want


def check(state: EdState, want: Counter) -> None:
    raw = state.raw_state()
    n = state.players
    assert +card_places(raw, n) == +want
    for p in range(n):
        pl = raw["pl"][p]
        assert pl["nhand"] == sum(pl["hand"])
        assert pl["fighters"] >= 0
    tokens = raw["supply_black"] + raw["supply_blue"] + sum(raw["pl"][p]["influence"] for p in range(n))
    assert tokens - raw["influence_created"] == 32
    assert min(raw["supply_black"], raw["supply_blue"]) >= 0
    locs = raw["planet_loc"]
    deck = raw["pdeck"][: raw["npdeck"]]
    assert sorted(deck) == [i for i, x in enumerate(locs) if x == LOC["deck"]]
    assert sorted(raw["look"][: raw["nlook"]]) == [i for i, x in enumerate(locs) if x == LOC["look"]]
    for i, x in enumerate(locs):
        face_up = x >= LOC["owned"] and (x - LOC["owned"]) % 2 == 1
        if raw["planet_res"][i]:
            assert face_up and not raw["planet_scorched"][i]
        if raw["ncol"][i]:
            assert x >= LOC["owned"] and not face_up
    assert sum(1 for x in locs if x >= LOC["owned"]) >= n      # everyone keeps a planet


def random_game(players: int, rules: str, seed: int, *, checks: bool = True) -> EdState:
    state = EdState.new(players, seed, RULES[rules])
    want = expected_cards(state)
    rng = random.Random(seed)
    for _ in range(MAX_MOVES):
        if state.is_terminal:
            break
        moves = state.legal_moves()
        assert moves, "a non-terminal state has a legal move"
        assert len(set(moves)) == len(moves)
        move = rng.choice(moves)
        assert parse_move(format_move(move.code)) == move.code
        leader, turns = state.raw_state()["leader"], state.raw_state()["turns"]
        state.apply(move)
        raw = state.raw_state()
        if raw["turns"] > turns:      # a cleanup just ended: the leader holds at most the hand limit
            assert raw["pl"][leader]["nhand"] <= state._core.hand_limit(leader)
        if checks:
            check(state, want)
    assert state.is_terminal, f"no end after {MAX_MOVES} moves"
    return state


@pytest.mark.parametrize("players,rules,seed", GAMES)
def test_random_games_keep_every_invariant_and_end(players, rules, seed):
    state = random_game(players, rules, seed)
    assert state.final_scores() == state.scores()
    assert state.legal_moves() == [] and state.current_player == -1


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(100, 160))
def test_many_random_games(seed):
    random_game(2 + seed % 3, list(RULES)[seed % 3], seed)


def test_every_legal_move_applies_and_round_trips():
    state = EdState.new(3, 11)
    rng = random.Random(11)
    while not state.is_terminal:
        moves = state.legal_moves()
        for m in moves:
            probe = state.copy()
            probe.apply(str(m))
            assert EdMove.parse(str(m)) == m
        state.apply(rng.choice(moves))


def test_same_seed_same_game():
    a = random_game(3, "bga", 5, checks=False)
    b = random_game(3, "bga", 5, checks=False)
    assert a.log == b.log and a.final_scores() == b.final_scores()


# ---- determinize ----------------------------------------------------------------------------------------

@pytest.mark.parametrize("seed", [3, 4, 8])
def test_determinize_keeps_what_the_observer_sees(seed):
    state = EdState.new(3, seed)
    rng = random.Random(seed)
    for _ in range(rng.randrange(40, 160)):
        if not state.is_terminal:
            state.apply(rng.choice(state.legal_moves()))
    want = expected_cards(state)
    for observer in range(3):
        for k in range(5):
            d = state.determinize(observer, k)
            assert d.observation(observer) == state.observation(observer)
            check(d, want)


def test_determinize_resamples_hands_and_planet_fronts():
    state = EdState.new(3, 5)            # p1 holds 5 of its 10 cards; planets are all unseen
    ds = [state.determinize(0, k) for k in range(20)]
    assert len({tuple(d.raw_state()["pl"][1]["hand"]) for d in ds}) > 1
    assert len({tuple(d.raw_state()["planet_loc"]) for d in ds}) > 1      # start planet fronts
    assert {tuple(d.raw_state()["pl"][0]["hand"]) for d in ds} == {tuple(state.raw_state()["pl"][0]["hand"])}


def test_determinize_depends_only_on_the_observers_information():
    state = EdState.new(2, 21)
    rng = random.Random(21)
    for _ in range(60):
        state.apply(rng.choice(state.legal_moves()))
    # another state the observer (p0) cannot tell apart: p1's hand and deck swapped around
    other = state.determinize(0, 99)
    for seed in range(5):
        a, b = state.determinize(0, seed), other.determinize(0, seed)
        assert a.raw_state() == b.raw_state()


def test_determinize_rejects_a_bad_observer():
    with pytest.raises(ValueError, match="no player 3"):
        EdState.new(2, 1).determinize(3, 0)


def test_cards_seen_entering_a_hand_stay_in_it_when_determinized():
    from .helpers import play, position

    s = position(hands={0: {"politics": 1}}, decks={0: ["survey"] * 5})
    play(s, "act politics", "take research")
    for seed in range(10):
        assert s.determinize(1, seed).raw_state()["pl"][0]["hand"][4] == 1     # the research card
    play(s, "role research", "boost research")          # played: no longer known in the hand
    assert s.raw_state()["pl"][0]["known"][4] == 0


@pytest.mark.parametrize("seed", [0, 14, 73])
def test_a_determinized_state_leaves_the_deciding_seat_a_legal_move(seed):
    # seeds 0, 14 and 73 reached it: a seat that chose to follow Colonize, or had begun its discards down
    # to the hand limit, was dealt a hand with no Colonize card / too few cards of the kinds still allowed
    state = EdState.new(3, seed)
    rng = random.Random(seed)
    checked = 0
    while not state.is_terminal:
        for observer in range(3):
            if observer != state.current_player:
                for k in range(2):
                    d = state.determinize(observer, k)
                    assert d.legal_moves(), (state.snapshot()["decision"], observer, k)
                    checked += 1
        state.apply(rng.choice(state.legal_moves()))
    assert checked > 100
