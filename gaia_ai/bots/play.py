"""One game between bots, and the fair deals shared by ``gaia-ai match`` and ``gaia-ai tournament``.

A deal is a setup and a faction per seat; a rotation moves the bots around the seats of one deal so
that each bot plays each seat (hence each faction of the deal) equally often.
"""

from __future__ import annotations

import itertools
import random
import time
from collections.abc import Sequence
from dataclasses import dataclass
from typing import Any

from gaia_ai.bots.base import Bot
from gaia_ai.games.gaia.engine import FACTIONS, GaiaState
from gaia_ai.games.gaia.gamelog import LogRecorder
from gaia_ai.games.gaia.setup import GameSetup

HOME = {f: i // 2 for i, f in enumerate(FACTIONS)}   # factions come in pairs sharing a home planet
MAX_MOVES = 20000                                   # a game longer than this is a bug, not a game


def draw_factions(rng: random.Random, players: int) -> list[str]:
    """Distinct factions with distinct home planets."""
    factions: list[str] = []
    for faction in rng.sample(FACTIONS, len(FACTIONS)):
        if all(HOME[faction] != HOME[f] for f in factions):
            factions.append(faction)
        if len(factions) == players:
            return factions
    raise AssertionError("unreachable: 7 home planets for at most 4 players")


def rotations(players: int, bots: int = 2) -> list[list[int]]:
    """Seat assignments (bot index of each seat) of one cyclic rotation: each of ``bots`` bots plays
    each seat equally often (``bots`` games; with bots < players a bot holds several seats)."""
    return [[(seat + r) % bots for seat in range(players)] for r in range(bots)]


def all_seatings(players: int) -> list[list[int]]:
    """Every order of ``players`` distinct bots around the table (players! games)."""
    return [list(p) for p in itertools.permutations(range(players))]


@dataclass
class PlayedGame:
    """What one game produced: final VP per seat, the move log (notation lines, ``init`` first), the
    number of atomic commands, the final snapshot (board included) and the wall time in seconds."""

    scores: list[int]
    lines: list[str]
    moves: int
    final_state: dict[str, Any]
    seconds: float


def play_game(bots: Sequence[Bot], seats: Sequence[int], factions: Sequence[str], setup: GameSetup) -> PlayedGame:
    """Play a game to its end: seat s is played by ``bots[seats[s]]`` with ``factions[s]``."""
    start = time.perf_counter()
    state = GaiaState.new(setup)
    log = LogRecorder(state)
    for seat, faction in enumerate(factions):
        log.apply(f"faction {faction}")
        assert state.faction(seat) == faction
    for _ in range(MAX_MOVES):
        if state.is_terminal:
            log.close()
            scores = state.final_scores()
            assert scores is not None
            return PlayedGame(scores, log.lines, log.commands, state.snapshot(), time.perf_counter() - start)
        log.apply(bots[seats[state.current_player]].choose(state))
    raise RuntimeError(f"game with setup seed {setup.seed!r} did not end in {MAX_MOVES} moves")
