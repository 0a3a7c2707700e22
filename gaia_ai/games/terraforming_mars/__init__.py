"""Terraforming Mars (base game + Corporate Era, Tharsis): the rules core's Python API and its judge.

    from gaia_ai.games.terraforming_mars import TmState
    state = TmState.new(2, seed=1)
    state.apply(state.legal_moves()[0])      # or a notation line: state.apply("pass")
"""

from .errors import IllegalMoveError, NotationError, TmError
from .state import TmState

__all__ = ["IllegalMoveError", "NotationError", "TmError", "TmState"]
