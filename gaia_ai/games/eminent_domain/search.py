"""The Eminent Domain search: information-set MCTS over the C interface (every decision one atomic move).
The leaf value is the heuristic (interface.pxi's gi_evaluate) or, with evaluator "nN" (bot spec
mcts:eval=n1), the value network of data/ed-value-nN.json (value_net.py, net.pxi). With
selection=puct,prior=value, PUCT's move prior weighs each move by the greedy heuristic (prior.pxi)."""

from __future__ import annotations

from typing import Any

from gaia_ai.games.eminent_domain import value_net
from gaia_ai.search.config import NET_VERSION, SearchConfig
from gaia_ai.search.core import CoreSearcher


class EdSearcher(CoreSearcher):
    def __init__(self, config: SearchConfig | None = None) -> None:
        super().__init__(config)
        # a value network's weights: loaded (and checked) now, so that a bad eval=nN fails at once
        self._net_slot = value_net.slot(self.config.evaluator) if NET_VERSION.fullmatch(
            self.config.evaluator) else -1

    def supports_evaluator(self, evaluator: str) -> bool:
        """The heuristic (gi_evaluate) or a value network "nN" (value_net.py: data/ed-value-nN.json)."""
        return evaluator == "heuristic" or bool(NET_VERSION.fullmatch(evaluator))

    def supports_prior(self, prior: str) -> bool:
        """Uniform, or "value": each move weighed by the mover's greedy-heuristic margin one move later,
        asked on the search's sample (prior.pxi; pointwise, so prior_after applies)."""
        return prior in ("uniform", "value")

    def interface(self, state: Any) -> tuple[Any, Any, Any]:
        return state.search_interface(net_slot=self._net_slot, prior=self.config.prior)
