"""What TM's value network costs: ``python bench/tm_value_net.py [--positions N] [--reps R] [--sims S]
[--searches K] [--threads 1,2] [--rollout-depth D] [--net nN] [--prior [--prior-after T,...]]``.

1. Nanoseconds per evaluation of a position (tm_rules.evaluate_repeat: R evaluations in a nogil loop) by
   the heuristic (evaluate.pxi) and by the network (the heuristic's parts, the encoding of every seat, the
   78-64-32-1 MLP per seat; net.pxi), on N research/action positions of 2-player greedy games; medians
   over the positions, and the ratio.
2. Simulations per second of the TM search (TmSearcher, mcts with rollout_depth D: the leaf is evaluated
   after D playout moves) with the heuristic and with eval=nN, at each of ``--threads T,...``, S
   simulations from K positions of those games (alternating); medians.
3. With ``--prior``: the "value" move prior (policy.pxi: each search move applied and the mover's
   margin evaluated, then a softmax) in microseconds per decision and per move, and in 2 two more
   searches with PUCT and that prior (c_puct 0.75), by the heuristic and by the network (its leaf and
   prior), with the moves the prior weighed per simulation (only the moves new to a node: the prior is
   pointwise); with ``--prior-after T,...`` the network's prior search again with each prior_after T
   (a node weighed once it has T visits).
Issue 41; the figures are in docs/terraforming-mars.md ("A value network (issue 41)"). Deterministic
positions and seeds; the times are wall clock (run it on a quiet machine, under nice on a shared one).
"""

from __future__ import annotations

import argparse
import statistics
import time

from gaia_ai._core import tm_rules
from gaia_ai.games.terraforming_mars import TmState, value_net
from gaia_ai.games.terraforming_mars.bots import GreedyBot
from gaia_ai.games.terraforming_mars.search import TmSearcher
from gaia_ai.search.config import SearchConfig


def positions(count: int, seed: int = 41) -> list[TmState]:
    """`count` research/action positions spread over 2-player greedy games (deterministic)."""
    found: list[TmState] = []
    game = 0
    while len(found) < count:
        state = TmState.new(2, seed + game)
        bots = [GreedyBot(1), GreedyBot(2)]
        k = 0
        while not state.is_terminal and len(found) < count:
            if tm_rules.net_applies_at(state.core) and k % 7 == 0:
                found.append(state.copy())
            state.apply(bots[state.current_player].choose(state))
            k += 1
        game += 1
    return found


def evaluation_ns(states: list[TmState], reps: int, net: str) -> dict[str, float]:
    slot = value_net.slot(net)
    out: dict[str, float] = {}
    for name, kind in (("heuristic", "heuristic"), (net, "net")):
        per = []
        for state in states:
            start = time.perf_counter_ns()
            tm_rules.evaluate_repeat(state.core, kind, slot, reps)
            per.append((time.perf_counter_ns() - start) / reps)
        out[name] = statistics.median(per)
    return out


PRIOR = "prior=value"


def prior_us(states: list[TmState], reps: int) -> tuple[float, float]:
    """Medians over the positions of the value prior's microseconds per decision and per search move."""
    per_decision, per_move = [], []
    for state in states:
        codes = state.search_codes()
        start = time.perf_counter_ns()
        for _ in range(reps):
            tm_rules.move_prior(state.core, codes)
        took = (time.perf_counter_ns() - start) / reps / 1000
        per_decision.append(took)
        per_move.append(took / len(codes))
    return statistics.median(per_decision), statistics.median(per_move)


def sims_per_second(states: list[TmState], sims: int, threads: int, depth: int, net: str,
                    prior: bool = False, prior_after: tuple[int, ...] = ()) -> tuple[dict[str, float], dict[str, float]]:
    """Medians over the positions of each search's simulations per second, and of the moves its prior
    weighed per simulation (the prior searches only: PRIOR by the heuristic, PRIOR,eval=net by the net,
    and that one with each prior_after T)."""
    searches = {"heuristic": {"evaluator": "heuristic"}, net: {"evaluator": net}}
    if prior:
        puct = {"selection": "puct", "prior": "value", "c_puct": 0.75}
        searches[PRIOR] = puct
        searches[f"{PRIOR},eval={net}"] = {**puct, "evaluator": net}
        for after in prior_after:
            searches[f"{PRIOR},eval={net},pafter={after}"] = {**puct, "evaluator": net, "prior_after": after}
    rates: dict[str, list[float]] = {name: [] for name in searches}
    weighed: dict[str, list[float]] = {name: [] for name in searches if name.startswith(PRIOR)}
    for i, state in enumerate(states):
        for name, extra in searches.items():
            config = SearchConfig(simulations=sims, threads=threads, rollout_depth=depth, seed=i, **extra)
            stats = TmSearcher(config).search(state).stats
            rates[name].append(stats.simulations_per_second)
            if name in weighed:
                weighed[name].append(stats.prior_moves / stats.simulations)
    return ({name: statistics.median(r) for name, r in rates.items()},
            {name: statistics.median(w) for name, w in weighed.items()})


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--positions", type=int, default=40)
    parser.add_argument("--reps", type=int, default=2000)
    parser.add_argument("--sims", type=int, default=2000)
    parser.add_argument("--searches", type=int, default=6)
    parser.add_argument("--threads", default="1,2")
    parser.add_argument("--rollout-depth", type=int, default=60)
    parser.add_argument("--net", default=value_net.VERSION)
    parser.add_argument("--prior", action="store_true", help="also time the value move prior and its search")
    parser.add_argument("--prior-after", default="", metavar="T,...",
                        help="with --prior, also the network's prior search with each prior_after T (pafter=T)")
    args = parser.parse_args()
    states = positions(args.positions)
    ns = evaluation_ns(states, args.reps, args.net)
    print(f"ns per evaluation (median over {len(states)} positions, 2 players, {args.reps} reps each):")
    for name, v in ns.items():
        print(f"  {name:9} {v:10.0f} ns")
    print(f"  {args.net} / heuristic: {ns[args.net] / ns['heuristic']:.2f}x")
    if args.prior:
        decision, move = prior_us(states, max(1, args.reps // 100))
        print(f"value prior: {decision:.1f} us a decision, {move:.2f} us a search move (medians)")
    searched = states[:: max(1, len(states) // args.searches)][: args.searches]
    for threads in (int(t) for t in args.threads.split(",")):
        after = tuple(int(t) for t in args.prior_after.split(",") if t)
        rates, weighed = sims_per_second(searched, args.sims, threads, args.rollout_depth, args.net, args.prior, after)
        line = (f"simulations/s, {threads} thread(s), rollout_depth={args.rollout_depth}, {args.sims} simulations, "
                f"median of {len(searched)} positions: heuristic {rates['heuristic']:.0f}")
        for name, rate in rates.items():
            if name != "heuristic":
                line += f", {name} {rate:.0f} ({rate / rates['heuristic']:.3f}x)"
        print(line)
        for name, per in weighed.items():
            print(f"  {name}: the prior weighed {per:.2f} moves a simulation (median)")


if __name__ == "__main__":
    main()
