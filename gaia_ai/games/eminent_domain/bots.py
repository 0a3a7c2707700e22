"""Eminent Domain's own bots: greedy (a heuristic over a short look-ahead) and flat Monte Carlo. The
game-agnostic random and mcts bots (gaia_ai.bots) play it too."""

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


class GreedyBot:
    """Values each legal move by the best heuristic worth its seat reaches over its own next decisions
    (`depth` choices: a role's boosts and resolution, an action and the role after it), on one
    determinization of what the seat sees (``ed_rules.greedy_values``, in C). Moves of equal value are
    told apart by the seed, so the same position and seed give the same move."""

    def __init__(self, depth: int = 4, seed: int = 0) -> None:
        if depth < 1:
            raise ValueError(f"depth must be at least 1, not {depth}")
        self.name = f"greedy:depth={depth}"
        self.depth = depth
        self._rng = random.Random(seed)

    def values(self, state: EdState) -> list[tuple[EdMove, float]]:
        """Every legal move with its value, in legal_moves() order."""
        if state.is_terminal:
            raise GameOverError(f"no decision to take in {state!r}")
        moves, values = ed_rules.greedy_values(state._core, self._rng.randrange(2**63), self.depth)
        return [(EdMove(m), v) for m, v in zip(moves, values, strict=True)]

    def choose(self, state: EdState) -> EdMove:
        scored = self.values(state)
        best = max(v for _, v in scored)
        ties = [m for m, v in scored if v >= best - 1e-9]
        return ties[0] if len(ties) == 1 else self._rng.choice(ties)
