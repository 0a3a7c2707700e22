"""The game a review reads: its setup, its log lines and who played it, from a boardgamers.space export,
a corpus record (a JSON file holding one record, or a corpus file holding only one game) or a game of a
corpus file named by id."""

from __future__ import annotations

import gzip
import json
import zlib
from dataclasses import dataclass
from pathlib import Path
from typing import Any

from gaia_ai.games.gaia.bgs import parse_export
from gaia_ai.games.gaia.corpus import CorpusRecord, read_corpus
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.setup import GameSetup
from gaia_ai.review.model import Player


class GameFileError(GaiaError, ValueError):
    """A game to review cannot be read (message names the file and what is wrong)."""


@dataclass(frozen=True)
class ReviewGame:
    """A game to review: lines is the moveHistory (the init line first; line i is what `gaia-ai suggest
    --move i` would be asked about), names the player names of an export (None where unknown)."""

    game_id: str
    setup: GameSetup
    lines: tuple[str, ...]
    names: tuple[str | None, ...]

    def players(self) -> list[Player]:
        """The seats with the factions picked in the log (replays the faction picks only)."""
        state = GaiaState.new(self.setup)
        for line in self.lines:
            if state.phase != "sf":   # faction selection is over
                break
            state.apply_line(line)
        return [Player(p, f"p{p + 1}", state.faction(p), self.names[p])
                for p in range(self.setup.num_players)]


def load_game(path: str | Path, game_id: str | None = None) -> ReviewGame:
    """The game in `path`: with game_id, that game of a corpus file; without, a boardgamers.space export
    (.json), a corpus record (.json) or a corpus file (.jsonl / .jsonl.gz) holding exactly one game."""
    path = Path(path)
    if not path.is_file():
        raise GameFileError(f"{path}: no such file")
    if game_id is not None:
        records = _records(path)
        for record in records:
            if record.id == game_id:
                return _from_record(record)
        ids = ", ".join(r.id for r in records[:8]) + (", ..." if len(records) > 8 else "")
        raise GameFileError(f"no game {game_id!r} in {path} (it holds {len(records)}: {ids})")
    if path.name.endswith((".jsonl", ".jsonl.gz")):
        records = _records(path)
        if len(records) != 1:
            raise GameFileError(f"{path} holds {len(records)} games: name one with --corpus {path} --game-id ID")
        return _from_record(records[0])
    data = _read_json(path)
    if isinstance(data, dict) and "nbPlayers" in data and "snapshots" in data:
        return _from_record(CorpusRecord.from_dict(data, path.name))
    export = parse_export(data, path.stem)
    names = []
    for player in export.players:
        name = player.get("name")
        names.append(name if isinstance(name, str) and name else None)
    return ReviewGame(export.game_id, export.setup, tuple(export.moves), tuple(names))


def _records(path: Path) -> list[CorpusRecord]:
    records = list(read_corpus(path))
    if not records:
        raise GameFileError(f"{path} holds no game")
    return records


def _read_json(path: Path) -> Any:
    try:
        raw = gzip.decompress(path.read_bytes()) if path.suffix == ".gz" else path.read_bytes()
        return json.loads(raw.decode("utf-8"))
    except (OSError, EOFError, zlib.error) as e:
        raise GameFileError(f"{path}: cannot read: {e}") from e
    except UnicodeDecodeError as e:
        raise GameFileError(f"{path}: not UTF-8 text: {e}") from e
    except json.JSONDecodeError as e:
        raise GameFileError(f"{path}: not a JSON game export or corpus record: {e}") from e


def _from_record(record: CorpusRecord) -> ReviewGame:
    setup = GameSetup.from_corpus(record.to_dict())
    return ReviewGame(record.id, setup, tuple(record.move_history), (None,) * record.num_players)
