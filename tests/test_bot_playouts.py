"""Playouts by our own bots (greedy, MCTS) with the invariants checked after every move (issue 15).

Random playouts rarely build out a whole supply, upgrade the lost planet or form late federations;
the bots do, and that is where main wrote past its tables. Every faction plays in the default run
(four greedy games of 3-4 players and one small MCTS game); more seeds and MCTS games are slow tests.
The same checks run under the sanitizer build in CI (.ci/run).
"""

from __future__ import annotations

from collections.abc import Sequence

import pytest
from test_properties import _invariant_errors, _token_change_errors

from gaia_ai.bots.base import make_bot
from gaia_ai.games.gaia import GaiaState, GameSetup
from gaia_ai.games.gaia.invariants import table_errors

# the 14 factions in games without two factions of one home planet
GROUPS = (
    ("terrans", "xenos", "taklons", "hadsch-hallas"),
    ("geodens", "firaks", "nevlas", "lantids"),
    ("gleens", "ambas", "ivits"),
    ("baltaks", "bescods", "itars"),
)
MAX_MOVES = 6000


def play_checked(specs: Sequence[str], factions: Sequence[str], seed: str) -> GaiaState:
    """A whole game, seat s played by make_bot(specs[s]) with factions[s]; every invariant of the
    property tests and of the C tables is checked after every command."""
    state = GaiaState.new(GameSetup.random(len(factions), seed))
    for faction in factions:
        state.apply(f"faction {faction}")
    bots = [make_bot(spec) for spec in specs]
    for _ in range(MAX_MOVES):
        if state.is_terminal:
            return state
        player = state.current_player
        move = bots[player].choose(state)
        before = state.snapshot()
        state.apply(move)
        after = state.snapshot()
        errors = _invariant_errors(state) + table_errors(state) + \
            _token_change_errors(move, player, before, after, state.faction(player))
        assert not errors, f"seed {seed!r}, after {move} by {state.faction(player)}: {errors}"
    raise AssertionError(f"seed {seed!r}: no end after {MAX_MOVES} commands")


@pytest.mark.parametrize("group", GROUPS, ids=["-".join(g) for g in GROUPS])
def test_greedy_games_keep_every_invariant(group: tuple[str, ...]) -> None:
    state = play_checked(["greedy"] * len(group), group, seed="greedy-" + group[0])
    assert state.final_scores()


def test_an_mcts_game_keeps_every_invariant() -> None:
    state = play_checked(["mcts:sims=12,seed=1", "greedy"], ("firaks", "ambas"), seed="mcts-small")
    assert state.final_scores()


@pytest.mark.slow
@pytest.mark.parametrize("seed", range(6))
@pytest.mark.parametrize("group", GROUPS, ids=["-".join(g) for g in GROUPS])
def test_more_greedy_and_mcts_games_keep_every_invariant(group: tuple[str, ...], seed: int) -> None:
    for players in range(2, len(group) + 1):
        factions = group[seed % len(group):] + group[: seed % len(group)]
        specs = ["greedy" if (seat + seed) % 2 else f"mcts:sims=24,seed={seed}" for seat in range(players)]
        play_checked(specs, factions[:players], seed=f"bots-{seed}-{players}")
