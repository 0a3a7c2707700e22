"""Exception family of the Gaia Project package.

Every error derives from :class:`GaiaError`; the input-validation ones are also
``ValueError`` so callers that only know the standard library can still catch them.
"""

from __future__ import annotations


class GaiaError(Exception):
    """Base class of every error raised by the Gaia Project package."""


class NotationError(GaiaError, ValueError):
    """Raised when a move-notation line, command or hex label cannot be parsed
    (unknown command, missing or extra argument, bad number, unknown hex)."""


class IllegalMoveError(GaiaError, ValueError):
    """Raised when a well-formed command is not legal in the current game state."""


class SetupError(GaiaError, ValueError):
    """Raised when a game setup or map configuration is invalid (wrong player
    count, unknown or duplicated tile, bad sector placement...)."""


class ExportError(GaiaError, ValueError):
    """Raised when a boardgamers.space export is malformed or uses a feature
    this package does not support."""


class StateError(GaiaError, ValueError):
    """Raised when a structured game state (GaiaGameState JSON) is malformed, inconsistent or
    illegal; the message starts with the path of the offending field, e.g.
    ``players[1].power.area3: -2 is negative``."""
