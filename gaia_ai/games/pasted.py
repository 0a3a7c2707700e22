"""What the games' readers of pasted text share (each game's ``read_position``, the web page): the text
as one JSON object, a log's cut checked against its length, and the position read from it."""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass
from typing import Any

from gaia_ai.errors import ToolkitError


class PastedError(ToolkitError, ValueError):
    """Pasted text that is not a position a game reads; the message names the text and what is wrong."""


@dataclass(frozen=True)
class Pasted:
    """A position read from pasted text: its kind (one of the game's paste_kinds), the state, how to
    send it to a `gaia-ai serve` server, and for a log its length and the cut used."""

    kind: str
    state: Any
    position: Callable[[], Any]   # the service's Position message of this position
    moves: int | None = None      # a log's number of moves; None for a text that is one position
    move: int | None = None       # the cut: the position after the log's first `move` moves
    first: int = 0                # the smallest cut
    last: str = ""                # the move that led to the position, as the log writes it

    def request_position(self) -> Any:
        return self.position()


def json_object(text: str, name: str, expected: str) -> dict[str, Any]:
    """The text as a JSON object; PastedError naming `name` and saying what was `expected` otherwise."""
    if not text.strip():
        raise PastedError(f"{name} is empty: paste or choose {expected}")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        if e.msg == "Extra data":
            raise PastedError(f"{name} holds more than one JSON value (line {e.lineno} starts another: a .jsonl "
                              f"file of several games?): paste one of them, {expected}") from None
        raise PastedError(f"{name} is not JSON (line {e.lineno}, column {e.colno}: {e.msg}); expected "
                          f"{expected}") from None
    except RecursionError:
        raise PastedError(f"{name} is nested too deeply to be {expected}") from None
    if not isinstance(data, dict):
        raise PastedError(f"{name} is a JSON {type(data).__name__}, not an object: expected {expected}")
    return data


def unknown(data: dict[str, Any], name: str, expected: str) -> PastedError:
    """The error for a JSON object of none of the expected kinds: it names its keys."""
    keys = ", ".join(sorted(map(str, data))[:8]) or "none"
    fmt = data.get("format")
    what = f"its format is {fmt!r}" if isinstance(fmt, str) else f"its keys: {keys}"
    return PastedError(f"{name} is not {expected}; {what}")


def cut(move: Any, moves: int, name: str, kind: str, first: int = 0) -> int:
    """The cut of a log of `moves` moves: all of them when move is None; PastedError when out of range."""
    if move is None:
        return moves
    if isinstance(move, bool) or not isinstance(move, int) or not first <= move <= moves:
        raise PastedError(f"{name} ({kind}): move {move!r} is not a position of the game (it has moves "
                          f"{first}..{moves})")
    return move
