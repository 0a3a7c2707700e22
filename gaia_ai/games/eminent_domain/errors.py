"""Exception family of the Eminent Domain package; input errors are also ValueErrors."""

from __future__ import annotations


class EdError(Exception):
    """Base class of every error raised by the Eminent Domain package."""


class NotationError(EdError, ValueError):
    """A move's notation cannot be parsed (unknown word, card, planet, tech or resource)."""


class IllegalMoveError(EdError, ValueError):
    """A well-formed move that is not legal in the current state; the message names the move and why."""


class SetupError(EdError, ValueError):
    """A bad game setup (player count, options)."""


class LogError(EdError, ValueError):
    """A game log that is malformed or does not replay."""
