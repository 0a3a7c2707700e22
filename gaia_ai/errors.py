"""The toolkit's exception root. Every error gaia-ai raises on purpose derives from ToolkitError; a game's
own family hangs below it (GaiaError for Gaia Project), and the input-validation errors are also
ValueError so callers that only know the standard library can still catch them."""

from __future__ import annotations


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
