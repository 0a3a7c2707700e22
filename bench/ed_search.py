"""Simulations per second of the information-set MCTS on Eminent Domain (gaia_ai.search.core), at 1 and 2
threads: the median over seeded 2-player positions a few random moves into a game.

    python bench/ed_search.py [--sims 20000] [--positions 5] [--threads 1 2]
"""

from __future__ import annotations

import argparse
import statistics

from gaia_ai.games.eminent_domain.state import EdState
from gaia_ai.search import SearchConfig
from gaia_ai.search.core import search


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--sims", type=int, default=20000)
    parser.add_argument("--positions", type=int, default=5)
    parser.add_argument("--threads", type=int, nargs="+", default=[1, 2])
    args = parser.parse_args(argv)
    for threads in args.threads:
        rates = []
        for seed in range(args.positions):
            state = EdState.new(2, seed=seed)
            state._core.random_playout(seed, max_moves=10 * seed)   # openings and middle games
            if state.is_terminal:
                continue
            result = search(state, SearchConfig(simulations=args.sims, seed=seed, threads=threads))
            rates.append(result.stats.simulations_per_second)
        print(f"threads={threads}: median {statistics.median(rates):,.0f} simulations/s "
              f"over {len(rates)} positions (min {min(rates):,.0f}, max {max(rates):,.0f})")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
