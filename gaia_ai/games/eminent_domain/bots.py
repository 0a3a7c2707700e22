"""Eminent Domain's own bot until the information-set search serves it: flat Monte Carlo."""

from __future__ import annotations

import random

from gaia_ai._core import ed_rules
from gaia_ai.errors import GameOverError
from gaia_ai.games.eminent_domain.notation import EdMove
from gaia_ai.games.eminent_domain.state import EdState


class FlatMonteCarloBot:
    """Each legal move is valued by random playouts after it, each from a fresh determinization of what
    the bot's seat sees (it never reads hidden cards); the best mean final margin wins, ties to the first
    listed. Seeded: the same position, seed and playouts give the same move."""

    def __init__(self, playouts: int = 20, seed: int = 0) -> None:
        if playouts < 1:
            raise ValueError(f"playouts must be at least 1, not {playouts}")
        self.name = f"flat:playouts={playouts}"
        self.playouts = playouts
        self._rng = random.Random(seed)

    def choose(self, state: EdState) -> EdMove:
        if state.is_terminal:
            raise GameOverError(f"no decision to take in {state!r}")
        moves, values = ed_rules.flat_monte_carlo(state._core, self.playouts, self._rng.randrange(2**63))
        if len(moves) == 1:
            return EdMove(moves[0])
        best = max(range(len(moves)), key=lambda i: (values[i], -i))
        return EdMove(moves[best])
