"""Exceptions of the Terraforming Mars package (ValueError subclasses for callers that know only those)."""

from __future__ import annotations


class TmError(Exception):
    """Base class of every Terraforming Mars error."""


class NotationError(TmError, ValueError):
    """A move line that cannot be parsed (unknown keyword, card, space, player or payment part)."""


class IllegalMoveError(TmError, ValueError):
    """A well-formed move that is not legal at this prompt; the message names the move and why."""
