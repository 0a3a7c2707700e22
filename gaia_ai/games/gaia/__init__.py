"""Gaia Project: the game state over the Cython rules core, setup, board and move notation.

    from gaia_ai.games.gaia import GaiaState, GameSetup
    state = GaiaState.new(GameSetup.random(3, "demo"))
    state.apply("faction terrans")

The names below are imported on first use, so naming the game (the registry, the CLI's --help) does
not load the compiled core.
"""

from __future__ import annotations

import importlib
from typing import Any

_EXPORTS = {
    "GaiaState": "gaia_ai.games.gaia.engine",
    "Command": "gaia_ai.games.gaia.notation",
    "parse_line": "gaia_ai.games.gaia.notation",
    "GameSetup": "gaia_ai.games.gaia.setup",
    **{name: "gaia_ai.games.gaia.errors" for name in (
        "ExportError", "GaiaError", "IllegalMoveError", "NotationError", "SetupError", "StateError")},
}

__all__ = ["Command", "ExportError", "GaiaError", "GaiaState", "GameSetup", "IllegalMoveError", "NotationError",
           "SetupError", "StateError", "parse_line"]


def __getattr__(name: str) -> Any:
    module = _EXPORTS.get(name)
    if module is None:
        raise AttributeError(f"module {__name__!r} has no attribute {name!r}")
    value = getattr(importlib.import_module(module), name)
    globals()[name] = value
    return value
