"""Import of the structured game state: GaiaGameState JSON checked field by field into a GaiaState.

state_schema.parse checks the shapes; the rules here check ranges, caps and consistency, rebuild the
engine's raw C state from a fresh game of the same setup, load it, and make sure the engine can generate
moves from it. Every error is a StateError whose message starts with the offending field's path.
"""

from __future__ import annotations

import json
import threading
from collections import OrderedDict
from typing import Any

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.board import Board
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError, SetupError, StateError
from gaia_ai.games.gaia.setup import FEDERATIONS, GameSetup, federation_supply_for
from gaia_ai.games.gaia.state_export import (
    AC1,
    AC2,
    ACTIONS,
    BS_NAME,
    BS_RAW,
    BSQ_RAW,
    BUILDINGS,
    FACTIONS,
    FED_TOKENS,
    GF,
    LAB,
    NBASIC,
    PENDING_RAW,
    PHASE_RAW,
    PI,
    PL_EMPTY,
    PL_GAIA,
    PL_LOST,
    PL_TRANSDIM,
    PLANET_OF_LETTER,
    POSITIONS,
    SP,
    SPECIAL_BIT,
    TRACKS,
    TS,
    K,
    M,
    planet_name,
    player_json,
    state_to_json,
    supply_json,
    tile_of,
)
from gaia_ai.games.gaia.state_schema import PHASES, PLANETS, parse
from gaia_ai.games.gaia.variants import AUCTION_MODES, BETA_VERSIONS, FACTION_VARIANTS, GameOptions

SETUP_PHASES = ("PHASE_FACTION_SELECTION", "PHASE_AUCTION", "PHASE_SETUP_MINES", "PHASE_SETUP_BOOSTERS")
MAX_BID = 200  # the engine lists bids up to this (AUC_MAX_BID)
TURN_PHASES = ("PHASE_ACTIONS", "PHASE_LEECH")  # passes, used actions and specials live here
MAX_VP, MAX_CREDITS, MAX_ORES, MAX_KNOWLEDGE, MAX_QIC = 999, 30, 15, 15, 99
MAX_TOKENS = 100  # power tokens of one player: keeps every engine amount within its 8-bit move field
MAX_EVENT = 30  # one income event's amounts
MAX_SEQUENCE = 1_000_000


_SETUP_FIELDS = {
    "round_scoring": "roundScoring",
    "final_scoring": "finalScoring",
    "boosters": "boosters",
    "tech_tiles": "techTiles",
    "adv_tech_tiles": "advTechTiles",
    "mapConfig.sectors": "sectors",
    "terraforming_federation": "terraformingFederation",
    "num_players": "numPlayers",
    "board": "sectors",
    "federation_supply": "terraformingFederation",
}
# the setups of recent imports with a fresh state each (read-only templates; the service imports from
# several threads, hence the lock)
_setup_cache: OrderedDict[str, tuple[GameSetup, GaiaState]] = OrderedDict()
_setup_lock = threading.Lock()
_SETUP_CACHE_SIZE = 8


def state_from_json(data: Any) -> GaiaState:
    """The state a GaiaGameState JSON value describes (protobuf's JSON mapping; snake_case field names are
    accepted too). Raises StateError, naming the field path, for a malformed, inconsistent or illegal
    state; a state it returns is one the engine can continue (its legal moves are generated here)."""
    value = parse(data)
    setup, template = _setup_from_json(value["setup"])
    return _Importer(value, setup, template).run()


def _setup_from_json(v: dict[str, Any] | None) -> tuple[GameSetup, GaiaState]:
    """The GameSetup and a fresh state of it (cached: building the map's distances is the slow part)."""
    if v is None:
        raise StateError("setup: missing (the map, tiles and boosters of the game)")
    key = json.dumps(v, sort_keys=True)
    with _setup_lock:
        hit = _setup_cache.get(key)
        if hit is not None:
            _setup_cache.move_to_end(key)
            return hit
    n = v["numPlayers"]
    if n not in (2, 3, 4):
        raise StateError(f"setup.numPlayers: must be 2, 3 or 4, got {n}")
    fed = v["terraformingFederation"]
    try:
        board = Board(
            {
                "sectors": [
                    {"sector": s["sector"], "rotation": s["rotation"], "center": {"q": s["q"], "r": s["r"]}}
                    for s in v["sectors"]
                ],
                "mirror": False,
            }
        )
        setup = GameSetup(
            num_players=n,
            seed=v["seed"],
            board=board,
            round_scoring=v["roundScoring"],
            final_scoring=v["finalScoring"],
            boosters=v["boosters"],
            tech_tiles=v["techTiles"],
            adv_tech_tiles=v["advTechTiles"],
            terraforming_federation=fed,
            federation_supply=federation_supply_for(fed) if fed in FEDERATIONS else {},
            options=_options_from_json(v["options"]),
        )
    except SetupError as e:
        text = str(e)
        for name, field in _SETUP_FIELDS.items():
            if text.startswith(name):
                text = field + text[len(name) :]
                break
        head, _, rest = text.partition(" ")
        raise StateError(f"setup.{head}{'' if head.endswith(':') else ':'} {rest}") from None
    result = (setup, GaiaState.new(setup))
    with _setup_lock:
        _setup_cache[key] = result
        if len(_setup_cache) > _SETUP_CACHE_SIZE:
            _setup_cache.popitem(last=False)
    return result


def _options_from_json(v: dict[str, Any] | None) -> GameOptions:
    """setup.options (absent: the standard game); a value the engine does not model is refused."""
    if v is None:
        return GameOptions()
    auction = v["auction"] or None
    if auction is not None and auction not in AUCTION_MODES:
        raise StateError(f"setup.options.auction: {auction!r} is not modelled (empty, or one of {', '.join(AUCTION_MODES)})")
    variant = v["factionVariant"] or "standard"
    if variant not in FACTION_VARIANTS:
        raise StateError(f"setup.options.factionVariant: {variant!r} is not modelled (one of {', '.join(FACTION_VARIANTS)})")
    version = v["factionVariantVersion"]
    if variant == "beta" and version not in BETA_VERSIONS:
        raise StateError(
            f"setup.options.factionVariantVersion: beta version {version} is not modelled (one of {list(BETA_VERSIONS)})"
        )
    return GameOptions(auction, variant, version if variant == "beta" else 0)


def _check_range(value: int, lo: int, hi: int, path: str) -> int:
    if value < 0 <= lo:
        raise StateError(f"{path}: {value} is negative")
    if not lo <= value <= hi:
        raise StateError(f"{path}: {value} is out of range {lo}..{hi}")
    return value


def _unique(items: list[Any], path: str, what: str) -> None:
    seen = set()
    for i, x in enumerate(items):
        if x in seen:
            raise StateError(f"{path}[{i}]: {what} {x!r} is listed twice")
        seen.add(x)


class _Importer:
    """One import: checks the normalised value section by section while filling the raw state."""

    def __init__(self, value: dict[str, Any], setup: GameSetup, template: GaiaState) -> None:
        self.v = value
        self.setup = setup
        self.template = template
        self.raw = template.raw_state()
        self.n = setup.num_players
        self.labels = list(setup.board.labels)
        self.index = {label: i for i, label in enumerate(self.labels)}
        self.planet0 = [PLANET_OF_LETTER[h.planet] for h in setup.board.hexes]
        self.players: list[dict[str, Any]] = value["players"]
        self.decision: dict[str, Any] = value["decision"] or parse({}, "Decision", "decision")
        self.phase: str = value["phase"]

    # -- helpers
    def player_ref(self, value: int | None, path: str, required: bool = True) -> int:
        if value is None:
            if required:
                raise StateError(f"{path}: missing")
            return -1
        if not 0 <= value < self.n:
            raise StateError(f"{path}: player {value} does not exist (seats 0..{self.n - 1})")
        return value

    def hex_ref(self, label: str, path: str) -> int:
        h = self.index.get(label)
        if h is None:
            raise StateError(f"{path}: no hex {label!r} on this map")
        return h

    def faction(self, p: int) -> str:
        return self.players[p]["faction"]

    # -- the sections, in dependency order
    def run(self) -> GaiaState:
        self.check_phase()
        self.check_auction()
        self.check_factions()
        if self.auction_open:
            return self.auction_positions()
        if self.phase == "PHASE_FACTION_SELECTION":
            return self.faction_selection()
        for p in range(self.n):
            self.fill_player_basics(p)
        self.fill_board()
        self.check_buildings()
        for p in range(self.n):
            self.fill_techs(p)
            self.fill_federations(p)
        self.fill_supply()
        self.fill_turn()
        self.fill_decision()
        self.fill_engine()
        state = self.template.with_raw_state(self.raw)
        self.check_present_blocks(state)
        _check_engine_continues(state)
        return state

    def check_phase(self) -> None:
        phase, rnd = self.phase, self.v["round"]
        if phase == "PHASE_UNSPECIFIED":
            raise StateError(f"phase: missing (one of {', '.join(PHASES[1:])})")
        if phase in SETUP_PHASES and rnd != 0:
            raise StateError(f"round: {rnd} during {phase} (the round is 0 during setup)")
        if phase not in SETUP_PHASES:
            _check_range(rnd, 1, 6, "round")
        if phase == "PHASE_GAME_OVER" and rnd != 6:
            raise StateError(f"round: {rnd}, but the game ends after round 6")
        if len(self.players) != self.n:
            raise StateError(f"players: {len(self.players)} entries for a {self.n}-player game")

    def check_auction(self) -> None:
        """The auction lots match setup.options.auction; after the auction they give the factions, the
        bids and the table order; before it, they are the whole state (auction_positions)."""
        mode, lots, n = self.setup.options.auction, self.v["auction"], self.n
        self.auction_open = mode is not None and self.phase in ("PHASE_FACTION_SELECTION", "PHASE_AUCTION")
        self.table = list(range(n))
        if mode is None:
            if lots:
                raise StateError("auction: lots are given, but setup.options.auction is off (no auction)")
            if self.phase == "PHASE_AUCTION":
                raise StateError("phase: PHASE_AUCTION needs setup.options.auction 'choose-bid'")
            return
        if self.phase == "PHASE_AUCTION" and mode != "choose-bid":
            raise StateError(f"phase: PHASE_AUCTION is the choose-bid auction; setup.options.auction is {mode!r}")
        if len(lots) > n:
            raise StateError(f"auction: {len(lots)} lots for {n} players")
        homes: dict[int, int] = {}
        holders: list[int] = []
        for i, lot in enumerate(lots):
            at, name = f"auction[{i}]", lot["faction"]
            if name not in FACTIONS:
                raise StateError(f"{at}.faction: unknown faction {name!r} (one of {', '.join(FACTIONS)})")
            home = K["F_HOME"][FACTIONS.index(name)]
            if home in homes:
                raise StateError(f"{at}.faction: {name} shares its home planet with auction[{homes[home]}]")
            homes[home] = i
            _check_range(lot["bid"], 0, MAX_BID, f"{at}.bid")
            if lot["holder"] is None:
                if lot["bid"]:
                    raise StateError(f"{at}.bid: {lot['bid']}, but nobody holds {name}")
                if mode == "bid-while-choosing":
                    raise StateError(f"{at}.holder: missing (in bid-while-choosing a picked faction is held)")
                continue
            holder = self.player_ref(lot["holder"], f"{at}.holder")
            if holder in holders:
                raise StateError(f"{at}.holder: player {holder} already holds auction[{holders.index(holder)}]")
            holders.append(holder)
        if self.auction_open:
            return
        if len(lots) != n or len(holders) != n:
            raise StateError(f"auction: after the auction there are {n} lots, each held; got {len(lots)} lots, {len(holders)} held")
        for i, lot in enumerate(lots):
            p = lot["holder"]
            if self.players[p]["faction"] != lot["faction"]:
                raise StateError(
                    f"players[{p}].faction: {self.players[p]['faction']!r}, but the player won {lot['faction']} "
                    f"(auction[{i}])"
                )
        self.table = holders

    def auction_positions(self) -> GaiaState:
        """Before the boards are loaded an auction game is its picks and bids: fill them, then insist that
        the JSON says nothing else (the players are still without factions)."""
        r, lots, mode, n = self.template.raw_state(), self.v["auction"], self.setup.options.auction, self.n
        held = {lot["holder"] for lot in lots if lot["holder"] is not None}
        if self.phase == "PHASE_AUCTION" and len(lots) != n:
            raise StateError(f"auction: the choose-bid auction starts once {n} factions are picked, got {len(lots)}")
        if self.phase == "PHASE_FACTION_SELECTION" and mode == "choose-bid" and held:
            raise StateError("auction: no bids during the choose-bid picks")
        if len(held) == n:
            raise StateError(f"phase: every player holds a faction, so {self.phase} is over")
        current = self.player_ref(self.decision["player"], "decision.player")
        if current in held:
            raise StateError(f"decision.player: player {current} holds a faction; a player without one decides")
        if mode == "choose-bid" and self.phase == "PHASE_FACTION_SELECTION" and current != len(lots):
            raise StateError(f"decision.player: {current}, but seats pick in order and {len(lots)} have picked")
        for i, lot in enumerate(lots):
            r["auc_faction"][i] = FACTIONS.index(lot["faction"])
            r["auc_holder"][i] = -1 if lot["holder"] is None else lot["holder"]
            r["auc_bid"][i] = lot["bid"]
        r["auc_n"] = len(lots)
        r["current"] = current
        r["phase"] = PHASE_RAW[self.phase]
        state = self.template.with_raw_state(r)
        expected = parse(state_to_json(state))
        for name in ("board", "players", "round", "turnOrder", "passOrder", "usedActions", "decision"):
            _compare(expected[name], self.v[name], name, "during the auction")
        for name in ("supply", "engine"):
            if self.v[name] is not None:
                _compare(expected[name], self.v[name], name, "during the auction")
        return state

    def check_factions(self) -> None:
        homes: dict[int, int] = {}
        chosen = 0
        for p, pl in enumerate(self.players):
            name = pl["faction"]
            if name and self.auction_open:
                raise StateError(f"players[{p}].faction: {name!r}, but nobody has a faction before the auction ends")
            if not name:
                if self.phase not in ("PHASE_FACTION_SELECTION", "PHASE_AUCTION"):
                    raise StateError(
                        f"players[{p}].faction: missing (every player has a faction after setup)"
                    )
                continue
            if name not in FACTIONS:
                raise StateError(
                    f"players[{p}].faction: unknown faction {name!r} (one of {', '.join(FACTIONS)})"
                )
            if chosen != p and self.setup.options.auction is None:
                raise StateError(
                    f"players[{p}].faction: seats choose in order, and players[{chosen}] has none yet"
                )
            chosen += 1
            home = K["F_HOME"][FACTIONS.index(name)]
            if home in homes:
                q = homes[home]
                raise StateError(
                    f"players[{p}].faction: {name} shares its home planet with "
                    f"{self.faction(q)} (players[{q}])"
                )
            homes[home] = p
        self.chosen = chosen

    def faction_selection(self) -> GaiaState:
        """Before every faction is chosen the state is the setup plus the choices: build it by playing
        them, then insist that the JSON says nothing else."""
        if self.chosen >= self.n:
            raise StateError("phase: every player has a faction, so faction selection is over")
        state = self.template.copy()
        for p in range(self.chosen):
            state.apply(f"faction {self.faction(p)}", p)
        expected = parse(state_to_json(state))
        for name in ("board", "players", "round", "turnOrder", "passOrder", "usedActions", "decision"):
            _compare(expected[name], self.v[name], name, "during faction selection")
        for name in ("supply", "engine"):
            if self.v[name] is not None:
                _compare(expected[name], self.v[name], name, "during faction selection")
        return state

    def fill_player_basics(self, p: int) -> None:
        v, pl, at = self.players[p], self.raw["pl"][p], f"players[{p}]"
        f = FACTIONS.index(v["faction"])
        pl["faction"] = f
        pl["vp"] = _check_range(v["vp"], 0, MAX_VP, f"{at}.vp")
        pl["credits"] = _check_range(v["credits"], 0, MAX_CREDITS, f"{at}.credits")
        pl["ores"] = _check_range(v["ores"], 0, MAX_ORES, f"{at}.ores")
        pl["knowledge"] = _check_range(v["knowledge"], 0, MAX_KNOWLEDGE, f"{at}.knowledge")
        pl["qic"] = _check_range(v["qic"], 0, MAX_QIC, f"{at}.qic")
        pl["power"], pl["brainstone"] = self.power(v["power"], f"{at}.power", v["faction"])
        research = v["research"] or {}
        for t, track in enumerate(TRACKS):
            level = _check_range(research.get(track, 0), 0, 5, f"{at}.research.{track}")
            pl["research"][t] = level
            for q in range(p):
                if level == 5 and self.raw["pl"][q]["research"][t] == 5:
                    raise StateError(f"{at}.research.{track}: level 5 is already reached by players[{q}]")
        start = K["F_START_TRACK"][f]
        if start >= 0 and pl["research"][start] == 0 and self.phase != "PHASE_FACTION_SELECTION":
            raise StateError(f"{at}.research.{TRACKS[start]}: {v['faction']} start at level 1")
        # a variant board starts higher (levels never go down)
        extra = self.setup.options.start_extra((v["faction"],))[0][4:]
        for t, steps in enumerate(extra):
            least = steps + (start == t)
            if steps and pl["research"][t] < least:
                raise StateError(
                    f"{at}.research.{TRACKS[t]}: {pl['research'][t]}, but {v['faction']} start at level {least} "
                    f"on the {self.setup.options.describe()} board"
                )
        pl["bid"] = 0
        for lot in self.v["auction"]:
            if lot["holder"] == p:
                pl["bid"] = lot["bid"]
        gl = pl["research"][TRACKS.index("gaia")]
        pl["gf_owned"] = (gl >= 1) + (gl >= 3) + (gl >= 4)
        pl["gf_spent"] = _check_range(v["gaiaFormersInGaiaArea"], 0, 3, f"{at}.gaiaFormersInGaiaArea")
        if pl["gf_spent"] and v["faction"] != "baltaks":
            raise StateError(
                f"{at}.gaiaFormersInGaiaArea: only the baltaks move gaia-formers to the gaia area"
            )
        pl["booster"] = self.booster(v["booster"], p)
        pl["passed"] = int(v["passed"])
        pl["specials_used"] = 0
        for i, name in enumerate(v["specialsUsed"]):
            if name == "SPECIAL_ACTION_UNSPECIFIED":
                raise StateError(f"{at}.specialsUsed[{i}]: not a special action")
            if pl["specials_used"] & SPECIAL_BIT[name]:
                raise StateError(f"{at}.specialsUsed[{i}]: {name} is listed twice")
            pl["specials_used"] |= SPECIAL_BIT[name]
        if pl["specials_used"] and self.phase not in TURN_PHASES:
            raise StateError(
                f"{at}.specialsUsed: special actions are used during the action phase only "
                f"(they are free again in {self.phase})"
            )
        self.fill_income(p)

    def power(self, v: dict[str, Any] | None, at: str, faction: str) -> tuple[list[int], int]:
        v = v or parse({}, "Power", at)
        areas = [
            _check_range(v[name], 0, MAX_TOKENS, f"{at}.{name}")
            for name in ("area1", "area2", "area3", "gaiaArea")
        ]
        if sum(areas) > MAX_TOKENS:
            raise StateError(f"{at}: {sum(areas)} power tokens in all, at most {MAX_TOKENS}")
        if v["brainstone"] != "BRAINSTONE_NONE" and faction != "taklons":
            raise StateError(f"{at}.brainstone: only the taklons have a brainstone")
        return areas, BS_RAW[v["brainstone"]]

    def booster(self, name: str, p: int) -> int:
        at = f"players[{p}].booster"
        if not name:
            return -1
        if name not in self.setup.boosters:
            raise StateError(
                f"{at}: {name!r} is not in play (setup.boosters: {', '.join(self.setup.boosters)})"
            )
        for q in range(p):
            if self.players[q]["booster"] == name:
                raise StateError(f"{at}: {name} is also held by players[{q}]")
        return int(name[len("booster") :]) - 1

    def fill_income(self, p: int) -> None:
        events, pl, at = self.players[p]["pendingIncome"], self.raw["pl"][p], f"players[{p}].pendingIncome"
        if events and self.phase != "PHASE_INCOME":
            raise StateError(f"{at}: income is pending only in PHASE_INCOME")
        if len(events) > K["MAXINC"]:
            raise StateError(f"{at}: {len(events)} events, at most {K['MAXINC']}")
        pl["ninc"] = len(events)
        for i, e in enumerate(events):
            pl["inc"][i] = self.event(e, f"{at}[{i}]", seq=i)
        tokens = sum(e["tokens"] for e in events) + sum(pl["power"])
        if tokens > MAX_TOKENS:
            raise StateError(f"{at}: the player would hold {tokens} power tokens, at most {MAX_TOKENS}")

    def event(self, e: dict[str, Any] | None, at: str, seq: int = 0) -> dict[str, Any]:
        if e is None:
            raise StateError(f"{at}: missing")
        amounts = {k: _check_range(e[k], 0, MAX_EVENT, f"{at}.{k}") for k in e}
        if amounts["charge"] and amounts["tokens"]:
            raise StateError(f"{at}: an income event holds a power charge or power tokens, not both")
        if not any(amounts.values()):
            raise StateError(f"{at}: an empty income event")
        kind = K["R_PW"] if amounts["charge"] else K["R_T"] if amounts["tokens"] else -1
        return {
            "kind": kind,
            "amount": amounts["charge"] or amounts["tokens"],
            "seq": seq,
            "res": [amounts["credits"], amounts["ores"], amounts["knowledge"], amounts["qic"]],
        }

    # -- the board
    def fill_board(self) -> None:
        r = self.raw
        for h in range(len(self.labels)):
            r["planet"][h], r["owner"][h], r["building"][h], r["guest"][h] = self.planet0[h], -1, -1, -1
            r["fed_mask"][h] = r["sat_mask"][h] = 0
        hexes = (self.v["board"] or {}).get("hexes", {})
        for label, hv in hexes.items():
            self.fill_hex(self.hex_ref(label, f'board.hexes["{label}"]'), hv, f'board.hexes["{label}"]')
        for p in range(self.n):
            self.lost_planet(p)

    def fill_hex(self, h: int, v: dict[str, Any], at: str) -> None:
        r, p0 = self.raw, self.planet0[h]
        planet = p0 if v["planet"] == "PLANET_UNSPECIFIED" else PLANETS.index(v["planet"]) - 1
        if (
            planet != p0
            and not (p0 == PL_TRANSDIM and planet == PL_GAIA)
            and not (p0 == PL_EMPTY and planet == PL_LOST)
        ):
            raise StateError(
                f"{at}.planet: {planet_name(planet)}, but the map has {planet_name(p0)} here (only "
                "a transdim planet turns gaia, and only empty space becomes the lost planet)"
            )
        owner = self.player_ref(v["owner"], f"{at}.owner", required=False)
        building = v["building"]
        if owner < 0 and building:
            raise StateError(f"{at}.building: {building!r} needs an owner")
        b = -1
        if owner >= 0:
            if building not in BUILDINGS:
                raise StateError(f"{at}.building: {building!r} is not a building ({', '.join(BUILDINGS)})")
            b = BUILDINGS.index(building)
            self.check_site(b, planet, p0, owner, at)
        elif planet != p0:
            raise StateError(f"{at}.planet: a {planet_name(planet)} planet made during the game has an owner")
        guest = self.player_ref(v["guest"], f"{at}.guest", required=False)
        if guest >= 0:
            if self.faction(guest) != "lantids":
                raise StateError(
                    f"{at}.guest: only the lantids build guest mines (players[{guest}] plays "
                    f"{self.faction(guest)})"
                )
            if owner < 0 or owner == guest or not M <= b <= AC2:
                raise StateError(f"{at}.guest: a guest mine goes on a planet another player colonized")
        if self.phase in SETUP_PHASES:
            starting = b == M or (b == PI and self.faction(owner) == "ivits")
            if not starting or guest >= 0 or v["federations"] or v["satellites"] or planet != p0:
                raise StateError(
                    f"{at}: during setup only starting mines (and the ivits' PI) stand on the board"
                )
            if planet != K["F_HOME"][FACTIONS.index(self.faction(owner))]:
                raise StateError(f"{at}.building: a starting building stands on its owner's home planet")
        fed = self.player_set(v["federations"], f"{at}.federations")
        sat = self.player_set(v["satellites"], f"{at}.satellites")
        for i, q in enumerate(v["satellites"]):
            if not (fed >> q) & 1:
                raise StateError(
                    f"{at}.satellites[{i}]: players[{q}]'s satellite belongs to one of their "
                    "federations (list the player in federations too)"
                )
            if planet != PL_EMPTY or (owner == q and b >= 0):
                raise StateError(
                    f"{at}.satellites[{i}]: satellites go on empty space, not on "
                    f"{'a building of their own' if owner == q else planet_name(planet)}"
                )
        for i, q in enumerate(v["federations"]):
            occupied = (owner == q and b not in (-1, GF)) or guest == q
            if not occupied and not (sat >> q) & 1:
                raise StateError(
                    f"{at}.federations[{i}]: players[{q}] has neither a building nor a satellite here"
                )
        r["planet"][h], r["owner"][h], r["building"][h], r["guest"][h] = planet, owner, b, guest
        r["fed_mask"][h], r["sat_mask"][h] = fed, sat

    def check_site(self, b: int, planet: int, p0: int, owner: int, at: str) -> None:
        if M <= b <= AC2:
            if planet == PL_LOST and b != M:
                raise StateError(f"{at}.building: the lost planet holds a mine")
            if planet in (PL_TRANSDIM, PL_EMPTY):
                raise StateError(
                    f"{at}.building: {BUILDINGS[b]} needs a planet (this hex is {planet_name(planet)})"
                )
        elif b == GF and p0 != PL_TRANSDIM:
            raise StateError(f"{at}.building: a gaia-former stands on a transdim planet")
        elif b == SP and (planet != PL_EMPTY or self.faction(owner) != "ivits"):
            raise StateError(f"{at}.building: space stations are the ivits' and stand on empty space")

    def player_set(self, players: list[int], at: str) -> int:
        mask = 0
        for i, q in enumerate(players):
            self.player_ref(q, f"{at}[{i}]")
            if (mask >> q) & 1:
                raise StateError(f"{at}[{i}]: player {q} is listed twice")
            mask |= 1 << q
        return mask

    def lost_planet(self, p: int) -> None:
        r, label, at = self.raw, self.players[p]["lostPlanet"], f"players[{p}].lostPlanet"
        r["pl"][p]["lost_planet"] = -1
        if label:
            h = self.hex_ref(label, at)
            if r["planet"][h] != PL_LOST or r["owner"][h] != p:
                raise StateError(
                    f'{at}: board.hexes["{label}"] must be the PLANET_LOST hex owned by player {p}'
                )
            if r["pl"][p]["research"][TRACKS.index("nav")] != 5:
                raise StateError(f"{at}: the lost planet comes with navigation level 5")
            r["pl"][p]["lost_planet"] = h
        for h in range(len(self.labels)):
            if r["planet"][h] == PL_LOST and r["owner"][h] == p and h != r["pl"][p]["lost_planet"]:
                raise StateError(
                    f'board.hexes["{self.labels[h]}"].planet: the lost planet of players[{p}] is '
                    f"named by players[{p}].lostPlanet"
                )

    def check_buildings(self) -> None:
        """Building counts against the supply and the rules that depend on them."""
        r = self.raw
        for p in range(self.n):
            pl, at = r["pl"][p], f"players[{p}]"
            counts, sats = [0] * 8, 0
            for h in range(len(self.labels)):
                if r["owner"][h] == p and h != pl["lost_planet"]:
                    counts[r["building"][h]] += 1
                if r["guest"][h] == p:
                    counts[M] += 1
                sats += (r["sat_mask"][h] >> p) & 1
            for b, count in enumerate(counts):
                if count > K["MAX_BUILDINGS"][b]:
                    raise StateError(
                        f"board.hexes: players[{p}] has {count} buildings {BUILDINGS[b]!r} on the "
                        f"board (guest mines included), the supply holds {K['MAX_BUILDINGS'][b]}"
                    )
            if counts[GF] + pl["gf_spent"] > pl["gf_owned"]:
                raise StateError(
                    f"board.hexes: players[{p}] uses {counts[GF] + pl['gf_spent']} gaia-formers "
                    f"but owns {pl['gf_owned']} (gaia research level {pl['research'][3]})"
                )
            if self.faction(p) == "baltaks" and pl["research"][TRACKS.index("nav")] and not counts[PI]:
                raise StateError(
                    f"{at}.research.nav: the baltaks research navigation only after their planetary institute"
                )
            pl["nbuild"], pl["satellites"] = counts, sats
        self.check_setup_buildings()

    def check_setup_buildings(self) -> None:
        """During setup the board holds the first starting buildings of the placement order."""
        self.setup_pos = 0
        if self.phase not in ("PHASE_SETUP_MINES", "PHASE_SETUP_BOOSTERS"):
            return
        seq = self.setup_sequence()
        counts = [sum(self.raw["pl"][p]["nbuild"]) for p in range(self.n)]
        total = sum(counts)
        if self.phase == "PHASE_SETUP_MINES" and total >= len(seq):
            raise StateError(
                f"board.hexes: all {len(seq)} starting buildings are placed, so PHASE_SETUP_MINES is over"
            )
        if self.phase == "PHASE_SETUP_BOOSTERS" and total != len(seq):
            raise StateError(
                f"board.hexes: {total} starting buildings are placed; the boosters are picked once "
                f"all {len(seq)} are"
            )
        for p in range(self.n):
            if counts[p] != seq[:total].count(p):
                raise StateError(
                    f"board.hexes: players[{p}] has {counts[p]} starting buildings, but the placement "
                    f"order gives {seq[:total].count(p)} after {total} placements"
                )
        self.setup_pos = total

    def setup_sequence(self) -> list[int]:
        """The order of the starting buildings (flow.pxi setup_sequences): seats, then reverse, skipping the
        ivits; the xenos' third mine; the ivits' PI."""
        f = [self.faction(p) for p in range(self.n)]
        seq = [p for p in self.table if f[p] != "ivits"]
        seq += seq[::-1]
        seq += [p for p in self.table if f[p] == "xenos"]
        seq += [p for p in self.table if f[p] == "ivits"]
        return seq

    # -- federations and techs
    def fill_federations(self, p: int) -> None:
        r, pl, v, at = self.raw, self.raw["pl"][p], self.players[p], f"players[{p}].federationTokens"
        held, grey = [0] * len(FED_TOKENS), [0] * len(FED_TOKENS)
        for i, tok in enumerate(v["federationTokens"]):
            if tok["token"] not in FED_TOKENS:
                raise StateError(f"{at}[{i}].token: unknown token {tok['token']!r} ({', '.join(FED_TOKENS)})")
            k = FED_TOKENS.index(tok["token"])
            held[k] += 1
            if tok["used"]:
                if not K["FED_GREEN"][k]:
                    raise StateError(f"{at}[{i}].used: {tok['token']} has no green side to turn grey")
                grey[k] += 1
        gleens = FED_TOKENS.index("gleens")
        expected_gleens = pl["nbuild"][PI] if v["faction"] == "gleens" else 0
        if held[gleens] != expected_gleens:
            raise StateError(
                f"{at}: {held[gleens]} gleens tokens; the gleens get one with their planetary "
                f"institute, so players[{p}] holds {expected_gleens}"
            )
        terra = TRACKS.index("terra")
        terra_kind = FED_TOKENS.index(self.setup.terraforming_federation)
        at5 = pl["research"][terra] == 5
        if at5 and held[terra_kind] == 0:
            raise StateError(
                f"{at}: players[{p}] reached terraforming level 5, so holds the terraforming "
                f"federation token {self.setup.terraforming_federation}"
            )
        formed = sum(held[:6]) - at5
        in_fed = any((r["fed_mask"][h] >> p) & 1 for h in range(len(self.labels)))
        if formed and not in_fed:
            raise StateError(
                f"{at}: {formed} federation(s) formed, but no hex of board.hexes lists player {p} "
                "in its federations"
            )
        if in_fed and not formed:
            raise StateError(
                f"board.hexes: hexes list player {p} in a federation, but players[{p}] holds no "
                "token of a formed federation"
            )
        adv = sum(1 for t in v["techs"] if t["position"] in POSITIONS[NBASIC:])
        fives = sum(1 for level in pl["research"] if level == 5)
        if sum(grey) != adv + fives:
            raise StateError(
                f"{at}: {sum(grey)} used (grey) tokens, but {adv + fives} were spent "
                f"({fives} research level 5, {adv} advanced tech tiles)"
            )
        pl["fed_held"], pl["fed_grey"], pl["fed_count"] = held, grey, formed

    def fill_techs(self, p: int) -> None:
        pl, at = self.raw["pl"][p], f"players[{p}].techs"
        positions = []
        pl["covered"] = 0
        for i, t in enumerate(self.players[p]["techs"]):
            if t["position"] not in POSITIONS:
                raise StateError(
                    f"{at}[{i}].position: unknown position {t['position']!r} ({', '.join(POSITIONS)})"
                )
            pos = POSITIONS.index(t["position"])
            if t["tile"] and t["tile"] != tile_of(self.setup, pos):
                raise StateError(
                    f"{at}[{i}].tile: the tile at {t['position']} is {tile_of(self.setup, pos)}, "
                    f"not {t['tile']}"
                )
            if pos >= NBASIC:
                track = pos - NBASIC
                if pl["research"][track] < 4:
                    raise StateError(
                        f"{at}[{i}].position: {t['position']} needs level 4 on {TRACKS[track]} "
                        f"(players[{p}] has {pl['research'][track]})"
                    )
                for q in range(p):
                    if pos in self.raw["pl"][q]["tech_order"][: self.raw["pl"][q]["ntech"]]:
                        raise StateError(
                            f"{at}[{i}].position: the advanced tile at {t['position']} is held by "
                            f"players[{q}]"
                        )
                if t["covered"]:
                    raise StateError(f"{at}[{i}].covered: only basic tiles are covered")
            elif t["covered"]:
                pl["covered"] |= 1 << pos
            positions.append(pos)
        _unique(positions, at, "position")
        pl["tech_order"][: len(positions)] = positions
        pl["tech_order"][len(positions) :] = [0] * (len(pl["tech_order"]) - len(positions))
        pl["ntech"] = len(positions)

    def fill_supply(self) -> None:
        r, players = self.raw, self.raw["pl"][: self.n]
        for pos in range(NBASIC):
            r["tech_supply"][pos] = self.n - sum(pos in pl["tech_order"][: pl["ntech"]] for pl in players)
        for t in range(len(TRACKS)):
            r["adv_taken"][t] = int(any(NBASIC + t in pl["tech_order"][: pl["ntech"]] for pl in players))
        terra_kind = FED_TOKENS.index(self.setup.terraforming_federation)
        r["terra_fed_taken"] = int(any(pl["research"][TRACKS.index("terra")] == 5 for pl in players))
        for k in range(len(FEDERATIONS)):
            held = sum(pl["fed_held"][k] for pl in players)
            left = (
                self.setup.federation_supply[FEDERATIONS[k]]
                - held
                + (k == terra_kind and r["terra_fed_taken"])
            )
            if left < 0:
                raise StateError(
                    f"players: {held} {FEDERATIONS[k]} tokens are held, only {held + left} exist"
                )
            r["fed_supply"][k] = left
        in_play = [f"booster{b + 1}" in self.setup.boosters for b in range(len(r["booster_free"]))]
        held_boosters = {pl["booster"] for pl in players}
        r["booster_free"] = [int(in_play[b] and b not in held_boosters) for b in range(len(in_play))]

    # -- the turn
    def fill_turn(self) -> None:
        r, n, phase = self.raw, self.n, self.phase
        order = self.v["turnOrder"]
        if sorted(order) != list(range(n)):
            raise StateError(f"turnOrder: must list every seat 0..{n - 1} once, got {order}")
        if self.v["round"] <= 1 and order != self.table:
            what = "the auction's pick order" if self.setup.options.auction else "the seat order"
            raise StateError(f"turnOrder: {what} {self.table} until the end of round 1, got {order}")
        r["order"][:n], r["norder"] = order, n
        r["table"][:n] = self.table
        for i, lot in enumerate(self.v["auction"]):
            r["auc_faction"][i] = FACTIONS.index(lot["faction"])
            r["auc_holder"][i] = lot["holder"]
            r["auc_bid"][i] = lot["bid"]
        r["auc_n"] = len(self.v["auction"])
        passes = self.v["passOrder"]
        for i, p in enumerate(passes):
            self.player_ref(p, f"passOrder[{i}]")
        _unique(passes, "passOrder", "player")
        if passes and phase not in TURN_PHASES:
            raise StateError(f"passOrder: players pass during the action phase only, not in {phase}")
        for p in range(n):
            if bool(self.players[p]["passed"]) != (p in passes):
                raise StateError(
                    f"players[{p}].passed: {str(self.players[p]['passed']).lower()}, but passOrder "
                    f"{'does not list' if self.players[p]['passed'] else 'lists'} player {p}"
                )
        r["pass_order"][: len(passes)], r["npassed"] = passes, len(passes)
        used = self.v["usedActions"]
        if used and phase not in TURN_PHASES:
            raise StateError(
                f"usedActions: board actions are used during the action phase only, not in {phase}"
            )
        r["actions_used"] = [-1] * len(ACTIONS)
        for name, p in used.items():
            if name not in ACTIONS:
                raise StateError(f'usedActions["{name}"]: unknown board action ({", ".join(ACTIONS)})')
            r["actions_used"][ACTIONS.index(name)] = self.player_ref(p, f'usedActions["{name}"]')
        self.check_boosters()

    def check_boosters(self) -> None:
        current = self.decision["player"]
        for p in range(self.n):
            has = bool(self.players[p]["booster"])
            if self.phase in ("PHASE_FACTION_SELECTION", "PHASE_SETUP_MINES", "PHASE_GAME_OVER"):
                should, when = False, f"in {self.phase}"
            elif self.phase == "PHASE_SETUP_BOOSTERS":
                if current is None:
                    continue  # reported with decision.player
                if current not in self.table:
                    continue  # reported with decision.player
                # boosters are picked in reverse table order
                should = self.table.index(p) > self.table.index(current)
                when = "in PHASE_SETUP_BOOSTERS, once the player has picked"
            elif self.v["round"] == 6 and self.players[p]["passed"]:
                should, when = False, "after passing in round 6"
            else:
                should, when = True, "during the rounds"
            if has and not should:
                raise StateError(f"players[{p}].booster: no booster is held {when}")
            if should and not has:
                raise StateError(f"players[{p}].booster: missing (a booster is held {when})")

    def fill_decision(self) -> None:
        r, d, phase = self.raw, self.decision, self.phase
        if phase == "PHASE_GAME_OVER":
            if d["player"] is not None:
                raise StateError("decision.player: the game is over, nobody decides")
            current = -1
        else:
            current = self.player_ref(d["player"], "decision.player")
        r["current"] = current
        self.fill_pending(current)
        self.fill_leech(current)
        self.fill_question(current)
        self.check_current(current)
        r["gaia_declined"] = r["temp_range"] = r["temp_steps"] = 0
        r["gaia_pos"] = r["order"].index(current) if phase == "PHASE_GAIA" else 0
        r["income_pos"] = r["order"].index(current) + 1 if phase == "PHASE_INCOME" else 0
        r["finished"] = int(phase == "PHASE_GAME_OVER")
        r["final_vp"] = [pl["vp"] if r["finished"] else 0 for pl in r["pl"]]
        r["phase"] = PHASE_RAW[phase]
        r["round"] = self.v["round"]
        if phase in ("PHASE_SETUP_MINES", "PHASE_SETUP_BOOSTERS"):
            seq = self.setup_sequence()
            r["setup_seq"][: len(seq)] = seq
            r["nsetup"], r["setup_pos"] = len(seq), self.setup_pos

    def fill_pending(self, current: int) -> None:
        r, d, phase = self.raw, self.decision, self.phase
        if d["mainActionDone"] and phase != "PHASE_ACTIONS":
            raise StateError(f"decision.mainActionDone: only in PHASE_ACTIONS, not in {phase}")
        r["action_done"] = int(d["mainActionDone"])
        pending = d["pending"]
        if pending and phase not in ("PHASE_ACTIONS", "PHASE_GAIA"):
            raise StateError(
                f"decision.pending: sub-decisions are open in PHASE_ACTIONS or PHASE_GAIA, not {phase}"
            )
        if pending and phase == "PHASE_ACTIONS" and not d["mainActionDone"]:
            raise StateError(
                "decision.pending: sub-decisions follow the turn's main action (mainActionDone is false)"
            )
        if len(pending) > K["MAXPEND"]:
            raise StateError(f"decision.pending: {len(pending)} entries, at most {K['MAXPEND']}")
        r["npend"] = len(pending)
        for i, e in enumerate(pending):
            at = f"decision.pending[{i}]"
            if e["kind"] == "PENDING_KIND_UNSPECIFIED":
                raise StateError(f"{at}.kind: missing")
            arg = 0
            if e["kind"] == "PENDING_RESEARCH_STEP":
                if e["track"] and e["track"] not in TRACKS:
                    raise StateError(f"{at}.track: unknown track {e['track']!r} ({', '.join(TRACKS)})")
                arg = TRACKS.index(e["track"]) if e["track"] else K["ANY_TRACK"]
            elif e["track"]:
                raise StateError(f"{at}.track: only PENDING_RESEARCH_STEP names a track")
            if e["kind"] in ("PENDING_BUILD_MINE", "PENDING_RANGE_BUILD"):
                arg = _check_range(e["amount"], 0, 3, f"{at}.amount")
            elif e["amount"]:
                raise StateError(
                    f"{at}.amount: only PENDING_BUILD_MINE and PENDING_RANGE_BUILD carry an amount"
                )
            r["pend"][i] = {"kind": PENDING_RAW[e["kind"]], "arg": arg}
            self.check_pending(e["kind"], current, at)
        _unique([e["kind"] for e in pending], "decision.pending", "sub-decision")
        covers = sum(e["kind"] == "PENDING_COVER" for e in pending)
        for p in range(self.n):
            techs = self.players[p]["techs"]
            adv = sum(t["position"] in POSITIONS[NBASIC:] for t in techs)
            covered = sum(t["covered"] for t in techs)
            owed = covers if p == current else 0
            if covered != adv - owed:
                raise StateError(
                    f"players[{p}].techs: {covered} covered basic tiles for {adv} advanced tiles"
                    f"{f' ({owed} cover still pending)' if owed else ''}: each advanced tile covers one"
                )
        built = d["builtThisTurn"]
        if built and phase != "PHASE_ACTIONS":
            raise StateError(f"decision.builtThisTurn: only in PHASE_ACTIONS, not in {phase}")
        if len(built) > K["MAXBUILT"]:
            raise StateError(f"decision.builtThisTurn: {len(built)} hexes, at most {K['MAXBUILT']}")
        _unique(list(built), "decision.builtThisTurn", "hex")
        r["nbuilt"] = len(built)
        for i, label in enumerate(built):
            h = self.hex_ref(label, f"decision.builtThisTurn[{i}]")
            if r["owner"][h] != current and r["guest"][h] != current:
                raise StateError(
                    f"decision.builtThisTurn[{i}]: {label} holds no building of player {current}"
                )
            r["built"][i] = h
        r["downlab_hex"] = -1
        if d["downgradedLab"]:
            h = self.hex_ref(d["downgradedLab"], "decision.downgradedLab")
            if (
                phase != "PHASE_ACTIONS"
                or self.faction(current) != "firaks"
                or r["owner"][h] != current
                or r["building"][h] != TS
            ):
                raise StateError(
                    "decision.downgradedLab: the firaks player to move downgraded a lab there to a "
                    "trading station (PHASE_ACTIONS)"
                )
            r["downlab_hex"] = h

    def check_pending(self, kind: str, p: int, at: str) -> None:
        """A sub-decision is owed to the player to move only if that player's action could open it and
        can answer it (faction, buildings, navigation, tokens), as in apply.pxi."""
        pl, faction = self.raw["pl"][p], self.faction(p)
        nbuild, board = pl["nbuild"], range(len(self.labels))

        def owns(b: int, lost_too: bool = True) -> bool:
            r = self.raw
            return any(r["owner"][h] == p and r["building"][h] == b
                       and (lost_too or r["planet"][h] != PL_LOST) for h in board)

        used = [a for a in range(len(ACTIONS)) if self.raw["actions_used"][a] == p]
        faction_action = pl["specials_used"] & SPECIAL_BIT["SPECIAL_ACTION_FACTION"]
        booster_action = pl["specials_used"] & SPECIAL_BIT["SPECIAL_ACTION_BOOSTER"]
        problem = None
        if kind in ("PENDING_SWAP_PI", "PENDING_SPACE_STATION", "PENDING_DOWN_LAB", "PENDING_UP_LOWEST") \
                and not faction_action:
            problem = "it follows the faction's special action, which specialsUsed does not list"
        elif kind == "PENDING_FEDERATION_TILE" and ACTIONS.index("qic2") not in used:
            problem = "it follows the qic2 board action, which usedActions does not give to this player"
        elif kind == "PENDING_BUILD_MINE" and not (booster_action or {ACTIONS.index("power2"),
                                                                       ACTIONS.index("power6")} & set(used)):
            problem = "it follows power2, power6 or the terraforming booster's action, none of them used"
        elif kind == "PENDING_RANGE_BUILD" and not booster_action:
            problem = "it follows the range booster's action, which specialsUsed does not list"
        elif kind == "PENDING_SWAP_PI" and not (faction == "ambas" and nbuild[PI] and owns(M, lost_too=False)):
            problem = "swap-PI is the ambas' PI action and needs one of their mines (not the lost planet)"
        elif kind == "PENDING_SPACE_STATION" and not (faction == "ivits" and nbuild[PI]
                                                       and nbuild[SP] < K["MAX_BUILDINGS"][SP]):
            problem = "a space station is the ivits' PI action"
        elif kind == "PENDING_DOWN_LAB" and not (faction == "firaks" and nbuild[PI] and owns(LAB)
                                                  and nbuild[TS] < K["MAX_BUILDINGS"][TS]):
            problem = ("down-lab is the firaks' PI action and needs one of their labs and a trading station "
                       "in the supply")
        elif kind == "PENDING_UP_LOWEST" and faction != "bescods":
            problem = "up-lowest is the bescods' action"
        elif kind == "PENDING_LOST_PLANET" and not (pl["research"][TRACKS.index("nav")] == 5
                                                     and pl["lost_planet"] < 0):
            problem = "the lost planet is placed once, on reaching navigation level 5"
        elif kind == "PENDING_FEDERATION_TILE" and not self.players[p]["federationTokens"]:
            problem = "qic2 regains the reward of a federation token the player holds, and they hold none"
        elif kind in ("PENDING_BUILD_MINE", "PENDING_RANGE_BUILD") and nbuild[M] >= K["MAX_BUILDINGS"][M] \
                and not (kind == "PENDING_RANGE_BUILD" and pl["gf_owned"] > nbuild[GF] + pl["gf_spent"]):
            problem = "all 8 mines are on the board (and no gaia-former is free)"
        if problem:
            raise StateError(f"{at}.kind: {kind} for players[{p}] ({faction}): {problem}")

    def fill_leech(self, current: int) -> None:
        r, offers, phase = self.raw, self.decision["leechOffers"], self.phase
        if phase == "PHASE_LEECH" and not offers:
            raise StateError("decision.leechOffers: missing (PHASE_LEECH answers charge offers)")
        if offers and phase != "PHASE_LEECH":
            raise StateError(f"decision.leechOffers: charge offers are answered in PHASE_LEECH, not {phase}")
        if len(offers) > K["MAXLEECH"]:
            raise StateError(f"decision.leechOffers: {len(offers)} offers, at most {K['MAXLEECH']}")
        builder = -1
        _unique([(o["player"], o["hex"]) for o in offers], "decision.leechOffers", "offer (player, hex)")
        for i, o in enumerate(offers):
            at = f"decision.leechOffers[{i}]"
            p = self.player_ref(o["player"], f"{at}.player")
            b = self.player_ref(o["builder"], f"{at}.builder")
            if builder >= 0 and b != builder:
                raise StateError(f"{at}.builder: every offer comes from the same turn (player {builder})")
            if b == p:
                raise StateError(f"{at}.player: the builder is not offered their own charge")
            builder = b
            h = self.hex_ref(o["hex"], f"{at}.hex")
            if r["owner"][h] != b and r["guest"][h] != b:
                raise StateError(f"{at}.hex: {o['hex']} holds no building of the builder (player {b})")
            r["leech"][i] = {"player": p, "hex": h, "builder": b}
        if offers and offers[0]["player"] != current:
            raise StateError(
                f"decision.player: {current}, but the first leech offer is to player {offers[0]['player']}"
            )
        r["nleech"], r["leech_pos"] = len(offers), 0
        r["after_leech_next"] = self.next_player_after(builder) if offers else -1

    def next_player_after(self, p: int) -> int:
        """The next player in turn order after p who has not passed, or -1 (flow.pxi next_player_after)."""
        order = self.raw["order"][: self.n]
        idx = order.index(p)
        for j in range(1, self.n + 1):
            q = order[(idx + j) % self.n]
            if not self.players[q]["passed"]:
                return q
        return -1

    def fill_question(self, current: int) -> None:
        r, q = self.raw, self.decision["brainstoneQuestion"]
        r["bsq_player"] = -1
        if q is None:
            return
        at = "decision.brainstoneQuestion"
        # usually the player to move; a charge accepted on the last leech offer asks after the turn passed on
        p = self.player_ref(q["player"], f"{at}.player")
        if self.phase == "PHASE_GAME_OVER":
            raise StateError(f"{at}: the game is over")
        if self.faction(p) != "taklons":
            raise StateError(f"{at}.player: only the taklons have a brainstone")
        kind = q["kind"]
        if kind == "BRAINSTONE_QUESTION_UNSPECIFIED":
            raise StateError(f"{at}.kind: missing")
        if (kind == "BRAINSTONE_QUESTION_INCOME") != (self.phase == "PHASE_INCOME"):
            raise StateError(f"{at}.kind: income questions are asked in PHASE_INCOME, the others outside it")
        choices = [BS_RAW[c] for c in q["choices"]]
        if not 1 <= len(choices) <= 2:
            raise StateError(f"{at}.choices: one or two destinations, got {len(choices)}")
        _unique(q["choices"], f"{at}.choices", "destination")
        alt = -1 if q["alternative"] is None else BS_RAW[q["alternative"]]
        if alt >= 0 and alt not in choices:
            raise StateError(f"{at}.alternative: must be one of the choices")
        amount = _check_range(q["amount"], 1, MAX_EVENT, f"{at}.amount")
        if q["toGaiaArea"] and kind != "BRAINSTONE_QUESTION_DISCARD":
            raise StateError(f"{at}.toGaiaArea: only BRAINSTONE_QUESTION_DISCARD moves tokens")
        income = kind == "BRAINSTONE_QUESTION_INCOME"
        if income:
            if r["pl"][p]["brainstone"] not in (BS_RAW["BRAINSTONE_AREA1"], BS_RAW["BRAINSTONE_AREA2"]):
                raise StateError(
                    f"{at}.kind: an income charge asks where the brainstone goes only while it is in "
                    f"area 1 or 2 (players[{p}].power.brainstone)"
                )
            event = self.event(q["incomeEvent"], f"{at}.incomeEvent")
            if event["kind"] != K["R_PW"]:
                raise StateError(f"{at}.incomeEvent: the question is about an income charge")
            r["bsq_event"] = event
            pre, pre_bs = [0, 0, 0, 0], 0
        else:
            if q["incomeEvent"] is not None:
                raise StateError(
                    f"{at}.incomeEvent: only BRAINSTONE_QUESTION_INCOME waits for an income event"
                )
            if q["powerBefore"] is None:
                raise StateError(
                    f"{at}.powerBefore: missing (the power to restore on the alternative answer)"
                )
            pre, pre_bs = self.power(q["powerBefore"], f"{at}.powerBefore", "taklons")
            self.check_redo(kind, amount, alt, pre, pre_bs, f"{at}.powerBefore")
        r["bsq_player"], r["bsq_kind"] = p, BSQ_RAW[kind]
        r["bsq_amount"] = amount * 2 + q["toGaiaArea"] if kind == "BRAINSTONE_QUESTION_DISCARD" else amount
        r["bsq_choices"] = choices + [0] * (2 - len(choices))
        r["bsq_nchoices"], r["bsq_alt"] = len(choices), alt
        r["bsq_pre_power"], r["bsq_pre_bs"] = pre, pre_bs
        r["bsq_post_tokens"] = _check_range(q["tokensGainedSince"], 0, MAX_EVENT, f"{at}.tokensGainedSince")

    @staticmethod
    def check_redo(kind: str, amount: int, alt: int, pre: list[int], pre_bs: int, at: str) -> None:
        """The payment the alternative answer redoes must be possible from powerBefore (power.pxi)."""
        if kind == "BRAINSTONE_QUESTION_CHARGE":
            allowed = ("BRAINSTONE_AREA1", "BRAINSTONE_AREA2")
        elif kind == "BRAINSTONE_QUESTION_SPEND":
            allowed = ("BRAINSTONE_AREA3",)
            if alt >= 0 and pre[2] < amount:
                raise StateError(
                    f"{at}.area3: {pre[2]} tokens cannot pay {amount} power without the brainstone"
                )
        else:
            allowed = ("BRAINSTONE_AREA1", "BRAINSTONE_AREA2", "BRAINSTONE_AREA3")
        if BS_NAME[pre_bs] not in allowed:
            raise StateError(
                f"{at}.brainstone: a {kind} question starts with the brainstone in {' or '.join(allowed)}"
            )

    def check_current(self, current: int) -> None:
        """Whose decision it is, phase by phase (flow.pxi)."""
        r, phase, at = self.raw, self.phase, "decision.player"
        question = r["bsq_player"] >= 0
        if phase == "PHASE_SETUP_MINES":
            expected = self.setup_sequence()[self.setup_pos]
            if current != expected:
                raise StateError(
                    f"{at}: {current}, but starting building {self.setup_pos + 1} is player {expected}'s"
                )
        elif phase == "PHASE_SETUP_BOOSTERS":
            pass  # check_boosters: the players after `current` have picked
        elif phase == "PHASE_INCOME":
            if not self.players[current]["pendingIncome"] and not question:
                raise StateError(
                    f"{at}: in PHASE_INCOME the decision is the order of pending income, and "
                    f"players[{current}].pendingIncome is empty"
                )
            for p in range(self.n):
                if p != current and self.players[p]["pendingIncome"]:
                    raise StateError(
                        f"players[{p}].pendingIncome: only the player to decide has pending income"
                    )
        elif phase == "PHASE_GAIA":
            pl, faction = r["pl"][current], self.faction(current)
            open_decision = pl["nbuild"][PI] and (
                (faction == "terrans" and pl["power"][3] > 0) or (faction == "itars" and pl["power"][3] >= 4)
            )
            if not open_decision and not r["npend"] and not question:
                raise StateError(
                    f"{at}: nobody decides in PHASE_GAIA but the terrans or itars with their PI and "
                    "tokens in the gaia area (or sub-decisions of their tech tile)"
                )
        elif phase == "PHASE_ACTIONS" and self.players[current]["passed"]:
            raise StateError(f"{at}: players[{current}] has passed this round")

    # -- engine internals
    def fill_engine(self) -> None:
        e = self.v["engine"]
        if e is None:
            self.canonical_sequences()
            return
        at = "engine"
        top = _check_range(e["sequence"], 0, MAX_SEQUENCE, f"{at}.sequence")
        if len(e["players"]) != self.n:
            raise StateError(f"{at}.players: {len(e['players'])} entries for a {self.n}-player game")

        def seq(value: int, path: str) -> int:
            _check_range(value, 0, top, path)
            return value

        for p, src in enumerate(e["players"]):
            pl, pat = self.raw["pl"][p], f"{at}.players[{p}]"
            mines, ts, labs = self.slot_amounts(p)
            if len(src["mines"]) != len(mines):
                raise StateError(
                    f"{pat}.mines: {len(src['mines'])} entries for {len(mines)} ore-producing mines"
                )
            self.set_slots(
                pl, "mine_ev", None, [seq(x, f"{pat}.mines[{i}]") for i, x in enumerate(src["mines"])], None
            )
            for name, field, expected, key in (
                ("tradingStations", "ts", ts, "nts_ev"),
                ("labs", "lab", labs, "nlab_ev"),
            ):
                slots = src[name]
                amounts = [s["amount"] for s in slots]
                if sorted(amounts) != sorted(expected):
                    raise StateError(
                        f"{pat}.{name}: slot amounts {amounts}, expected {sorted(expected)} for "
                        f"{len(expected)} buildings"
                    )
                seqs = [seq(s["sequence"], f"{pat}.{name}[{i}].sequence") for i, s in enumerate(slots)]
                self.set_slots(pl, f"{field}_ev", f"{field}_amt", seqs, amounts)
                pl[key] = len(slots)
            pl["nmine_ev"] = len(mines)
            pl["seq_pi"] = seq(src["planetaryInstitute"], f"{pat}.planetaryInstitute")
            pl["seq_ac1"] = seq(src["academy"], f"{pat}.academy")
            pl["seq_booster"] = seq(src["booster"], f"{pat}.booster")
            pl["seq_eco"] = seq(src["eco"], f"{pat}.eco")
            pl["seq_sci"] = seq(src["sci"], f"{pat}.sci")
            held = [POSITIONS[pos] for pos in pl["tech_order"][: pl["ntech"]]]
            if sorted(src["techs"]) != sorted(held):
                raise StateError(
                    f"{pat}.techs: must map exactly the positions of players[{p}].techs ({held})"
                )
            pl["seq_tech"] = [0] * len(POSITIONS)
            for name, value in src["techs"].items():
                pl["seq_tech"][POSITIONS.index(name)] = seq(value, f'{pat}.techs["{name}"]')
        self.raw["seq"] = top

    def slot_amounts(self, p: int) -> tuple[list[int], list[int], list[int]]:
        """Income slots of the buildings on the board (rules.pxi note_source): ore mines, TS and labs."""
        pl, faction = self.raw["pl"][p], self.faction(p)
        mines = [1] * sum(K["MINE_ORE"][: pl["nbuild"][M]])
        nts, nlab = pl["nbuild"][TS], pl["nbuild"][LAB]
        ts = [1] * nts if faction == "bescods" else K["TS_CREDITS"][:nts]
        labs = (
            K["BESCODS_LAB_CREDITS"][:nlab]
            if faction == "bescods"
            else [2 if faction == "nevlas" else 1] * nlab
        )
        return mines, list(ts), list(labs)

    @staticmethod
    def set_slots(
        pl: dict[str, Any], seq_field: str, amt_field: str | None, seqs: list[int], amounts: list[int] | None
    ) -> None:
        size = len(pl[seq_field])
        pl[seq_field] = seqs + [0] * (size - len(seqs))
        if amt_field is not None and amounts is not None:
            pl[amt_field] = amounts + [0] * (size - len(amounts))

    def canonical_sequences(self) -> None:
        """The documented default (EngineDetails in the .proto): per seat, PI, academy, mines, trading
        stations, labs, tech tiles in the order taken, eco, sci, booster."""
        counter = 0

        def nxt() -> int:
            nonlocal counter
            counter += 1
            return counter

        for p in range(self.n):
            pl = self.raw["pl"][p]
            mines, ts, labs = self.slot_amounts(p)
            pl["seq_pi"] = nxt() if pl["nbuild"][PI] else 0
            pl["seq_ac1"] = nxt() if pl["nbuild"][AC1] else 0
            self.set_slots(pl, "mine_ev", None, [nxt() for _ in mines], None)
            pl["nmine_ev"] = len(mines)
            self.set_slots(pl, "ts_ev", "ts_amt", [nxt() for _ in ts], ts)
            pl["nts_ev"] = len(ts)
            self.set_slots(pl, "lab_ev", "lab_amt", [nxt() for _ in labs], labs)
            pl["nlab_ev"] = len(labs)
            pl["seq_tech"] = [0] * len(POSITIONS)
            for pos in pl["tech_order"][: pl["ntech"]]:
                pl["seq_tech"][pos] = nxt()
            pl["seq_eco"] = nxt() if pl["research"][TRACKS.index("eco")] else 0
            pl["seq_sci"] = nxt() if pl["research"][TRACKS.index("sci")] else 0
            pl["seq_booster"] = nxt() if pl["booster"] >= 0 else 0
        self.raw["seq"] = counter + 1

    # -- the blocks that repeat derived data
    def check_present_blocks(self, state: GaiaState) -> None:
        r = state.raw_state()
        for p, pl in enumerate(self.players):
            if pl["totals"] is not None:
                totals = player_json(r, p, self.setup, self.labels)["totals"]
                _compare_present(totals, pl["totals"], f"players[{p}].totals")
        if self.v["supply"] is not None:
            _compare_present(supply_json(r, self.setup), self.v["supply"], "supply")


def _compare_present(expected: dict[str, Any], given: dict[str, Any], path: str) -> None:
    """Each field of a "checked when present" block must equal what the rest of the state implies (a map
    lists only the keys it names; a list is compared as a set)."""
    for name, value in given.items():
        want = expected[name]
        if isinstance(value, dict):
            for key, x in value.items():
                if key not in want:
                    raise StateError(f'{path}.{name}["{key}"]: unknown key (known: {", ".join(want)})')
                if x != want[key]:
                    raise StateError(
                        f'{path}.{name}["{key}"]: {x}, but the rest of the state gives {want[key]}'
                    )
        elif isinstance(value, list):
            if sorted(value) != sorted(want):
                raise StateError(f"{path}.{name}: {value}, but the rest of the state gives {want}")
        elif value != want:
            raise StateError(
                f"{path}.{name}: {json.dumps(value)}, but the rest of the state gives {json.dumps(want)}"
            )


def _compare(expected: Any, given: Any, path: str, when: str) -> None:
    """The first difference between two normalised values, as a StateError."""
    if isinstance(expected, dict) and isinstance(given, dict):
        for key in sorted(set(expected) | set(given)):
            sub = f"{path}.{key}" if not path.endswith("hexes") else f'{path}["{key}"]'
            if key not in expected:
                raise StateError(f"{sub}: must be absent {when}")
            _compare(expected[key], given.get(key), sub, when)
        return
    if isinstance(expected, list) and isinstance(given, list) and len(expected) == len(given):
        for i, (a, b) in enumerate(zip(expected, given, strict=True)):
            _compare(a, b, f"{path}[{i}]", when)
        return
    if expected != given:
        raise StateError(f"{path}: {json.dumps(given)}, but {json.dumps(expected)} {when}")


def _check_engine_continues(state: GaiaState) -> None:
    """The engine lists moves for the imported position (both generators the tools use), so a search
    from it can start; a state where the player to move has no legal move is rejected."""
    try:
        moves = state.legal_moves()
        search_moves = gaia_rules.search_moves_int(state._core)
    except (gaia_rules.IllegalMove, GaiaError) as e:
        raise StateError(f"decision: the engine cannot continue from this state ({e})") from None
    if not state.is_terminal and (not moves or not search_moves):
        who = state.current_player
        raise StateError(
            f"decision: players[{who}] has no legal move in this state ({state.phase}, round {state.round})"
        )
