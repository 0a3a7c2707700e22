"""Positions to analyse, from the places a user has them: a boardgamers.space export, a corpus record
cut after K log lines, a structured state (GaiaGameState JSON), or the demo position shipped with the
package."""

from __future__ import annotations

import json
import sys
from collections.abc import Iterator
from importlib import resources
from pathlib import Path
from typing import Any

from gaia_ai.games.gaia.bgs import load_export
from gaia_ai.games.gaia.corpus import read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError, StateError
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.games.gaia.structured import state_from_json
from gaia_ai.jsontext import loads_bounded


class PositionError(GaiaError, ValueError):
    """A position cannot be loaded (unknown game, bad move index) or has no decision to take."""


def _replay(setup: GameSetup, lines: list[str], source: str = "") -> GaiaState:
    """The position after lines; an illegal line is named by its moveHistory index (and source)."""
    state = GaiaState.new(setup)
    for i, line in enumerate(lines):
        try:
            state.apply_line(line)
        except GaiaError as e:
            where = f"{source}: " if source else ""
            raise type(e)(f"{where}moveHistory[{i}] {line!r}: {e}") from None
    return state


def from_record(record: dict[str, Any], moves: int | None = None) -> GaiaState:
    """The position after the first `moves` log lines of a corpus-format record (all by default)."""
    history = record["moveHistory"]
    if moves is not None and not 0 <= moves <= len(history):
        raise PositionError(f"move {moves} is out of range: game {record.get('id', '?')!r} has "
                            f"{len(history)} log lines")
    setup = GameSetup.from_corpus(record)
    return _replay(setup, history if moves is None else history[:moves])


def from_corpus(path: str | Path, game_id: str, moves: int) -> GaiaState:
    for record in read_corpus(path):
        if record.id == game_id:
            return from_record({"id": record.id, "setup": record.setup, "seed": record.seed,
                                "nbPlayers": record.num_players, "options": record.options,
                                "moveHistory": record.move_history}, moves)
    raise PositionError(f"no game {game_id!r} in {path}")


def from_bgs(path: str | Path, allow_finished: bool = False) -> GaiaState:
    """The position at the end of a boardgamers.space export (a finished game only if allowed); path "-"
    reads the export from standard input."""
    if str(path) == "-":   # the export on standard input
        try:
            export = load_export(json.load(sys.stdin), "stdin")
        except json.JSONDecodeError as e:
            raise PositionError(f"standard input: not valid JSON: {e}") from None
    else:
        export = load_export(path)
    if export.ended and not allow_finished:
        raise PositionError(f"{path}: the game is finished; there is no move to suggest")
    return _replay(export.setup, list(export.moves), Path(path).name if str(path) != "-" else "standard input")


def from_state_file(path: str | Path) -> GaiaState:
    """The position of a structured state file: GaiaGameState in protobuf's JSON mapping (see
    gaia_ai.games.gaia.structured); StateError names the offending field."""
    try:
        data = loads_bounded(Path(path).read_text(encoding="utf-8"), str(path), StateError)
    except json.JSONDecodeError as e:
        raise StateError(f"{path}: not JSON ({e})") from None
    except UnicodeDecodeError:
        raise StateError(f"{path}: not a UTF-8 text file") from None
    return state_from_json(data)


def late_positions(path: str | Path, every: int = 1, players: int | None = None) -> Iterator[GaiaState]:
    """The main-phase positions of rounds 5-6 with no pending decision (the densest boards) of every
    `every`-th game of a corpus file (of `players` players, if given), each a state of its own, in corpus
    order; a game's line the engine refuses ends its usable prefix."""
    for n, record in enumerate(read_corpus(path)):
        if n % every or (players is not None and record.num_players != players):
            continue
        state = GaiaState.new(GameSetup.from_corpus(record.to_dict()))
        for line in record.move_history:
            if line.startswith("init "):
                continue
            try:
                state.apply_line(line)
            except GaiaError:
                break
            core = state._core
            if core.phase == "move" and core.round >= 5 and not core.pending:
                yield state.copy()


def demo() -> GaiaState:
    """The position shipped with the package (gaia_ai/games/gaia/data/demo-position.json)."""
    text = resources.files("gaia_ai.games.gaia").joinpath("data/demo-position.json").read_text()
    return from_record(json.loads(text))


def require_decision(state: GaiaState) -> GaiaState:
    if state.is_terminal:
        raise PositionError("the game is over: there is no move to suggest")
    return state
