"""A line of moves in words, step by step: the loop behind each game's describe_moves (TM and ED)."""

from __future__ import annotations

from collections.abc import Callable, Sequence
from typing import Any


def describe_steps(state: Any, moves: Sequence[Any], players: Sequence[int] | None,
                   step: Callable[[Any, int, Any], tuple[Any, str, str]], who: Callable[[Any, int], str],
                   errors: tuple[type[Exception], ...]) -> list[dict[str, Any]]:
    """Each move applied in turn to a copy of `state`: dicts with player (seat from 1), who, notation and
    words. step(line, i, move) gives (what to apply, notation, words) for the i-th move at `line`;
    who(line, seat) names the seat once its move is applied. The list stops at the end of the game, at a
    move of another seat than players[i], or at a move that raises one of `errors` (a line read on
    another sample of the hidden cards)."""
    line = state.copy()
    out = []
    for i, move in enumerate(moves):
        if line.is_terminal:
            break
        seat = line.current_player
        if players is not None and i < len(players) and players[i] != seat:
            break
        try:
            applied, text, words = step(line, i, move)
            line.apply(applied)
        except errors:
            break
        out.append({"player": seat + 1, "who": who(line, seat), "notation": text, "words": words})
    return out
