"""Positions for Terraforming Mars rule tests: games started from chosen corporations."""

from __future__ import annotations

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars import TmState
from gaia_ai.games.terraforming_mars.tables import CARD_IDS, CARDS, CORPS, SPACE_IDS


def started(*corps: str, keep: tuple[int, ...] = ()) -> TmState:
    """A game after setup: player i plays corps[i] and keeps no cards (those in ``keep``: 10 each)."""
    n = len(corps)
    others = [c["name"] for c in CORPS if c["name"] not in corps]
    deck = []
    for i, c in enumerate(corps):
        deck += [c, others[i]]
    deck += [c for c in others[n:]]
    state = TmState.from_decks(n, [c["name"] for c in CARDS], deck, seed=7)
    for i, c in enumerate(corps):
        offer = [CARDS[x]["name"] for x in state.core.offer(i)]
        kept = ", ".join(offer[:10] if i in keep else [])
        state.apply(f"setup {c}:" + (f" {kept}" if kept else ""))
    return state


def give(state: TmState, player: int, card: str, played: bool = False) -> None:
    tm_rules.debug_give_card(state.core, player, CARD_IDS[card], played)


def set_player(state: TmState, player: int, **kw) -> None:
    tm_rules.debug_set_player(state.core, player, **kw)


def place(state: TmState, player: int, space: str, tile: str) -> None:
    from gaia_ai.games.terraforming_mars.tables import TILE_NAMES
    tm_rules.debug_place_tile(state.core, player, SPACE_IDS[space], TILE_NAMES.index(tile))


def res(state: TmState, player: int) -> dict[str, int]:
    v = state.core.player(player)
    keys = ["tr", "mc", "steel", "titanium", "plants", "energy", "heat", "mc_prod", "steel_prod",
            "titanium_prod", "plant_prod", "energy_prod", "heat_prod", "hand", "played"]
    return dict(zip(keys, v))
