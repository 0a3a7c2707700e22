"""Monte Carlo tree search: configuration and game wrappers over the Cython core (gaia_ai._core.mcts).

    from gaia_ai.search import SearchConfig
    from gaia_ai.games.gaia.search import search_gaia
    result = search_gaia(state, SearchConfig(simulations=2000, seed=7))
    result.best.move, result.candidates[0].pv

This package imports no game; gaia_ai.games.gaia.search is the Gaia Project wrapper.
"""

from gaia_ai._core.mcts import CancelToken  # stops a running search from another thread
from gaia_ai.search.config import SearchConfig
from gaia_ai.search.stats import SearchStats

__all__ = ["CancelToken", "SearchConfig", "SearchStats"]
