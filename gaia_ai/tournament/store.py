"""Tournament results in one SQLite file.

Tables (schema version in ``PRAGMA user_version``):

* ``tournament``: one row: name, the game played (registry name), fingerprint and JSON of the settings
  that define the games;
* ``games``: one row per finished game: id, schedule ordinal and deal, setup seed, player count,
  setup (JSON, corpus ``setup`` layout), bot name and spec per seat, factions, final VP, the move
  log (JSON list of notation lines, ``init`` first), the final snapshot, moves (atomic commands)
  and duration in seconds;
* ``seats``: the same games one row per seat (bot, spec, faction, vp, rank), for SQL queries such
  as ``SELECT bot, avg(vp) FROM seats GROUP BY bot``.

A game is written in one transaction when it ends, so an interrupted run loses only the games in
progress, and a re-run skips every game already stored. While a run writes, SQLite keeps its
write-ahead log beside the file (``-wal``, ``-shm``); closing the database folds it back in.
"""

from __future__ import annotations

import json
import sqlite3
from dataclasses import dataclass
from pathlib import Path
from typing import Any, Self

from gaia_ai.errors import ToolkitError
from gaia_ai.games.api import ranks_of
from gaia_ai.games.registry import DEFAULT_GAME

# 2: the tournament row names its game. A version-1 file (gaia-ai 0.1, Gaia Project only) is read as a
# Gaia Project tournament, and upgraded in place when a run writes to it.
SCHEMA_VERSION = 2

_SCHEMA = """
CREATE TABLE tournament (
    id INTEGER PRIMARY KEY CHECK (id = 1),
    name TEXT NOT NULL,
    fingerprint TEXT NOT NULL,
    config TEXT NOT NULL,
    game TEXT NOT NULL
);
CREATE TABLE games (
    id TEXT PRIMARY KEY,
    ordinal INTEGER NOT NULL,
    deal INTEGER NOT NULL,
    setup_seed TEXT NOT NULL,
    players INTEGER NOT NULL,
    setup TEXT NOT NULL,
    bots TEXT NOT NULL,
    specs TEXT NOT NULL,
    factions TEXT NOT NULL,
    scores TEXT NOT NULL,
    moves TEXT NOT NULL,
    final_state TEXT NOT NULL,
    n_moves INTEGER NOT NULL,
    duration REAL NOT NULL
);
CREATE TABLE seats (
    game_id TEXT NOT NULL REFERENCES games(id),
    seat INTEGER NOT NULL,
    bot TEXT NOT NULL,
    spec TEXT NOT NULL,
    faction TEXT NOT NULL,
    vp INTEGER NOT NULL,
    rank INTEGER NOT NULL,
    PRIMARY KEY (game_id, seat)
);
CREATE INDEX seats_bot ON seats(bot);
"""


class StoreError(ToolkitError, ValueError):
    """The database cannot be opened, is not a tournament database, or holds another tournament."""


@dataclass(frozen=True)
class StoredGame:
    """One finished game as stored (``moves``: the log lines; ``seconds``: its wall time)."""

    id: str
    ordinal: int
    deal: int
    setup_seed: str
    players: int
    setup: dict[str, Any]
    bots: list[str]
    specs: list[str]
    factions: list[str]
    scores: list[int]
    moves: list[str]
    final_state: dict[str, Any]
    n_moves: int
    seconds: float


_COLUMNS = ("id, ordinal, deal, setup_seed, players, setup, bots, specs, factions, scores, moves, final_state, "
            "n_moves, duration")
_JSON_COLUMNS = frozenset({5, 6, 7, 8, 9, 10, 11})


def _row_to_game(row: tuple[Any, ...]) -> StoredGame:
    values = [json.loads(v) if i in _JSON_COLUMNS else v for i, v in enumerate(row)]
    return StoredGame(*values)


class TournamentStore:
    """The SQLite file of one tournament. ``TournamentStore(path)`` creates it if needed;
    ``TournamentStore(path, readonly=True)`` requires it to exist."""

    def __init__(self, path: str | Path, readonly: bool = False) -> None:
        self.path = Path(path)
        if readonly and not self.path.is_file():
            raise StoreError(f"no tournament database at {self.path}")
        try:
            self._db = sqlite3.connect(self.path)
            if readonly:
                # not mode=ro: a read-only connection leaves the write-ahead log files behind
                self._db.execute("PRAGMA query_only = ON")
        except sqlite3.Error as e:
            raise StoreError(f"cannot open {self.path}: {e}") from None
        try:
            version = self._db.execute("PRAGMA user_version").fetchone()[0]
            tables = {r[0] for r in self._db.execute("SELECT name FROM sqlite_master WHERE type = 'table'")}
        except sqlite3.DatabaseError as e:
            raise StoreError(f"{self.path} is not a SQLite database ({e})") from None
        if version > SCHEMA_VERSION:
            raise StoreError(f"{self.path} was written by a newer gaia-ai (schema {version}, this one reads "
                             f"{SCHEMA_VERSION})")
        if not tables and not readonly:
            with self._db:
                self._db.executescript(_SCHEMA + f"PRAGMA user_version = {SCHEMA_VERSION};")
            version = SCHEMA_VERSION
        elif version not in (1, SCHEMA_VERSION) or not {"tournament", "games", "seats"} <= tables:
            raise StoreError(f"{self.path} is not a gaia-ai tournament database")
        self._version = version
        if version == 1 and not readonly:
            self._upgrade_from_1()
        if not readonly:
            # a commit per game: a write-ahead log without a sync per commit makes one take ~0.5 ms
            # instead of ~20. A killed process still loses nothing committed; a power cut may lose
            # the last games (never the file), which a re-run plays again.
            self._db.execute("PRAGMA journal_mode = WAL")
            self._db.execute("PRAGMA synchronous = NORMAL")

    def close(self) -> None:
        self._db.close()

    def __enter__(self) -> Self:
        return self

    def __exit__(self, *exc: object) -> None:
        self.close()

    def _upgrade_from_1(self) -> None:
        """Schema 1 -> 2: the file predates other games, so its tournament is Gaia Project's; its settings
        gain ``game`` and their fingerprint is recomputed (the games themselves are unchanged)."""
        from gaia_ai.tournament.config import fingerprint_of

        with self._db:
            self._db.execute(f"ALTER TABLE tournament ADD COLUMN game TEXT NOT NULL DEFAULT '{DEFAULT_GAME}'")
            row = self._db.execute("SELECT config FROM tournament").fetchone()
            if row is not None:
                config = {**json.loads(row[0]), "game": DEFAULT_GAME}
                self._db.execute("UPDATE tournament SET config = ?, fingerprint = ?",
                                 (json.dumps(config, sort_keys=True), fingerprint_of(config)))
            self._db.execute(f"PRAGMA user_version = {SCHEMA_VERSION}")
        self._version = SCHEMA_VERSION

    # ---- the tournament --------------------------------------------------------------------------
    def tournament(self) -> dict[str, Any] | None:
        """``{"name", "game", "fingerprint", "config"}`` of the stored tournament, None before the first run."""
        game = "game" if self._version >= 2 else f"'{DEFAULT_GAME}'"
        row = self._db.execute(f"SELECT name, fingerprint, config, {game} FROM tournament").fetchone()
        if row is None:
            return None
        return {"name": row[0], "fingerprint": row[1], "config": json.loads(row[2]), "game": row[3]}

    def game_name(self) -> str:
        """The registry name of the game this tournament plays (Gaia Project before the first run)."""
        stored = self.tournament()
        return stored["game"] if stored is not None else DEFAULT_GAME

    def bind(self, name: str, fingerprint: str, content: dict[str, Any]) -> None:
        """Record the tournament on the first run; on a later run, refuse different settings."""
        stored = self.tournament()
        if stored is None:
            with self._db:
                self._db.execute("INSERT INTO tournament VALUES (1, ?, ?, ?, ?)",
                                 (name, fingerprint, json.dumps(content, sort_keys=True),
                                  content.get("game", DEFAULT_GAME)))
            return
        if stored["fingerprint"] == fingerprint:
            return
        old = stored["config"]
        changes = [f"{key}: {json.dumps(old.get(key))} -> {json.dumps(content.get(key))}"
                   for key in sorted(set(old) | set(content)) if old.get(key) != content.get(key)]
        raise StoreError(f"{self.path} holds tournament {stored['name']!r} with other settings ("
                         f"{'; '.join(changes)}); use another database (--db) for a new tournament")

    # ---- games -----------------------------------------------------------------------------------
    def finished_ids(self) -> set[str]:
        return {r[0] for r in self._db.execute("SELECT id FROM games")}

    def add_game(self, game: StoredGame) -> None:
        """Store one finished game (all its rows in one transaction)."""
        ranks = ranks_of(game.scores)
        values = [json.dumps(v) if i in _JSON_COLUMNS else v for i, v in enumerate(
            (game.id, game.ordinal, game.deal, game.setup_seed, game.players, game.setup, game.bots, game.specs,
             game.factions, game.scores, game.moves, game.final_state, game.n_moves, game.seconds))]
        # OR IGNORE: a game another run stored meanwhile has the same content (ids are content hashes)
        with self._db:
            self._db.execute(f"INSERT OR IGNORE INTO games ({_COLUMNS}) VALUES ({', '.join('?' * len(values))})",
                             values)
            self._db.executemany(
                "INSERT OR IGNORE INTO seats VALUES (?, ?, ?, ?, ?, ?, ?)",
                [(game.id, s, game.bots[s], game.specs[s], game.factions[s], game.scores[s], ranks[s])
                 for s in range(game.players)])

    def games(self) -> list[StoredGame]:
        """Every stored game, in schedule order."""
        return [_row_to_game(r) for r in self._db.execute(f"SELECT {_COLUMNS} FROM games ORDER BY ordinal")]

    def count(self) -> int:
        return int(self._db.execute("SELECT count(*) FROM games").fetchone()[0])

    def game(self, ref: str) -> StoredGame:
        """The game whose id is ``ref`` or starts with it (unique prefix); StoreError otherwise."""
        rows = self._db.execute(f"SELECT {_COLUMNS} FROM games WHERE id = ? OR substr(id, 1, ?) = ? "
                                "ORDER BY ordinal", (ref, len(ref), ref)).fetchall()
        exact = [r for r in rows if r[0] == ref]
        if exact:
            return _row_to_game(exact[0])
        if not rows or not ref:
            raise StoreError(f"no game {ref!r} in {self.path} (gaia-ai export {self.path} --list shows them)")
        if len(rows) > 1:
            raise StoreError(f"game id prefix {ref!r} is ambiguous in {self.path}: "
                             f"{', '.join(r[0] for r in rows[:5])}...")
        return _row_to_game(rows[0])
