"""What the value network costs: ``python bench/value_net.py [--positions N] [--reps R] [--sims S]
[--searches K] [--threads 1,2] [--net nN]``.

1. Nanoseconds per evaluation of a position (gaia_rules.evaluate_repeat: R evaluations in a nogil loop)
   by the heuristic (gi_evaluate), the linear learned value v1 (its features, a dot product) and the
   value network n1 (the same features, the rest of its encoding, the 58-64-32-1 MLP), on N action-phase
   positions of a greedy self-play game; medians over the positions. n1 minus v1 is the network's own
   cost (encoding and forward pass).
2. Simulations per second of the hint search (Game.hint_search: rollouts to the end, PUCT with the
   policy prior, a mixed leaf) with eval=v1 and eval=n1, at each of ``--threads T,...`` (default 1), S simulations from the demo
   position, K searches each (alternating); medians.
3. The error of each value on held-out greedy self-play games (value.self_play, seed 1, G games: the
   shipped v1 and n1 were fitted on seed 0's): RMSE and MAE of each player's final VP, of the margin
   between the two, and the share of positions whose leader by the estimate wins.
Issue 41; the figures are in docs/search.md ("A value network"). Deterministic positions and seeds;
the times are wall clock (run it on a quiet machine, under nice on a shared one). ``--net nN`` measures
another network than n1 in its place (a candidate in a folder: ``GAIA_AI_MODELS=DIR``).
"""

from __future__ import annotations

import argparse
import statistics
import sys
import time
from typing import Any

import numpy as np

from gaia_ai._core import gaia_rules
from gaia_ai.games.gaia import value, value_net
from gaia_ai.games.gaia.game import GAME
from gaia_ai.games.gaia.positions import demo
from gaia_ai.games.gaia.search import search_gaia
from gaia_ai.search import SearchConfig


def evaluation_ns(positions: int, reps: int, net: str = "n1") -> dict[str, float]:
    cores: list[Any] = []
    value.self_play(1, 41, "greedy", lambda core, raw: cores.append(core.copy()))
    step = max(1, len(cores) // positions)
    cores = cores[::step][:positions]
    kinds = {"heuristic": ("heuristic", 0), "v1 (linear)": ("learned", value.slot("v1")),
             "n1 (network)": ("net", value_net.slot(net))}
    out = {}
    for name, (kind, slot) in kinds.items():
        per = []
        for core in cores:
            gaia_rules.evaluate_repeat(core, kind, slot, reps // 10)   # warm the caches
            start = time.perf_counter_ns()
            gaia_rules.evaluate_repeat(core, kind, slot, reps)
            per.append((time.perf_counter_ns() - start) / reps)
        out[name] = statistics.median(per)
    return out


def search_rates(sims: int, searches: int, net: str = "n1", threads: int = 1) -> dict[str, float]:
    state = demo()
    rates: dict[str, list[float]] = {"v1": [], "n1": []}
    for k in range(searches):
        for name, measured in rates.items():
            config = SearchConfig(**{**GAME.hint_search(), "evaluator": net if name == "n1" else name,
                                     "simulations": sims, "threads": threads,
                                     "seed": k})
            measured.append(search_gaia(state, config).stats.simulations_per_second)
    return {name: statistics.median(r) for name, r in rates.items()}


def held_out_error(games: int, net: str = "n1") -> dict[str, dict[str, float]]:
    v1, n1 = value.slot("v1"), value_net.slot(net)
    names = ("heuristic", "v1", "n1")
    err: dict[str, list[float]] = {n: [] for n in names}
    margin: dict[str, list[float]] = {n: [] for n in names}
    winner: dict[str, list[bool]] = {n: [] for n in names}
    for game in range(games):
        estimates: list[tuple[list[float], ...]] = []

        def on_position(core: Any, raw: dict[str, Any], into: list[tuple[list[float], ...]] = estimates) -> None:
            into.append((gaia_rules.evaluate(core), gaia_rules.evaluate_learned(core, v1),
                         gaia_rules.evaluate_net(core, n1)))

        samples = value.self_play(game, 1, "greedy", on_position)
        final = samples[0].final, samples[1].final
        for row in estimates:
            for name, e in zip(names, row, strict=True):
                err[name] += [e[0] - final[0], e[1] - final[1]]
                margin[name].append((e[0] - e[1]) - (final[0] - final[1]))
                if final[0] != final[1]:
                    winner[name].append((e[0] > e[1]) == (final[0] > final[1]))
    out = {}
    for name in names:
        e, m = np.array(err[name]), np.array(margin[name])
        out[name] = {"positions": len(m), "rmse": float(np.sqrt(np.mean(e ** 2))), "mae": float(np.mean(np.abs(e))),
                     "margin rmse": float(np.sqrt(np.mean(m ** 2))), "margin mae": float(np.mean(np.abs(m))),
                     "winner": float(np.mean(winner[name]))}
    return out


def main(argv: list[str] | None = None) -> int:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=20, help="positions timed (default 20)")
    parser.add_argument("--reps", type=int, default=20000, help="evaluations per position (default 20000)")
    parser.add_argument("--sims", type=int, default=400, help="simulations per search (default 400)")
    parser.add_argument("--searches", type=int, default=5, help="searches per evaluator (default 5)")
    parser.add_argument("--threads", type=lambda t: [int(x) for x in t.split(",")], default=[1],
                        help="search threads of part 2, comma-separated (default 1; e.g. 1,2)")
    parser.add_argument("--error-games", type=int, default=200, help="held-out games (seed 1) of part 3 (default "
                        "200; 0: skip it)")
    parser.add_argument("--net", default="n1", help="the network measured (default n1; a candidate's file in "
                        "GAIA_AI_MODELS=DIR as value-nN.json); printed as n1")
    args = parser.parse_args(argv)
    if args.net != "n1":
        print(f"(n1 below is {args.net})")
    ns = evaluation_ns(args.positions, args.reps, args.net)
    print(f"ns per evaluation of a 2-player position (median of {args.positions} positions, {args.reps} each):")
    for name, t in ns.items():
        print(f"  {name:14s} {t:9.0f}")
    print(f"  {'n1 - v1':14s} {ns['n1 (network)'] - ns['v1 (linear)']:9.0f}   (the network's encoding and forward pass)")
    for threads in args.threads:
        rates = search_rates(args.sims, args.searches, args.net, threads)
        print(f"\nhint search, {threads} thread{'s' if threads > 1 else ''}, {args.sims} simulations from the demo "
              f"position (median of {args.searches}):")
        for name, r in rates.items():
            print(f"  eval={name}: {r:8.0f} simulations/s")
        print(f"  n1 / v1: {rates['n1'] / rates['v1']:.3f}")
    if args.error_games:
        errors = held_out_error(args.error_games, args.net)
        print(f"\nerror of the final-VP estimate on {args.error_games} held-out greedy games (seed 1, "
              f"{errors['v1']['positions']} positions):")
        print(f"  {'':10s} {'RMSE':>6s} {'MAE':>6s} {'margin RMSE':>11s} {'margin MAE':>10s} {'winner':>7s}")
        for name, e in errors.items():
            print(f"  {name:10s} {e['rmse']:6.2f} {e['mae']:6.2f} {e['margin rmse']:11.2f} {e['margin mae']:10.2f} "
                  f"{e['winner']:7.1%}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
