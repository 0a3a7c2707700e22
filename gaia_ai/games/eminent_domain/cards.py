"""The card facts of Eminent Domain (data/cards.json) as ids and the tables of the rules core.

Ids: card kinds 0-5 are the role cards (survey, warfare, colonize, produce_trade, research, politics),
6-38 the 33 action technologies in cards.json order; planets 0-5 are the start planets, 6-32 the planet
deck; physical tech cards 0-32 are the action techs, 33-38 the double-sided permanents; permanent sides
0-11 follow cards.json's double_sided_cards order (side 1, side 2).
"""

from __future__ import annotations

import json
from dataclasses import dataclass
from functools import cache
from importlib import resources
from typing import Any

from gaia_ai._core import ed_rules

SYMBOLS = ("S", "W", "C", "P", "T", "R")
ROLE_NAMES = ("survey", "warfare", "colonize", "produce", "trade", "research")
STACK_NAMES = ("survey", "warfare", "colonize", "produce_trade", "research")
ROLE_KINDS = ("survey", "warfare", "colonize", "produce_trade", "research", "politics")
PLANET_TYPES = ("A", "F", "M")
RESOURCES = ("food", "water", "iron", "silicon")


@dataclass(frozen=True)
class Planet:
    id: str
    name: str
    type: str
    colonize_cost: int
    warfare_cost: int
    influence: int
    symbols: tuple[str, ...]
    resource_slots: tuple[str, ...]
    hand_size_bonus: int


@dataclass(frozen=True)
class Tech:
    id: str             # the action card's id, or the double-sided card's physical id (A2_DS)
    name: str
    stack: str
    level: int
    cost: int
    influence: int
    sides: tuple[str, ...]   # the permanent sides' ids of a double-sided card, () for an action card


@dataclass(frozen=True)
class Cards:
    kinds: tuple[str, ...]           # card kind ids (role kinds, then action techs' ids)
    kind_names: tuple[str, ...]
    planets: tuple[Planet, ...]
    techs: tuple[Tech, ...]
    perms: tuple[str, ...]           # permanent side ids
    perm_names: tuple[str, ...]
    raw: dict[str, Any]

    def kind(self, card: str) -> int:
        try:
            return self.kinds.index(card)
        except ValueError:
            raise KeyError(f"unknown card {card!r}") from None

    def planet(self, pid: str) -> int:
        for i, p in enumerate(self.planets):
            if p.id == pid:
                return i
        raise KeyError(f"unknown planet {pid!r}")

    def tech(self, tid: str) -> tuple[int, int]:
        """(physical tech index, side) of a tech id: side 0 for an action card, 1/2 for a permanent side."""
        for i, t in enumerate(self.techs):
            if t.id == tid and not t.sides:
                return i, 0
            if tid in t.sides:
                return i, t.sides.index(tid) + 1
        raise KeyError(f"unknown technology {tid!r}")

    def tech_id(self, index: int, side: int) -> str:
        t = self.techs[index]
        return t.sides[side - 1] if side else t.id


def cards_json() -> dict[str, Any]:
    return json.loads(resources.files("gaia_ai.games.eminent_domain").joinpath("data/cards.json").read_text())


def _effect_of(name: str) -> int:
    key = name.lower().replace(" ", "_")
    return ed_rules.EFFECTS.index(key)


def _syms(symbols: list[str]) -> list[int]:
    return [symbols.count(s) for s in SYMBOLS]


@cache
def cards() -> Cards:
    raw = cards_json()
    techs_raw = raw["technologies"]["cards"]
    actions = [t for t in techs_raw if t["kind"] == "action"]
    perm_by_id = {t["id"]: t for t in techs_raw if t["kind"] == "permanent"}
    ds = raw["technologies"]["double_sided_cards"]
    sizes = ed_rules.SIZES
    assert len(actions) == sizes["NACTTECH"] and len(ds) * 2 == sizes["NPERM"]
    kinds = ROLE_KINDS + tuple(t["id"] for t in actions)
    role_names = {r["id"]: r["name"] for r in raw["role_cards"]}
    kind_names = tuple(role_names[k] for k in ROLE_KINDS) + tuple(t["name"] for t in actions)
    planets = tuple(
        Planet(p["id"], p["name"], p["type"], p["colonize_cost"], p["warfare_cost"], p["influence"],
               tuple(p["symbols"]), tuple(p["resource_slots"]), p["hand_size_bonus"])
        for p in raw["planets"]["start_planets"] + raw["planets"]["planet_deck"])
    techs = tuple(Tech(t["id"], t["name"], t["stack"], t["level"], t["research_cost"], t["influence"], ())
                  for t in actions)
    perms: list[str] = []
    for d in ds:
        sides = tuple(d["sides"])
        first = perm_by_id[sides[0]]
        techs += (Tech(d["physical_card"], " / ".join(perm_by_id[s]["name"] for s in sides), d["stack"],
                       d["level"], first["research_cost"], first["influence"], sides),)
        perms += sides
    perm_names = tuple(perm_by_id[p]["name"] for p in perms)
    # the core's permanent constants follow this order; a reordered cards.json must fail loudly
    for pid, expected in zip(perms, ed_rules.PERMS, strict=True):
        if perm_by_id[pid]["name"].lower().replace(" ", "_") not in (expected, "weapons_emporium"):
            raise ValueError(f"cards.json double_sided_cards order: {pid} where {expected} is expected")
    return Cards(kinds, kind_names, planets, techs, tuple(perms), perm_names, raw)


@cache
def tables() -> Any:
    """The core's shared tables (ed_rules.Tables), built once."""
    c = cards()
    raw = c.raw
    roles = {r["id"]: r for r in raw["role_cards"]}
    actions = [t for t in raw["technologies"]["cards"] if t["kind"] == "action"]
    perm_by_id = {t["id"]: t for t in raw["technologies"]["cards"] if t["kind"] == "permanent"}
    t: dict[str, Any] = {
        "kind_sym": [_syms(roles[k]["symbols"]) for k in ROLE_KINDS] + [_syms(a["symbols"]) for a in actions],
        "kind_effect": [ROLE_KINDS.index(k) for k in ROLE_KINDS] + [_effect_of(a["name"]) for a in actions],
        "kind_influence": [0] * len(ROLE_KINDS) + [a["influence"] for a in actions],
        "planet_type": [PLANET_TYPES.index(p.type) for p in c.planets],
        "planet_ccost": [p.colonize_cost for p in c.planets],
        "planet_wcost": [p.warfare_cost for p in c.planets],
        "planet_influence": [p.influence for p in c.planets],
        "planet_hand": [p.hand_size_bonus for p in c.planets],
        "planet_slots": [[RESOURCES.index(r) for r in p.resource_slots] for p in c.planets],
        "planet_sym": [_syms(list(p.symbols)) for p in c.planets],
        "tech_kind": [c.kinds.index(x.id) if not x.sides else 255 for x in c.techs],
        "tech_type": [PLANET_TYPES.index(x.stack) for x in c.techs],
        "tech_level": [x.level for x in c.techs],
        "tech_cost": [x.cost for x in c.techs],
        "perm_sym": [_syms(perm_by_id[p]["symbols"]) for p in c.perms],
        "perm_influence": [perm_by_id[p]["influence"] for p in c.perms],
    }
    return ed_rules.Tables(t)
