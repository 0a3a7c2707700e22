"""The TM search: information-set MCTS over the C interface, branching over the search moves
(searchmoves.pxi: one payment per card, the best few tile spaces, the best-k kept cards), with the root
pruned to a candidate set. The leaf value is the heuristic (evaluate.pxi) or, with evaluator "nN" (bot spec
mcts:eval=n1), the value network of data/tm-value-nN.json (value_net.py, net.pxi); with prior="value"
(mcts:selection=puct,prior=value) PUCT weighs each move by that value one move later. ``atomic=True`` branches over every legal move instead (the search before
search moves; bot spec ``mcts-atomic``), for comparison."""

from __future__ import annotations

from typing import Any

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars import value_net
from gaia_ai.search.config import NET_VERSION, SearchConfig
from gaia_ai.search.core import CoreSearcher

# root moves kept: even as search moves a card play, the initial selection (22) and a full action menu
# list more moves than a search of a few thousand simulations can tell apart; the evaluation ranks them
ROOT_CANDIDATES = 12


class TmSearcher(CoreSearcher):
    """Searches the ROOT_CANDIDATES search moves (every legal move with `atomic`) the greedy evaluation
    ranks highest (on a determinization of what the searching seat sees, seeded by the config's seed),
    all of them when there are fewer; below the root every decision branches over its search moves."""

    def __init__(self, config: SearchConfig | None = None, atomic: bool = False) -> None:
        super().__init__(config)
        self.atomic = atomic
        # a value network's weights: loaded (and checked) now, so that a bad eval=nN fails at once
        self._net_slot = value_net.slot(self.config.evaluator) if self.supports_evaluator(
            self.config.evaluator) and self.config.evaluator != "heuristic" else -1

    def supports_evaluator(self, evaluator: str) -> bool:
        """The heuristic (evaluate.pxi) or a value network "nN" (value_net.py: data/tm-value-nN.json)."""
        return evaluator == "heuristic" or bool(NET_VERSION.fullmatch(evaluator))

    def supports_prior(self, prior: str) -> bool:
        """Uniform, or "value": a softmax over the mover's margin one search move later by the leaf
        value (the heuristic or eval=nN), asked on the search's sample (policy.pxi)."""
        return prior in ("uniform", "value")

    def interface(self, state: Any) -> tuple[Any, Any, Any]:
        return state.search_interface(atomic=self.atomic, net_slot=self._net_slot, prior=self.config.prior)

    def moves_by_code(self, state: Any) -> dict[int, Any]:
        if self.atomic:
            return {m.code: m for m in state.legal_moves()}
        return super().moves_by_code(state)

    def root_moves(self, state: Any) -> list[int] | None:
        codes = state.legal_codes() if self.atomic else state.search_codes()
        if len(codes) <= ROOT_CANDIDATES:
            return None
        wanted = set(codes)
        seen = state.determinize(state.current_player, self.config.seed)
        moves, values = tm_rules.greedy_values(seen.core)
        ranked = sorted((i for i in range(len(moves)) if moves[i] in wanted), key=lambda i: -values[i])
        return [moves[i] for i in ranked[:ROOT_CANDIDATES]] or None
