"""Eminent Domain positions from text a person pastes (``gaia-ai web``): a game log (an eminent-domain/1
record, as `gaia-ai match` and `tournament` write them) cut after K moves, or one seat's observation.
The kind is recognised by its format; anything else is refused, naming what was found."""

from __future__ import annotations

import json
from typing import Any

from gaia_ai.games.api import PasteKind
from gaia_ai.games.pasted import Pasted, PastedError, cut, json_object, unknown
from gaia_ai.v1 import suggest_pb2 as pb

from .errors import EdError
from .gamelog import FORMAT as LOG_FORMAT
from .gamelog import replay_record
from .observation import FORMAT as OBSERVATION_FORMAT
from .observation import state_from_observation
from .positions import check_seat

KINDS = (
    PasteKind("game log", "A game log (eminent-domain/1)",
              "A game saved by 'gaia-ai export' from a tournament database (one line of its .jsonl file), "
              "or any eminent-domain/1 record; the slider picks the position after K moves.", log=True),
    PasteKind("observation", "One seat's observation (eminent-domain-observation/1)",
              "What 'gaia-ai export-state --game eminent-domain' writes: what the seat to move sees."),
)
EXPECTED = ("an Eminent Domain game log (format eminent-domain/1: setup, moves) or an observation "
            "(format eminent-domain-observation/1)")


def position_from_text(text: str, name: str = "the pasted text", move: int | None = None) -> Pasted:
    """The position of pasted text; PastedError naming `name` and what is wrong otherwise."""
    data = json_object(text, name, EXPECTED)
    fmt = data.get("format")
    if fmt == OBSERVATION_FORMAT:
        if move is not None:
            raise PastedError(f"{name} is an observation, one position: it has no moves to choose from")
        try:
            state = state_from_observation(data)
            check_seat(state, data["seat"])
        except (EdError, ValueError, KeyError, TypeError) as e:
            raise PastedError(f"{name} (observation): {e}") from None
        return Pasted("observation", state, lambda: pb.Position(ed_observation_json=text))
    if fmt != LOG_FORMAT:
        raise unknown(data, name, EXPECTED)
    lines = data.get("moves")
    if not isinstance(lines, list):
        raise PastedError(f"{name} (game log): moves is not a list of move lines")
    k = cut(move, len(lines), name, "game log")
    rec: dict[str, Any] = {**data, "moves": lines[:k], "final_scores": None}
    try:
        state = replay_record(rec)
    except (EdError, ValueError, KeyError, TypeError) as e:
        raise PastedError(f"{name} (game log): {e}") from None
    return Pasted("game log", state, lambda: pb.Position(ed_log_json=json.dumps(rec)), len(lines), k, 0,
                  str(lines[k - 1]) if k else "")
