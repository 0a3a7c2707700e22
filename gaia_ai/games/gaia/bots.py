"""Gaia Project's own bot: greedy, one ply over the search moves with the core's heuristic estimate."""

from __future__ import annotations

from gaia_ai._core import gaia_rules
from gaia_ai.bots.player import SearchMovePlayer
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.notation import Command
from gaia_ai.games.gaia.search import search_move_commands


class GreedyBot(SearchMovePlayer):
    """One ply over the search moves: the one after which the heuristic estimate of the mover's final
    score, minus the best opponent's, is highest; ties go to the first listed (deterministic)."""

    name = "greedy"

    def choose(self, state: GaiaState) -> Command:
        queued = self._queued(state)
        if queued is not None:
            return queued
        player = state.current_player
        core = state._core
        moves = gaia_rules.search_moves_int(core)
        if not moves:
            raise GaiaError(f"no decision to take in {state!r}")
        best: tuple[float, int] | None = None
        for m in moves:
            after = core.copy()
            gaia_rules.apply_search_move(after, m)
            score = _margin(after, player)
            if best is None or score > best[0]:
                best = (score, m)
        assert best is not None
        return self._play(state, search_move_commands(state, best[1]))


def _margin(core: object, player: int) -> float:
    estimate = core.final_scores() or gaia_rules.evaluate(core)  # type: ignore[attr-defined]
    others = [v for p, v in enumerate(estimate) if p != player]
    return float(estimate[player] - max(others))
