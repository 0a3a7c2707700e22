"""Options and error reporting shared by the subcommands."""

from __future__ import annotations

import argparse
import sys
from typing import Any

from gaia_ai.games.registry import DEFAULT_GAME, GAMES, load_game


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    """``--game NAME``: the registry name of the game (default gaia-project)."""
    parser.add_argument("--game", default=DEFAULT_GAME, choices=tuple(GAMES), metavar="NAME",
                        help=f"the game: {', '.join(GAMES)} (default {DEFAULT_GAME})")


def add_position_arguments(parser: argparse.ArgumentParser) -> None:
    """The options that name a position, every game's (one of them), plus --game-id/--move for records."""
    where = parser.add_argument_group("the position (one of)")
    for name in GAMES:
        load_game(name).add_position_arguments(where)
    parser.add_argument("--game-id", metavar="ID", help="game id in --corpus (e.g. bot-001)")
    parser.add_argument("--move", metavar="K", type=int, help="position after the first K log lines of --game-id (Terraforming Mars: "
                                                              "after its first K record actions)")


def fail(command: str, error: Any, status: int = 2) -> int:
    """Print ``gaia-ai COMMAND: message`` on stderr and return the exit status."""
    print(f"gaia-ai {command}: {error}", file=sys.stderr)
    return status
