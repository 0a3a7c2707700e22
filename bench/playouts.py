"""Playouts with the engine's tables checked: ``python bench/playouts.py [--random N] [--policy N]
[--greedy N] [--mcts N] [--seed S]``.

random  whole games of uniformly random legal moves, in C (factions drawn by the moves themselves);
policy  whole games of the search's rollout policy over search moves (auto-payment, federations), in C;
greedy  whole games of the greedy bot, the tables checked after every command;
mcts    whole games of a small MCTS bot (sims=16) against greedy, checked after every command.
Each game gets its own seeded setup of 2, 3 or 4 players (in turn); bot games seat the 14 factions in
turn. Under the sanitizer build (.ci/run) a write past a C array stops the process with a report; here
the counts are compared with the board after every bot command and at the end of every C game.
Prints games, commands and seconds per kind; exit status 1 if a check failed.
"""

from __future__ import annotations

import argparse
import sys
import time

from gaia_ai._core import gaia_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.games.gaia import GaiaState, GameSetup
from gaia_ai.games.gaia.invariants import table_errors

FACTIONS = ("terrans", "xenos", "taklons", "hadsch-hallas", "geodens", "firaks", "nevlas",
            "lantids", "gleens", "ambas", "ivits", "baltaks", "bescods", "itars")
HOME = dict(zip(FACTIONS, (0, 3, 4, 1, 2, 5, 6, 0, 3, 4, 1, 2, 5, 6), strict=True))
MAX_MOVES = 6000


def _factions(i: int, players: int) -> list[str]:
    """players factions of distinct home planets, starting at the i-th of the 14 in turn."""
    out: list[str] = []
    k = i * players
    while len(out) < players:
        f = FACTIONS[k % len(FACTIONS)]
        if all(HOME[f] != HOME[g] for g in out):
            out.append(f)
        k += 1
    return out


def c_games(kind: str, count: int, seed: int) -> tuple[int, int, list[str]]:
    """(games, commands, problems) of count C playouts: random or policy."""
    commands, problems = 0, []
    for i in range(count):
        state = GaiaState.new(GameSetup.random(2 + i % 3, f"{kind}-{seed}-{i}"))
        if kind == "policy":
            for f in _factions(i, state.setup.num_players):
                state.apply(f"faction {f}")
            # played on a copy in C, commands not counted: the sanitizer build is its check
            gaia_rules.policy_playouts(state._core, 1, seed * 1_000_003 + i)
            continue
        commands += gaia_rules.random_game(state._core, seed * 1_000_003 + i)
        errors = table_errors(state)
        if errors:
            problems.append(f"{kind} game {i}: {errors}")
    return count, commands, problems


def bot_games(kind: str, count: int, seed: int) -> tuple[int, int, list[str]]:
    commands, problems = 0, []
    for i in range(count):
        players = 2 + i % 3
        state = GaiaState.new(GameSetup.random(players, f"{kind}-{seed}-{i}"))
        for f in _factions(i, players):
            state.apply(f"faction {f}")
        specs = ["greedy"] * players
        if kind == "mcts":
            specs[i % players] = f"mcts:sims=16,seed={seed + i}"
        bots = [make_bot(s) for s in specs]
        for _ in range(MAX_MOVES):
            if state.is_terminal:
                break
            move = bots[state.current_player].choose(state)
            state.apply(move)
            commands += 1
            errors = table_errors(state)
            if errors:
                problems.append(f"{kind} game {i} after {move}: {errors}")
                break
        else:
            problems.append(f"{kind} game {i}: no end after {MAX_MOVES} commands")
    return count, commands, problems


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    for kind, default in (("random", 100), ("policy", 100), ("greedy", 10), ("mcts", 2)):
        parser.add_argument(f"--{kind}", type=int, default=default, metavar="N", help=f"{kind} games (default {default})")
    parser.add_argument("--seed", type=int, default=0)
    args = parser.parse_args()
    problems: list[str] = []
    total = 0
    for kind in ("random", "policy", "greedy", "mcts"):
        count = getattr(args, kind)
        if count <= 0:
            continue
        start = time.perf_counter()
        run = c_games if kind in ("random", "policy") else bot_games
        games, commands, found = run(kind, count, args.seed)
        elapsed = time.perf_counter() - start
        total += games
        problems += found
        moves = f"{commands} commands" if commands else "commands not counted"
        print(f"{kind:7s} {games} games, {moves}, {elapsed:.1f} s ({elapsed / games:.3f} s per game), "
              f"{len(found)} failed")
    for p in problems[:20]:
        print("  " + p, file=sys.stderr)
    print(f"total: {total} games, {len(problems)} failed")
    return 1 if problems else 0


if __name__ == "__main__":
    sys.exit(main())
