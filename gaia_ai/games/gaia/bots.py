"""Gaia Project's own bots: greedy, one ply over the search moves with the core's heuristic estimate;
mcts-fed, the mcts bot searching with its own federation candidates."""

from __future__ import annotations

from typing import Any

from gaia_ai._core import gaia_rules
from gaia_ai.bots.mcts import MctsBot
from gaia_ai.bots.player import SearchMovePlayer
from gaia_ai.errors import BotSpecError
from gaia_ai.games.gaia.engine import FEDERATION_CANDIDATES, GaiaState, federation_candidates_set
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


class FederationModeBot(MctsBot):
    """The mcts bot searching with the federation candidates `mode` ("narrow" or "wide",
    engine.set_federation_candidates), set around each of its searches and restored after, so that
    `gaia-ai match mcts-fed:fed=wide,sims=400 mcts:sims=400` compares the wide candidates with the
    narrow ones in one process. Spec: `mcts-fed:fed=MODE` (default wide) and any mcts parameter."""

    mode = "wide"

    @classmethod
    def from_spec(cls, params: dict[str, str], spec: str, game: Any) -> FederationModeBot:
        mode = params.pop("fed", "wide")
        if mode not in FEDERATION_CANDIDATES:
            raise BotSpecError(f"parameter 'fed' of bot spec {spec!r} must be one of "
                               f"{', '.join(FEDERATION_CANDIDATES)}, not {mode!r}")
        bot = cls.from_params(params, spec, game)
        bot.mode = mode
        return bot

    def choose(self, state: Any) -> Any:
        with federation_candidates_set(self.mode):
            return super().choose(state)
