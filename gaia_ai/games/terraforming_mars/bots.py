"""Terraforming Mars's own bot: greedy (one ply over the evaluation of src_cython/terraforming_mars/
evaluate.pxi). The game-agnostic random and mcts bots (gaia_ai.bots) play it too."""

from __future__ import annotations

import random

from gaia_ai._core import tm_rules
from gaia_ai.errors import GameOverError
from gaia_ai.games.terraforming_mars import value_net
from gaia_ai.games.terraforming_mars.state import TmMove, TmState


class GreedyBot:
    """Values each legal move by the evaluation after it (the mover's estimated final VP less the best
    other player's), on one determinization of what the mover sees: it never reads hidden cards. Payments
    follow from the evaluation (steel, titanium and Helion's heat count a little under their price, so
    they are spent before M€). Moves of equal value are told apart by the seed, so the same position and
    seed give the same move. evaluator "nN": the value network of data/tm-value-nN.json values the moves
    (bot spec greedy:eval=n1): a quick probe of whether a network ranks a position's moves better than
    the heuristic."""

    def __init__(self, seed: int = 0, evaluator: str = "heuristic") -> None:
        params = ([f"seed={seed}"] if seed else []) + ([f"eval={evaluator}"] if evaluator != "heuristic" else [])
        self.name = "greedy" + (":" + ",".join(params) if params else "")
        self._rng = random.Random(seed)
        # with a value network ("nN", value_net.py) the moves are valued by it instead of the heuristic
        self._slot = -1 if evaluator == "heuristic" else value_net.slot(evaluator)

    def values(self, state: TmState) -> list[tuple[TmMove, float]]:
        """Every legal move with its value, in legal_moves() order."""
        if state.is_terminal:
            raise GameOverError(f"no decision to take in {state!r}")
        seen = state.determinize(state.current_player, self._rng.randrange(2**63))
        moves, values = tm_rules.greedy_values(seen.core, self._slot)
        return [(TmMove(m, state.format(m)), v) for m, v in zip(moves, values, strict=True)]

    def choose(self, state: TmState) -> TmMove:
        if state.is_terminal:
            raise GameOverError(f"no decision to take in {state!r}")
        seen = state.determinize(state.current_player, self._rng.randrange(2**63))
        moves, values = tm_rules.greedy_values(seen.core, self._slot)
        best = max(values)
        ties = [m for m, v in zip(moves, values, strict=True) if v >= best - 1e-9]
        m = ties[0] if len(ties) == 1 else self._rng.choice(ties)
        return TmMove(m, state.format(m))
