"""Terraforming Mars (base game + Corporate Era, Tharsis): the rules core's Python API and its judge.

    from gaia_ai.games.terraforming_mars import TmState
    state = TmState.new(2, seed=1)
    state.apply(state.legal_moves()[0])      # a TmMove, or a notation line: state.apply("pass")

The toolkit reaches it through the registry: ``load_game("terraforming-mars")`` (game.py).
"""

from .errors import IllegalMoveError, NotationError, TmError
from .state import TmMove, TmState

__all__ = ["IllegalMoveError", "NotationError", "TmError", "TmMove", "TmState"]
