"""One game between bots, and the fair seatings shared by ``gaia-ai match`` and ``gaia-ai tournament``.

A deal (gaia_ai.games.api.Deal) is a setup and a role per seat (a faction, a corporation); a rotation
moves the bots around the seats of one deal so that each bot plays each seat (hence each role of the
deal) equally often. Any registered game plays here.
"""

from __future__ import annotations

import itertools
import time
from collections.abc import Sequence
from dataclasses import dataclass, field
from typing import Any

from gaia_ai.bots.base import Bot
from gaia_ai.games.api import Deal, Game

MAX_MOVES = 20000                                   # a game longer than this is a bug, not a game


def rotations(players: int, bots: int = 2) -> list[list[int]]:
    """Seat assignments (bot index of each seat) of one cyclic rotation: each of ``bots`` bots plays
    each seat equally often (``bots`` games; with bots < players a bot holds several seats)."""
    return [[(seat + r) % bots for seat in range(players)] for r in range(bots)]


def all_seatings(players: int) -> list[list[int]]:
    """Every order of ``players`` distinct bots around the table (players! games)."""
    return [list(p) for p in itertools.permutations(range(players))]


@dataclass
class PlayedGame:
    """What one game produced: final score per seat, the move log (the game's notation lines), the
    number of atomic moves, the final snapshot and the wall time in seconds; per seat, its decisions
    (calls of its bot) and the seconds its bot thought over them."""

    scores: list[int]
    lines: list[str]
    moves: int
    final_state: dict[str, Any]
    seconds: float
    roles: list[str] = field(default_factory=list)   # what each seat played at the end ("" for none)
    decisions: list[int] = field(default_factory=list)
    think_seconds: list[float] = field(default_factory=list)


def play_game(game: Game, bots: Sequence[Bot], seats: Sequence[int], deal: Deal) -> PlayedGame:
    """Play a game of the deal to its end: seat s is played by ``bots[seats[s]]`` with ``deal.roles[s]``."""
    start = time.perf_counter()
    log = game.recorder(deal)
    state = log.state
    decisions = [0] * len(seats)
    think = [0.0] * len(seats)
    for _ in range(MAX_MOVES):
        if state.is_terminal:
            log.close()
            scores = state.final_scores()
            assert scores is not None
            roles = [state.role(p) or "" for p in range(len(scores))]
            return PlayedGame(scores, log.lines, log.commands, state.snapshot(), time.perf_counter() - start,
                              roles if any(roles) else [], decisions, think)
        seat = state.current_player
        asked = time.perf_counter()
        move = bots[seats[seat]].choose(state)
        think[seat] += time.perf_counter() - asked
        decisions[seat] += 1
        log.apply(move)
    raise RuntimeError(f"{game.info.title} game of deal {deal.seed!r} did not end in {MAX_MOVES} moves")
