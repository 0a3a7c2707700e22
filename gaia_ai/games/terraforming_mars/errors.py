"""Exceptions of the Terraforming Mars package, below the toolkit's root (gaia_ai.errors): illegal moves and
notation errors are also the toolkit's game-independent IllegalMoveError and NotationError (both
ValueErrors, for callers that know only those)."""

from __future__ import annotations

from gaia_ai import errors


class TmError(errors.ToolkitError):
    """Base class of every Terraforming Mars error."""


class NotationError(TmError, errors.NotationError):
    """A move line that cannot be parsed (unknown keyword, card, space, player or payment part)."""


class IllegalMoveError(TmError, errors.IllegalMoveError):
    """A well-formed move that is not legal at this prompt; the message names the move and why."""
