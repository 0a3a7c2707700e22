"""A played log line as the search sees it: the search moves that make its decisions.

The search branches over search moves (gaia_ai.games.gaia.search): at a main-action decision a main action
with its auto-payment (and the end of the turn); every other decision (a sub-decision such as a lab's
tech tile and its research step, a leech, an income choice, a setup placement) atomic. So one log line
may hold several search-level steps: "build lab 1A1. tech free1. up terra." is the main action and two
sub-decisions. match_line walks the line's commands in order and, for each, finds the search move of the
current position whose main command (its first command that is not a free action) is that command;
free actions (conversions, burning power, brainstone placements) no search move makes are skipped: the
search pays with its own auto-payment, so the review judges what was done, not how it was paid.

A played federation the search moves leave out (a shape outside the generator's candidates, or a token
past its cap on federation moves) is offered to the generator at that position
(gaia_rules.offer_federation, on a copy of the position: `PlayedLine.offered`), so that the line maps
onto search moves and the search values it in its own tree like any candidate. A line is unmatched when
one of its decisions is still no search move: a federation the rules refuse there, or an action the
played free actions made affordable where the auto-payment cannot.
"""

from __future__ import annotations

from dataclasses import dataclass, field

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia.engine import GaiaState
from gaia_ai.games.gaia.notation import ENDTURN, Command, LogLine
from gaia_ai.games.gaia.search import search_moves

# Commands the player may add around a decision (free actions); the search makes them only as part of
# a search move's auto-payment, or as an atomic decision (a brainstone question) where one is open.
FREE_ACTIONS = frozenset(("spend", "burn", "brainstone"))


@dataclass
class Step:
    """One search-level decision of a played line: `state` is the position before it (not changed
    afterwards), `move` the search move (int), `commands` its atomic commands, `choices` how many search
    moves the position had (1: forced)."""

    state: GaiaState
    move: int
    commands: list[Command]
    choices: int

    @property
    def main(self) -> Command:
        return main_command(self.commands)


@dataclass
class PlayedLine:
    """A line mapped onto search moves. matched: every decision of the line is one of `steps` (and it
    has at least one); otherwise `unmatched` is the first command no search move makes. offered: the
    played federation the generator was made to list (module doc); the steps' positions then carry the
    offer, so a search from them branches over it."""

    steps: list[Step] = field(default_factory=list)
    unmatched: Command | None = None
    offered: Command | None = None

    @property
    def matched(self) -> bool:
        return self.unmatched is None and bool(self.steps)

    @property
    def choice_steps(self) -> list[int]:
        """Indexes of the steps that were real choices (more than one search move)."""
        return [i for i, step in enumerate(self.steps) if step.choices > 1]


def main_command(commands: list[Command]) -> Command:
    """The command a search move stands for: its first that is neither a free action nor the turn's end
    (the first command if all are: a brainstone answer, for instance)."""
    for command in commands:
        if command.name not in FREE_ACTIONS and command != ENDTURN:
            return command
    return commands[0]


def same_command(a: Command, b: Command) -> bool:
    """Equal commands; a federation's hexes compare as a set (their order carries no decision)."""
    if a.name == b.name == "federation":
        return len(a.args) == len(b.args) == 2 and set(a.hexes) == set(b.hexes) and a.args[1] == b.args[1]
    return a == b


def match_line(state: GaiaState, line: LogLine, player: int) -> PlayedLine:
    """Map `line`, played by `player` from `state` (not changed), onto search moves (module doc)."""
    played, position = _match(state, line, player)
    federation = played.unmatched
    if federation is None or federation.name != "federation" or position.current_player != player:
        return played
    index = position._core.hex_index
    if len(federation.args) != 2 or any(label not in index for label in federation.hexes):
        return played
    offered = state.copy()
    try:
        gaia_rules.offer_federation(offered._core, player, [index[h] for h in federation.hexes],
                                    at=position._core)
    except ValueError:
        return played   # not a federation of the player there: the line stays unmatched
    again, _ = _match(offered, line, player)
    if again.matched:
        again.offered = federation
        return again
    return played


def _match(state: GaiaState, line: LogLine, player: int) -> tuple[PlayedLine, GaiaState]:
    """match_line without offers; also the position where the mapping stopped."""
    played = PlayedLine()
    position = state.copy()
    for command in line.commands:
        if command == ENDTURN:
            continue
        options = search_moves(position) if position.current_player == player else []
        hit = next(((m, cmds) for m, cmds in options if same_command(main_command(cmds), command)), None)
        if hit is None:
            if command.name in FREE_ACTIONS:
                continue
            played.unmatched = command
            return played, position
        move, commands = hit
        played.steps.append(Step(position.copy(), move, commands, len(options)))
        for atomic in commands:
            position.apply(atomic)
    if not played.steps:
        # a line of free actions only (e.g. a gaia-phase conversion): no search decision to compare
        played.unmatched = next((c for c in line.commands if c != ENDTURN), None)
    return played, position
