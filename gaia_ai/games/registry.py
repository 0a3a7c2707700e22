"""The games the toolkit knows, by name. A new game is a package under gaia_ai/games/ plus one line in
GAMES: the module path and the attribute of its Game object (imported on first use, so naming a game
costs nothing until it is loaded)."""

from __future__ import annotations

import importlib
from functools import cache

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
