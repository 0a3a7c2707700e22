"""Property tests: random legal playouts through the rules core and the move generator.

Each example plays a whole game from ``GameSetup.random(n, seed)`` choosing among ``legal_moves()``
(factions included) with a hypothesis-controlled Random, so a failure shrinks to a short seed/choice
sequence. Whole games are cheap (a 2-player random game is ~110 commands, ~10 ms).
"""

from __future__ import annotations

import random

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st
from hypothesis_budget import examples

from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.notation import Command
from gaia_ai.games.gaia.playout import random_playout
from gaia_ai.games.gaia.setup import GameSetup

PHASES = {"sf", "sB", "sbo", "inc", "gaia", "move", "leech", "end"}
MAX_MOVES = 5000  # a safety net: random games end after a few hundred commands

# Weights for a "builder" playout that passes rarely, to reach later-game features (PI, academies,
# federations, advanced tiles) more often than a uniform playout does.
BUILDER_WEIGHTS = {"pass": 0.02, "spend": 0.4, "burn": 0.3, "decline": 0.3, "up": 4.0, "federation": 5.0}

SETTINGS = settings(max_examples=examples(40), deadline=None, suppress_health_check=[HealthCheck.too_slow])
seeds = st.integers(min_value=0, max_value=10**9).map(str)
players = st.sampled_from([2, 3, 4])


def _choose(rng: random.Random, moves: list[Command], builder: bool) -> Command:
    if not builder:
        return rng.choice(moves)
    weights = [BUILDER_WEIGHTS.get(m.name, 1.0) for m in moves]
    return rng.choices(moves, weights)[0]


def _invariant_errors(state: GaiaState) -> list[str]:
    """Facts true in every real game position (resources within caps, buildings within supply, ...)."""
    snap = state.snapshot()
    n = state.setup.num_players
    errors = []
    if snap["ph"] not in PHASES:
        errors.append(f"unknown phase {snap['ph']!r}")
    if not 0 <= snap["r"] <= 6:
        errors.append(f"round {snap['r']}")
    if snap["ph"] != "end" and not 0 <= snap["tm"] < n:
        errors.append(f"player to move {snap['tm']}")
    for p, row in enumerate(snap["p"]):
        vp, credits, ores, knowledge, qic = row[0:5]
        if vp < 0:
            errors.append(f"p{p + 1} vp {vp}")
        if not (0 <= credits <= 30 and 0 <= ores <= 15 and 0 <= knowledge <= 15 and qic >= 0):
            errors.append(f"p{p + 1} resources c{credits} o{ores} k{knowledge} q{qic}")
        if min(row[5:9]) < 0 or not 0 <= row[9] <= 4:
            errors.append(f"p{p + 1} power areas {row[5:9]} brainstone {row[9]}")
        if not all(0 <= lvl <= 5 for lvl in row[10:16]):
            errors.append(f"p{p + 1} research {row[10:16]}")
        m, ts, lab, pi, ac1, ac2, gf, sp = row[16:24]
        if not (
            0 <= m <= 8
            and 0 <= ts <= 4
            and 0 <= lab <= 3
            and 0 <= pi <= 1
            and 0 <= ac1 <= 1
            and 0 <= ac2 <= 1
            and sp >= 0
        ):
            errors.append(f"p{p + 1} buildings {row[16:24]}")
        if not 0 <= gf <= row[27] <= 3:
            errors.append(f"p{p + 1} gaia-formers placed {gf} owned {row[27]}")
        if not (0 <= row[25] <= row[24] and row[26] >= 0):
            errors.append(f"p{p + 1} federations {row[24]} green {row[25]} satellites {row[26]}")
        held = [t.rstrip("!") for t in snap["t"][p].split(",") if t]
        if len(held) != len(set(held)):
            errors.append(f"p{p + 1} holds a tech tile twice: {snap['t'][p]}")
    for track in range(10, 16):
        if sum(row[track] == 5 for row in snap["p"]) > 1:
            errors.append(f"two players at level 5 of research track {track - 10}")
    return errors


def _tokens(row: list[int]) -> int:
    """Power tokens a player has anywhere: areas 1-3, the gaia area, and the brainstone while in play."""
    return sum(row[5:9]) + (1 if row[9] else 0)


def _token_change_errors(move: Command, player: int, before: dict, after: dict, faction: str | None) -> list[str]:
    """Power tokens are conserved: only moves that gain or remove tokens change a player's total, by
    the amount the rules say; VP change only for the player who moves, and fall only by a charge's cost."""
    if before["r"] == 0 or after["r"] != before["r"] or after["ph"] in ("inc", "gaia", "end") \
            or before["ph"] in ("inc", "gaia"):
        return []   # setup, the start of a round (income, gaia phase) and the end-game conversion
    errors = []
    for p, (row0, row1) in enumerate(zip(before["p"], after["p"], strict=True)):
        delta = _tokens(row1) - _tokens(row0)
        vp_delta = row1[0] - row0[0]
        if p != player:
            if delta or vp_delta:
                errors.append(f"p{p + 1}'s tokens/VP changed by {delta}/{vp_delta} on another player's move {move}")
            continue
        # VP only grow, except the n-1 VP a charge of n power costs
        if move.name == "charge":
            power = int(next(x for x in move.args[0].split(",") if x.endswith("pw"))[:-2] or 1)
            if vp_delta != -max(power - 1, 0):
                errors.append(f"p{p + 1}'s VP changed by {vp_delta} on {move}")
        elif vp_delta < 0:
            errors.append(f"p{p + 1} lost {-vp_delta} VP on {move}")
        name, args = move.name, move.args
        expected: set[int]
        if name == "burn":
            expected = {0} if faction == "itars" else {-int(args[0])}
        elif name == "spend":
            gained = sum(int(r[:-1] or 1) for r in args[1].split(",") if r.endswith("t") and not r.endswith("tg"))
            expected = {-4} if args[1] == "tech" else {gained}
        elif name == "action":
            expected = {2} if args[0] == "power7" else {0}
        elif name == "federation":
            satellites = row1[26] - row0[26]
            cost = 0 if faction == "ivits" else satellites
            bonus = 2 if args[1] == "fed3" else 0
            expected = {bonus - cost}
        elif name == "fedtile":
            expected = {2} if args[0] == "fed3" else {0}
        elif name == "up":
            expected = {0, 3}       # gaia level 2 gives 3 tokens
        elif name == "charge":
            expected = {1} if "t" in args[0].replace("pw", "") else {0}
        elif name == "brainstone":
            expected = {0, -1}      # the brainstone may leave the game when paying satellites
        elif name == "tech":
            expected = {0, 3}       # a free research step to gaia 2 follows some tiles
        else:
            expected = {0}
        if delta not in expected:
            errors.append(f"p{p + 1}'s tokens changed by {delta} on {move} (expected one of {sorted(expected)})")
    return errors


def _play(
    n: int,
    seed: str,
    rng: random.Random,
    *,
    builder: bool = False,
    check_moves: bool = False,
    check_invariants: bool = False,
) -> tuple[GaiaState, list[str]]:
    state = GaiaState.new(GameSetup.random(n, seed))
    history: list[str] = []
    while not state.is_terminal:
        assert len(history) < MAX_MOVES, f"game did not end: seed {seed!r}"
        moves = state.legal_moves()
        player = state.current_player
        assert moves, f"no legal move in {state!r} (seed {seed!r}) after {history[-8:]}"
        if check_moves:
            assert len(set(moves)) == len(moves), f"duplicated moves {moves}"
            for move in moves:
                assert Command.parse(str(move)) == move, f"{move!r} does not round-trip through {str(move)!r}"
                trial = state.copy()
                trial.apply(move, player)  # raises IllegalMoveError if the generator was wrong
        move = _choose(rng, moves, builder)
        history.append(f"p{player + 1} {move}")
        before = state.snapshot() if check_invariants else None
        state.apply(move, player)
        if check_invariants:
            assert before is not None
            errors = _invariant_errors(state)
            errors += _token_change_errors(move, player, before, state.snapshot(), state.faction(player))
            assert not errors, f"seed {seed!r} after {history[-8:]}: {errors}"
    return state, history


@pytest.mark.parametrize("n", [2, 3, 4])
@SETTINGS
@given(seed=seeds, rng=st.randoms(use_true_random=False))
def test_every_legal_move_applies_and_round_trips(n: int, seed: str, rng: random.Random) -> None:
    _play(n, seed, rng, check_moves=True)


@SETTINGS
@given(n=players, seed=seeds, rng=st.randoms(use_true_random=False), builder=st.booleans())
def test_invariants_hold_after_every_move(n: int, seed: str, rng: random.Random, builder: bool) -> None:
    _play(n, seed, rng, builder=builder, check_invariants=True)


@SETTINGS
@given(n=players, seed=seeds, rng=st.randoms(use_true_random=False), builder=st.booleans())
def test_finished_game_has_final_scores(n: int, seed: str, rng: random.Random, builder: bool) -> None:
    state, _ = _play(n, seed, rng, builder=builder)
    scores = state.final_scores()
    assert isinstance(scores, list) and len(scores) == n
    assert all(isinstance(s, int) for s in scores)
    assert state.legal_moves() == []
    assert state.phase == "end"


@SETTINGS
@given(n=players, seed=seeds, rng=st.randoms(use_true_random=False))
def test_legal_moves_are_deterministic_and_pure(n: int, seed: str, rng: random.Random) -> None:
    state = GaiaState.new(GameSetup.random(n, seed))
    random_playout(state, rng, max_moves=rng.randrange(0, 150))
    before = state.snapshot()
    moves = state.legal_moves()
    assert state.snapshot() == before  # generating moves does not change the state
    assert state.copy().legal_moves() == moves == state.legal_moves()


def test_random_playout_stops_at_max_moves_and_is_reproducible() -> None:
    setup = GameSetup.random(2, "playout")
    a = random_playout(GaiaState.new(setup), random.Random(7), max_moves=40)
    b = random_playout(GaiaState.new(setup), random.Random(7), max_moves=40)
    assert a.snapshot() == b.snapshot()
    assert not a.is_terminal
    full = random_playout(GaiaState.new(setup), random.Random(7))
    assert full.is_terminal and full.final_scores() is not None


def test_first_decisions_cover_every_faction_then_home_planets() -> None:
    state = GaiaState.new(GameSetup.random(3, "factions"))
    moves = state.legal_moves()
    assert {m.name for m in moves} == {"faction"} and len(moves) == 14
    state.apply(Command("faction", ("terrans",)))
    remaining = {m.args[0] for m in state.legal_moves()}
    assert "terrans" not in remaining and "lantids" not in remaining  # same home planet
    state.apply(Command("faction", ("xenos",)))
    state.apply(Command("faction", ("ivits",)))
    assert state.phase == "sB"
    builds = state.legal_moves()
    assert builds and all(m.name == "build" and m.args[0] == "m" for m in builds)
