"""Eminent Domain positions from text a person pastes (``gaia-ai web``): a game log (an eminent-domain/1
record, as `gaia-ai match` and `tournament` write them) cut after K moves, one seat's observation, or a
position a person types (eminent-domain-entry/1, entry.py; the page's form builds it: form.py).
The kind is recognised by its format; anything else is refused, naming what was found."""

from __future__ import annotations

import json
from typing import Any

from gaia_ai.games.api import PasteKind
from gaia_ai.games.pasted import Pasted, PastedError, cut, json_object, unknown
from gaia_ai.v1 import suggest_pb2 as pb

from .entry import FORMAT as ENTRY_FORMAT
from .entry import observation_from_entry
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
    PasteKind("typed position", "A position you type (eminent-domain-entry/1)",
              "What you see at a real table or on Board Game Arena: fill in the form below (it builds this "
              "JSON), or write it yourself (docs/eminent-domain.md; examples/eminent-domain-position.json)."),
)
EXPECTED = ("an Eminent Domain game log (format eminent-domain/1: setup, moves), an observation "
            "(format eminent-domain-observation/1) or a typed position (format eminent-domain-entry/1)")


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
    if fmt == ENTRY_FORMAT:
        if move is not None:
            raise PastedError(f"{name} is a typed position, one position: it has no moves to choose from")
        try:
            observation = observation_from_entry(data)
            state = state_from_observation(observation)
            check_seat(state, observation["seat"])
        except (EdError, ValueError, KeyError, TypeError) as e:
            raise PastedError(f"{name} (typed position): {e}") from None
        return Pasted("typed position", state, lambda: pb.Position(ed_observation_json=json.dumps(observation)))
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
