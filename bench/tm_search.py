"""Simulations per second of the Terraforming Mars search (gaia_ai.games.terraforming_mars.search), with
the search moves (searchmoves.pxi) and over every legal move (atomic, the search before them), at 1 and
2 threads for 2 and 4 players: the median over seeded positions met in policy games (setup, research
and action-phase decisions alike) and repeats, with the ratio search moves / atomic. Also the average
move count at a decision of those positions (search moves vs legal moves).

    PYTHONPATH=$PWD python bench/tm_search.py [--sims 2000] [--positions 4] [--repeats 2] [--threads 1 2]
        [--players 2 4] [--rollout-depth 60]
"""

from __future__ import annotations

import argparse
import random
import statistics

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars.search import TmSearcher
from gaia_ai.games.terraforming_mars.state import TmState
from gaia_ai.search import SearchConfig


def positions(players: int, count: int) -> list[TmState]:
    """Decisions with a choice, spread over policy games of seeds 0.. (every 37th decision, from the
    initial selection on)."""
    out: list[TmState] = []
    seed = 0
    while len(out) < count:
        state = TmState.new(players, seed)
        rng = random.Random(seed)
        step = 0
        while not state.is_terminal and len(out) < count:
            if step % 37 == 0 and len(state.legal_codes()) > 1:
                out.append(state.copy())
            state.apply(tm_rules.rollout_move(state.core, rng.getrandbits(63)))
            step += 1
        seed += 1
    return out


def rate(state: TmState, atomic: bool, sims: int, threads: int, depth: int, seed: int) -> float:
    config = SearchConfig(simulations=sims, threads=threads, rollout_depth=depth, seed=seed, reuse_tree=False)
    return TmSearcher(config, atomic=atomic).search(state, top_k=1).stats.simulations_per_second


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=2000)
    parser.add_argument("--positions", type=int, default=4)
    parser.add_argument("--repeats", type=int, default=2)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    parser.add_argument("--players", type=int, nargs="+", default=[2, 4])
    parser.add_argument("--rollout-depth", type=int, default=60)
    args = parser.parse_args(argv)
    for players in args.players:
        states = positions(players, args.positions)
        legal = statistics.mean(len(s.legal_codes()) for s in states)
        search = statistics.mean(len(s.search_codes()) for s in states)
        print(f"{players} players, {len(states)} positions: {search:.1f} search moves vs {legal:.1f} legal "
              "moves a decision")
        for threads in args.threads:
            medians = {}
            for atomic in (False, True):
                rates = [rate(s, atomic, args.sims, threads, args.rollout_depth, r)
                         for s in states for r in range(args.repeats)]
                medians[atomic] = statistics.median(rates)
                label = "atomic      " if atomic else "search moves"
                print(f"  threads={threads} {label}: median {medians[atomic]:,.0f} simulations/s "
                      f"(min {min(rates):,.0f}, max {max(rates):,.0f}, {len(rates)} searches)")
            print(f"  threads={threads} ratio search moves / atomic: {medians[False] / medians[True]:.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
