"""Options and error reporting shared by the subcommands."""

from __future__ import annotations

import argparse
import sys
import textwrap
from typing import Any

from gaia_ai.games.registry import DEFAULT_GAME, GAMES, load_game


class HelpFormatter(argparse.RawDescriptionHelpFormatter):
    """Fills the plain paragraphs of a description or epilog to the terminal's width, as argparse's own
    formatter does, and keeps a block with an indented line (examples, a table) as written, as the raw
    formatter does. Blocks are separated by blank lines."""

    def _fill_text(self, text: str, width: int, indent: str) -> str:
        blocks = []
        for block in text.strip("\n").split("\n\n"):
            lines = block.splitlines()
            if any(line[:1].isspace() for line in lines):
                blocks.append("\n".join(indent + line for line in lines))
            else:
                blocks.append(textwrap.fill(" ".join(block.split()), width, initial_indent=indent,
                                            subsequent_indent=indent))
        return "\n\n".join(blocks) + "\n"


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
