"""Search statistics, game-agnostic."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SearchStats:
    """What one search did: simulations run, tree nodes created (all trees), deepest tree path (moves
    from the root), wall-clock seconds of the search loop, and simulations per second; with tree reuse
    (GaiaSearcher), the nodes and root visits carried over from the previous search; cancelled: a
    CancelToken stopped it before its budget; time_manager (SearchConfig.max_time_ms): "early" (stopped
    before time_ms, its answer settled), "extended" (thought past time_ms on a close decision until it
    settled), "ceiling" (stopped at max_time_ms unsettled), "" (no manager, or settled at time_ms);
    prior_moves: how many moves the game's move prior weighed (0 without one), what the prior cost."""

    simulations: int
    nodes: int
    max_depth: int
    elapsed: float
    simulations_per_second: float
    reused_nodes: int = 0
    reused_visits: int = 0
    cancelled: bool = False
    time_manager: str = ""
    prior_moves: int = 0

    @classmethod
    def from_dict(cls, stats: dict[str, Any]) -> SearchStats:
        return cls(
            simulations=int(stats["simulations"]),
            nodes=int(stats["nodes"]),
            max_depth=int(stats["max_depth"]),
            elapsed=float(stats["elapsed"]),
            simulations_per_second=float(stats["simulations_per_second"]),
            reused_nodes=int(stats.get("reused_nodes", 0)),
            reused_visits=int(stats.get("reused_visits", 0)),
            cancelled=bool(stats.get("cancelled", False)),
            time_manager=str(stats.get("time_manager", "")),
            prior_moves=int(stats.get("prior_moves", 0)),
        )
