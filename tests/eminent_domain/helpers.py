"""Set up Eminent Domain positions for rule tests: who leads, hands, decks, planets, techs, tokens."""

from __future__ import annotations

from typing import Any

from gaia_ai._core import ed_rules
from gaia_ai.games.eminent_domain import EdOptions, EdState
from gaia_ai.games.eminent_domain.cards import cards

LOC = ed_rules.LOCATIONS
RULEBOOK = EdOptions(rules="rulebook")      # the rulebook reading, errata off: what most rule tests pin
BGA = EdOptions(rules="bga")
DECISIONS = ed_rules.DECISIONS
STAGES = ed_rules.STAGES


def kind(card: str) -> int:
    return cards().kind(card)


def planet(pid: str) -> int:
    return cards().planet(pid)


def perm(pid: str) -> int:
    return cards().perms.index(pid)


def position(players: int = 2, *, leader: int = 0, hands: dict[int, dict[str, int]] | None = None,
             decks: dict[int, list[str]] | None = None, up: dict[int, list[str]] | None = None,
             down: dict[int, list[str]] | None = None, fighters: dict[int, int] | None = None,
             perms: dict[int, list[str]] | None = None, stacks: list[int] | None = None,
             decision: str = "action", options: EdOptions | None = None, seed: int = 1, start: int = 0,
             edit: Any = None) -> EdState:
    """A game where leader is to decide (an action by default), with exactly the given hands, decks
    (top card first), face-up and face-down planets (the start planets go out of play), fighters,
    permanent techs and role stacks; seat start began the round. Players not named keep empty hands and
    decks."""
    state = EdState.new(players, seed, options or RULEBOOK)   # the rulebook reading unless told
    raw = state.raw_state()
    for p in range(players):
        pl = raw["pl"][p]
        pl["hand"] = [0] * len(pl["hand"])
        pl["discard"] = [0] * len(pl["discard"])
        pl["ndeck"] = 0
        pl["nhand"] = 0
        for card, n in (hands or {}).get(p, {}).items():
            pl["hand"][kind(card)] = n
            pl["nhand"] += n
        deck = [kind(c) for c in reversed((decks or {}).get(p, []))]
        pl["deck"] = deck + [0] * (len(pl["deck"]) - len(deck))
        pl["ndeck"] = len(deck)
        pl["fighters"] = (fighters or {}).get(p, 0)
        pl["perms"] = sum(1 << perm(x) for x in (perms or {}).get(p, []))
    locs = raw["planet_loc"]
    for i in range(len(locs)):
        if locs[i] >= LOC["owned"]:
            locs[i] = LOC["out"]
    for p, ids in (up or {}).items():
        for pid in ids:
            locs[planet(pid)] = LOC["owned"] + 2 * p + 1
    for p, ids in (down or {}).items():
        for pid in ids:
            locs[planet(pid)] = LOC["owned"] + 2 * p
    deck_planets = [x for x in raw["pdeck"][: raw["npdeck"]] if locs[x] == LOC["deck"]]
    raw["pdeck"] = deck_planets + [0] * (len(raw["pdeck"]) - len(deck_planets))
    raw["npdeck"] = len(deck_planets)
    if stacks is not None:
        raw["stacks"] = stacks
    raw["leader"] = raw["actor"] = leader
    raw["start_player"] = start
    raw["dec"] = DECISIONS.index(decision)
    raw["stage"] = STAGES.index("role" if decision == "role" else "action")
    raw["actions_left"] = 2 if "M3_productivity" in (perms or {}).get(leader, []) else 1
    if decision == "role":
        raw["actions_left"] = 0
    if edit:
        edit(raw)
    return state.with_raw_state(raw)


def play(state: EdState, *moves: str) -> EdState:
    for m in moves:
        state.apply(m)
    return state


def moves(state: EdState) -> list[str]:
    return [str(m) for m in state.legal_moves()]


def player(state: EdState, p: int) -> dict[str, Any]:
    return state.snapshot()["players"][p]


def set_planet_deck(state: EdState, top_first: list[str]) -> EdState:
    """The planet deck holds exactly these planets (the first on top); the others go out of play."""
    raw = state.raw_state()
    ids = [planet(x) for x in top_first]
    for i in range(len(raw["planet_loc"])):
        if raw["planet_loc"][i] == LOC["deck"]:
            raw["planet_loc"][i] = LOC["out"]
    for i in ids:
        raw["planet_loc"][i] = LOC["deck"]
    rev = list(reversed(ids))
    raw["pdeck"] = rev + [0] * (len(raw["pdeck"]) - len(rev))
    raw["npdeck"] = len(rev)
    return state.with_raw_state(raw)
