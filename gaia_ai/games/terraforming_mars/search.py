"""The TM search: information-set MCTS over the C interface with the root pruned to a candidate set."""

from __future__ import annotations

from typing import Any

from gaia_ai._core import tm_rules
from gaia_ai.search.core import CoreSearcher

# root moves kept: the initial selection lists up to 2,048 (corporation x kept cards) and the research
# buy 16, a card play one per payment; a search of a few thousand simulations cannot tell those apart,
# the evaluation can rank them
ROOT_CANDIDATES = 12


class TmSearcher(CoreSearcher):
    """Searches the ROOT_CANDIDATES moves the greedy evaluation ranks highest (on a determinization of
    what the searching seat sees, seeded by the config's seed), all of them when there are fewer."""

    def root_moves(self, state: Any) -> list[int] | None:
        codes = state.legal_codes()
        if len(codes) <= ROOT_CANDIDATES:
            return None
        seen = state.determinize(state.current_player, self.config.seed)
        moves, values = tm_rules.greedy_values(seen.core)
        ranked = sorted(range(len(moves)), key=lambda i: -values[i])
        return [moves[i] for i in ranked[:ROOT_CANDIDATES]]
