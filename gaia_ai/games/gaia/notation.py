"""The boardgamers.space move notation: parse and format log lines.

A log line is an optional player prefix (``p1..p5`` or a faction name) followed by
commands separated by ``". "``. A trailing ``"."`` or an ``endturn`` command ends the
turn. The engine appends annotations (power areas, research levels, returned
booster, paying areas, previous PI hex) that carry no decision;
:func:`strip_annotations` removes them and :func:`parse_line` ignores them.
"""

from __future__ import annotations

import re
from dataclasses import dataclass

from gaia_ai.games.gaia.errors import NotationError

FACTIONS: tuple[str, ...] = (
    "terrans",
    "lantids",
    "hadsch-hallas",
    "ivits",
    "geodens",
    "baltaks",
    "xenos",
    "gleens",
    "taklons",
    "ambas",
    "firaks",
    "bescods",
    "nevlas",
    "itars",
)
_SEATS = frozenset(f"p{i}" for i in range(1, 6))
_PLAYERS = _SEATS | frozenset(FACTIONS)

# ---- annotations -------------------------------------------------------------------------------
_POWER = r"[0-9]+(?:,B)?(?:/[0-9]+(?:,B)?){3}"
_ANNOTATION_RE = re.compile(
    "|".join(
        (
            rf" \({_POWER} ⇒ {_POWER}\)",  # power areas 1/2/3/gaia before and after the line
            r" \([0-9]+ ⇒ [0-9]+\)",  # research level before and after
            r" returning booster[0-9]+",  # booster given back when passing
            r" using [a-z0-9]+: [0-9]+(?:, [a-z0-9]+: [0-9]+)*",  # areas paying power tokens
            r" \(from [^()\s]+\)",  # where the Ambas PI was before a swap
        )
    )
)


def strip_annotations(text: str) -> str:
    """The canonical form of a logged line: the same text without the engine's annotations."""
    return _ANNOTATION_RE.sub("", text)


# ---- argument syntax -----------------------------------------------------------------------------
_NUM = "[0-9]+"
_HEX = r"[1-9][0-9]?(?:C|B[0-5]|A(?:1[01]|[0-9]))|-?[0-9]+x-?[0-9]+"  # label, or old-style QxR
_TRACK = "terra|nav|int|gaia|eco|sci"
_BASIC_POS = f"{_TRACK}|free[1-3]"
_RES = "[0-9]*(?:pw|tg|gf|t-a3|t|c|o|k|q|vp)"  # one resource amount, e.g. 2pw, q, 1t-a3
_RES_LIST = f"{_RES}(?:,{_RES})*"
_CHARGE = f"{_NUM}pw(?:,{_NUM}t)?|{_NUM}t,{_NUM}pw"  # Taklons PI: charge and token in either order
_FED = "fed[1-6]"

# Argument kind -> (regex, what the error message calls a bad value).
_KINDS: dict[str, tuple[re.Pattern[str], str]] = {
    k: (re.compile(p), what)
    for k, (p, what) in {
        "n": (_NUM, "bad number"),
        "seed": (r"\S+", "bad seed"),
        "faction": ("|".join(FACTIONS), "unknown faction"),
        "building": ("m|ts|lab|PI|ac1|ac2|gf|sp", "unknown building"),
        "hex": (_HEX, "unknown hex syntax"),
        "hexes": (f"(?:{_HEX})(?:,(?:{_HEX}))*", "unknown hex syntax in hex list"),
        "track": (_TRACK, "unknown research track"),
        "tech": (f"{_BASIC_POS}|adv-(?:{_TRACK})", "unknown tech tile position"),
        "cover": (_BASIC_POS, "unknown basic tech tile position"),
        "fed": (_FED, "unknown federation token"),
        "fedtile": (f"{_FED}|gleens", "unknown federation token"),
        "action": ("power[1-7]|qic[1-3]", "unknown board action"),
        "special": (f"step|range\\+3|swap-PI|down-lab|up-lowest|space-station|{_RES_LIST}", "unknown special action"),
        "cost": (_RES_LIST, "bad cost"),
        "gain": (f"tech|{_RES_LIST}", "bad income"),
        "charge": (_CHARGE, "bad charge"),
        "decline": (f"up|tech|{_CHARGE}", "bad decline"),
        "area": ("area[1-3]|gaia|discard", "unknown brainstone area"),
        "booster": ("booster(?:[1-9]|10)", "unknown booster"),
        "income": ("[0-9]*(?:pw|t)", "bad income event"),
    }.items()
}

# Argument kinds whose numbers are amounts (power, tokens, resources, counts): each must fit the
# engine's 8-bit move field, or a huge number would wrap round to a small legal one.
_AMOUNT_KINDS = frozenset({"n", "special", "cost", "gain", "charge", "decline", "income"})
MAX_AMOUNT = 255
_DIGITS = re.compile("[0-9]+")


def _check_amounts(name: str, arg: str, text: str) -> None:
    for digits in _DIGITS.findall(arg):
        if len(digits) > 3 or int(digits) > MAX_AMOUNT:
            raise NotationError(f"{name}: the amount {digits} in {arg!r} is out of range 0..{MAX_AMOUNT} in {text!r}")


# Command name -> the allowed argument-kind sequences (most have exactly one).
_SIGNATURES: dict[str, tuple[tuple[str, ...], ...]] = {
    "init": (("n", "seed"),),
    "faction": (("faction",),),
    "bid": (("faction", "n"),),
    "build": (("building", "hex"),),
    "up": (("track",),),
    "tech": (("tech",),),
    "cover": (("cover",),),
    "federation": (("hexes", "fed"),),
    "fedtile": (("fedtile",),),
    "action": (("action",),),
    "special": (("special",),),
    "spend": (("cost", "gain"),),  # written "spend <cost> for <gain>"
    "burn": (("n",),),
    "charge": (("charge",),),
    "decline": (("decline",),),
    "brainstone": (("area",),),
    "booster": (("booster",),),
    "pass": ((), ("booster",)),  # plain "pass" in round 6
    "income": (("income",),),
    "swap-PI": (("hex",),),
    "lostPlanet": (("hex",),),
    "endturn": ((),),
}
COMMAND_NAMES: frozenset[str] = frozenset(_SIGNATURES)


@dataclass(frozen=True, slots=True)
class Command:
    """One command, e.g. ``Command("build", ("m", "5A3"))`` or ``Command("spend", ("2pw", "2c"))``.

    Arguments are kept as written (``spend``'s ``for`` is implied by the name;
    a federation's hexes stay one comma-joined argument).
    """

    name: str
    args: tuple[str, ...] = ()

    def __str__(self) -> str:
        if self.name == "spend":
            return f"spend {self.args[0]} for {self.args[1]}"
        return " ".join((self.name, *self.args))

    @classmethod
    def parse(cls, text: str) -> Command:
        """Parse one command (annotations allowed); NotationError if malformed."""
        words = strip_annotations(text).split()
        if not words:
            raise NotationError(f"empty command in {text!r}")
        name, args = words[0], words[1:]
        signatures = _SIGNATURES.get(name)
        if signatures is None:
            raise NotationError(f"unknown command {name!r} in {text!r}")
        if name == "spend":
            if len(args) != 3 or args[1] != "for":
                raise NotationError(f"'spend' must read 'spend <cost> for <income>' in {text!r}")
            del args[1]
        for kinds in signatures:
            if len(kinds) == len(args):
                for kind, arg in zip(kinds, args, strict=True):
                    pattern, what = _KINDS[kind]
                    if not pattern.fullmatch(arg):
                        raise NotationError(f"{what} {arg!r} in {text!r}")
                    if kind in _AMOUNT_KINDS:
                        _check_amounts(name, arg, text)
                return cls(name, tuple(args))
        counts = " or ".join(str(len(k)) for k in signatures)
        problem = "missing argument" if len(args) < len(signatures[0]) else "too many arguments"
        raise NotationError(f"{problem}: {name!r} takes {counts} argument(s), got {len(args)} in {text!r}")

    @property
    def hexes(self) -> tuple[str, ...]:
        """The hex names this command refers to (build, federation, swap-PI, lostPlanet)."""
        if self.name == "build":
            return (self.args[1],)
        if self.name == "federation":
            return tuple(self.args[0].split(","))
        if self.name in ("swap-PI", "lostPlanet"):
            return (self.args[0],)
        return ()


ENDTURN = Command("endturn")


@dataclass(frozen=True, slots=True)
class LogLine:
    """One moveHistory line. ``ends_turn`` is set by a trailing ``"."`` or by a final
    ``endturn`` command (kept in ``commands``, so formatting restores it)."""

    player: str | None
    commands: tuple[Command, ...]
    ends_turn: bool = False

    def __post_init__(self) -> None:
        if self.commands and self.commands[-1] == ENDTURN and not self.ends_turn:
            raise NotationError("a line ending with 'endturn' must have ends_turn=True")

    def __str__(self) -> str:
        return format_line(self)


def parse_line(text: str) -> LogLine:
    """Parse one logged line (annotations are ignored); NotationError if malformed."""
    rest = strip_annotations(text).strip()
    player = None
    first, _, after = rest.partition(" ")
    if first in _PLAYERS:
        player, rest = first, after.strip()
    dot = rest.endswith(".")
    if dot:
        rest = rest[:-1]
    if not rest.strip():
        raise NotationError(f"no command in line {text!r}")
    try:
        commands = tuple(Command.parse(part) for part in rest.split(". "))
    except NotationError as e:
        raise NotationError(f"{e} (line {text!r})") from None
    if ENDTURN in commands[:-1] or (dot and commands[-1] == ENDTURN):
        raise NotationError(f"'endturn' must be the last command and is not followed by '.' in line {text!r}")
    return LogLine(player, commands, dot or commands[-1] == ENDTURN)


def format_line(line: LogLine) -> str:
    """The canonical (annotation-free) text of a line."""
    body = ". ".join(str(c) for c in line.commands)
    if line.ends_turn and (not line.commands or line.commands[-1] != ENDTURN):
        body += "."
    return body if line.player is None else f"{line.player} {body}"
