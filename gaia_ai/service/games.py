"""The games the service knows, by the name a request gives (SuggestMovesRequest.game). A new game is
an adapter module (decode a Position, search, validate; see gaia.py) plus one line in GAMES."""

from __future__ import annotations

from typing import Any, Protocol

from gaia_ai.search import SearchConfig
from gaia_ai.service.errors import RequestError
from gaia_ai.service.gaia import GaiaAdapter
from gaia_ai.v1 import suggest_pb2 as pb


class GameAdapter(Protocol):
    """What the server needs of a game."""

    name: str

    def decode(self, position: pb.Position, path: str = "position") -> Any:
        """The game state of a posted position; RequestError naming the field or move at fault."""

    def suggest(self, state: Any, config: SearchConfig, top_k: int, cancel: Any = None) -> pb.SuggestMovesResponse:
        """Search the state's decision (RequestError when there is none)."""

    def validate(self, state: Any) -> pb.ValidateStateResponse:
        """Whose decision it is and the legal moves there."""


GAMES: dict[str, GameAdapter] = {
    GaiaAdapter.name: GaiaAdapter(),
}


def game_adapter(name: str) -> GameAdapter:
    """The adapter of a request's game; RequestError listing the known games otherwise."""
    adapter = GAMES.get(name)
    if adapter is None:
        known = ", ".join(repr(g) for g in GAMES)
        what = "missing" if not name else f"unknown game {name!r}"
        raise RequestError(f"game: {what}; known games: {known}")
    return adapter
