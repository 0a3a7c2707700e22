"""The deterministic list of a tournament's games, from its settings and master seed.

Games come in deals: a deal is one setup (map, tiles) and one faction per seat, drawn from the
master seed and the deal's number alone. Every table (round robin: each set of ``players`` bots;
gauntlet: the challenger with each set of ``players - 1`` bots of the field) plays every deal in
every seating: ``rotate`` moves the table's bots one seat on per game (each bot plays each seat,
hence each faction of the deal, once), ``all`` plays every order around the table. So each bot
plays each seat and each faction draw equally often, and all bots face the same deals.

``games`` is a minimum: the schedule holds whole deals (every table, every seating), so it is
rounded up. A game's id is a hash of its content (setup seed, factions, bot per seat), and raising
``games`` only appends deals: a re-run finds the games already played by their ids.
"""

from __future__ import annotations

import hashlib
import itertools
import json
import math
import random
from dataclasses import dataclass

from gaia_ai.bots.base import with_seed
from gaia_ai.bots.play import all_seatings, rotations
from gaia_ai.tournament.config import BotEntry, TournamentConfig


@dataclass(frozen=True)
class ScheduledGame:
    """One game to play. ``bots``: bot name per seat; ``specs``: the spec each seat is played with,
    carrying a seed derived from the game id where the bot takes one."""

    id: str
    game: str
    ordinal: int
    deal: int
    players: int
    setup_seed: str
    factions: tuple[str, ...]
    bots: tuple[str, ...]
    specs: tuple[str, ...]
    options: tuple[tuple[str, str], ...] = ()   # the game's variant options (TournamentConfig.options)


def tables(config: TournamentConfig) -> list[tuple[BotEntry, ...]]:
    """The sets of bots that meet, in a fixed order."""
    bots = config.bots
    if config.format == "gauntlet":
        challenger = next(b for b in bots if b.name == config.challenger)
        field = [b for b in bots if b is not challenger]
        return [(challenger, *group) for group in itertools.combinations(field, config.players - 1)]
    return list(itertools.combinations(bots, config.players))


def seatings(config: TournamentConfig) -> list[list[int]]:
    """Seat orders of one table in one deal (index into the table's bots, per seat)."""
    n = config.players
    return all_seatings(n) if config.seatings == "all" else rotations(n, n)


def games_per_deal(config: TournamentConfig) -> int:
    return len(tables(config)) * len(seatings(config))


def deal(config: TournamentConfig, number: int) -> tuple[str, tuple[str, ...]]:
    """Setup seed and roles (factions...) of deal ``number`` (depends on the master seed and the number only)."""
    setup_seed = f"t{config.seed}-d{number}"
    if config.factions is not None:
        return setup_seed, config.factions
    rng = random.Random(f"factions-{config.seed}-{number}")
    return setup_seed, config.rules().draw_roles(rng, config.players)


def game_id(setup_seed: str, factions: tuple[str, ...], seats: tuple[BotEntry, ...]) -> str:
    content = {"setup_seed": setup_seed, "factions": list(factions),
               "seats": [[b.name, b.spec] for b in seats]}
    return hashlib.sha256(json.dumps(content, sort_keys=True).encode()).hexdigest()[:16]


def seat_seed(gid: str, seat: int) -> int:
    """The seed of the bot at ``seat`` of game ``gid`` (a 32-bit int)."""
    return int(hashlib.sha256(f"{gid}/{seat}".encode()).hexdigest()[:8], 16)


def build_schedule(config: TournamentConfig) -> list[ScheduledGame]:
    """Every game of the tournament, in the order they are scheduled (deal, table, seating)."""
    per_deal = games_per_deal(config)
    deals = math.ceil(config.games / per_deal)
    table_list = tables(config)
    orders = seatings(config)
    schedule: list[ScheduledGame] = []
    for number in range(deals):
        setup_seed, factions = deal(config, number)
        for table in table_list:
            for order in orders:
                seats = tuple(table[i] for i in order)
                gid = game_id(setup_seed, factions, seats)
                specs = tuple(with_seed(b.spec, seat_seed(gid, s), config.game) for s, b in enumerate(seats))
                schedule.append(ScheduledGame(gid, config.game, len(schedule), number, config.players, setup_seed, factions,
                                              tuple(b.name for b in seats), specs, config.options))
    assert len({g.id for g in schedule}) == len(schedule), "two scheduled games with the same content"
    return schedule
