"""The toolkit's exception root. Every error gaia-ai raises on purpose derives from ToolkitError; a game's
own family hangs below it (GaiaError for Gaia Project), and the input-validation errors are also
ValueError so callers that only know the standard library can still catch them."""

from __future__ import annotations

import re


class ToolkitError(Exception):
    """Base class of every error raised by gaia-ai."""


class IllegalMoveError(ToolkitError, ValueError):
    """A well-formed move that is not legal in the state it was applied to (any game)."""


class NotationError(ToolkitError, ValueError):
    """A move or line of a game's notation that cannot be parsed (any game)."""


class UnknownGameError(ToolkitError, ValueError):
    """A game name the registry does not know; the message lists the known ones."""


class GameOverError(ToolkitError, ValueError):
    """Asked for a decision (a search, a bot's move) in a finished game."""


class BotSpecError(ToolkitError, ValueError):
    """A bot spec string names an unknown bot or parameter, or a bad value."""


class UnsupportedError(ToolkitError, NotImplementedError):
    """A tool asked of a game that does not offer it (yet); the message names the game and the tool."""


# ---- quoting client text in messages ------------------------------------------------------------------
QUOTE_LIMIT = 200        # characters of one quoted value or unbroken run kept in a message
MESSAGE_LIMIT = 4_000    # characters of a whole message (a list of legal moves can be long)
_LONG = re.compile(rf"'[^']{{{QUOTE_LIMIT + 1},}}'|\"[^\"]{{{QUOTE_LIMIT + 1},}}\"|[^\s'\"]{{{QUOTE_LIMIT + 1},}}")


def _cut(text: str) -> str:
    keep = QUOTE_LIMIT // 2
    return f"{text[:keep]}…[{len(text) - 2 * keep} characters]…{text[-keep:]}"


def shorten_message(message: str) -> str:
    """message with each quoted value or unbroken run of over QUOTE_LIMIT characters cut in its middle,
    and at most MESSAGE_LIMIT characters in all: an error that quotes a client's 100 kB move or name
    stays a short answer and a short log line. Linear: a match starts only at a quote or a run's start."""
    message = _LONG.sub(lambda m: _cut(m.group()), message)
    return message if len(message) <= MESSAGE_LIMIT else _cut_total(message)


def _cut_total(message: str) -> str:
    return f"{message[:MESSAGE_LIMIT - 40]}…[{len(message) - MESSAGE_LIMIT + 40} more characters]"
