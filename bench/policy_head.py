"""What the policy head costs: ``python bench/policy_head.py [--policy pN] [--positions N] [--reps R]
[--sims S] [--searches K] [--threads 1,2]``.

1. Microseconds per prior of a decision (gaia_rules.move_prior: every search move applied and weighed,
   Python's call around it alike for both) by the linear policy p1 and by pN (p1's form plus the head:
   one pass of its trunk network and a dot product per move), on N action-phase positions of a greedy
   self-play game; medians over the positions, and pN minus p1: the head's own cost per expansion.
2. Simulations per second of the hint search (Game.hint_search: eval=n2, rollouts to the end, PUCT, a
   mixed leaf) with prior=p1 and prior=pN, at each of ``--threads T,...`` (default 1,2), S simulations
   from the demo position, K searches each (alternating); medians, and their ratio.
Issue 41; the figures are in docs/search.md ("A policy head"). A candidate not in the package is read
from GAIA_AI_MODELS=DIR (policy-pN.json). Wall-clock figures: run it on a quiet machine, compare the
rows, never gate on them.
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia import policy, policy_head, value
from gaia_ai.games.gaia.game import GAME
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.search import SearchConfig


def prior_us(positions: int, reps: int, candidate: str) -> dict[str, float]:
    cores: list[Any] = []
    value.self_play(1, 41, "greedy", lambda core, raw: cores.append(core.copy()))
    cores = [c for c in cores if len(gaia_rules.search_moves_int(c)) >= 2]
    cores = cores[::max(1, len(cores) // positions)][:positions]
    out = {}
    for version in (policy_head.BASE, candidate):
        slot = policy.slot(version)
        per = []
        for core in cores:
            gaia_rules.move_prior(core, "policy", 0, slot)   # warm the caches
            start = time.perf_counter_ns()
            for _ in range(reps):
                gaia_rules.move_prior(core, "policy", 0, slot)
            per.append((time.perf_counter_ns() - start) / reps / 1000)
        out[version] = statistics.median(per)
    out["moves"] = statistics.median(len(gaia_rules.search_moves_int(c)) for c in cores)
    return out


def search_rates(sims: int, searches: int, candidate: str, threads: int) -> dict[str, float]:
    state = demo()
    rates: dict[str, list[float]] = {policy_head.BASE: [], candidate: []}
    for k in range(searches):
        for version, measured in rates.items():
            config = SearchConfig(**{**GAME.hint_search(), "prior": version, "simulations": sims,
                                     "threads": threads, "seed": k})
            measured.append(search_gaia(state, config).stats.simulations_per_second)
    return {version: statistics.median(r) for version, r in rates.items()}


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--policy", default=policy.VERSION, help="the policy with a head measured against p1 "
                        f"(default {policy.VERSION}, the shipped one)")
    parser.add_argument("--positions", type=int, default=20, help="positions timed (default 20)")
    parser.add_argument("--reps", type=int, default=200, help="priors per position (default 200)")
    parser.add_argument("--sims", type=int, default=400, help="simulations per search (default 400)")
    parser.add_argument("--searches", type=int, default=5, help="searches per policy (default 5)")
    parser.add_argument("--threads", type=lambda t: [int(x) for x in t.split(",")], default=[1, 2],
                        help="search threads of part 2, comma-separated (default 1,2)")
    args = parser.parse_args(argv)
    base = policy_head.BASE
    us = prior_us(args.positions, args.reps, args.policy)
    print(f"us per prior of a 2-player decision (median of {args.positions} positions, {args.reps} each; "
          f"median {us['moves']:.0f} search moves):")
    for version in (base, args.policy):
        print(f"  {version:6s} {us[version]:8.1f}")
    print(f"  {args.policy} - {base}: {us[args.policy] - us[base]:6.1f}   (the head: its trunk's pass and a dot "
          "product a move)")
    for threads in args.threads:
        rates = search_rates(args.sims, args.searches, args.policy, threads)
        print(f"\nhint search, {threads} thread{'s' if threads > 1 else ''}, {args.sims} simulations from the demo "
              f"position (median of {args.searches}):")
        for version, rate in rates.items():
            print(f"  prior={version}: {rate:8.0f} simulations/s")
        print(f"  {args.policy} / {base}: {rates[args.policy] / rates[base]:.3f}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
