"""Exception family of the Eminent Domain package, below the toolkit's root (gaia_ai.errors): illegal moves
and notation errors are also the toolkit's game-independent IllegalMoveError and NotationError, and the
input errors are ValueErrors."""

from __future__ import annotations

from gaia_ai import errors


class EdError(errors.ToolkitError):
    """Base class of every error raised by the Eminent Domain package."""


class NotationError(EdError, errors.NotationError):
    """A move's notation cannot be parsed (unknown word, card, planet, tech or resource)."""


class IllegalMoveError(EdError, errors.IllegalMoveError):
    """A well-formed move that is not legal in the current state; the message names the move and why."""


class SetupError(EdError, ValueError):
    """A bad game setup (player count, options)."""


class LogError(EdError, ValueError):
    """A game log that is malformed or does not replay."""
