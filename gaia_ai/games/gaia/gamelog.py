"""The move log of a game played through the engine, and the corpus record that replays it.

Bots play atomic commands one at a time; :class:`LogRecorder` groups them into boardgamers.space log
lines as the engine writes them: one line per player turn (a trailing ``.`` when the turn was ended
by ``endturn``), one line per setup pick, leech answer or pass. Grouping never changes the game:
replaying the lines applies the same commands in the same order.

:func:`corpus_record` replays such a log and writes the corpus format of
``shared/corpus/gaia/README.md`` (a snapshot after every line, the final VP, ranks and board), so
``gaia-ai replay`` can judge a game played by bots.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from typing import Any

from gaia_ai.games.api import ranks_of
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.errors import GaiaError
from gaia_ai.games.gaia.notation import ENDTURN, Command, LogLine, parse_line
from gaia_ai.games.gaia.setup import GameSetup

__all__ = ["LogRecorder", "board_entries", "corpus_record", "incomplete_lines", "left_incomplete", "ranks_of"]

SETUP_PHASES = frozenset({"sf", "sa", "sB", "sbo"})
# commands after which the engine hands the decision on by itself (no '.' needed)
SELF_ENDING = frozenset({"faction", "booster", "pass", "charge"})
ENGINE_VERSION = "gaia-ai"
OPTIONS = {"layout": "standard", "factionVariant": "standard", "factionVariantVersion": 0}


class LogRecorder:
    """Applies commands to a state and keeps its log lines, ``init`` line first.

    ``recorder.apply(command)`` plays for the player whose decision it is; ``recorder.lines`` is the
    log so far (the line in progress included once :meth:`close` has been called).

    Lines are grouped as the boardgamers.space engine needs them (it refuses a line that leaves its
    player's decision unfinished, e.g. "income 4pw (line 37) is not complete!"): a player's turn with
    its sub-decisions and free actions, ended by ``.`` (or ``endturn`` when asked); a player's whole
    income order; a leech answer with the Taklons' brainstone choice that follows it; one line per
    setup pick or pass."""

    def __init__(self, state: GaiaState) -> None:
        self.state = state
        self.lines: list[str] = [f"init {state.setup.num_players} {state.setup.seed}"]
        self.commands = 0
        self._prefix: str | None = None
        self._open: list[str] = []

    def apply(self, command: Command | str, *, explicit_endturn: bool = False) -> None:
        """Apply and log one command; ``explicit_endturn`` writes an end of turn as ``endturn`` rather
        than as a trailing ``.`` (both are the site's notation)."""
        state = self.state
        if isinstance(command, str):
            command = Command.parse(command)
        player = state.current_player
        prefix = state.faction(player) or f"p{player + 1}"
        phase, round_ = state.phase, state.round
        state.apply(command, player)   # raises before anything is logged when the command is illegal
        self.commands += 1
        if prefix != self._prefix:
            self.close()
            self._prefix = prefix
        if command == ENDTURN:
            if self._open and not explicit_endturn:
                self._open[-1] += "."
            else:
                self._open.append("endturn")
            self.close()
            return
        self._open.append(str(command))
        if command.name not in ("pass", "booster") and state.current_player == player and self._brainstone_asked():
            # the brainstone choice belongs to the line (a Taklons charge, say); after a pass or a
            # booster it comes from the next round's income: a line of its own
            return
        handed_on = state.is_terminal or state.current_player != player or state.phase != phase
        if (handed_on or state.round != round_ or phase in SETUP_PHASES or command.name in SELF_ENDING
                or (command.name == "decline" and command.args[0].endswith("pw"))
                or (command.name == "brainstone" and self._open[0].split()[0] in SELF_ENDING)):
            self.close()

    def _brainstone_asked(self) -> bool:
        return not self.state.is_terminal and any(c.name == "brainstone" for c in self.state.legal_moves())

    def close(self) -> None:
        """End the line in progress (if any)."""
        if self._open:
            self.lines.append(f"{self._prefix} {'. '.join(self._open)}")
        self._open = []
        self._prefix = None


def incomplete_lines(setup: GameSetup, lines: Sequence[str]) -> list[int]:
    """Indexes of the log lines that leave their player's decision unfinished, which the site's engine
    refuses ("... is not complete!"): a brainstone choice still to make, an income order still to
    finish, or a turn whose main action or sub-decision is done but not ended. Raises GaiaError
    naming a line that does not apply."""
    state = GaiaState.new(setup)
    bad = []
    for i, text in enumerate(lines):
        line = parse_line(text)
        if line.commands and line.commands[0].name == "init":
            continue
        player = state.player_of(line.player)
        try:
            state.apply_line(line)
        except GaiaError as e:
            raise GaiaError(f"log line {i} {text!r} does not replay: {e}") from None
        if left_incomplete(state, player, line):
            bad.append(i)
    return bad


def left_incomplete(state: GaiaState, player: int, line: LogLine) -> bool:
    """After `line` (just applied to state), player still owes part of the same site line."""
    if state.is_terminal or state.current_player != player:
        return False
    names = {c.name for c in state.legal_moves()}
    last = line.commands[-1].name
    # a brainstone choice after a pass or a booster comes from the next round's income: a new line
    return (("brainstone" in names and last not in ("pass", "booster"))
            or (state.phase == "inc" and last == "income")
            or (state.phase in ("move", "gaia") and bool(state._core.pending or "endturn" in names)))


def board_entries(board: Mapping[str, Sequence[Any]]) -> list[list[Any]]:
    """A snapshot's occupied board as corpus ``hx`` entries ``[label, planet, owner, building, guest,
    federations]``, sorted by label."""
    return [[label, *entry] for label, entry in sorted(board.items())]


def _hx(before: Mapping[str, Any], after: Mapping[str, Any], planets: Mapping[str, str]) -> list[list[Any]]:
    changed = []
    for label in sorted(set(before) | set(after)):
        if before.get(label) != after.get(label):
            entry = after.get(label) or [planets[label], -1, None, -1, []]
            changed.append([label, *entry])
    return changed


def corpus_record(game_id: str, setup: GameSetup, lines: Sequence[str], *,
                  final_vp: Sequence[int] | None = None, final_board: Mapping[str, Any] | None = None,
                  extra: Mapping[str, Any] | None = None) -> dict[str, Any]:
    """The corpus record of a logged game: ``lines`` (``init`` first) are replayed to write a snapshot
    after each. ``final_vp`` and ``final_board`` (the state the game ended in when it was played)
    go into ``final`` as they are, so judging the record checks that the log reproduces them; by
    default they are taken from the replay. Raises GaiaError naming the line that does not apply."""
    if not lines or not lines[0].startswith("init "):
        raise GaiaError(f"game {game_id}: a move log starts with its 'init' line")
    state = GaiaState.new(setup)
    planets = {h.label: str(h.planet) for h in setup.board.hexes}
    snapshots: list[dict[str, Any]] = []
    board: dict[str, Any] = {}
    for i, line in enumerate(lines):
        try:
            state.apply_line(line)
        except GaiaError as e:
            raise GaiaError(f"game {game_id}: log line {i} {line!r} does not replay: {e}") from None
        snap = state.snapshot()
        new_board = snap.pop("board")
        hx = _hx(board, new_board, planets)
        if hx:
            snap["hx"] = hx
        board = new_board
        snapshots.append(snap)
    faction_names = [state.faction(p) for p in range(setup.num_players)]
    scores = state.final_scores()
    vp = list(final_vp) if final_vp is not None else scores
    final = None
    if vp is not None:
        final = {"vp": vp, "ranks": ranks_of(vp), "rounds": state.round,
                 "board": board_entries(final_board if final_board is not None else board)}
    setup_dict = setup.to_dict()
    del setup_dict["num_players"], setup_dict["seed"]
    setup_dict["hexes"] = [{"q": h.q, "r": h.r, "planet": str(h.planet), "sector": h.sector, "label": h.label}
                           for h in setup.board.hexes]
    record: dict[str, Any] = {
        "id": game_id,
        "source": "bot",
        "variant": None,
        "complete": scores is not None,
        "seed": setup.seed,
        "nbPlayers": setup.num_players,
        "factions": faction_names,
        "engineVersion": ENGINE_VERSION,
        "options": {**OPTIONS, **setup.options.to_dict()},   # a variant game's (beta boards, auction) replay with it
        "setup": setup_dict,
        "moveHistory": list(lines),
        "snapshots": snapshots,
        "final": final,
    }
    record.update(extra or {})
    return record
