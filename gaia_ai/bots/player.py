"""Playing a search move one atomic move at a time: what the MCTS bot and the games' search-move bots
share (its own module, so that gaia_ai.bots.base can name the MCTS bot without an import circle)."""

from __future__ import annotations

from typing import Any

from gaia_ai.games.api import State


class SearchMovePlayer:
    """Plays a chosen search move (e.g. a main action with its auto-payment and the end of the turn) one
    atomic move at a time: the rest of its sequence is queued while the game follows it (the position
    before each queued move is known by its key)."""

    def __init__(self) -> None:
        self._queue: list[tuple[bytes, Any]] = []

    def _queued(self, state: State) -> Any | None:
        if self._queue and self._queue[0][0] == state.key():
            return self._queue.pop(0)[1]
        self._queue = []
        return None

    def _play(self, state: State, moves: list[Any]) -> Any:
        line = state.copy()
        for move in moves:
            self._queue.append((line.key(), move))
            line.apply(move)
        return self._queue.pop(0)[1]
