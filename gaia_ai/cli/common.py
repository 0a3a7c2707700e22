"""Options and error reporting shared by the subcommands."""

from __future__ import annotations

import argparse
import sys
import textwrap
from pathlib import Path
from typing import Any

from gaia_ai.errors import ToolkitError
from gaia_ai.games.registry import DEFAULT_GAME, GAMES, first_document, games_of_file, load_game


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


class _GameAction(argparse.Action):
    """Stores --game and notes that it was given (choose_game tells a given game from the default)."""

    def __call__(self, parser: argparse.ArgumentParser, namespace: argparse.Namespace, values: Any,
                 option_string: str | None = None) -> None:
        setattr(namespace, self.dest, values)
        namespace.game_given = True


def add_game_argument(parser: argparse.ArgumentParser) -> None:
    """``--game NAME``: the registry name of the game (default gaia-project, or the game of the file or
    option given: choose_game)."""
    parser.add_argument("--game", default=DEFAULT_GAME, choices=tuple(GAMES), metavar="NAME", action=_GameAction,
                        help=f"the game: {', '.join(GAMES)} (default: the game of the file given, when it "
                             f"names one, else {DEFAULT_GAME})")


class GameChoiceError(ToolkitError, ValueError):
    """The files and options of a command name another game than --game (or several games)."""


# the arguments of the commands that name a file of some game, besides the position options
FILE_ARGUMENTS = ("game_file", "path")


def choose_game(args: argparse.Namespace) -> None:
    """Set args.game from what the command was given when --game was not: a file whose first document
    a game recognises (Game.recognises: its "format", e.g. eminent-domain/1), or a position option only
    one game reads (--tm-view, --log). GameChoiceError when they name two games, contradict --game, or
    name an option the game does not read (saying which --game reads it)."""
    if not hasattr(args, "game"):
        return
    readers: dict[str, list[str]] = {}
    for name in GAMES:
        for dest in load_game(name).position_options():
            readers.setdefault(dest, []).append(name)
    given = [d for d in readers if hasattr(args, d) and getattr(args, d) not in (None, False)]
    implied: dict[str, tuple[str, str]] = {}   # what was given -> (the game it names, why)
    for dest in [*given, *[d for d in FILE_ARGUMENTS if getattr(args, d, None)]]:
        shown = _option(dest, getattr(args, dest))
        value = getattr(args, dest)
        games = games_of_file(value) if isinstance(value, str) else ()
        if len(games) == 1:
            document = first_document(value) or {}
            form = f" (format {document['format']})" if isinstance(document.get("format"), str) else ""
            what = "a folder of files" if Path(value).is_dir() else "a file"
            implied[shown] = (games[0], f"{shown} is {what} of {games[0]}{form}")
        elif dest in readers and len(readers[dest]) == 1:
            implied[shown] = (readers[dest][0], f"{shown} is an option of {readers[dest][0]}")
    named = sorted({game for game, _ in implied.values()})
    explicit = getattr(args, "game_given", False)
    if len(named) > 1:
        raise GameChoiceError("these name different games: " + "; ".join(why for _, why in implied.values()))
    if named:
        if explicit and args.game != named[0]:
            why = next(why for _, why in implied.values())
            raise GameChoiceError(f"--game {args.game} was given, but {why}: give --game {named[0]}, or leave "
                                  "--game out")
        args.game = named[0]
        misread = [d for d in given if named[0] not in readers[d]]   # e.g. a TM log given as --log (ED's)
        if misread:
            reads = [_option(d, None) for d in load_game(named[0]).position_options()]
            why = next(why for _, why in implied.values())
            raise GameChoiceError(f"{why}, and {named[0]} does not read {_option(misread[0], None)}: give the "
                                  f"file with {', '.join(reads[:-1])} or {reads[-1]}")
        return
    unread = [d for d in given if args.game not in readers[d]]
    if unread:
        option = _option(unread[0], getattr(args, unread[0]))
        games = " or ".join(readers[unread[0]])
        raise GameChoiceError(f"{args.game} does not read {option}: say which game it is with --game ({games})")


def _option(dest: str, value: Any) -> str:
    if dest in FILE_ARGUMENTS:
        return str(value)
    return f"--{dest.replace('_', '-')}" + (f" {value}" if isinstance(value, str) else "")


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
