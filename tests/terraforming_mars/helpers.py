"""Positions for Terraforming Mars rule tests: games started from chosen corporations."""

from __future__ import annotations

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars import TmState
from gaia_ai.games.terraforming_mars.tables import (
    BASE_CARDS,
    BASE_CORPS,
    CARD_IDS,
    CARDS,
    COLONY_IDS,
    CORPS,
    SPACE_IDS,
)


def started(*corps: str, keep: tuple[int, ...] = (), colonies: list[str] | None = None) -> TmState:
    """A game after setup: player i plays corps[i] and keeps no cards (those in ``keep``: 10 each).
    With ``colonies`` (tile names) a Colonies game with those tiles, its cards in the deck."""
    n = len(corps)
    pool = CORPS if colonies is not None else CORPS[:BASE_CORPS]
    others = [c["name"] for c in pool if c["name"] not in corps]
    deck = []
    for i, c in enumerate(corps):
        deck += [c, others[i]]
    deck += [c for c in others[n:]]
    project = [c["name"] for c in (CARDS if colonies is not None else CARDS[:BASE_CARDS])]
    state = TmState.from_decks(n, project, deck, seed=7, colonies=colonies)
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


def set_colony(state: TmState, tile: str, **kw) -> None:
    """Overwrite a colony tile's track / owners / trader / active flag."""
    tm_rules.debug_set_colony(state.core, COLONY_IDS[tile], **kw)


def colony(state: TmState, tile: str) -> tuple[int, list[int], int, int]:
    """(track, colony owners, trading player, active) of a tile in play."""
    for t, track, owners, trader, active in state.core.colonies():
        if t == COLONY_IDS[tile]:
            return track, owners, trader, active
    raise KeyError(tile)
