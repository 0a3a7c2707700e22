"""Shared by the search tests: a toy_game position searched by the MCTS core."""

from __future__ import annotations

from typing import Any

from gaia_ai._core import mcts, toy_game
from gaia_ai.search import SearchConfig


def toy_search(state: Any, searcher: mcts.Searcher | None = None, **config: Any) -> dict[str, Any]:
    """The raw result of searching the toy position `state` with SearchConfig(**config): in a fresh tree,
    or continuing `searcher`'s (reused as config reuse_tree says)."""
    iface, owner = toy_game.game_interface(state)
    pointer, raw = toy_game.state_pointer(state), SearchConfig(**config).to_dict()
    result = searcher.search(iface, pointer, raw) if searcher is not None else mcts.search(iface, pointer, raw)
    del owner
    return result
