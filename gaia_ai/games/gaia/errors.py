"""Exception family of the Gaia Project package.

Every error derives from :class:`GaiaError`, itself a :class:`gaia_ai.errors.ToolkitError`; illegal moves
and notation errors are also the toolkit's game-independent IllegalMoveError and NotationError, and the
input-validation ones are ``ValueError`` so callers that only know the standard library can catch them.
"""

from __future__ import annotations

from gaia_ai import errors


class GaiaError(errors.ToolkitError):
    """Base class of every error raised by the Gaia Project package."""


class NotationError(GaiaError, errors.NotationError):
    """Raised when a move-notation line, command or hex label cannot be parsed
    (unknown command, missing or extra argument, bad number, unknown hex)."""


class IllegalMoveError(GaiaError, errors.IllegalMoveError):
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
