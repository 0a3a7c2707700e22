"""What PUCT's move prior costs: ``python bench/prior.py [--simulations N] [--positions P] [--repeats R]``.

On 2-player main-action positions of seeded random games (bench/search.py's, the same every run), one
1-thread search per (position, repeat) with the learned leaf value at depth 0 (where the prior's share
of the time is largest: a leaf costs one evaluation, an expansion with the value prior one per child),
for each prior: uniform PUCT, the rollout-weights prior, the value prior; and for reference the default
search (UCT, rollouts to the end). Printed per row: the median simulations/second over the searches
(min-max spread) and its ratio to uniform PUCT. Wall-clock figures: compare them, never gate on them.
"""

from __future__ import annotations

import argparse
import statistics
from dataclasses import replace

from search import positions  # bench/search.py: python puts this script's folder on the path

from gaia_ai.games.gaia import value
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.search import SearchConfig

PRIORS = ("uniform", "rollout", "value")
ROWS = {prior: SearchConfig(simulations=1, evaluator="learned", rollout_depth=0, selection="puct", prior=prior,
                            reuse_tree=False, seed=1) for prior in PRIORS}
ROWS["default (uct, rollouts to the end)"] = SearchConfig(simulations=1, reuse_tree=False, seed=1)


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=400)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    value.load()
    states = positions(2, args.positions)
    rates: dict[str, list[float]] = {name: [] for name in ROWS}
    for _ in range(args.repeats):
        for state in states:
            for name, config in ROWS.items():   # interleaved: load on the machine hits every row alike
                config = replace(config, simulations=args.simulations)
                rates[name].append(search_gaia(state, config).stats.simulations_per_second)
    base = statistics.median(rates["uniform"])
    print(f"{args.positions} positions x {args.repeats} repeats, {args.simulations} simulations; "
          "the priors with eval=learned, rollout_depth=0, selection=puct")
    print(f"{'prior':36s} {'sims/s median':>14s} {'spread':>14s} {'ratio':>7s}")
    for name in ROWS:
        median = statistics.median(rates[name])
        spread = f"{min(rates[name]):.0f}-{max(rates[name]):.0f}"
        print(f"{name:36s} {median:14.0f} {spread:>14s} {median / base:7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
