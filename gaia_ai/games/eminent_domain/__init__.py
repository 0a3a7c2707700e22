"""Eminent Domain (Seth Jaffee, 2011), 2-4 players: rules core, notation, game logs.

Rules and the choices where sources differ: docs/eminent-domain.md; facts: data/cards.json.
"""

from gaia_ai.games.eminent_domain.errors import EdError, IllegalMoveError, LogError, NotationError, SetupError
from gaia_ai.games.eminent_domain.notation import EdMove, format_move, parse_move
from gaia_ai.games.eminent_domain.state import EdOptions, EdState

__all__ = ["EdError", "EdMove", "EdOptions", "EdState", "IllegalMoveError", "LogError", "NotationError",
           "SetupError", "format_move", "parse_move"]
