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
    moves: int | None = None   # an export's or a log's moveHistory length (None: a structured state)
    move: int | None = None    # the cut: the position after moveHistory[:move]
    first: int = 0             # the smallest cut (an export's first line, init, makes the game)
    last: str = ""             # the line that led to the position (moveHistory[move - 1])

    def request_position(self) -> Any:
        """The service's Position message of the text as given, so a server judges what was pasted."""
        from google.protobuf import json_format

        from gaia_ai.games.gaia.requests import position_from_bgs, position_from_record
        from gaia_ai.games.gaia.v1.gaia_state_pb2 import GaiaGameState
        from gaia_ai.v1 import suggest_pb2 as pb

        if self.kind == KINDS[0]:
            return position_from_bgs(json.dumps({**self.data, "moveHistory": self.data["moveHistory"][:self.move]}))
        if self.kind == KINDS[1]:
            return position_from_record(self.data, self.move)
        return pb.Position(gaia_state=json_format.ParseDict(self.data, GaiaGameState()))


def position_from_text(text: str, name: str = "the pasted text", move: int | None = None) -> Pasted:
    """Read a position from text; PastedError (naming `name`) when it is not one. move: for an export
    or a log, the position after its first `move` lines of moveHistory (all of them when None)."""
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
    if kind == KINDS[2]:
        if move is not None:
            raise PastedError(f"{name} is a structured state, one position: it has no moves to choose from")
        try:
            return Pasted(kind, state_from_json(data), data)
        except (GaiaError, KeyError, TypeError, ValueError) as e:
            raise PastedError(f"{name} ({kind}): {e}") from None
    history = data["moveHistory"]
    if not isinstance(history, list):
        raise PastedError(f"{name} ({kind}): moveHistory is a {type(history).__name__}, not a list of lines")
    first = 1 if kind == KINDS[0] else 0
    cut = len(history) if move is None else move
    if isinstance(cut, bool) or not isinstance(cut, int) or not first <= cut <= len(history):
        raise PastedError(f"{name} ({kind}): move {move!r} is not a position of the game "
                          f"(it has moves {first}..{len(history)})")
    try:
        if kind == KINDS[0]:
            export = load_export(data, "export")
            state = _replay(export.setup, export.moves[:cut])
        else:
            setup = GameSetup.from_corpus({"setup": data["setup"], "seed": data.get("seed", ""),
                                           "nbPlayers": data["nbPlayers"]})
            state = _replay(setup, history[:cut])
    except PastedError as e:
        raise PastedError(f"{name} ({kind}): {e}") from None
    except (GaiaError, KeyError, TypeError, ValueError) as e:
        raise PastedError(f"{name} ({kind}): {e}") from None
    return Pasted(kind, state, data, len(history), cut, first, str(history[cut - 1]) if cut > first else "")


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
