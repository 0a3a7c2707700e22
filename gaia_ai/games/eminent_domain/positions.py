"""Positions of Eminent Domain named on the command line: a game log cut after K moves, one seat's
observation (observation.py), or a position a person typed (entry.py). Each gives an EdState; errors are
EdErrors naming the file and the fault."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from gaia_ai import jsontext
from gaia_ai.games import records
from gaia_ai.games.eminent_domain.errors import EdError, LogError
from gaia_ai.games.eminent_domain.gamelog import FORMAT, read_records, replay_record
from gaia_ai.games.eminent_domain.observation import ObservationError, state_from_observation
from gaia_ai.games.eminent_domain.state import EdState


def pick_record(path: str | Path, game_id: str | None = None) -> dict[str, Any]:
    """The record of `path` (a .json record, or a .jsonl(.gz) file: the game `game_id`, or its only one)."""
    rec = records.pick_record(read_records, path, game_id, LogError, "a game log")
    if not isinstance(rec, dict):
        raise LogError(f"{path}: not an {FORMAT} record")
    return rec


def cut(rec: dict[str, Any], moves: int | None) -> dict[str, Any]:
    """The record cut after its first `moves` moves (all when None): a game in progress to replay."""
    lines = rec.get("moves")
    if not isinstance(lines, list):
        raise LogError("the record has no list of moves")
    if moves is None:
        return rec
    if not 0 <= moves <= len(lines):
        raise LogError(f"--move {moves}: the log has moves 0..{len(lines)}")
    return {**rec, "moves": lines[:moves], "final_scores": None}


def from_log(path: str | Path, game_id: str | None = None, moves: int | None = None) -> EdState:
    """The position after the first `moves` moves of a game log (all by default)."""
    rec = cut(pick_record(path, game_id), moves)
    return replay_record({**rec, "final_scores": None})


def observation_of_entry_file(path: str | Path) -> dict[str, Any]:
    """The observation of a typed position file (entry.py's format); EntryError names the file and field."""
    from gaia_ai.games.eminent_domain.entry import EntryError, observation_from_entry

    data = read_observation(path)
    try:
        return observation_from_entry(data)
    except EntryError as e:
        raise EntryError(f"{path}: {e}") from None


def from_entry(path: str | Path) -> EdState:
    """The position a typed entry file describes, at its seat's decision."""
    data = observation_of_entry_file(path)
    state = state_from_observation(data)
    check_seat(state, data["seat"])
    return state


def read_observation(path: str | Path) -> dict[str, Any]:
    path = Path(path)
    try:
        data = jsontext.loads_bounded(path.read_text(encoding="utf-8"), str(path), ObservationError)
    except OSError as e:
        raise ObservationError(f"{path}: cannot read: {e.strerror or e}") from None
    except (UnicodeDecodeError, json.JSONDecodeError) as e:
        raise ObservationError(f"{path}: not JSON: {e}") from None
    return data


def from_observation(path: str | Path) -> EdState:
    """The position one seat's observation file describes (at that seat's decision, or the game's end)."""
    data = read_observation(path)
    try:
        state = state_from_observation(data)
    except ObservationError as e:
        raise ObservationError(f"{path}: {e}") from None
    check_seat(state, data["seat"])
    return state


def check_seat(state: EdState, seat: int) -> None:
    """A seat's observation serves that seat's decision only (the others' hidden cards are unknown to it)."""
    if not state.is_terminal and state.current_player != seat:
        raise EdError(f"the observation is p{seat + 1}'s, but the decision is p{state.current_player + 1}'s: "
                      "suggestions need the observation of the seat to move")
