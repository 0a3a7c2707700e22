"""The Gaia Project game state: a Pythonic API over the Cython rules core.

    state = GaiaState.new(GameSetup.random(3, seed="demo"))
    state.apply_line("p1 faction terrans")
    state.snapshot()

Commands use the boardgamers.space notation (see notation.py); every rule is enforced by the core,
which raises IllegalMoveError naming the command and the reason.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from contextlib import contextmanager
from typing import Any

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.errors import GaiaError, IllegalMoveError, NotationError
from gaia_ai.games.gaia.notation import ENDTURN, Command, LogLine, parse_line
from gaia_ai.games.gaia.setup import GameSetup

# the core's auction modes (AUC_* of consts.pxi)
AUCTION_CODES: dict[str | None, int] = {None: 0, "choose-bid": 1, "bid-while-choosing": 2}
PLANET_INDEX = {letter: i for i, letter in enumerate(gaia_rules.PLANET_LETTERS)}
FACTIONS: tuple[str, ...] = gaia_rules.FACTION_NAMES
FINAL_TILES: tuple[str, ...] = gaia_rules.FINAL_NAMES
POSITIONS: tuple[str, ...] = gaia_rules.POSITION_NAMES


# Which federations the move generator lists (hence the search, hints and bots): "site", the default,
# only those boardgamers.space offers at the position; "exact", every valid one the candidate search
# finds (analysis). The `federation` command accepts any valid federation under either rule.
FEDERATION_RULES: tuple[str, ...] = ("site", "exact")
FEDERATION_RULE_ENV = "GAIA_AI_FEDERATION_RULE"


def set_federation_rule(rule: str) -> None:
    """Set the process-wide federation rule of the move generator (FEDERATION_RULES)."""
    if rule not in FEDERATION_RULES:
        raise ValueError(f"federation rule must be one of {', '.join(FEDERATION_RULES)}, not {rule!r}")
    gaia_rules.set_federation_rule(rule)


def federation_rule() -> str:
    """The federation rule of the move generator: "site" or "exact"."""
    return str(gaia_rules.federation_rule())


if os.environ.get(FEDERATION_RULE_ENV):
    try:
        set_federation_rule(os.environ[FEDERATION_RULE_ENV])
    except ValueError as exc:
        raise ValueError(f"{FEDERATION_RULE_ENV}: {exc}") from None


# How many federations the move generator lists: "narrow", the default, the greedy's shapes (3 at most)
# and 8 federation moves at most; "wide" also other satellite trees of the same buildings (a satellite
# moved), with every token (docs/gaia.md, "Played federations we do not list").
FEDERATION_CANDIDATES: tuple[str, ...] = ("narrow", "wide")
FEDERATION_CANDIDATES_ENV = "GAIA_AI_FEDERATION_CANDIDATES"


def set_federation_candidates(mode: str) -> None:
    """Set the process-wide federation candidates of the move generator (FEDERATION_CANDIDATES)."""
    if mode not in FEDERATION_CANDIDATES:
        raise ValueError(f"federation candidates must be one of {', '.join(FEDERATION_CANDIDATES)}, not {mode!r}")
    gaia_rules.set_federation_candidates(mode)


def federation_candidates() -> str:
    """The federation candidates of the move generator: "narrow" or "wide"."""
    return str(gaia_rules.federation_candidates())


@contextmanager
def federation_candidates_set(mode: str) -> Iterator[None]:
    """Within the block the generator lists `mode`'s federation candidates, then the mode it had (a bot
    of a match that searches with its own mode: gaia_ai.games.gaia.bots.FederationModeBot)."""
    before = federation_candidates()
    set_federation_candidates(mode)
    try:
        yield
    finally:
        gaia_rules.set_federation_candidates(before)


if os.environ.get(FEDERATION_CANDIDATES_ENV):
    try:
        set_federation_candidates(os.environ[FEDERATION_CANDIDATES_ENV])
    except ValueError as exc:
        raise ValueError(f"{FEDERATION_CANDIDATES_ENV}: {exc}") from None


def _tile_number(tile_id: str) -> int:
    return int(tile_id.lstrip("advtech").lstrip("tech"))


def _core_for(setup: GameSetup) -> Any:
    board = setup.board
    hexes = board.hexes
    sector_ids = sorted({h.sector for h in hexes})
    distances = board.distance_table()
    tech_at = [_tile_number(setup.tech_tiles[pos]) for pos in POSITIONS[:9]]
    tech_at += [_tile_number(setup.adv_tech_tiles[pos]) for pos in POSITIONS[9:]]
    core = gaia_rules.Core(
        setup.num_players,
        [PLANET_INDEX[h.planet] for h in hexes],
        [sector_ids.index(h.sector) for h in hexes],
        distances,
        [int(t[5:]) - 1 for t in setup.round_scoring],
        [FINAL_TILES.index(t) for t in setup.final_scoring],
        [int(b[7:]) - 1 for b in setup.boosters],
        tech_at,
        int(setup.terraforming_federation[3:]) - 1,
        [setup.federation_supply.get(f"fed{i}", 0) for i in range(1, 7)],
        setup.options.start_extra(FACTIONS),
        AUCTION_CODES[setup.options.auction],
    )
    core.hex_index = {label: i for i, label in enumerate(board.labels)}
    return core


class GaiaState:
    """A position of a Gaia Project game. Mutable; copy() is cheap (one memcpy of the C state)."""

    __slots__ = ("_core", "_history", "_labels", "setup")

    def __init__(self, setup: GameSetup, core: Any) -> None:
        self.setup = setup
        self._core = core
        self._labels = list(setup.board.labels)
        self._history: list[Any] = []   # earlier cores, for undo()

    @classmethod
    def new(cls, setup: GameSetup) -> GaiaState:
        return cls(setup, _core_for(setup))

    def copy(self) -> GaiaState:
        return GaiaState(self.setup, self._core.copy())

    # ---- whose decision ---------------------------------------------------------------------------
    @property
    def current_player(self) -> int:
        """Index of the player whose decision it is (-1 once the game is over)."""
        return int(self._core.current_player)

    @property
    def phase(self) -> str:
        return str(self._core.phase)

    @property
    def round(self) -> int:
        return int(self._core.round)

    @property
    def is_terminal(self) -> bool:
        return bool(self._core.finished)

    def faction(self, player: int) -> str | None:
        return self._core.faction(player)

    def final_scores(self) -> list[int] | None:
        return self._core.final_scores()

    # ---- the game protocol (gaia_ai.games.api.State) ------------------------------------------------
    @property
    def game(self) -> Any:
        """The game object that deals such setups (with its variants: the beta boards, an auction)."""
        from gaia_ai.games.gaia.game import gaia_game

        return gaia_game(self.setup.options.faction_variant, self.setup.options.auction)

    @property
    def num_players(self) -> int:
        return self.setup.num_players

    def role(self, seat: int) -> str | None:
        """The faction seat plays (None before it is chosen)."""
        return self.faction(seat)

    def key(self) -> bytes:
        """The bytes of the C state: equal keys, equal positions."""
        return bytes(gaia_rules.state_bytes(self._core))

    def search_moves(self) -> list[tuple[int, list[Command]]]:
        """The search moves of the player to move, each with its atomic commands (see search.py)."""
        from gaia_ai.games.gaia.search import search_moves

        return search_moves(self)

    def observation(self, seat: int) -> dict[str, Any]:
        """Gaia Project is a game of open information: every seat sees the whole position."""
        return self.snapshot()

    def determinize(self, seat: int, seed: int) -> GaiaState:
        """Nothing is hidden: a copy."""
        return self.copy()

    # ---- applying moves -----------------------------------------------------------------------------
    def player_of(self, prefix: str | None) -> int:
        """Map a line prefix (p1..p5 or a faction name) to a player index."""
        if prefix is None:
            return self.current_player
        if prefix[0] == "p" and prefix[1:].isdigit():
            p = int(prefix[1:]) - 1
            if not 0 <= p < self.setup.num_players:
                raise NotationError(f"no player {prefix!r} in a {self.setup.num_players}-player game")
            return p
        for p in range(self.setup.num_players):
            if self.faction(p) == prefix:
                return p
        raise NotationError(f"no player plays {prefix!r} in this game")

    def apply_line(self, text: str | LogLine) -> None:
        """Apply one logged line: a player's commands, then the end of the turn if the line ends it.

        All or nothing: if a command of the line is illegal, the state is left as it was."""
        line = parse_line(text) if isinstance(text, str) else text
        if line.commands and line.commands[0].name == "init":
            return
        player = self.player_of(line.player)
        trial = self._core.copy()
        for command in line.commands:
            if command != ENDTURN:
                self._call(trial.command, player, command.name, tuple(command.args), text=str(command))
        if line.ends_turn:
            self._call(trial.end_turn, player, text=str(text))
        self._commit(trial)

    def apply(self, command: Command | str, player: int | None = None) -> None:
        """Apply one command (a Command or its notation) for player (default: whose decision it is).

        All or nothing: an illegal command raises IllegalMoveError and leaves the state unchanged."""
        if isinstance(command, str):
            command = Command.parse(command)
        if player is None:
            player = self.current_player
        trial = self._core.copy()
        if command == ENDTURN:
            self._call(trial.end_turn, player, text="endturn")
        else:
            self._call(trial.command, player, command.name, tuple(command.args), text=str(command))
        self._commit(trial)

    def is_legal(self, command: Command | str, player: int | None = None) -> bool:
        """Whether apply() would accept the command (the state is not changed)."""
        probe = self.copy()
        try:
            probe.apply(command, player)
        except IllegalMoveError:
            return False
        return True

    def undo(self) -> None:
        """Take back the last apply() or apply_line()."""
        if not self._history:
            raise GaiaError("nothing to undo")
        self._core = self._history.pop()

    def _commit(self, trial: Any) -> None:
        self._history.append(self._core)
        self._core = trial

    def _call(self, fn: Any, player: int, *args: Any, text: str) -> None:
        try:
            fn(player, *args)
        except gaia_rules.IllegalMove as e:
            who = self.faction(player) or f"p{player + 1}"
            raise IllegalMoveError(f"illegal move {text!r} for {who}: {e}") from None

    # ---- reading -------------------------------------------------------------------------------------
    def snapshot(self) -> dict[str, Any]:
        """The state in the corpus snapshot format (r, ph, tm, p, b, t, ba) plus the occupied board."""
        return self._core.snapshot(self._labels)

    def raw_state(self) -> dict[str, Any]:
        """The whole C state as plain data (the fields of src_cython/gaia/state.pxi); see structured.py."""
        return self._core.raw_state()

    def with_raw_state(self, raw: dict[str, Any]) -> GaiaState:
        """A new state of this game holding raw (raw_state()'s shape), without history. Unchecked: use
        structured.state_from_json, which validates a state before loading it."""
        core = self._core.copy()
        core.load_raw_state(raw)
        return GaiaState(self.setup, core)

    def __repr__(self) -> str:
        factions = ", ".join(self.faction(p) or f"p{p + 1}" for p in range(self.setup.num_players))
        return f"<GaiaState round {self.round} phase {self.phase} to move p{self.current_player + 1} [{factions}]>"

    def legal_moves(self) -> list[Command]:
        """The legal atomic commands of the player to move, in a fixed order; [] once the game is over.

        Listed by the C move generator: every command applies with apply(); a command that opens a
        sub-decision (a terraforming action, a lab's tech tile, ...) is listed only when some follow-up
        is legal. Federations are a bounded candidate set (fewest satellites first), and a conversion
        is listed one unit at a time (apply() also accepts merged ones such as 'spend 2pw for 2c')."""
        core = self._core
        feds = gaia_rules.federation_labels(core)
        return [Command(*gaia_rules.format_move(m, self._labels, feds)) for m in gaia_rules.legal_moves_int(core)]
