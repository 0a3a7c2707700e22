"""The games the toolkit knows, by name. A new game is a package under gaia_ai/games/ plus one line in
GAMES: the module path and the attribute of its Game object (imported on first use, so naming a game
costs nothing until it is loaded)."""

from __future__ import annotations

import gzip
import importlib
import json
import zlib
from functools import cache
from pathlib import Path
from typing import Any

from gaia_ai.errors import UnknownGameError
from gaia_ai.games.api import Game

DEFAULT_GAME = "gaia-project"

# name -> "module:attribute" of the game's Game object
GAMES: dict[str, str] = {
    "gaia-project": "gaia_ai.games.gaia.game:GAME",
    "eminent-domain": "gaia_ai.games.eminent_domain.game:GAME",
    "terraforming-mars": "gaia_ai.games.terraforming_mars.game:GAME",
}


def game_names() -> tuple[str, ...]:
    return tuple(GAMES)


@cache
def load_game(name: str = DEFAULT_GAME) -> Game:
    """The registered game of that name; UnknownGameError lists the known names otherwise."""
    target = GAMES.get(name)
    if target is None:
        known = ", ".join(GAMES)
        what = "no game name given" if not name else f"unknown game {name!r}"
        raise UnknownGameError(f"{what}; known games: {known}")
    module, _, attribute = target.partition(":")
    game = getattr(importlib.import_module(module), attribute)
    if not isinstance(game, Game):
        raise TypeError(f"{target} is not a gaia_ai.games.api.Game")
    return game


# a file is sniffed for the game it belongs to only up to this size (larger ones: their first line)
SNIFF_BYTES = 16 << 20
SNIFF_FILES = 20   # files of a folder read to tell its game


def first_document(path: str | Path) -> dict[str, Any] | None:
    """The first JSON object of a file (a .json file's object, a .jsonl[.gz] file's first line), or
    None when the file is not one (a folder, a missing file, not JSON): sniffed, never an error."""
    path = Path(path)
    try:
        if not path.is_file():
            return None
        with (gzip.open(path, "rt", encoding="utf-8") if path.suffix == ".gz"
              else open(path, encoding="utf-8")) as f:
            text = f.read(SNIFF_BYTES) if path.suffix == ".json" else f.readline(SNIFF_BYTES)
        document = json.loads(text)
    except (OSError, EOFError, UnicodeDecodeError, ValueError, RecursionError, zlib.error):
        return None
    return document if isinstance(document, dict) else None


def games_of_file(path: str | Path) -> tuple[str, ...]:
    """The games that recognise the file's first document as theirs (Game.recognises: its "format", or
    the shape of a record), in GAMES order; () for a file no game claims. A folder (match --save's): the
    games of its first SNIFF_FILES files, by name."""
    if Path(path).is_dir():
        files = sorted(p for p in Path(path).iterdir() if p.is_file())[:SNIFF_FILES]
        claimed = {name for f in files for name in games_of_file(f)}
        return tuple(name for name in GAMES if name in claimed)
    document = first_document(path)
    if document is None:
        return ()
    return tuple(name for name in GAMES if load_game(name).recognises(document))


def options_help() -> str:
    """The variant options each game lets a player choose, read off its GameInfo, for a CLI's --option help:
    'gaia-project: factions=... (...); terraforming-mars: colonies=...'. Loads every game."""
    parts = []
    for name in GAMES:
        info = load_game(name).info
        choosable = [f"{key} {text}" for key, text in info.options.items() if "choose with" in text]
        if choosable:
            parts.append(f"{name}: {'; '.join(choosable)}")
    return " | ".join(parts)


def player_counts_help() -> str:
    """Each game's table sizes, for a CLI's --players help: 'gaia-project 2-4, terraforming-mars 2-5'."""
    counts = {name: load_game(name).info.player_counts for name in GAMES}
    return ", ".join(f"{name} {min(c)}-{max(c)}" for name, c in counts.items())
