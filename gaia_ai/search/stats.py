"""Search statistics, game-agnostic."""

from __future__ import annotations

from dataclasses import dataclass
from typing import Any


@dataclass(frozen=True)
class SearchStats:
    """What one search did: simulations run, tree nodes created (all trees), deepest tree path (moves
    from the root), wall-clock seconds of the search loop, and simulations per second."""

    simulations: int
    nodes: int
    max_depth: int
    elapsed: float
    simulations_per_second: float

    @classmethod
    def from_dict(cls, stats: dict[str, Any]) -> SearchStats:
        return cls(
            simulations=int(stats["simulations"]),
            nodes=int(stats["nodes"]),
            max_depth=int(stats["max_depth"]),
            elapsed=float(stats["elapsed"]),
            simulations_per_second=float(stats["simulations_per_second"]),
        )
