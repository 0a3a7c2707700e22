"""MCTS for Gaia Project positions: search_gaia(state, config) -> SearchResult with notation moves."""

from __future__ import annotations

from dataclasses import dataclass, field
from typing import Any

from gaia_ai._core import gaia_rules, mcts
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.notation import Command
from gaia_ai.search.config import SearchConfig
from gaia_ai.search.stats import SearchStats


class GameOverError(GaiaError, ValueError):
    """Raised when asked to search a finished game."""


@dataclass(frozen=True)
class Candidate:
    """One move of the searching player with its statistics.

    value: mean simulation value for the searching player (config.value mode, in [0, 1]).
    win_probability: share of its simulations the searching player finished first (ties split).
    expected_score: mean final score (VP; evaluate() estimate for truncated rollouts) of that player.
    pv: principal variation, this move first, then the most visited reply at each step;
    pv_players[i] is the player who makes pv[i]. value, win_probability and expected_score are NaN
    for a move with no visits."""

    move: Command
    visits: int
    value: float
    win_probability: float
    expected_score: float
    pv: list[Command]
    pv_players: list[int] = field(default_factory=list)


@dataclass(frozen=True)
class SearchResult:
    """Candidates sorted by visits (most first), the search statistics, and the searching player."""

    candidates: list[Candidate]
    stats: SearchStats
    player: int

    @property
    def best(self) -> Candidate:
        return self.candidates[0]


def search_gaia(state: GaiaState, config: SearchConfig | None = None) -> SearchResult:
    """Search the decision of state.current_player; state is not changed."""
    config = config or SearchConfig()
    if state.is_terminal:
        raise GameOverError(f"cannot search a finished game (final scores {state.final_scores()})")
    core = state._core.copy()  # the search reads this core's C state: keep it alive until the end
    iface, owner = gaia_rules.game_interface(core)
    raw = mcts.search(iface, gaia_rules.state_pointer(core), config.to_dict())
    del owner
    labels = list(state.setup.board.labels)
    root_feds = gaia_rules.federation_labels(core)
    candidates = [_candidate(c, core, labels, root_feds) for c in raw["candidates"]]
    return SearchResult(candidates, SearchStats.from_dict(raw["stats"]), int(raw["player"]))


def _candidate(raw: dict[str, Any], root: Any, labels: list[str], root_feds: list[str]) -> Candidate:
    pv, players = [], []
    line = root.copy()
    for move, player in raw["pv"]:
        pv.append(Command(*gaia_rules.format_move(move, labels, gaia_rules.federation_labels(line))))
        players.append(int(player))
        line.apply_move(player, move)
    return Candidate(
        move=Command(*gaia_rules.format_move(raw["move"], labels, root_feds)),
        visits=int(raw["visits"]),
        value=float(raw["value"]),
        win_probability=float(raw["win_probability"]),
        expected_score=float(raw["expected_score"]),
        pv=pv,
        pv_players=players,
    )
