"""Uniformly random playouts over the legal atomic commands (tests, benchmarks, MCTS rollouts)."""

from __future__ import annotations

import random

from gaia_ai.games.gaia.engine import GaiaState


def random_playout(state: GaiaState, rng: random.Random, max_moves: int | None = None) -> GaiaState:
    """Play uniformly random legal moves on ``state`` (in place) until the game ends, no move is
    legal, or ``max_moves`` commands were applied; return the state."""
    moves = 0
    while not state.is_terminal and (max_moves is None or moves < max_moves):
        legal = state.legal_moves()
        if not legal:
            break
        state.apply(rng.choice(legal))
        moves += 1
    return state
