"""Uniformly random playouts over the legal atomic commands (tests, benchmarks, MCTS rollouts)."""

from __future__ import annotations

import random

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.engine import GaiaState


def decision_player(state: GaiaState) -> int:
    """Who must answer the moves of state.legal_moves(): the player to move, except while a brainstone
    question is open (its owner answers it, possibly out of turn)."""
    return int(gaia_rules.decision_player(state._core))


def random_playout(state: GaiaState, rng: random.Random, max_moves: int | None = None) -> GaiaState:
    """Play uniformly random legal moves on ``state`` (in place) until the game ends, no move is
    legal, or ``max_moves`` commands were applied; return the state."""
    moves = 0
    while not state.is_terminal and (max_moves is None or moves < max_moves):
        legal = state.legal_moves()
        if not legal:
            break
        state.apply(rng.choice(legal), decision_player(state))
        moves += 1
    return state
