"""Gaia Project: the game state over the Cython rules core, setup, board and move notation.

    from gaia_ai.games.gaia import GaiaState, GameSetup
    state = GaiaState.new(GameSetup.random(3, "demo"))
    state.apply("faction terrans")
"""

from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import (
    ExportError,
    GaiaError,
    IllegalMoveError,
    NotationError,
    SetupError,
    StateError,
)
from gaia_ai.games.gaia.notation import Command, parse_line
from gaia_ai.games.gaia.setup import GameSetup

__all__ = [
    "Command",
    "ExportError",
    "GaiaError",
    "GaiaState",
    "GameSetup",
    "IllegalMoveError",
    "NotationError",
    "SetupError",
    "StateError",
    "parse_line",
]
