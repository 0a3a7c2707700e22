"""Positions to analyse, from the three places a user has them: a boardgamers.space export, a corpus
record cut after K log lines, or the demo position shipped with the package."""

from __future__ import annotations

import json
from importlib import resources
from pathlib import Path
from typing import Any

from gaia_ai.games.gaia.bgs import load_export
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.setup import GameSetup


class PositionError(GaiaError, ValueError):
    """A position cannot be loaded (unknown game, bad move index) or has no decision to take."""


def _replay(setup: GameSetup, lines: list[str]) -> GaiaState:
    state = GaiaState.new(setup)
    for line in lines:
        state.apply_line(line)
    return state


def from_record(record: dict[str, Any], moves: int | None = None) -> GaiaState:
    """The position after the first `moves` log lines of a corpus-format record (all by default)."""
    history = record["moveHistory"]
    if moves is not None and not 0 <= moves <= len(history):
        raise PositionError(f"move {moves} is out of range: game {record.get('id', '?')!r} has "
                            f"{len(history)} log lines")
    setup = GameSetup.from_corpus({"setup": record["setup"], "seed": record["seed"], "nbPlayers": record["nbPlayers"]})
    return _replay(setup, history if moves is None else history[:moves])


def from_corpus(path: str | Path, game_id: str, moves: int) -> GaiaState:
    for record in read_corpus(path):
        if record.id == game_id:
            return from_record({"id": record.id, "setup": record.setup, "seed": record.seed,
                                "nbPlayers": record.num_players, "moveHistory": record.move_history}, moves)
    raise PositionError(f"no game {game_id!r} in {path}")


def from_bgs(path: str | Path) -> GaiaState:
    export = load_export(path)
    if export.ended:
        raise PositionError(f"{path}: the game is finished; there is no move to suggest")
    return _replay(export.setup, list(export.moves))


def demo() -> GaiaState:
    """The position shipped with the package (gaia_ai/games/gaia/data/demo-position.json)."""
    text = resources.files("gaia_ai.games.gaia").joinpath("data/demo-position.json").read_text()
    return from_record(json.loads(text))


def require_decision(state: GaiaState) -> GaiaState:
    if state.is_terminal:
        raise PositionError("the game is over: there is no move to suggest")
    return state
