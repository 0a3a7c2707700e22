"""What PUCT's move prior costs: ``python bench/prior.py [--simulations N] [--positions P] [--repeats R]``.

On 2-player main-action positions of seeded random games (bench/search.py's, the same every run), one
1-thread search per (position, repeat) with the learned leaf value at depth 0 (where the prior's share
of the time is largest: a leaf costs one evaluation, an expansion with the value prior one per child),
for each prior: uniform PUCT, the rollout-weights prior, the value prior. Printed per prior: the median
simulations/second over the searches (min-max spread) and its ratio to uniform PUCT. Wall-clock figures:
compare them, never gate on them.
"""

from __future__ import annotations

import argparse
import statistics

from search import positions  # bench/search.py: python puts this script's folder on the path

from gaia_ai.games.gaia import value
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.search import SearchConfig

PRIORS = ("uniform", "rollout", "value")


def main() -> int:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--simulations", type=int, default=400)
    parser.add_argument("--positions", type=int, default=10)
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    value.load()
    states = positions(2, args.positions)
    rates: dict[str, list[float]] = {prior: [] for prior in PRIORS}
    for _ in range(args.repeats):
        for state in states:
            for prior in PRIORS:   # interleaved, so that load on the machine hits every prior alike
                config = SearchConfig(simulations=args.simulations, evaluator="learned", rollout_depth=0,
                                      selection="puct", prior=prior, reuse_tree=False, seed=1)
                rates[prior].append(search_gaia(state, config).stats.simulations_per_second)
    base = statistics.median(rates["uniform"])
    print(f"{args.positions} positions x {args.repeats} repeats, {args.simulations} simulations, "
          "eval=learned, rollout_depth=0, selection=puct")
    print(f"{'prior':10s} {'sims/s median':>14s} {'spread':>20s} {'ratio':>7s}")
    for prior in PRIORS:
        median = statistics.median(rates[prior])
        spread = f"{min(rates[prior]):.0f}-{max(rates[prior]):.0f}"
        print(f"{prior:10s} {median:14.0f} {spread:>20s} {median / base:7.2f}")
    return 0


if __name__ == "__main__":
    raise SystemExit(main())
