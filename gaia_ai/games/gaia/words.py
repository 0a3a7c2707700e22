"""Moves in words: each atomic command of the boardgamers.space notation as a plain English sentence,
with the numbers a player needs (what it costs, what it gives), and a line of commands as steps that
say who plays each one.

    describe(state, Command.parse("build m 5A9"))
    -> 'Build a mine on 5A9 (a desert planet, 1 terraforming step: 3 ore; the mine: 1 ore, 2 credits)'

The explanation (planet type, terraforming steps, the building upgraded) comes from the position; the
amounts paid and gained come from applying the command to a copy of it, so they are the engine's own.
A command that is not legal in the position is still described, without amounts.
The glossary of the notation is docs/notation.md.
"""

from __future__ import annotations

from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gaia_ai.games.gaia.board import HOME_PLANETS, Planet, terraform_distance
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.notation import ENDTURN, Command

PLANET_NAMES: dict[str, str] = {
    "r": "terra", "o": "oxide", "v": "volcanic", "d": "desert", "s": "swamp", "t": "titanium", "i": "ice",
    "g": "gaia", "m": "transdim", "e": "empty space", "l": "lost",
}
HOME_PLANET: dict[str, str] = {
    "terrans": "r", "lantids": "r", "xenos": "d", "gleens": "d", "taklons": "s", "ambas": "s",
    "hadsch-hallas": "o", "ivits": "o", "geodens": "v", "baltaks": "v", "firaks": "t", "bescods": "t",
    "nevlas": "i", "itars": "i",
}
BUILDING_NAMES: dict[str, str] = {
    "m": "mine", "ts": "trading station", "lab": "research lab", "PI": "planetary institute",
    "ac1": "academy (knowledge side)", "ac2": "academy (QIC side)", "gf": "gaia former", "sp": "space station",
}
TRACK_NAMES: dict[str, str] = {
    "terra": "Terraforming", "nav": "Navigation", "int": "Artificial Intelligence", "gaia": "Gaia Project",
    "eco": "Economy", "sci": "Science",
}
# What each board action gives (rulebook: power actions cost power from area 3, QIC actions cost QIC).
ACTIONS: dict[str, tuple[str, str]] = {
    "power1": ("7 power", "3 knowledge"), "power2": ("5 power", "2 terraforming steps for a mine"),
    "power3": ("4 power", "2 ore"), "power4": ("4 power", "7 credits"), "power5": ("4 power", "2 knowledge"),
    "power6": ("3 power", "1 terraforming step for a mine"), "power7": ("3 power", "2 power tokens"),
    "qic1": ("4 QIC", "a tech tile"), "qic2": ("3 QIC", "a federation token's reward again"),
    "qic3": ("2 QIC", "3 VP + 1 VP per planet type"),
}
BOOSTERS: dict[str, str] = {
    "booster1": "income 1 ore, 1 knowledge",
    "booster2": "income 1 ore, 2 power tokens",
    "booster3": "income 2 credits, 1 QIC",
    "booster4": "income 2 credits; action: 1 free terraforming step",
    "booster5": "income 2 power; action: +3 range for one build",
    "booster6": "income 1 ore; on passing 1 VP per mine",
    "booster7": "income 1 ore; on passing 2 VP per trading station",
    "booster8": "income 1 knowledge; on passing 3 VP per research lab",
    "booster9": "income 4 power; on passing 4 VP per planetary institute or academy",
    "booster10": "income 4 credits; on passing 1 VP per gaia planet",
}
TECH_TILES: dict[str, str] = {
    "tech1": "at once 1 ore, 1 QIC", "tech2": "at once 1 knowledge per planet type",
    "tech3": "planetary institute and academies count 4 power", "tech4": "at once 7 VP",
    "tech5": "income 1 ore, 1 power", "tech6": "income 1 knowledge, 1 credit",
    "tech7": "3 VP per mine on a gaia planet", "tech8": "income 4 credits", "tech9": "action: 4 power",
    "advtech1": "on passing 3 VP per federation", "advtech2": "2 VP per research step",
    "advtech3": "action: 1 QIC, 5 credits", "advtech4": "at once 2 VP per mine",
    "advtech5": "on passing 3 VP per research lab", "advtech6": "at once 1 ore per sector",
    "advtech7": "on passing 1 VP per planet type", "advtech8": "at once 2 VP per gaia planet",
    "advtech9": "at once 4 VP per trading station", "advtech10": "at once 2 VP per sector",
    "advtech11": "action: 3 ore", "advtech12": "at once 5 VP per federation", "advtech13": "action: 3 knowledge",
    "advtech14": "3 VP per mine built", "advtech15": "3 VP per trading station built",
}
FEDERATION_TOKENS: dict[str, str] = {
    "fed1": "12 VP", "fed2": "8 VP, 1 QIC", "fed3": "8 VP, 2 power tokens", "fed4": "7 VP, 2 ore",
    "fed5": "7 VP, 6 credits", "fed6": "6 VP, 2 knowledge", "gleens": "1 ore, 1 knowledge, 2 credits",
}
SPECIALS: dict[str, str] = {
    "step": "1 free terraforming step (booster)", "range+3": "+3 range for one build (booster)",
    "4pw": "4 power (tech tile)", "q": "1 QIC (academy)", "4c": "4 credits (Baltaks academy)",
    "q,5c": "1 QIC, 5 credits (advanced tile)", "3o": "3 ore (advanced tile)", "3k": "3 knowledge (advanced tile)",
    "swap-PI": "swap the planetary institute with a mine (Ambas)",
    "down-lab": "downgrade a research lab to a trading station for a free research step (Firaks)",
    "up-lowest": "a free step on the lowest research track (Bescods)",
    "space-station": "a space station on an empty hex (Ivits)",
}
# Resource codes of the notation -> (singular, plural).
RESOURCES: dict[str, tuple[str, str]] = {
    "c": ("credit", "credits"), "o": ("ore", "ore"), "k": ("knowledge", "knowledge"), "q": ("QIC", "QIC"),
    "pw": ("power", "power"), "t": ("power token", "power tokens"), "tg": ("gaia-area token", "gaia-area tokens"),
    "t-a3": ("token from area 3", "tokens from area 3"), "gf": ("gaia former", "gaia formers"),
    "vp": ("VP", "VP"),
}
_PAID = (("ores", "ore"), ("credits", "credits"), ("knowledge", "knowledge"), ("qic", "QIC"))
_GAINED = (("vp", "VP"), ("credits", "credits"), ("ores", "ore"), ("knowledge", "knowledge"), ("qic", "QIC"))


@dataclass(frozen=True)
class Step:
    """One command of a line: who plays it (index and name), its notation and its words."""

    player: int
    who: str
    notation: str
    words: str

    def to_dict(self) -> dict[str, Any]:
        return {"player": self.player + 1, "who": self.who, "notation": self.notation, "words": self.words}


def player_name(state: GaiaState, player: int) -> str:
    """'p2 terrans': the seat as the notation numbers it (from 1) and the faction when chosen."""
    faction = state.faction(player)
    return f"p{player + 1} {faction}" if faction else f"p{player + 1}"


def describe(state: GaiaState, command: Command | str, player: int | None = None) -> str:
    """The command in words for player (default: whose decision it is), in this position; state is
    not changed."""
    if isinstance(command, str):
        command = Command.parse(command)
    if player is None:
        player = state.current_player
    before = _player_state(state, player)
    after_state = state.copy()
    try:
        after_state.apply(command, player)
        delta = _delta(before, _player_state(after_state, player))
    except GaiaError:
        delta = None
    return _Describer(state, player, delta).sentence(command)


def describe_line(state: GaiaState, commands: Sequence[Command], players: Sequence[int] | None = None) -> list[Step]:
    """Each command of a line in words, applied in turn to a copy of state: players[i] plays
    commands[i] (default: whose decision it is at that step). A command the position does not allow
    ends the list with its words and no amounts."""
    probe = state.copy()
    steps = []
    for i, command in enumerate(commands):
        player = players[i] if players is not None and i < len(players) else probe.current_player
        if player < 0:
            break
        steps.append(Step(player, player_name(probe, player), str(command), describe(probe, command, player)))
        try:
            probe.apply(command, player)
        except GaiaError:
            break
    return steps


def format_steps(steps: Sequence[Step], skip_endturn: bool = True) -> list[str]:
    """'p2 terrans: Build a mine on 3B4 (...)' per step; ends of turn are left out by default."""
    return [f"{s.who}: {s.words}" for s in steps if not (skip_endturn and s.notation == str(ENDTURN))]


# ---- internals -------------------------------------------------------------------------------------
def _player_state(state: GaiaState, player: int) -> dict[str, Any]:
    return state.raw_state()["pl"][player]


def _delta(before: dict[str, Any], after: dict[str, Any]) -> dict[str, int]:
    """after - before of the resources a sentence names; power as the tokens that left area 3 (spent)
    and the tokens gained or lost overall."""
    d = {k: after[k] - before[k] for k in ("vp", "credits", "ores", "knowledge", "qic")}
    d["tokens"] = sum(after["power"]) - sum(before["power"])
    d["area3"] = after["power"][2] - before["power"][2]
    d["area1"] = after["power"][0] - before["power"][0]
    d["gaia"] = after["power"][3] - before["power"][3]
    return d


def _amount(n: int, code: str) -> str:
    one, many = RESOURCES[code]
    return f"{n} {one if n == 1 else many}"


def _amounts(text: str) -> str:
    """'2pw,1c' -> '2 power, 1 credit'."""
    out = []
    for part in text.split(","):
        digits = len(part) - len(part.lstrip("0123456789"))
        n, code = (int(part[:digits]) if digits else 1), part[digits:]
        out.append(_amount(n, code) if code in RESOURCES else part)
    return ", ".join(out)


def _join(parts: Sequence[str]) -> str:
    return ", ".join(p for p in parts if p)


def _a(noun: str) -> str:
    return ("an " if noun[0] in "aeiou" else "a ") + noun


def _plural(n: int, word: str) -> str:
    return f"{n} {word}" if n == 1 else f"{n} {word}s"


class _Describer:
    """The sentence of one command; delta is the engine's change of the player's resources (None
    when the command is not legal here)."""

    def __init__(self, state: GaiaState, player: int, delta: dict[str, int] | None) -> None:
        self.state = state
        self.player = player
        self.delta = delta
        self.board = state.setup.board

    def sentence(self, c: Command) -> str:
        handler = getattr(self, "_" + c.name.replace("-", "_"), None)
        text = handler(c) if handler else str(c)
        return text + self._gains(c)

    # What the command paid or gained beyond what its own sentence says.
    def paid(self) -> str:
        d = self.delta or {}
        return _join([f"{-d[k]} {name}" for k, name in _PAID if d.get(k, 0) < 0])

    def _gains(self, c: Command) -> str:
        if self.delta is None or c.name in ("spend", "action", "special", "income", "burn", "charge", "fedtile"):
            return ""
        gained = [f"{self.delta[k]} {name}" for k, name in _GAINED if self.delta[k] > 0]
        return f"; gains {', '.join(gained)}" if gained else ""

    def hex_words(self, label: str) -> str:
        try:
            planet = self._planet(label)
        except ValueError:
            return "an unknown hex"
        name = PLANET_NAMES.get(str(planet), str(planet))
        return "an empty space hex" if planet == Planet.EMPTY else _a(f"{name} planet")

    def _planet(self, label: str) -> Planet:
        return self.board.hex(label).planet

    def _occupant(self, label: str) -> tuple[int, str | None]:
        """(owner, building) on the hex now, from the occupied board of the snapshot."""
        cell = self.state.snapshot().get("board", {}).get(label)
        if not cell:
            return -1, None
        return int(cell[1]), cell[2]

    # ---- one method per command -------------------------------------------------------------------
    def _init(self, c: Command) -> str:
        return f"Start a {c.args[0]}-player game (seed {c.args[1]})"

    def _faction(self, c: Command) -> str:
        home = PLANET_NAMES[HOME_PLANET[c.args[0]]]
        return f"Choose the faction {c.args[0]} (home planet: {home})"

    def _bid(self, c: Command) -> str:
        return f"Bid {c.args[1]} VP for the faction {c.args[0]}"

    def _build(self, c: Command) -> str:
        building, label = c.args
        name = BUILDING_NAMES[building]
        if self.state.phase in ("sB", "setup") or self.state.round == 0:
            return f"Place a starting {name} on {label} ({self.hex_words(label)})"
        if building == "m":
            return self._mine(label)
        if building == "gf":
            tokens = f"{self.delta['gaia']} power tokens" if self.delta else "power tokens"
            qic = f"range: {-self.delta['qic']} QIC" if self.delta and self.delta["qic"] < 0 else ""
            return f"Place a gaia former on {label} ({_join(['a transdim planet', tokens + ' go to the gaia area', qic])})"
        if building == "sp":
            return f"Place a space station on {label} ({_join(['an empty space hex', self.paid()])})"
        _, current = self._occupant(label)
        if building == "ts" and current == "lab":
            return f"Downgrade the research lab on {label} to a trading station"
        old = BUILDING_NAMES.get(current or "", "building")
        paid = self.paid()
        why = ""
        if building == "ts" and self.delta is not None and -self.delta["credits"] == 3:
            why = "; half price: another player's building is within 2 hexes"
        return f"Upgrade the {old} on {label} to {_a(name)}" + (f" ({paid}{why})" if paid else "")

    def _mine(self, label: str) -> str:
        planet = str(self._planet(label))
        owner, current = self._occupant(label)
        faction = self.state.faction(self.player) or ""
        if current == "gf" and owner == self.player:
            return f"Turn the gaia former on {label} into a mine (the mine: {self.paid() or 'free'})"
        if owner not in (-1, self.player) and faction == "lantids":
            return f"Build a guest mine on {label}, beside another player ({self.paid()})"
        parts = [_a(f"{PLANET_NAMES.get(planet, planet)} planet")]
        if self.delta is None:
            return f"Build a mine on {label} ({parts[0]})"
        ore, credits, qic = -self.delta["ores"], -self.delta["credits"], -self.delta["qic"]
        mine_ore = 2 if planet == "g" and faction == "gleens" else 1
        if planet in {str(p) for p in HOME_PLANETS} and faction in HOME_PLANET:
            steps = terraform_distance(planet, HOME_PLANET[faction])
            if steps:
                terra_ore = ore - mine_ore
                free = steps - (terra_ore // self._ore_per_step() if terra_ore > 0 else 0)
                step_words = _plural(steps, "terraforming step")
                if free == steps:
                    parts.append(f"{step_words}: free")
                elif free > 0:
                    parts.append(f"{step_words}: {free} free, {terra_ore} ore")
                else:
                    parts.append(f"{step_words}: {terra_ore} ore")
        elif planet == "g" and faction != "gleens":
            parts.append("a gaia planet: 1 QIC")
            qic -= 1
        parts.append(f"the mine: {mine_ore} ore, {credits} credits")
        if qic > 0:
            parts.append(f"range: {qic} QIC")
        return f"Build a mine on {label} ({parts[0]}, {'; '.join(parts[1:])})"

    def _ore_per_step(self) -> int:
        level = self.state.raw_state()["pl"][self.player]["research"][0]
        return (3, 3, 2, 1, 1, 1)[level]

    def _up(self, c: Command) -> str:
        level = self.state.raw_state()["pl"][self.player]["research"][list(TRACK_NAMES).index(c.args[0])]
        cost = f"{-self.delta['knowledge']} knowledge" if self.delta and self.delta["knowledge"] < 0 else "free"
        return f"Research {TRACK_NAMES[c.args[0]]}: level {level} to {level + 1} ({cost})"

    def _decline(self, c: Command) -> str:
        if c.args[0] == "up":
            return "Decline the free research step"
        if c.args[0] == "tech":
            return "Decline the tech tile"
        return f"Decline to charge {_amounts(c.args[0])}"

    def _tech(self, c: Command) -> str:
        pos = c.args[0]
        tiles = self.state.setup.adv_tech_tiles if pos.startswith("adv-") else self.state.setup.tech_tiles
        tile = tiles.get(pos, "?")
        kind = "advanced tech tile" if pos.startswith("adv-") else "tech tile"
        return f"Take the {kind} at {pos} ({tile}: {TECH_TILES.get(tile, '?')})"

    def _cover(self, c: Command) -> str:
        return f"Cover the basic tech tile at {c.args[0]} with it (that tile stops working)"

    def _federation(self, c: Command) -> str:
        hexes = c.hexes
        buildings = sum(1 for h in hexes if self._occupant(h)[0] == self.player)
        satellites = len(hexes) - buildings
        token = c.args[1]
        return (f"Form a federation of {_plural(buildings, 'building')} and {_plural(satellites, 'satellite')} "
                f"({', '.join(hexes)}), taking token {token} ({FEDERATION_TOKENS.get(token, '?')})")

    def _fedtile(self, c: Command) -> str:
        return f"Take the reward of federation token {c.args[0]} again ({FEDERATION_TOKENS.get(c.args[0], '?')})"

    def _action(self, c: Command) -> str:
        cost, gain = ACTIONS[c.args[0]]
        kind = "power" if c.args[0].startswith("power") else "QIC"
        return f"Take {kind} action {c.args[0][len(kind.lower()) if kind == 'power' else 3:]} ({gain}, costs {cost})"

    def _special(self, c: Command) -> str:
        what = SPECIALS.get(c.args[0]) or _amounts(c.args[0])
        return f"Use a special action: {what}"

    def _spend(self, c: Command) -> str:
        gain = "a tech tile" if c.args[1] == "tech" else _amounts(c.args[1])
        return f"Convert {_amounts(c.args[0])} into {gain}"

    def _burn(self, c: Command) -> str:
        n = int(c.args[0])
        return f"Burn {n} power (remove {n} from area 2 to move {n} others to area 3)"

    def _charge(self, c: Command) -> str:
        amounts = c.args[0].split(",")
        power = next(int(a[:-2]) for a in amounts if a.endswith("pw"))
        cost = f"costs {power - 1} VP" if power > 1 else "free"
        token = " and take a power token" if len(amounts) > 1 else ""
        return f"Charge {power} power{token} from a neighbour's build ({cost})"

    def _brainstone(self, c: Command) -> str:
        where = {"area1": "area 1", "area2": "area 2", "area3": "area 3", "gaia": "the gaia area",
                 "discard": "the discard"}[c.args[0]]
        return f"Move the brainstone to {where}"

    def _booster(self, c: Command) -> str:
        return f"Take booster {c.args[0][7:]} ({BOOSTERS.get(c.args[0], '?')})"

    def _pass(self, c: Command) -> str:
        if not c.args:
            return "Pass (last round: no booster)"
        return f"Pass, taking booster {c.args[0][7:]} ({BOOSTERS.get(c.args[0], '?')})"

    def _income(self, c: Command) -> str:
        return f"Take this income first: {_amounts(c.args[0])}"

    def _swap_PI(self, c: Command) -> str:
        return f"Swap the planetary institute with the mine on {c.args[0]}"

    def _lostPlanet(self, c: Command) -> str:
        return f"Place the lost planet on {c.args[0]} (with a mine on it)"

    def _endturn(self, c: Command) -> str:
        return "End the turn"
