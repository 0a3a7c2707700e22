"""The Eminent Domain game state: a Pythonic API over the Cython rules core.

    state = EdState.new(players=2, seed=7)
    moves = state.legal_moves()            # EdMove values, str() is the notation
    state.apply("role survey")             # all or nothing; IllegalMoveError says why
    state.undo()

Every decision of the game (including sub-choices such as which planet to keep) is one move of the
player whose decision it is (current_player), so the search branches over real choices only.
"""

from __future__ import annotations

from dataclasses import asdict, dataclass
from typing import Any

from gaia_ai._core import ed_rules
from gaia_ai.games.eminent_domain.cards import (
    PLANET_TYPES,
    RESOURCES,
    ROLE_NAMES,
    STACK_NAMES,
    SYMBOLS,
    cards,
    tables,
)
from gaia_ai.games.eminent_domain.errors import EdError, IllegalMoveError, NotationError, SetupError
from gaia_ai.games.eminent_domain.notation import EdMove, decode, format_move, parse_move

LOC = ed_rules.LOCATIONS
SIZES = ed_rules.SIZES
STACK_MODES = ("bga", "full")
RULE_SETS = ("bga", "rulebook")
# the move words each decision takes (role: an Action-phase choice only with Logistics)
DECISION_MOVES: dict[str, tuple[str, ...]] = {
    "action": ("act", "skip", "role"), "role": ("role",), "boost": ("boost", "done"),
    "follow": ("follow", "dissent"), "keep": ("keep",), "war": ("collect", "attack"),
    "colonize": ("colonize", "settle"), "tuck": ("tuck", "done"), "produce": ("produce", "done"),
    "trade": ("trade", "done"), "research": ("buy", "done"), "attack": ("attack", "done"),
    "settle": ("settle", "tuck", "done"), "remove": ("remove", "done"), "take": ("take",), "name": ("name",),
    "terraform": ("tuck",), "cleanup": ("remove", "discard", "done"), "discard": ("discard",),
}


@dataclass(frozen=True)
class EdOptions:
    """Choices where the sources differ (docs/eminent-domain.md).

    rules: "bga" plays as Board Game Arena does (the reference: its Scorched Earth, Colonize, Diverse
        Markets and Mobilization readings, D1-D4, M1-M2 of docs/eminent-domain.md; errata always on);
        "rulebook" is the physical rulebook's reading (the engine's rules before the bga set).
    errata: the Escalation errata of Logistics, Abundance, Bureaucracy and Terraforming; None: the rule
        set's (bga: on, and it cannot be turned off there; rulebook: off).
    stacks: "bga" removes role cards for 2 players and the extended 3-player game so that 12/12/12/8/12
        remain after dealing (BGA, "from expansion rules"); "full" uses every card.
    extended: the extended 3-player game (2 empty stacks end it).
    extra_round: BGA's option 103, one more full round after the end is triggered; None: the rule set's
        (bga: on, BGA's default; rulebook: off)."""

    errata: bool | None = None
    stacks: str = "bga"
    extended: bool = False
    rules: str = "bga"
    extra_round: bool | None = None

    def __post_init__(self) -> None:
        if self.errata is None:
            object.__setattr__(self, "errata", self.rules == "bga")
        if self.extra_round is None:
            object.__setattr__(self, "extra_round", self.rules == "bga")

    @property
    def bga(self) -> bool:
        return self.rules == "bga"

    def validate(self, players: int) -> None:
        if self.rules not in RULE_SETS:
            raise SetupError(f"rules must be one of {RULE_SETS}, not {self.rules!r}")
        if self.bga and not self.errata:
            raise SetupError("rules=bga always plays the errata (BGA does); errata off needs rules=rulebook")
        if self.stacks not in STACK_MODES:
            raise SetupError(f"stacks must be one of {STACK_MODES}, not {self.stacks!r}")
        if self.extended and players != 3:
            raise SetupError(f"the extended game is a 3-player option, not for {players} players")

    def stack_setup(self, players: int) -> tuple[list[int], int]:
        """Role cards per stack (starting decks included) and the empty stacks that end the game."""
        table = cards().raw["supply_by_player_count"]["per_player_count"]
        entry = table["3_extended" if self.extended else str(players)]
        totals = entry["stack_totals_including_starting_decks"]
        if self.stacks == "full":
            totals = {r["id"]: r["copies"] for r in cards().raw["role_cards"]}
        return [totals[s] for s in STACK_NAMES], entry["empty_role_stacks_that_trigger_end"]


class EdState:
    """A position of an Eminent Domain game. Mutable; copy() is one memcpy of the C state."""

    __slots__ = ("_core", "_history", "log", "options", "players", "seed")

    def __init__(self, core: Any, players: int, seed: int, options: EdOptions) -> None:
        self._core = core
        self.players = players
        self.seed = seed
        self.options = options
        self._history: list[Any] = []
        self.log: list[tuple[int, str]] = []   # (player, move notation) of every applied move

    @classmethod
    def new(cls, players: int = 2, seed: int = 0, options: EdOptions | None = None) -> EdState:
        """A new game; the seed decides every deck, the planet deck, start planets and the start player."""
        options = options or EdOptions()
        if not isinstance(players, int) or not 2 <= players <= SIZES["MAXP"]:
            raise SetupError(f"Eminent Domain takes 2-{SIZES['MAXP']} players, not {players!r}")
        if not isinstance(seed, int) or not 0 <= seed < 2**64:
            raise SetupError(f"seed must be an integer in [0, 2**64), not {seed!r}")
        options.validate(players)
        totals, empty_to_end = options.stack_setup(players)
        core = ed_rules.Core(tables(), players, seed, int(bool(options.errata)), totals, empty_to_end,
                             int(options.bga), int(bool(options.extra_round)))
        return cls(core, players, seed, options)

    def copy(self) -> EdState:
        other = EdState(self._core.copy(), self.players, self.seed, self.options)
        other.log = list(self.log)
        return other

    # ---- the toolkit's State protocol (gaia_ai.games.api) ---------------------------------------------
    @property
    def game(self) -> Any:
        from gaia_ai.games.eminent_domain.game import GAME

        return GAME

    @property
    def num_players(self) -> int:
        return self.players

    def role(self, seat: int) -> str | None:
        """Seats play no faction in Eminent Domain."""
        return None

    def key(self) -> bytes:
        """The bytes of the C state: equal keys, equal positions."""
        return bytes(self._core.key())

    def search_moves(self) -> list[tuple[int, list[EdMove]]]:
        """Every decision is already a small choice: each search move is one atomic move."""
        return [(m.code, [m]) for m in self.legal_moves()]

    def search_interface(self, net_slot: int = -1, prior: str = "uniform") -> tuple[Any, Any, Any]:
        """The C game interface over a private copy of this position (gaia_ai.games.api.CoreSearchable);
        its leaf value the heuristic, or with net_slot >= 0 the value network loaded there
        (value_net.slot); prior "value": PUCT's move prior by the greedy heuristic (prior.pxi)."""
        core = self._core.copy()
        iface, owner = ed_rules.game_interface(core, net_slot, prior)
        return iface, ed_rules.state_pointer(core), (owner, core)

    # ---- whose decision -------------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """The player whose decision it is; -1 once the game is over."""
        return int(self._core.actor)

    @property
    def is_terminal(self) -> bool:
        return bool(self._core.finished)

    @property
    def decision(self) -> str:
        """The kind of decision awaited: action, role, boost, follow, keep, ... (ed_rules.DECISIONS)."""
        return str(self._core.decision)

    def final_scores(self) -> list[int] | None:
        """Influence of each player at game end (tokens, face-up planets, techs owned); None before."""
        return list(self._core.scores()) if self.is_terminal else None

    def scores(self) -> list[int]:
        """Each player's score if the game ended now."""
        return list(self._core.scores())

    def tiebreaks(self) -> list[int]:
        """Fighters + resources of each player (the tie-break)."""
        return list(self._core.tiebreaks())

    def ranking(self) -> list[int]:
        """Players from first to last by score, then tie-break (a remaining tie keeps seat order)."""
        s, t = self.scores(), self.tiebreaks()
        return sorted(range(self.players), key=lambda p: (-s[p], -t[p], p))

    # ---- moves ----------------------------------------------------------------------------------------
    def legal_moves(self) -> list[EdMove]:
        """The legal moves of the current decision, in the core's fixed order; [] once the game is over."""
        return [EdMove(m) for m in self._core.legal_moves()]

    def apply(self, move: EdMove | str | int) -> None:
        """Apply one move of the current player. All or nothing: an illegal move raises IllegalMoveError
        naming the move and the reason, and leaves the state unchanged."""
        code = self._code(move)
        player = self.current_player
        try:
            trial = self._core.copy()
            trial.apply(code)
        except ed_rules.IllegalMove:
            raise IllegalMoveError(f"illegal move {format_move(code)!r} for p{player + 1}: "
                                   f"{self._why(code)}") from None
        self._history.append(self._core)
        self._core = trial
        self.log.append((player, format_move(code)))

    def is_legal(self, move: EdMove | str | int) -> bool:
        return self._code(move) in self._core.legal_moves()

    def undo(self) -> None:
        """Take back the last apply()."""
        if not self._history:
            raise EdError("nothing to undo")
        self._core = self._history.pop()
        self.log.pop()

    @staticmethod
    def _code(move: EdMove | str | int) -> int:
        if isinstance(move, EdMove):
            return move.code
        if isinstance(move, str):
            return parse_move(move)
        if isinstance(move, int) and not isinstance(move, bool):
            if parse_move(format_move(move)) != move:     # stray bits: not a move's code
                raise NotationError(f"not a move code: {move}")
            return move
        raise TypeError(f"a move is an EdMove, a notation string or an int, not {type(move).__name__}")

    def _why(self, code: int) -> str:
        """The reason a move is illegal, as precise as the state allows."""
        if self.is_terminal:
            return "the game is over"
        c = cards()
        raw = self._core.raw_state()
        p = raw["actor"]
        me = raw["pl"][p]
        _, a, b = decode(code)
        name = format_move(code).split()[0]
        legal = self._core.legal_moves()
        if name == "follow" and self.decision == "follow":
            return "following Colonize needs a card with a Colonize symbol in hand"
        if name not in DECISION_MOVES[self.decision]:
            return f"the decision is {self.decision!r}, whose moves are: {', '.join(DECISION_MOVES[self.decision])}"
        if name == "role" and self.decision == "action":
            return "the action phase comes first (act or skip); only Logistics allows the role phase before it"
        if name in ("act", "boost", "remove", "discard") and me["hand"][a] == 0:
            return f"{c.kinds[a]} is not in the hand"
        if name == "boost":
            return f"{c.kinds[a]} shows no {ROLE_NAMES[raw['role']]} symbol"
        if name in ("attack", "settle", "tuck") or (name == "keep"):
            pl = b if name == "tuck" else a
            loc = raw["planet_loc"][pl]
            if name == "keep":
                return f"{c.planets[a].id} is not among the planets looked at"
            if loc != LOC["owned"] + 2 * p:
                return f"{c.planets[pl].id} is not a face-down planet of p{p + 1}"
            if name == "attack":
                return (f"attacking {c.planets[a].id} costs {c.planets[a].warfare_cost} fighters, "
                        f"p{p + 1} has {me['fighters']}")
            if name == "settle":
                return (f"{c.planets[a].id} has {raw['colval'][a]} colonies, its cost is "
                        f"{c.planets[a].colonize_cost} less {self._core.empire_symbols(p)[2]} Empire symbols")
        if name == "buy":
            tech = c.techs[a]
            if not (raw["tech_avail"] >> a) & 1:
                return f"{tech.id} is no longer in the supply"
            have = sum(1 for i, pl in enumerate(c.planets)
                       if raw["planet_loc"][i] == LOC["owned"] + 2 * p + 1 and pl.type == tech.stack)
            if have < tech.level:
                return (f"{tech.name} needs {tech.level} face-up {tech.stack} planet(s), p{p + 1} has {have}")
            return f"{tech.name} costs {tech.cost} Research symbols, the role gives {raw['strength']}"
        if name == "take":
            return f"the {STACK_NAMES[a]} stack is empty"
        if name in ("produce", "trade") and raw["last"] >= 2 * a + b:
            return f"{name} picks come in planet order; {format_move(code)[len(name) + 1:]} comes too early"
        return f"not one of the {len(legal)} legal moves of this {self.decision!r} decision"

    # ---- hidden information ------------------------------------------------------------------------
    def determinize(self, observer: int, seed: int) -> EdState:
        """A copy where everything observer cannot see is resampled consistently with what it can:
        other hands and every deck order, the planet deck, other players' face-down planet fronts."""
        if not 0 <= observer < self.players:
            raise ValueError(f"no player {observer} in a {self.players}-player game")
        other = self.copy()
        other._core.determinize(observer, seed % 2**64)   # any integer seed, as Gaia's and TM's
        return other

    def observation(self, seat: int) -> dict[str, Any]:
        """Everything seat sees, as plain data: its own hand, every public zone (discards, Empires, stacks,
        supplies, the planet discard), the others' hand sizes, the multiset of their hand + deck (every
        card a player owns is public when gained) and the cards seen entering their hand, deck sizes, and for each planet whose front seat
        cannot see, only where it is, its back (type and costs) and what lies on it."""
        if not 0 <= seat < self.players:
            raise ValueError(f"no player {seat} in a {self.players}-player game")
        c = cards()
        raw = self._core.raw_state()
        public = ("stacks", "politics_out", "supply_black", "supply_blue", "influence_created", "tech_avail",
                  "leader", "start_player", "turns", "end_triggered", "finished", "stage", "dec", "actor",
                  "role", "role_card", "role_done", "actions_left", "follower", "strength", "left", "sub_kind",
                  "sub_stage", "mobilize", "diverse", "genetic", "specialized", "traded_mask", "produced_mask",
                  "streamlined", "logistics_first", "npdeck", "nlook")
        view: dict[str, Any] = {k: raw[k] for k in public}
        view["players"] = []
        for p in range(self.players):
            pl = raw["pl"][p]
            mine = {k: pl[k] for k in ("discard", "played_act", "played_role", "removed", "known", "fighters",
                                       "influence", "perms", "abund_pending", "ndeck", "nhand")}
            hand = [k for k, n in enumerate(pl["hand"]) for _ in range(n)]
            if p == seat:
                mine["hand"] = hand
                mine["deck"] = sorted(pl["deck"][: pl["ndeck"]])
            else:
                mine["hand_and_deck"] = sorted(hand + pl["deck"][: pl["ndeck"]])
            view["players"].append(mine)
        planets = []
        for i, loc in enumerate(raw["planet_loc"]):
            owner_face_down = loc >= LOC["owned"] and (loc - LOC["owned"]) % 2 == 0
            hidden = (loc in (LOC["deck"], LOC["out"]) or (loc == LOC["look"] and raw["actor"] != seat)
                      or (owner_face_down and (loc - LOC["owned"]) // 2 != seat))
            p = c.planets[i]
            on_it = (tuple(raw["col"][i][: raw["ncol"][i]]), raw["colval"][i], raw["planet_res"][i],
                     raw["planet_scorched"][i])
            planets.append((loc, p.type, p.colonize_cost, p.warfare_cost, i < 6, "?", on_it) if hidden
                           else (loc, p.type, p.colonize_cost, p.warfare_cost, i < 6, p.id, on_it))
        view["planets"] = sorted(planets)
        if raw["npdeck"]:          # the back of the planet deck's top card shows
            top = c.planets[raw["pdeck"][raw["npdeck"] - 1]]
            view["planet_deck_top"] = (top.type, top.colonize_cost, top.warfare_cost, raw["pdeck"][raw["npdeck"] - 1] < 6)
        return view

    # ---- reading --------------------------------------------------------------------------------------
    def raw_state(self) -> dict[str, Any]:
        """The whole C state as plain data (the fields of src_cython/eminent_domain/state.pxi)."""
        return dict(self._core.raw_state())

    def with_raw_state(self, raw: dict[str, Any]) -> EdState:
        """A new state of this game holding raw (raw_state()'s shape), without history (for tests and
        tools that set up positions). Unchecked."""
        core = self._core.copy()
        core.load_raw_state(raw)
        return EdState(core, self.players, self.seed, self.options)

    def snapshot(self) -> dict[str, Any]:
        """A readable view of the state: turn, decision, stacks, supply and every player's zones."""
        c = cards()
        raw = self._core.raw_state()

        def kinds(counts: list[int]) -> dict[str, int]:
            return {c.kinds[k]: n for k, n in enumerate(counts) if n}

        players = []
        for p in range(self.players):
            pl = raw["pl"][p]
            owned = LOC["owned"] + 2 * p
            players.append({
                "hand": kinds(pl["hand"]), "deck": pl["ndeck"], "discard": kinds(pl["discard"]),
                "removed": kinds(pl["removed"]), "fighters": pl["fighters"], "influence": pl["influence"],
                "face_down": {c.planets[i].id: raw["colval"][i] for i in range(len(c.planets))
                              if raw["planet_loc"][i] == owned},
                "face_up": {c.planets[i].id: [r for k, r in enumerate(c.planets[i].resource_slots)
                                              if (raw["planet_res"][i] >> k) & 1]
                            for i in range(len(c.planets)) if raw["planet_loc"][i] == owned + 1},
                "permanents": [c.perms[i] for i in range(len(c.perms)) if (pl["perms"] >> i) & 1],
                "symbols": dict(zip(SYMBOLS, self._core.empire_symbols(p), strict=True)),
                "hand_limit": self._core.hand_limit(p),
            })
        return {
            "turn": raw["turns"] + 1, "leader": raw["leader"], "start_player": raw["start_player"],
            "decision": self.decision, "to_move": self.current_player,
            "role": ROLE_NAMES[raw["role"]] if raw["role"] >= 0 else None,
            "stacks": dict(zip(STACK_NAMES, raw["stacks"][: len(STACK_NAMES)], strict=True)),
            "influence_supply": {"black": raw["supply_black"], "blue": raw["supply_blue"]},
            "end_triggered": bool(raw["end_triggered"]), "planet_deck": raw["npdeck"],
            "planet_discard": [c.planets[i].id for i in range(len(c.planets))
                               if raw["planet_loc"][i] == LOC["discard"]],
            "techs": [t.id for i, t in enumerate(c.techs) if (raw["tech_avail"] >> i) & 1],
            "players": players, "scores": self.scores(),
            "options": asdict(self.options),
        }

    def __repr__(self) -> str:
        return (f"<EdState turn {self._core.raw_state()['turns'] + 1} {self.decision} "
                f"to move p{self.current_player + 1}>")


__all__ = ["PLANET_TYPES", "RESOURCES", "EdOptions", "EdState"]
