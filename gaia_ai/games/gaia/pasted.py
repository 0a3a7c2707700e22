"""A position from text a user pastes or drops (the web page): a boardgamers.space game export, a game
log (a corpus-format record: setup, seed, nbPlayers, moveHistory) or a structured state (GaiaGameState
JSON). The kind is recognised by its keys; anything else is refused with a message that says what
was expected and what was found."""

from __future__ import annotations

import json
from dataclasses import dataclass
from typing import Any

from gaia_ai.games.gaia.bgs import load_export
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError, IllegalMoveError, NotationError
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.games.gaia.structured import state_from_json

KINDS = ("boardgamers.space export", "game log", "structured state")


class PastedError(GaiaError, ValueError):
    """The text is not a position this module reads; the message names the source and the problem."""


@dataclass(frozen=True)
class Pasted:
    """A position read from text: its kind (one of KINDS), the state, and for an export or a log the
    data as given (what a `gaia-ai serve` server is sent)."""

    kind: str
    state: GaiaState
    data: dict[str, Any]


def position_from_text(text: str, name: str = "the pasted text") -> Pasted:
    """Read a position from text; PastedError (naming `name`) when it is not one."""
    if not text.strip():
        raise PastedError(f"{name} is empty: paste or drop a boardgamers.space export, a game log or a "
                          "structured state (JSON)")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as e:
        raise PastedError(f"{name} is not JSON (line {e.lineno}, column {e.colno}: {e.msg}); expected a "
                          "boardgamers.space export, a game log or a structured state") from None
    if not isinstance(data, dict):
        raise PastedError(f"{name} is a JSON {type(data).__name__}, not an object: expected a "
                          "boardgamers.space export, a game log or a structured state")
    kind = _kind(data)
    if kind is None:
        keys = ", ".join(sorted(data)[:8]) or "none"
        raise PastedError(f"{name} is not a boardgamers.space export (moveHistory, options, players), a game log "
                          f"(setup, seed, nbPlayers, moveHistory) or a structured state (setup, players, board); "
                          f"its keys: {keys}")
    try:
        if kind == KINDS[0]:
            export = load_export(data, "export")
            state = _replay(export.setup, export.moves)
        elif kind == KINDS[1]:
            setup = GameSetup.from_corpus({"setup": data["setup"], "seed": data.get("seed", ""),
                                           "nbPlayers": data["nbPlayers"]})
            state = _replay(setup, data["moveHistory"])
        else:
            state = state_from_json(data)
    except PastedError:
        raise
    except (GaiaError, KeyError, TypeError, ValueError) as e:
        raise PastedError(f"{name} ({kind}): {e}") from None
    return Pasted(kind, state, data)


def _kind(data: dict[str, Any]) -> str | None:
    if "moveHistory" in data and "options" in data and "players" in data:
        return KINDS[0]
    if "moveHistory" in data and "setup" in data and "nbPlayers" in data:
        return KINDS[1]
    if "setup" in data and "players" in data and "moveHistory" not in data:
        return KINDS[2]
    return None


def _replay(setup: GameSetup, lines: list[Any]) -> GaiaState:
    """The position after lines; an illegal or malformed line is named by its index and text."""
    state = GaiaState.new(setup)
    for i, line in enumerate(lines):
        if not isinstance(line, str):
            raise PastedError(f"moveHistory[{i}] is a {type(line).__name__}, not a line of text")
        try:
            state.apply_line(line)
        except (IllegalMoveError, NotationError) as e:
            raise PastedError(f"moveHistory[{i}] {line!r}: {e}") from None
    return state


__all__ = ["KINDS", "Pasted", "PastedError", "position_from_text"]
