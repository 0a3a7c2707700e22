"""The games the service knows, by the name a request gives (SuggestMovesRequest.game): every game of the
registry whose Game offers a service adapter (decode a Position, search, validate; Gaia's is
gaia_ai/games/gaia/service.py)."""

from __future__ import annotations

from typing import Any, Protocol

from gaia_ai.errors import UnknownGameError
from gaia_ai.games.registry import game_names, load_game
from gaia_ai.search import SearchConfig
from gaia_ai.service.errors import RequestError
from gaia_ai.v1 import suggest_pb2 as pb


def copy_stats(into: pb.SearchStats, stats: Any) -> None:
    """A search's statistics (gaia_ai.search.stats.SearchStats) into a response's SearchStats."""
    into.simulations = stats.simulations
    into.nodes = stats.nodes
    into.max_depth = stats.max_depth
    into.elapsed_seconds = stats.elapsed
    into.simulations_per_second = stats.simulations_per_second
    into.time_manager = stats.time_manager


class GameAdapter(Protocol):
    """What the server needs of a game."""

    name: str

    def decode(self, position: pb.Position, path: str = "position") -> Any:
        """The game state of a posted position; RequestError naming the field or move at fault."""

    def suggest(self, state: Any, config: SearchConfig, top_k: int, cancel: Any = None) -> pb.SuggestMovesResponse:
        """Search the state's decision (RequestError when there is none)."""

    def validate(self, state: Any) -> pb.ValidateStateResponse:
        """Whose decision it is and the legal moves there."""


_ADAPTERS: dict[str, GameAdapter] = {}


def served_games() -> tuple[str, ...]:
    """The registered games the service answers for."""
    return tuple(name for name in game_names() if game_adapter_or_none(name) is not None)


def game_adapter_or_none(name: str) -> GameAdapter | None:
    if name not in _ADAPTERS:
        try:
            adapter = load_game(name).service_adapter()
        except UnknownGameError:
            return None
        if adapter is None:
            return None
        _ADAPTERS[name] = adapter
    return _ADAPTERS[name]


def game_adapter(name: str) -> GameAdapter:
    """The adapter of a request's game; RequestError listing the known games otherwise."""
    adapter = game_adapter_or_none(name) if name in game_names() else None
    if adapter is None:
        known = ", ".join(repr(g) for g in served_games())
        what = "missing" if not name else f"unknown game {name!r}"
        raise RequestError(f"game: {what}; known games: {known}")
    return adapter
