"""What Eminent Domain's value network costs: ``python bench/ed_value_net.py [--positions N] [--reps R]
[--sims S] [--searches K] [--threads 1,2] [--mix W] [--net nN]``.

1. Nanoseconds per evaluation of a position (ed_rules.evaluate_repeat: R evaluations in a nogil loop) by
   the heuristic (interface.pxi's gi_evaluate) and by the network (the heuristic, every seat's encoding
   and a 68-64-32-1 MLP per seat; net.pxi, core/mlp.pxi), on N positions of 2-player greedy games;
   medians over the positions, and the ratio.
2. Simulations per second of the Eminent Domain search (EdSearcher: rollouts to the end, the leaf's value
   mixed in with weight W, mix=W) with the heuristic and with eval=nN, at each of ``--threads T,...``, S
   simulations from K positions of those games; medians.
Issue 41; the figures are in docs/eminent-domain.md ("A value network (issue 41)"). Deterministic
positions and seeds; the times are wall clock (run it on a quiet machine, under nice on a shared one).
"""

from __future__ import annotations

import argparse
import statistics
import time

from gaia_ai._core import ed_rules
from gaia_ai.bots.base import make_bot
from gaia_ai.games.eminent_domain import value_net
from gaia_ai.games.eminent_domain.search import EdSearcher
from gaia_ai.games.eminent_domain.state import EdState
from gaia_ai.search.config import SearchConfig


def positions(count: int, seed: int = 41) -> list[EdState]:
    """`count` positions spread over 2-player greedy games (deterministic)."""
    found: list[EdState] = []
    game = 0
    while len(found) < count:
        state = EdState.new(2, seed + game)
        bots = [make_bot("greedy:seed=1", "eminent-domain"), make_bot("greedy:seed=2", "eminent-domain")]
        k = 0
        while not state.is_terminal and len(found) < count:
            if k % 11 == 0:
                found.append(state.copy())
            state.apply(bots[state.current_player].choose(state))
            k += 1
        game += 1
    return found


def evaluation_ns(states: list[EdState], reps: int, net: str) -> dict[str, float]:
    slot = value_net.slot(net)
    out: dict[str, float] = {}
    for name, kind in (("heuristic", "heuristic"), (net, "net")):
        per = []
        for state in states:
            start = time.perf_counter_ns()
            ed_rules.evaluate_repeat(state._core, kind, slot, reps)
            per.append((time.perf_counter_ns() - start) / reps)
        out[name] = statistics.median(per)
    return out


def sims_per_second(states: list[EdState], sims: int, threads: int, mix: float, net: str) -> dict[str, float]:
    rates: dict[str, list[float]] = {"heuristic": [], net: []}
    for i, state in enumerate(states):
        for name, found in rates.items():
            config = SearchConfig(simulations=sims, threads=threads, leaf_mix=mix, seed=i, evaluator=name)
            found.append(EdSearcher(config).search(state).stats.simulations_per_second)
    return {name: statistics.median(r) for name, r in rates.items()}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--reps", type=int, default=5000)
    parser.add_argument("--sims", type=int, default=2000)
    parser.add_argument("--searches", type=int, default=6)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--mix", type=float, default=0.5)
    parser.add_argument("--net", default=value_net.VERSION)
    args = parser.parse_args()
    states = positions(args.positions)
    ns = evaluation_ns(states, args.reps, args.net)
    print(f"ns per evaluation (median over {len(states)} positions, 2 players, {args.reps} reps each):")
    for name, v in ns.items():
        print(f"  {name:9} {v:10.0f} ns")
    print(f"  {args.net} / heuristic: {ns[args.net] / ns['heuristic']:.2f}x")
    searched = states[:: max(1, len(states) // args.searches)][: args.searches]
    for threads in (int(t) for t in args.threads.split(",")):
        rates = sims_per_second(searched, args.sims, threads, args.mix, args.net)
        print(f"simulations/s, {threads} thread(s), mix={args.mix}, {args.sims} simulations, median of "
              f"{len(searched)} positions: heuristic {rates['heuristic']:.0f}, {args.net} {rates[args.net]:.0f} "
              f"({rates[args.net] / rates['heuristic']:.3f}x)")


if __name__ == "__main__":
    main()
