"""Move notation of Eminent Domain: one short line per decision, exact round trip with the core's ints.

    skip | act <card> [collect|attack|settle|tuck|produce|trade] | role <survey|warfare|colonize|produce|
    trade|research> | boost <card> | done | follow | dissent | keep <planet> | collect | attack <planet> |
    colonize | settle <planet> | tuck <card> <planet> | produce <planet> <resource> | trade <planet>
    <resource> | trade fighter | buy <tech> | remove <card> | take <stack> | name <resource> |
    discard <card>

Cards are cards.json ids (role cards: survey, warfare, colonize, produce_trade, research, politics;
techs such as A1_improved_survey_ST), planets their ids (SA1, F3), techs the action card's id or the
chosen permanent side's id (A2_streamlining). A move's int is m = type | a << 8 | b << 16.
"""

from __future__ import annotations

from dataclasses import dataclass

from gaia_ai._core import ed_rules
from gaia_ai.games.eminent_domain.cards import RESOURCES, ROLE_NAMES, STACK_NAMES, cards
from gaia_ai.games.eminent_domain.errors import NotationError

MV = ed_rules.MOVE_TYPES
_TYPE_NAME = {v: k for k, v in MV.items()}
VARIANTS: tuple[str, ...] = ed_rules.VARIANTS
FIGHTER = ed_rules.SIZES["NPLANET"]   # the 'planet' of a traded fighter


def encode(t: int, a: int = 0, b: int = 0) -> int:
    return t | (a << 8) | (b << 16)


def decode(m: int) -> tuple[int, int, int]:
    return m & 255, (m >> 8) & 255, (m >> 16) & 255


def format_move(m: int) -> str:
    """The notation of a move int."""
    c = cards()
    if not 0 <= m < 1 << 24:
        raise NotationError(f"not a move code: {m}")
    t, a, b = decode(m)
    name = _TYPE_NAME.get(t)
    try:
        if name in ("skip", "done", "follow", "dissent", "collect", "colonize"):
            return name
        if name == "act":
            return f"act {c.kinds[a]}" + (f" {VARIANTS[b]}" if b else "")
        if name == "role":
            return f"role {ROLE_NAMES[a]}"
        if name in ("boost", "remove", "discard"):
            return f"{name} {c.kinds[a]}"
        if name in ("keep", "attack", "settle"):
            return f"{name} {c.planets[a].id}"
        if name == "tuck":
            return f"tuck {c.kinds[a]} {c.planets[b].id}"
        if name in ("produce", "trade"):
            if name == "trade" and a == FIGHTER:
                return "trade fighter"
            return f"{name} {c.planets[a].id} {c.planets[a].resource_slots[b]}"
        if name == "buy":
            return f"buy {c.tech_id(a, b)}"
        if name == "take":
            return f"take {STACK_NAMES[a]}"
        if name == "name":
            return f"name {RESOURCES[a]}"
    except IndexError:
        pass
    raise NotationError(f"not a move code: {m}")


def _index(seq: tuple[str, ...], word: str, what: str) -> int:
    try:
        return seq.index(word)
    except ValueError:
        raise NotationError(f"unknown {what} {word!r} (one of: {', '.join(seq)})") from None


def parse_move(text: str) -> int:
    """The move int of a notation line; NotationError names what is wrong."""
    c = cards()
    words = text.split()
    if not words:
        raise NotationError("empty move")
    name, args = words[0], words[1:]
    if name not in MV:
        raise NotationError(f"unknown move {name!r} in {text!r} (one of: {', '.join(MV)})")
    t = MV[name]
    arity = {"skip": 0, "done": 0, "follow": 0, "dissent": 0, "collect": 0, "colonize": 0, "tuck": 2,
             "produce": 2}.get(name, 1)
    if name == "act":
        arity = len(args) if len(args) in (1, 2) else 1
    if name == "trade":
        arity = 1 if args == ["fighter"] else 2
    if name == "attack" and not args:
        raise NotationError(f"{text!r}: attack needs a planet")
    if len(args) != arity:
        raise NotationError(f"{text!r}: {name} takes {arity} argument(s), got {len(args)}")
    try:
        if arity == 0:
            return encode(t)
        if name == "act":
            v = _index(VARIANTS, args[1], "variant") if len(args) == 2 else 0
            if len(args) == 2 and v == 0:
                raise NotationError(f"{text!r}: empty variant")
            return encode(t, c.kind(args[0]), v)
        if name == "role":
            return encode(t, _index(ROLE_NAMES, args[0], "role"))
        if name in ("boost", "remove", "discard"):
            return encode(t, c.kind(args[0]))
        if name in ("keep", "attack", "settle"):
            return encode(t, c.planet(args[0]))
        if name == "tuck":
            return encode(t, c.kind(args[0]), c.planet(args[1]))
        if name == "trade" and args == ["fighter"]:
            return encode(t, FIGHTER)
        if name in ("produce", "trade"):
            pl = c.planet(args[0])
            slot = _index(c.planets[pl].resource_slots, args[1], f"resource slot of {args[0]}")
            return encode(t, pl, slot)
        if name == "buy":
            return encode(t, *c.tech(args[0]))
        if name == "take":
            return encode(t, _index(STACK_NAMES, args[0], "stack"))
        return encode(t, _index(RESOURCES, args[0], "resource"))
    except KeyError as e:
        raise NotationError(f"{text!r}: {e.args[0]}") from None


@dataclass(frozen=True, order=True)
class EdMove:
    """A move: its core int (hashable, ordered) and its notation (str())."""

    code: int

    @classmethod
    def parse(cls, text: str) -> EdMove:
        return cls(parse_move(text))

    def __str__(self) -> str:
        return format_move(self.code)

    def __repr__(self) -> str:
        return f"EdMove({format_move(self.code)!r})"
